import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link2, MoreHorizontal, Pencil, UserPlus } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { useState } from 'react'
import { memberLinkSchema } from '~/lib/customer-schemas'
import type { MemberLinks } from '~/lib/customers'
import { formatDate, formatDateTime } from '~/lib/format'
import {
  type MemberQualification,
  memberQualificationLabels,
  memberQualifications,
} from '~/lib/organisation'
import {
  type InvitationInput,
  invitationSchema,
  invitationStateLabels,
  type MemberRole,
  memberQualificationChangeSchema,
  memberRoleLabels,
  memberRoles,
  type TeamInvitation,
  type TeamMember,
} from '~/lib/organisation-team'
import { useAppForm } from '../forms/form-hook'
import { Button } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { FormDialog } from '../ui/FormDialog'
import { PlainTable, plainRowClass } from '../ui/PlainTable'
import { StatusBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import {
  changeMemberQualificationFn,
  changeMemberRoleFn,
  inviteMemberFn,
  linkTeamUserToMemberFn,
  resendInvitationFn,
  revokeInvitationFn,
  setMemberActiveFn,
} from './team.functions'
import { memberLinksQuery, teamKey, teamQuery } from './team.queries'

/** A change of the team that asks first: what it is, and what to call on confirmation. */
interface PendingChange {
  title: string
  description: string
  confirmLabel: string
  variant: 'danger' | 'primary'
  run: () => Promise<unknown>
  done: string
}

const actionsColumn = { header: <span className="sr-only">Aktionen</span> }

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-muted'

/** The organisation page's team: members with role, status and last login, and invitations. */
export function TeamSection({ organisationId }: { organisationId: string }) {
  const { data: team } = useSuspenseQuery(teamQuery(organisationId))
  const { data: memberLinks } = useSuspenseQuery(memberLinksQuery(organisationId))
  const [linking, setLinking] = useState<TeamMember | null>(null)
  const queryClient = useQueryClient()
  const [inviting, setInviting] = useState(false)
  const [pending, setPending] = useState<PendingChange | null>(null)
  const [qualifying, setQualifying] = useState<TeamMember | null>(null)

  const ask = (change: PendingChange) => setPending(change)
  const memberChanges = (member: TeamMember): PendingChange[] => {
    const target = { organisationId, userId: member.id }
    const changes: PendingChange[] = []
    if (member.role !== 'admin') {
      const role: MemberRole = member.role === 'owner' ? 'staff' : 'owner'
      changes.push({
        title: `${member.name} zum ${memberRoleLabels[role]} machen?`,
        description:
          role === 'owner'
            ? 'Inhaber verwalten das Team, die Stammdaten und die Einstellungen der Organisation.'
            : 'Als Mitarbeiter kann sie oder er das Team und die Stammdaten nur noch lesen.',
        confirmLabel: `Zum ${memberRoleLabels[role]} machen`,
        variant: 'primary',
        run: () => changeMemberRoleFn({ data: { ...target, role } }),
        done: `${member.name} ist jetzt ${memberRoleLabels[role]}.`,
      })
    }
    if (!member.isSelf) {
      changes.push(
        member.active
          ? {
              title: `${member.name} deaktivieren?`,
              description:
                'Alle Sitzungen enden sofort; eine Anmeldung ist nicht mehr möglich. Die Einträge bleiben erhalten, und du kannst das Konto jederzeit wieder aktivieren.',
              confirmLabel: 'Deaktivieren',
              variant: 'danger',
              run: () => setMemberActiveFn({ data: { ...target, active: false } }),
              done: `${member.name} ist deaktiviert und abgemeldet.`,
            }
          : {
              title: `${member.name} wieder aktivieren?`,
              description:
                'Sie oder er kann sich danach wieder mit dem bisherigen Passwort anmelden.',
              confirmLabel: 'Aktivieren',
              variant: 'primary',
              run: () => setMemberActiveFn({ data: { ...target, active: true } }),
              done: `${member.name} ist wieder aktiv.`,
            },
      )
    }
    return changes
  }

  const invitationChanges = (invitation: TeamInvitation): PendingChange[] => {
    const target = { organisationId, invitationId: invitation.id }
    return [
      {
        title: `Einladung an ${invitation.email} erneut senden?`,
        description:
          'Die Adresse erhält einen neuen Link, der wieder 7 Tage gilt. Der bisherige Link funktioniert dann nicht mehr.',
        confirmLabel: 'Erneut senden',
        variant: 'primary',
        run: () => resendInvitationFn({ data: target }),
        done: `Die Einladung an ${invitation.email} ist neu versandt.`,
      },
      {
        title: `Einladung an ${invitation.email} zurückziehen?`,
        description: 'Der Link in der E-Mail funktioniert danach nicht mehr.',
        confirmLabel: 'Zurückziehen',
        variant: 'danger',
        run: () => revokeInvitationFn({ data: target }),
        done: `Die Einladung an ${invitation.email} ist zurückgezogen.`,
      },
    ]
  }

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="team-members"
        className="rounded-card border border-border bg-surface p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="team-members" className="text-lg font-semibold text-ink">
            Mitglieder
          </h2>
          {team.mayManage && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus className="size-4" aria-hidden="true" />
              Mitglied einladen
            </Button>
          )}
        </div>
        <div className="mt-4">
          <PlainTable
            caption={`Mitglieder von ${team.organisation.name}`}
            columns={[
              { header: 'Name' },
              { header: 'Rolle' },
              { header: 'Qualifikation' },
              ...(memberLinks ? [{ header: 'Mitglied im Verein' }] : []),
              { header: 'Status' },
              { header: 'Letzte Anmeldung' },
              ...(team.mayManage ? [actionsColumn] : []),
            ]}
          >
            {team.members.map((member) => (
              <tr key={member.id} className={plainRowClass}>
                <td className="py-2 pr-4">
                  <span className="font-medium text-ink">{member.name}</span>
                  {member.isSelf && <span className="text-ink-muted"> (du)</span>}
                  <span className="block text-xs text-ink-muted">
                    {member.username} · {member.email}
                  </span>
                </td>
                <td className="py-2 pr-4">{memberRoleLabels[member.role]}</td>
                <td className="py-2 pr-4">
                  <span className="inline-flex items-center gap-1">
                    {memberQualificationLabels[member.qualification]}
                    {team.maySetQualifications && member.role !== 'admin' && (
                      <Button
                        variant="ghost"
                        aria-label={`Qualifikation von ${member.name} ändern`}
                        onClick={() => setQualifying(member)}
                      >
                        <Pencil className="size-4" aria-hidden="true" />
                      </Button>
                    )}
                  </span>
                </td>
                {memberLinks && (
                  <td className="py-2 pr-4">
                    <span className="inline-flex items-center gap-1">
                      {memberLinks.linked[member.id]?.label ?? (
                        <span className="text-ink-muted">nicht verknüpft</span>
                      )}
                      {memberLinks.mayLink && member.role !== 'admin' && member.active && (
                        <Button
                          variant="ghost"
                          aria-label={`Mitglied von ${member.name} verknüpfen`}
                          onClick={() => setLinking(member)}
                        >
                          <Link2 className="size-4" aria-hidden="true" />
                        </Button>
                      )}
                    </span>
                  </td>
                )}
                <td className="py-2 pr-4">
                  <StatusBadge tone={member.active ? 'success' : 'neutral'}>
                    {member.active ? 'Aktiv' : 'Deaktiviert'}
                  </StatusBadge>
                </td>
                <td className="py-2 pr-4 text-ink-muted">
                  {member.lastLoginAt ? `${formatDateTime(member.lastLoginAt)} Uhr` : 'noch nie'}
                </td>
                {team.mayManage && (
                  <td className="py-2 text-right">
                    <ActionsMenu
                      label={`Aktionen für ${member.name}`}
                      changes={memberChanges(member)}
                      onPick={ask}
                    />
                  </td>
                )}
              </tr>
            ))}
          </PlainTable>
        </div>
      </section>

      <section
        aria-labelledby="team-invitations"
        className="rounded-card border border-border bg-surface p-6"
      >
        <h2 id="team-invitations" className="text-lg font-semibold text-ink">
          Einladungen
        </h2>
        {team.invitations.length === 0 ? (
          <p className="mt-3 text-sm text-ink-muted">Keine offenen Einladungen.</p>
        ) : (
          <div className="mt-4">
            <PlainTable
              caption="Offene und abgelaufene Einladungen"
              columns={[
                { header: 'E-Mail-Adresse' },
                { header: 'Rolle' },
                { header: 'Status' },
                { header: 'Gültig bis' },
                ...(team.mayManage ? [actionsColumn] : []),
              ]}
            >
              {team.invitations.map((invitation) => (
                <tr key={invitation.id} className={plainRowClass}>
                  <td className="py-2 pr-4">
                    {invitation.email}
                    <span className="block text-xs text-ink-muted">
                      gesendet am {formatDate(invitation.createdAt)}
                      {invitation.invitedByName && ` von ${invitation.invitedByName}`}
                    </span>
                  </td>
                  <td className="py-2 pr-4">{memberRoleLabels[invitation.role]}</td>
                  <td className="py-2 pr-4">
                    <StatusBadge tone={invitation.state === 'open' ? 'info' : 'warning'}>
                      {invitationStateLabels[invitation.state]}
                    </StatusBadge>
                  </td>
                  <td className="py-2 pr-4 text-ink-muted">
                    {formatDateTime(invitation.expiresAt)} Uhr
                  </td>
                  {team.mayManage && (
                    <td className="py-2 text-right">
                      <ActionsMenu
                        label={`Aktionen für die Einladung an ${invitation.email}`}
                        changes={invitationChanges(invitation)}
                        onPick={ask}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </PlainTable>
          </div>
        )}
      </section>

      {team.mayManage && (
        <InviteDialog organisationId={organisationId} open={inviting} onOpenChange={setInviting} />
      )}
      {qualifying && (
        <QualificationDialog
          organisationId={organisationId}
          member={qualifying}
          onClose={() => setQualifying(null)}
        />
      )}
      {linking && memberLinks && (
        <MemberLinkDialog member={linking} links={memberLinks} onClose={() => setLinking(null)} />
      )}
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={pending.title}
          description={pending.description}
          confirmLabel={pending.confirmLabel}
          variant={pending.variant}
          onConfirm={async () => {
            await pending.run()
            await queryClient.invalidateQueries({ queryKey: teamKey })
            toast.success(pending.done)
          }}
        />
      )}
    </div>
  )
}

function ActionsMenu({
  label,
  changes,
  onPick,
}: {
  label: string
  changes: PendingChange[]
  onPick: (change: PendingChange) => void
}) {
  if (changes.length === 0) return null
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" aria-label={label}>
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-56 rounded-lg border border-border bg-surface p-1 shadow-lg"
        >
          {changes.map((change) => (
            <DropdownMenu.Item
              key={change.confirmLabel}
              className={itemClass}
              onSelect={() => onPick(change)}
            >
              {change.confirmLabel}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** The owner sets a member's qualification; in a pharmacy it decides the pharmacist-only steps. */
function QualificationDialog({
  organisationId,
  member,
  onClose,
}: {
  organisationId: string
  member: TeamMember
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: { qualification: member.qualification as MemberQualification },
    validators: { onSubmit: memberQualificationChangeSchema },
    onSubmit: async ({ value }) => {
      await changeMemberQualificationFn({
        data: { organisationId, userId: member.id, qualification: value.qualification },
      })
      await queryClient.invalidateQueries({ queryKey: teamKey })
      toast.success(
        `${member.name}: Qualifikation ist jetzt ${memberQualificationLabels[value.qualification]}.`,
      )
    },
  })
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Qualifikation von ${member.name}`}
      description="In einer Apotheke prüfen nur Apotheker/innen Rezepte, bestätigen Abfüllungen und geben Chargen frei (ApBetrO §§ 7, 8). PTA und PKA bereiten vor."
      form={form}
      submitLabel="Speichern"
    >
      <form.AppField name="qualification">
        {(field) => (
          <field.SelectField
            label="Qualifikation"
            options={memberQualifications.map((qualification) => ({
              value: qualification,
              label: memberQualificationLabels[qualification],
            }))}
          />
        )}
      </form.AppField>
    </FormDialog>
  )
}

/**
 * The club's owner links a user account to the person's member record: only members hand out
 * cannabis (§ 19 Abs. 2 KCanG), and the hand-out service refuses everyone else.
 */
function MemberLinkDialog({
  member,
  links,
  onClose,
}: {
  member: TeamMember
  links: MemberLinks
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const current = links.linked[member.id]
  const form = useAppForm({
    defaultValues: { customerId: current?.customerId ?? '' },
    validators: { onSubmit: memberLinkSchema },
    onSubmit: async ({ value }) => {
      await linkTeamUserToMemberFn({ data: { userId: member.id, link: value } })
      await queryClient.invalidateQueries({ queryKey: teamKey })
      toast.success(
        value.customerId
          ? `${member.name} ist mit dem Mitglied verknüpft und darf abgeben.`
          : `Die Verknüpfung von ${member.name} ist aufgehoben.`,
      )
    },
  })
  const options = [
    { value: '', label: 'Keine Verknüpfung' },
    ...(current ? [{ value: current.customerId, label: current.label }] : []),
    ...links.candidates.map((candidate) => ({ value: candidate.id, label: candidate.label })),
  ]
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Mitglied von ${member.name}`}
      description="Cannabis geben nur Mitglieder des Vereins ab (§ 19 Abs. 2 KCanG): Verknüpfe das Benutzerkonto mit dem Mitgliedseintrag der Person."
      form={form}
      submitLabel="Speichern"
    >
      <form.AppField name="customerId">
        {(field) => <field.SelectField label="Mitglied" options={options} />}
      </form.AppField>
    </FormDialog>
  )
}

const emptyInvitation: InvitationInput = { email: '', role: 'staff' }

function InviteDialog({
  organisationId,
  open,
  onOpenChange,
}: {
  organisationId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: emptyInvitation,
    validators: { onSubmit: invitationSchema },
    onSubmit: async ({ value }) => {
      await inviteMemberFn({ data: { organisationId, invitation: value } })
      await queryClient.invalidateQueries({ queryKey: teamKey })
      toast.success(`Die Einladung an ${value.email} ist versandt.`)
    },
  })
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mitglied einladen"
      description="Die Person erhält eine E-Mail mit einem Link, der 7 Tage gilt. Darüber legt sie Namen, Benutzernamen und Passwort fest."
      form={form}
      submitLabel="Einladung senden"
    >
      <form.AppField name="email">
        {(field) => <field.TextField label="E-Mail-Adresse" type="email" autoComplete="off" />}
      </form.AppField>
      <form.AppField name="role">
        {(field) => (
          <field.SelectField
            label="Rolle"
            options={memberRoles.map((role) => ({ value: role, label: memberRoleLabels[role] }))}
          />
        )}
      </form.AppField>
    </FormDialog>
  )
}

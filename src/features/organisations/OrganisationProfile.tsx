import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  newOrganisationCategories,
  type OrganisationProfileInput,
  organisationProfileSchema,
} from '~/lib/new-organisation'
import { categoryLabels } from '~/lib/organisation-labels'
import type { OrganisationSettings } from '~/lib/organisation-settings'
import { countryLabel } from '~/lib/products'
import { setOrganisationActiveFn } from '../admin/admin.functions'
import { useAppForm } from '../forms/form-hook'
import { Button } from '../ui/buttons'
import { type ConfirmedAction, ConfirmedActionButton } from '../ui/ConfirmedActionButton'
import { FormDialog } from '../ui/FormDialog'
import { ActivityBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { updateOrganisationProfileFn } from './organisation-settings.functions'
import { organisationKey } from './organisation-settings.queries'

const profileOf = (settings: OrganisationSettings): OrganisationProfileInput => ({
  name: settings.name,
  category: settings.category as OrganisationProfileInput['category'],
  street: settings.street ?? '',
  postalCode: settings.postalCode ?? '',
  city: settings.city ?? '',
  minMembershipMonths: settings.minMembershipMonths?.toString() ?? '',
})

const membershipText = (months: number | null) =>
  months ? `${months} Monate laut Satzung` : 'nicht eingetragen'

/**
 * The organisation's name, category, address and status (a club's also its minimum membership).
 * Its owner and the platform admin edit name and address; the admin alone the category, and
 * deactivates or reactivates it.
 */
export function OrganisationProfile({ settings }: { settings: OrganisationSettings }) {
  const [editing, setEditing] = useState(false)
  const address = [settings.street, `${settings.postalCode ?? ''} ${settings.city ?? ''}`.trim()]
    .filter(Boolean)
    .join(', ')
  return (
    <section
      aria-labelledby="organisation-facts"
      className="rounded-card border border-border bg-surface p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="organisation-facts" className="text-lg font-semibold text-ink">
          Organisation
        </h2>
        <div className="flex flex-wrap gap-2">
          {settings.profileEditable && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Bearbeiten
            </Button>
          )}
          {settings.activationEditable && <ActivationButton settings={settings} />}
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        <dt className="text-ink-muted">Name</dt>
        <dd>{settings.name}</dd>
        <dt className="text-ink-muted">Art</dt>
        <dd>
          {categoryLabels[settings.category as keyof typeof categoryLabels] ?? settings.category}
        </dd>
        <dt className="text-ink-muted">Anschrift</dt>
        <dd>
          {address || '–'}
          {settings.country !== 'DE' && `, ${countryLabel(settings.country)}`}
        </dd>
        {settings.category === 'club' && (
          <>
            <dt className="text-ink-muted">Mindestmitgliedschaft</dt>
            <dd>{membershipText(settings.minMembershipMonths)}</dd>
          </>
        )}
        {settings.activationEditable && (
          <>
            <dt className="text-ink-muted">Status</dt>
            <dd>
              <ActivityBadge active={settings.deactivatedAt === null} />
            </dd>
          </>
        )}
      </dl>
      {settings.profileEditable && (
        <ProfileDialog settings={settings} open={editing} onOpenChange={setEditing} />
      )}
    </section>
  )
}

function ProfileDialog({
  settings,
  open,
  onOpenChange,
}: {
  settings: OrganisationSettings
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: profileOf(settings),
    validators: { onSubmit: organisationProfileSchema },
    onSubmit: async ({ value }) => {
      await updateOrganisationProfileFn({ data: { id: settings.id, profile: value } })
      await queryClient.invalidateQueries({ queryKey: organisationKey })
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
      toast.success('Die Angaben zur Organisation sind gespeichert.')
    },
  })
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Organisation bearbeiten"
      description="Name und Anschrift erscheinen im Briefkopf jedes neuen Dokuments."
      form={form}
      submitLabel="Speichern"
    >
      <form.AppField name="name">{(field) => <field.TextField label="Name" />}</form.AppField>
      {settings.categoryEditable && (
        <form.AppField name="category">
          {(field) => (
            <field.SelectField
              label="Art"
              hint="Die Art bestimmt, was die Organisation darf (Shop, Abgabe, Lagerregeln)."
              options={newOrganisationCategories.map((value) => ({
                value,
                label: categoryLabels[value],
              }))}
            />
          )}
        </form.AppField>
      )}
      <form.AppField name="street">
        {(field) => <field.TextField label="Straße und Hausnummer" />}
      </form.AppField>
      <form.AppField name="postalCode">
        {(field) => <field.TextField label="PLZ" autoComplete="off" />}
      </form.AppField>
      <form.AppField name="city">{(field) => <field.TextField label="Ort" />}</form.AppField>
      <form.Subscribe selector={(state) => state.values.category}>
        {(category) =>
          category === 'club' && (
            <form.AppField name="minMembershipMonths">
              {(field) => (
                <field.TextField
                  label="Mindestmitgliedschaft laut Satzung in Monaten (mindestens 3)"
                  hint="Vor Ablauf dieser Dauer ab dem Eintritt kann niemand austreten (§ 16 Abs. 5 KCanG)."
                  autoComplete="off"
                />
              )}
            </form.AppField>
          )
        }
      </form.Subscribe>
    </FormDialog>
  )
}

function ActivationButton({ settings }: { settings: OrganisationSettings }) {
  const queryClient = useQueryClient()
  const deactivated = settings.deactivatedAt !== null
  const action: ConfirmedAction = deactivated
    ? {
        label: 'Aktivieren',
        title: `${settings.name} wieder aktivieren?`,
        description:
          'Die Benutzer können sich wieder anmelden, und die Seiten der Organisation sind wieder erreichbar.',
        variant: 'primary',
        done: `${settings.name} ist wieder aktiv.`,
      }
    : {
        label: 'Organisation deaktivieren',
        title: `${settings.name} deaktivieren?`,
        description:
          'Alle Sitzungen ihrer Benutzer und Shop-Kunden enden sofort, niemand der Organisation kann sich anmelden, und ihr Shop zeigt „derzeit nicht verfügbar“. Daten bleiben erhalten; du kannst sie jederzeit wieder aktivieren.',
        variant: 'danger',
        done: `${settings.name} ist deaktiviert.`,
      }
  return (
    <ConfirmedActionButton
      action={action}
      buttonVariant={deactivated ? 'secondary' : 'danger'}
      onConfirm={async () => {
        await setOrganisationActiveFn({ data: { id: settings.id, active: deactivated } })
        await queryClient.invalidateQueries({ queryKey: organisationKey })
        await queryClient.invalidateQueries({ queryKey: ['admin'] })
      }}
    />
  )
}

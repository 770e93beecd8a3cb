import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Users } from 'lucide-react'
import { activityStatusOptions, type UserRow, userSortKeys } from '~/lib/admin'
import { userRoleSchema } from '~/lib/auth-api'
import { formatDate } from '~/lib/format'
import { roleLabels } from '~/lib/organisation-labels'
import { setMemberActiveFn } from '../organisations/team.functions'
import { type ConfirmedAction, ConfirmedActionButton } from '../ui/ConfirmedActionButton'
import { DataTable, dataColumns, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { ActivityBadge } from '../ui/StatusBadge'
import { AdminConsole, useListPending } from './AdminConsole'
import { usersQuery } from './admin.queries'

const route = getRouteApi('/_app/admin/users')

const column = dataColumns<UserRow>()
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <>
        <strong className="block">{info.getValue()}</strong>
        <span className="text-ink-muted">{info.row.original.email}</span>
      </>
    ),
  }),
  column.accessor('username', { header: 'Benutzername', meta: { hideBelow: 'lg' } }),
  column.accessor((row) => row.organisation.name, { id: 'organisation', header: 'Organisation' }),
  column.accessor('role', { header: 'Rolle', cell: (info) => roleLabels[info.getValue()] }),
  column.accessor('active', {
    header: 'Status',
    cell: (info) => <ActivityBadge active={info.getValue()} />,
  }),
  column.accessor('createdAt', {
    header: 'Angelegt',
    meta: { hideBelow: '2xl' },
    cell: (info) => formatDate(info.getValue()),
  }),
  column.display({
    id: 'actions',
    header: 'Aktion',
    cell: (info) =>
      info.row.original.role === 'admin' ? '–' : <ActivationAction user={info.row.original} />,
  }),
])

/**
 * Deactivates a user (every session ends at once) or reactivates one, for support; the service
 * keeps every organisation with an active owner.
 */
function ActivationAction({ user }: { user: UserRow }) {
  const queryClient = useQueryClient()
  const action: ConfirmedAction = user.active
    ? {
        label: 'Deaktivieren',
        title: `${user.name} deaktivieren?`,
        description: `Alle Sitzungen von ${user.name} (${user.organisation.name}) enden sofort; eine Anmeldung ist nicht mehr möglich, bis das Konto wieder aktiviert wird.`,
        variant: 'danger',
        done: `${user.name} ist deaktiviert und abgemeldet.`,
      }
    : {
        label: 'Aktivieren',
        title: `${user.name} wieder aktivieren?`,
        description: 'Danach ist eine Anmeldung mit dem bisherigen Passwort wieder möglich.',
        variant: 'primary',
        done: `${user.name} ist wieder aktiv.`,
      }
  return (
    <ConfirmedActionButton
      action={{ ...action, ariaLabel: `${action.label}: ${user.name}` }}
      onConfirm={async () => {
        await setMemberActiveFn({
          data: { organisationId: user.organisation.id, userId: user.id, active: !user.active },
        })
        await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })
      }}
    />
  )
}

const roleOptions = userRoleSchema.options.map((value) => ({ value, label: roleLabels[value] }))

export function UsersPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(usersQuery(search))
  return (
    <AdminConsole>
      <DataTable
        label="Benutzer"
        columns={columns}
        search={search}
        result={data}
        sortable={userSortKeys}
        pending={useListPending()}
        searchLabel="Name, Benutzername, E-Mail oder Organisation suchen"
        filters={
          <>
            <SelectFilter param="role" label="Rolle" value={search.role} options={roleOptions} />
            <SelectFilter
              param="status"
              label="Status"
              value={search.status}
              options={activityStatusOptions}
            />
          </>
        }
        empty={
          <EmptyState icon={Users} title="Noch keine Benutzer">
            Benutzer entstehen, wenn Organisationen ihr Team einladen.
          </EmptyState>
        }
      />
    </AdminConsole>
  )
}

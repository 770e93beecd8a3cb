import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Users } from 'lucide-react'
import { type UserRow, userSortKeys } from '~/lib/admin'
import { userRoleSchema } from '~/lib/auth-api'
import { formatDate } from '~/lib/format'
import { roleLabels } from '../account/labels'
import { DataTable, dataColumns, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { StatusBadge } from '../ui/StatusBadge'
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
  column.accessor('username', { header: 'Benutzername' }),
  column.accessor((row) => row.organisation.name, { id: 'organisation', header: 'Organisation' }),
  column.accessor('role', { header: 'Rolle', cell: (info) => roleLabels[info.getValue()] }),
  column.accessor('active', {
    header: 'Status',
    cell: (info) =>
      info.getValue() ? (
        <StatusBadge tone="success">Aktiv</StatusBadge>
      ) : (
        <StatusBadge tone="neutral">Deaktiviert</StatusBadge>
      ),
  }),
  column.accessor('createdAt', {
    header: 'Angelegt',
    cell: (info) => formatDate(info.getValue()),
  }),
])

const roleOptions = userRoleSchema.options.map((value) => ({ value, label: roleLabels[value] }))
const statusOptions = [
  { value: 'active', label: 'Aktiv' },
  { value: 'inactive', label: 'Deaktiviert' },
] as const

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
              options={statusOptions}
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

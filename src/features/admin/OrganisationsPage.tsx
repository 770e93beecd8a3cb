import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Building2, Plus } from 'lucide-react'
import { useState } from 'react'
import { activityStatusOptions, type OrganisationRow, organisationSortKeys } from '~/lib/admin'
import { organisationCategorySchema } from '~/lib/auth-api'
import { formatCount, formatDate } from '~/lib/format'
import { categoryLabels } from '~/lib/organisation-labels'
import { Button } from '../ui/buttons'
import { DataTable, dataColumns, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { ActivityBadge } from '../ui/StatusBadge'
import { AdminConsole, useListPending } from './AdminConsole'
import { organisationsQuery } from './admin.queries'
import { NewOrganisationDialog } from './NewOrganisationDialog'

const route = getRouteApi('/_app/admin/')

const column = dataColumns<OrganisationRow>()
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <Link
        to="/organisations/$id"
        params={{ id: info.row.original.id }}
        search={{ tab: 'team' }}
        className="font-semibold text-brand-900 hover:underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('category', {
    header: 'Art',
    cell: (info) => categoryLabels[info.getValue()],
  }),
  column.accessor('city', { header: 'Ort', cell: (info) => info.getValue() ?? '–' }),
  column.accessor('tenantSlug', {
    header: 'Shop',
    cell: (info) => info.getValue() ?? '–',
  }),
  column.accessor('active', {
    header: 'Status',
    cell: (info) => <ActivityBadge active={info.getValue()} />,
  }),
  column.accessor('users', {
    header: 'Benutzer',
    meta: { align: 'end' },
    cell: (info) => formatCount(info.getValue()),
  }),
  column.accessor('createdAt', {
    header: 'Angelegt',
    cell: (info) => formatDate(info.getValue()),
  }),
  // Support reads an organisation's products (read-only); the platform itself keeps none.
  column.display({
    id: 'products',
    header: 'Produkte',
    cell: (info) => {
      const organisation = info.row.original
      return organisation.category === 'platform' ? (
        '–'
      ) : (
        <Link
          to="/products"
          search={{ organisation: organisation.id }}
          aria-label={`Produkte von ${organisation.name} ansehen`}
          className="font-medium whitespace-nowrap text-brand-900 hover:underline"
        >
          Ansehen
        </Link>
      )
    },
  }),
])

const categoryOptions = organisationCategorySchema.options.map((value) => ({
  value,
  label: categoryLabels[value],
}))

export function OrganisationsPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(organisationsQuery(search))
  const [creating, setCreating] = useState(false)
  return (
    <AdminConsole>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden="true" />
          Neue Organisation
        </Button>
      </div>
      <NewOrganisationDialog open={creating} onOpenChange={setCreating} />
      <DataTable
        label="Organisationen"
        columns={columns}
        search={search}
        result={data}
        sortable={organisationSortKeys}
        pending={useListPending()}
        searchLabel="Name, Ort oder Shop suchen"
        filters={
          <>
            <SelectFilter
              param="category"
              label="Art"
              value={search.category}
              options={categoryOptions}
            />
            <SelectFilter
              param="status"
              label="Status"
              value={search.status}
              options={activityStatusOptions}
            />
          </>
        }
        empty={
          <EmptyState icon={Building2} title="Noch keine Organisationen">
            Organisationen entstehen, wenn Betriebe auf der Plattform angelegt werden.
          </EmptyState>
        }
      />
    </AdminConsole>
  )
}

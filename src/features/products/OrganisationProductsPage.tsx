import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Archive, Package, Plus } from 'lucide-react'
import { formatDate } from '~/lib/format'
import { ButtonLink } from '../ui/buttons'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { commonColumns, ListingsTable, listingColumn, ownerNote } from './ListingsTable'
import { organisationProductsQuery } from './products.queries'

const productsRoute = getRouteApi('/_app/products/')

const activeColumns = listingColumn.columns([
  ...commonColumns,
  listingColumn.accessor('updatedAt', {
    header: 'Geändert',
    meta: { hideBelow: '2xl' },
    cell: (info) => formatDate(info.getValue()),
  }),
])

/** `/products`: the organisation's products on offer. */
export function OrganisationProductsPage() {
  const search = productsRoute.useSearch()
  const { data } = useSuspenseQuery(organisationProductsQuery(search))
  const createLink = (label: string) => (
    <ButtonLink to="/products/create">
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </ButtonLink>
  )
  return (
    <>
      <PageHeader
        title="Produkte"
        description={
          ownerNote(data) ?? 'Ihre Produkte mit Preis, Mehrwertsteuer und Sichtbarkeit im Shop.'
        }
        actions={
          <>
            <ButtonLink
              to="/archive/products"
              search={search.organisation ? { organisation: search.organisation } : {}}
              variant="secondary"
            >
              <Archive className="size-4" aria-hidden="true" />
              Archiv
            </ButtonLink>
            {data.owner.canManage && createLink('Produkt anlegen')}
          </>
        }
      />
      <ListingsTable
        label="Produkte"
        columns={activeColumns}
        search={search}
        data={data}
        empty={
          <EmptyState
            icon={Package}
            title="Noch keine Produkte"
            action={data.owner.canManage ? createLink('Erstes Produkt anlegen') : undefined}
          >
            {data.owner.takesOverMasterProducts
              ? 'Übernimm Produkte aus der zentralen Produktdatenbank oder lege eigene an.'
              : 'Lege die Sorten an, die dein Verein selbst anbaut.'}
          </EmptyState>
        }
      />
    </>
  )
}

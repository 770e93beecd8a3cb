import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Archive, Eye, Package, PackageOpen, Plus } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { toast } from 'sonner'
import { formatDate, formatMoney } from '~/lib/format'
import {
  formatUnitPrice,
  grossCents,
  type OrganisationProductList,
  organisationProductStatusLabels,
} from '~/lib/organisation-products'
import {
  availableSalesUnits,
  type OrganisationProductListSearch,
  type OrganisationProductRow,
  organisationProductSortKeys,
  organisationProductStatuses,
  productCategories,
  productCategoryLabels,
  vatRateLabels,
} from '~/lib/products'
import { formatSalesUnits } from '~/lib/stock-labels'
import { useListPending } from '../admin/AdminConsole'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { DataTable, type DataTableProps, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { ListingStatusBadge } from './ListingStatusBadge'
import { restoreOrganisationProductFn } from './product-save.functions'
import {
  archivedOrganisationProductsQuery,
  organisationProductsQuery,
  productsKey,
} from './products.queries'

const productsRoute = getRouteApi('/_app/products/')
const archiveRoute = getRouteApi('/_app/archive/products')

const column = dataColumns<OrganisationProductRow>()

const nameColumn = column.accessor('name', {
  header: 'Name',
  cell: (info) => {
    const row = info.row.original
    return (
      <div className="min-w-48">
        <RowLink to="/products/$id" params={{ id: row.id }}>
          {row.name}
        </RowLink>
        <div className="text-xs text-ink-muted">
          {[row.cultivar, row.custom ? 'eigenes Produkt' : null].filter(Boolean).join(' · ')}
        </div>
      </div>
    )
  },
})

const commonColumns = [
  nameColumn,
  column.accessor('category', {
    header: 'Kategorie',
    cell: (info) => productCategoryLabels[info.getValue()],
  }),
  column.accessor('pzn', {
    header: 'PZN',
    cell: (info) => <span className="font-mono tabular-nums">{info.getValue() ?? '–'}</span>,
  }),
  column.accessor('priceCents', {
    id: 'price',
    header: 'Preis (netto)',
    meta: { align: 'end' },
    cell: (info) => {
      const row = info.row.original
      return (
        <div className="whitespace-nowrap">
          {formatUnitPrice(row.priceCents, row.salesUnit)}
          <div className="text-xs text-ink-muted">
            {formatMoney(grossCents(row.priceCents, row.vatRate))} brutto
          </div>
        </div>
      )
    },
  }),
  column.accessor('vatRate', {
    header: 'MwSt.',
    meta: { align: 'end' },
    cell: (info) => <span className="whitespace-nowrap">{vatRateLabels[info.getValue()]}</span>,
  }),
  column.accessor('visibleInShop', {
    header: 'Im Shop',
    cell: (info) => (info.getValue() ? 'sichtbar' : 'ausgeblendet'),
  }),
  column.accessor('available', {
    id: 'stock',
    header: 'Verfügbar',
    meta: { align: 'end' },
    cell: (info) => {
      const row = info.row.original
      return (
        <span className="whitespace-nowrap">
          {formatSalesUnits(
            availableSalesUnits(info.getValue(), row.baseUnitsPerSalesUnit),
            row.salesUnit,
          )}
        </span>
      )
    },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <ListingStatusBadge status={info.getValue()} />,
  }),
]

const activeColumns = column.columns([
  ...commonColumns,
  column.accessor('updatedAt', { header: 'Geändert', cell: (info) => formatDate(info.getValue()) }),
])

const categoryOptions = productCategories.map((value) => ({
  value,
  label: productCategoryLabels[value],
}))
const shopOptions = [
  { value: 'visible', label: 'sichtbar' },
  { value: 'hidden', label: 'ausgeblendet' },
] as const
const statusOptions = organisationProductStatuses.map((value) => ({
  value,
  label: organisationProductStatusLabels[value],
}))

function Filters({ search }: { search: OrganisationProductListSearch }) {
  return (
    <div className="flex basis-full flex-wrap items-end gap-3">
      <SelectFilter
        param="category"
        label="Kategorie"
        value={search.category}
        options={categoryOptions}
      />
      <SelectFilter param="shop" label="Im Shop" value={search.shop} options={shopOptions} />
      <SelectFilter param="status" label="Status" value={search.status} options={statusOptions} />
    </div>
  )
}

/** The table of both lists, with their search, filters and sort. */
function ListingsTable({
  label,
  columns,
  search,
  data,
  empty,
}: {
  label: string
  columns: DataTableProps<OrganisationProductRow, string>['columns']
  search: OrganisationProductListSearch
  data: OrganisationProductList
  empty: ReactNode
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      search={search}
      result={data}
      sortable={organisationProductSortKeys}
      pending={useListPending()}
      searchLabel="Name, PZN oder Sorte suchen"
      filters={<Filters search={search} />}
      empty={empty}
    />
  )
}

/** For the platform admin: whose products these are, and that the page only reads. */
function ownerNote(list: OrganisationProductList): string | null {
  return list.owner.canManage
    ? null
    : `Produkte von ${list.owner.name} – nur zur Ansicht für den Support.`
}

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
              ? 'Übernehmen Sie Produkte aus der zentralen Produktdatenbank oder legen Sie eigene an.'
              : 'Legen Sie die Sorten an, die Ihr Verein selbst anbaut.'}
          </EmptyState>
        }
      />
    </>
  )
}

/** "Wiederherstellen" of one archived row: asks first, says where the product goes. */
function RestoreButton({ row }: { row: OrganisationProductRow }) {
  const [asking, setAsking] = useState(false)
  const queryClient = useQueryClient()
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Wiederherstellen
        <span className="sr-only">: {row.name}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        variant="primary"
        title={`„${row.name}“ wiederherstellen?`}
        description="Das Produkt steht wieder in Ihrer Produktliste und lässt sich bestellen. Im Shop bleibt es ausgeblendet, bis Sie es dort wieder sichtbar machen."
        confirmLabel="Wiederherstellen"
        onConfirm={async () => {
          await restoreOrganisationProductFn({ data: { id: row.id } })
          await queryClient.invalidateQueries({ queryKey: productsKey })
          toast.success(`„${row.name}“ ist wiederhergestellt.`)
        }}
      />
    </>
  )
}

/** `/archive/products`: archived products, each with restore for those who manage them. */
export function ArchivedProductsPage() {
  const search = archiveRoute.useSearch()
  const { data } = useSuspenseQuery(archivedOrganisationProductsQuery(search))
  const columns = column.columns([
    ...commonColumns,
    column.accessor('archivedAt', {
      header: 'Archiviert',
      cell: (info) => {
        const archivedAt = info.getValue()
        return archivedAt ? formatDate(archivedAt) : '–'
      },
    }),
    ...(data.owner.canManage
      ? [
          column.display({
            id: 'actions',
            header: () => <span className="sr-only">Aktionen</span>,
            cell: (info) =>
              info.row.original.status === 'withdrawn' ? (
                <span className="text-xs text-ink-muted">vom Markt zurückgezogen</span>
              ) : (
                <RestoreButton row={info.row.original} />
              ),
          }),
        ]
      : []),
  ])
  return (
    <>
      <PageHeader
        title="Archivierte Produkte"
        description={
          ownerNote(data) ??
          'Archivierte Produkte sind nicht mehr bestellbar und nicht im Shop; ihre Historie bleibt.'
        }
        actions={
          <ButtonLink
            to="/products"
            search={search.organisation ? { organisation: search.organisation } : {}}
            variant="secondary"
          >
            <Eye className="size-4" aria-hidden="true" />
            Aktuelle Produkte
          </ButtonLink>
        }
      />
      <ListingsTable
        label="Archivierte Produkte"
        columns={columns}
        search={search}
        data={data}
        empty={
          <EmptyState icon={PackageOpen} title="Keine archivierten Produkte">
            Archivierte Produkte bleiben mit ihrer Historie nachvollziehbar und lassen sich hier
            wiederherstellen. Zum Archivieren öffnen Sie ein Produkt in der{' '}
            <Link to="/products" className="font-medium text-brand-900 underline">
              Produktliste
            </Link>
            .
          </EmptyState>
        }
      />
    </>
  )
}

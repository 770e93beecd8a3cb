import type { ReactNode } from 'react'
import { formatMoney } from '~/lib/format'
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
import { DataTable, type DataTableProps, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { ListingStatusBadge } from './ListingStatusBadge'

export const listingColumn = dataColumns<OrganisationProductRow>()

const nameColumn = listingColumn.accessor('name', {
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

export const commonColumns = [
  nameColumn,
  listingColumn.accessor('category', {
    header: 'Kategorie',
    meta: { hideBelow: '2xl' },
    cell: (info) => productCategoryLabels[info.getValue()],
  }),
  listingColumn.accessor('pzn', {
    header: 'PZN',
    meta: { hideBelow: '2xl' },
    cell: (info) => <span className="font-mono tabular-nums">{info.getValue() ?? '–'}</span>,
  }),
  listingColumn.accessor('priceCents', {
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
  listingColumn.accessor('vatRate', {
    header: 'MwSt.',
    meta: { align: 'end', hideBelow: '2xl' },
    cell: (info) => <span className="whitespace-nowrap">{vatRateLabels[info.getValue()]}</span>,
  }),
  listingColumn.accessor('visibleInShop', {
    header: 'Im Shop',
    cell: (info) => (info.getValue() ? 'sichtbar' : 'ausgeblendet'),
  }),
  listingColumn.accessor('available', {
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
  listingColumn.accessor('status', {
    header: 'Status',
    cell: (info) => <ListingStatusBadge status={info.getValue()} />,
  }),
]

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

/** The table of both product lists (on offer, archived), with their search, filters and sort. */
export function ListingsTable({
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
export function ownerNote(list: OrganisationProductList): string | null {
  return list.owner.canManage
    ? null
    : `Produkte von ${list.owner.name} – nur zur Ansicht für den Support.`
}

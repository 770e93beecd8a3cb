import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Pill, Plus, Upload } from 'lucide-react'
import { formatDate } from '~/lib/format'
import {
  formatCannabinoid,
  formatPackSize,
  type MasterProductRow,
  masterProductSortKeys,
  productCategories,
  productCategoryLabels,
  productStatuses,
  productStatusLabels,
} from '~/lib/products'
import { useListPending } from '../admin/AdminConsole'
import { ButtonLink } from '../ui/buttons'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { manufacturersQuery, masterProductsQuery } from './master-products.queries'
import { ProductStatusBadge } from './ProductStatusBadge'
import { ThcRangeFilter } from './ThcRangeFilter'

const route = getRouteApi('/_app/admin/product-db/')

/** "21,5 %", "10 g": a number and its unit on one line. */
const unbroken = (text: string) => <span className="whitespace-nowrap">{text}</span>

const column = dataColumns<MasterProductRow>()
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (info) => {
      const row = info.row.original
      return (
        <div className="min-w-48">
          <RowLink to="/admin/product-db/$id/edit" params={{ id: row.id }}>
            {row.name}
          </RowLink>
          {(row.cultivar || row.brand) && (
            <div className="text-xs text-ink-muted">
              {[row.cultivar, row.brand].filter(Boolean).join(' · ')}
            </div>
          )}
        </div>
      )
    },
  }),
  column.accessor('pzn', {
    header: 'PZN',
    cell: (info) => <span className="font-mono tabular-nums">{info.getValue() ?? '–'}</span>,
  }),
  column.accessor('manufacturer', { header: 'Hersteller', meta: { hideBelow: '2xl' } }),
  column.accessor('category', {
    header: 'Kategorie',
    cell: (info) => productCategoryLabels[info.getValue()],
  }),
  column.accessor('thcContent', {
    id: 'thc',
    header: 'THC',
    meta: { align: 'end' },
    cell: (info) =>
      unbroken(formatCannabinoid(info.getValue(), info.row.original.cannabinoidUnit) ?? '–'),
  }),
  column.accessor('cbdContent', {
    header: 'CBD',
    meta: { align: 'end', hideBelow: '2xl' },
    cell: (info) =>
      unbroken(formatCannabinoid(info.getValue(), info.row.original.cannabinoidUnit) ?? '–'),
  }),
  column.accessor('packBaseUnits', {
    header: 'Packung',
    meta: { align: 'end', hideBelow: '2xl' },
    cell: (info) => unbroken(formatPackSize(info.getValue(), info.row.original.packUnit)),
  }),
  column.accessor('irradiated', {
    header: 'Bestrahlt',
    meta: { hideBelow: '2xl' },
    cell: (info) => (info.getValue() ? 'ja' : 'nein'),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <ProductStatusBadge status={info.getValue()} />,
  }),
  column.accessor('updatedAt', {
    header: 'Geändert',
    meta: { hideBelow: '2xl' },
    cell: (info) => formatDate(info.getValue()),
  }),
])

const categoryOptions = productCategories.map((value) => ({
  value,
  label: productCategoryLabels[value],
}))
const statusOptions = productStatuses.map((value) => ({
  value,
  label: productStatusLabels[value],
}))
const irradiatedOptions = [
  { value: 'yes', label: 'bestrahlt' },
  { value: 'no', label: 'nicht bestrahlt' },
] as const

/** The platform admin's master product database: search, filter, sort, open one to edit. */
export function MasterProductsPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(masterProductsQuery(search))
  const { data: manufacturers } = useSuspenseQuery(manufacturersQuery())
  const pending = useListPending()
  return (
    <>
      <PageHeader
        title="Produktdatenbank"
        description="Die zentrale Stammdatenbank aller Cannabisprodukte, aus der Organisationen ihre Produkte übernehmen."
        actions={
          <>
            <ButtonLink to="/admin/product-db/upload" variant="secondary">
              <Upload className="size-4" aria-hidden="true" />
              Importieren
            </ButtonLink>
            <ButtonLink to="/admin/product-db/create">
              <Plus className="size-4" aria-hidden="true" />
              Neues Produkt
            </ButtonLink>
          </>
        }
      />
      <DataTable
        label="Stammprodukte"
        columns={columns}
        search={search}
        result={data}
        sortable={masterProductSortKeys}
        pending={pending}
        searchLabel="Name, PZN, Sorte oder Hersteller suchen"
        filters={
          // A line of their own, so the search field keeps its width.
          <div className="flex basis-full flex-wrap items-end gap-3">
            <SelectFilter
              param="category"
              label="Kategorie"
              value={search.category}
              options={categoryOptions}
            />
            <SelectFilter
              param="status"
              label="Status"
              value={search.status}
              options={statusOptions}
            />
            <SelectFilter
              param="manufacturer"
              label="Hersteller"
              value={search.manufacturer}
              options={manufacturers.map((name) => ({ value: name, label: name }))}
            />
            <SelectFilter
              param="irradiated"
              label="Bestrahlung"
              value={search.irradiated}
              options={irradiatedOptions}
            />
            <ThcRangeFilter min={search.thcMin} max={search.thcMax} />
          </div>
        }
        empty={
          <EmptyState
            icon={Pill}
            title="Noch keine Stammprodukte"
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <ButtonLink to="/admin/product-db/create">
                  <Plus className="size-4" aria-hidden="true" />
                  Erstes Produkt anlegen
                </ButtonLink>
                <ButtonLink to="/admin/product-db/upload" variant="secondary">
                  <Upload className="size-4" aria-hidden="true" />
                  Aus Datei importieren
                </ButtonLink>
              </div>
            }
          >
            Lege Produkte einzeln an oder importiere eine CSV- oder Excel-Datei. Die Organisationen
            übernehmen ihre Produkte von hier.
          </EmptyState>
        }
      />
    </>
  )
}

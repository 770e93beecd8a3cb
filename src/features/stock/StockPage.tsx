import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Boxes, PackagePlus } from 'lucide-react'
import { useState } from 'react'
import { formatDate, formatQuantity } from '~/lib/format'
import { availableSalesUnits, productCategories, productCategoryLabels } from '~/lib/products'
import type { ReorderResult } from '~/lib/reorder'
import { quantityUnitOfPack } from '~/lib/stock'
import { formatSalesUnits, stockWarningLabels } from '~/lib/stock-labels'
import {
  type StockList,
  type StockListSearch,
  type StockRow,
  stockSortKeys,
  stockWarnings,
} from '~/lib/stock-lists'
import { useListPending } from '../admin/AdminConsole'
import { ReorderButton, ReorderResultPanel } from '../purchase-orders/ReorderPanel'
import { ButtonLink } from '../ui/buttons'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { StatusBadge } from '../ui/StatusBadge'
import { BatchStatusBadge } from './BatchStatusBadge'
import { stockQuery } from './stock.queries'

const route = getRouteApi('/_app/inventory/')

const column = dataColumns<StockRow>()

/** A stock figure of the row in g, ml or Stk; nothing shows as a quiet dash. */
function Amount({ row, amount }: { row: StockRow; amount: number }) {
  if (amount === 0) return <span className="text-ink-muted">0</span>
  return (
    <span className="whitespace-nowrap">
      {formatQuantity(amount, quantityUnitOfPack[row.packUnit])}
    </span>
  )
}

const columns = column.columns([
  column.accessor('name', {
    header: 'Produkt',
    cell: (info) => {
      const row = info.row.original
      return (
        <div className="min-w-48">
          <RowLink to="/products/$id" params={{ id: row.id }}>
            {row.name}
          </RowLink>
          <div className="text-xs text-ink-muted">
            {[row.pzn && `PZN ${row.pzn}`, row.archived ? 'archiviert' : null]
              .filter(Boolean)
              .join(' · ')}
          </div>
        </div>
      )
    },
  }),
  column.accessor('category', {
    header: 'Kategorie',
    meta: { hideBelow: '2xl' },
    cell: (info) => productCategoryLabels[info.getValue()],
  }),
  column.accessor('available', {
    header: 'Verfügbar',
    meta: { align: 'end' },
    cell: (info) => {
      const row = info.row.original
      return (
        <div>
          <Amount row={row} amount={info.getValue()} />
          <div className="text-xs whitespace-nowrap text-ink-muted">
            {formatSalesUnits(
              availableSalesUnits(info.getValue(), row.baseUnitsPerSalesUnit),
              row.salesUnit,
            )}
          </div>
        </div>
      )
    },
  }),
  column.accessor('quarantine', {
    header: 'Quarantäne',
    meta: { align: 'end', hideBelow: '2xl' },
    cell: (info) => <Amount row={info.row.original} amount={info.getValue()} />,
  }),
  column.accessor('reserved', {
    header: 'Reserviert',
    meta: { align: 'end', hideBelow: '2xl' },
    cell: (info) => <Amount row={info.row.original} amount={info.getValue()} />,
  }),
  column.accessor('expired', {
    header: 'Abgelaufen',
    meta: { align: 'end', hideBelow: '2xl' },
    cell: (info) => <Amount row={info.row.original} amount={info.getValue()} />,
  }),
  column.accessor('blocked', {
    header: 'Gesperrt',
    meta: { align: 'end', hideBelow: '2xl' },
    cell: (info) => <Amount row={info.row.original} amount={info.getValue()} />,
  }),
  column.accessor('nextExpiry', {
    header: 'Nächster Verfall',
    meta: { hideBelow: '2xl' },
    cell: (info) => {
      const date = info.getValue()
      return date ? <span className="whitespace-nowrap">{formatDate(date)}</span> : '–'
    },
  }),
  column.display({
    id: 'warnings',
    header: 'Hinweise',
    cell: (info) => {
      const row = info.row.original
      if (!row.lowStock && !row.expiringSoon) return null
      return (
        <div className="flex flex-col items-start gap-1">
          {row.lowStock && <StatusBadge tone="warning">Unter Mindestbestand</StatusBadge>}
          {row.expiringSoon && <StatusBadge tone="warning">Verfall bald</StatusBadge>}
        </div>
      )
    },
  }),
  column.accessor('batches', {
    header: 'Chargen',
    cell: (info) => {
      const batches = info.getValue()
      if (batches.length === 0) return <span className="text-ink-muted">keine mit Bestand</span>
      const unit = quantityUnitOfPack[info.row.original.packUnit]
      return (
        <ul className="min-w-56 space-y-1">
          {batches.map((batch) => (
            <li key={batch.id} className="flex flex-wrap items-center gap-2">
              <Link
                to="/inventory/batches/$id"
                params={{ id: batch.id }}
                className="font-mono text-sm text-brand-900 underline-offset-2 hover:underline"
              >
                {batch.batchNumber}
              </Link>
              <BatchStatusBadge status={batch.status} expired={batch.expired} />
              <span className="text-xs whitespace-nowrap text-ink-muted">
                {formatQuantity(batch.balance, unit)}
                {batch.expiryDate && ` · bis ${formatDate(batch.expiryDate)}`}
              </span>
            </li>
          ))}
        </ul>
      )
    },
  }),
])

const categoryOptions = productCategories.map((value) => ({
  value,
  label: productCategoryLabels[value],
}))
const warningOptions = stockWarnings.map((value) => ({
  value,
  label: stockWarningLabels[value],
}))
const inStockOptions = [{ value: 'yes', label: 'Nur mit Bestand' }] as const

function Filters({ search }: { search: StockListSearch }) {
  return (
    <div className="flex basis-full flex-wrap items-end gap-3">
      <SelectFilter
        param="category"
        label="Kategorie"
        value={search.category}
        options={categoryOptions}
      />
      <SelectFilter
        param="warning"
        label="Hinweis"
        value={search.warning}
        options={warningOptions}
      />
      <SelectFilter
        param="inStock"
        label="Bestand"
        value={search.inStock}
        options={inStockOptions}
      />
    </div>
  )
}

/** The main action: a goods receipt, for a club the harvest. */
function ReceiptLink({ list, first = false }: { list: StockList; first?: boolean }) {
  const label = list.owner.harvest ? 'Ernte erfassen' : 'Wareneingang'
  return (
    <ButtonLink to="/inventory/receipt">
      <PackagePlus className="size-4" aria-hidden="true" />
      {first ? (list.owner.harvest ? 'Erste Ernte erfassen' : 'Ersten Wareneingang buchen') : label}
    </ButtonLink>
  )
}

/** `/inventory`: the stock of each product by state, with its batches. */
export function StockPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(stockQuery(search))
  const [reorder, setReorder] = useState<ReorderResult | null>(null)
  const reorders = data.owner.canManage && search.warning === 'low'
  return (
    <>
      <PageHeader
        title="Bestand"
        description={
          data.owner.canManage
            ? 'Verfügbarer Bestand, Quarantäne, Reservierungen und Verfall je Produkt und Charge.'
            : `Bestand von ${data.owner.name} – nur zur Ansicht für den Support.`
        }
        actions={
          data.owner.canManage && (
            <>
              {reorders && <ReorderButton onDone={setReorder} />}
              <ReceiptLink list={data} />
            </>
          )
        }
      />
      {reorders && reorder && <ReorderResultPanel result={reorder} />}
      <DataTable
        label="Bestand je Produkt"
        columns={columns}
        search={search}
        result={data}
        sortable={stockSortKeys}
        pending={useListPending()}
        searchLabel="Name, PZN oder Sorte suchen"
        filters={<Filters search={search} />}
        empty={
          <EmptyState
            icon={Boxes}
            title="Noch kein Bestand"
            action={data.owner.canManage ? <ReceiptLink list={data} first /> : undefined}
          >
            {data.owner.harvest
              ? 'Lege zuerst deine Sorten unter „Produkte“ an und erfasse dann die Ernte.'
              : 'Lege zuerst Produkte an; ein Wareneingang bucht dann die gelieferten Chargen ein.'}
          </EmptyState>
        }
      />
    </>
  )
}

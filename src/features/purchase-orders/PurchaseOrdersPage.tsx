import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Plus, Truck, Users } from 'lucide-react'
import { formatDate, formatMoney } from '~/lib/format'
import {
  type PurchaseOrderRow,
  purchaseOrderSortKeys,
  purchaseOrderStatuses,
  purchaseOrderStatusLabels,
  purchaseOrderTodoLabels,
  purchaseOrderTodos,
} from '~/lib/purchase-orders'
import { useListPending } from '../admin/AdminConsole'
import { ButtonLink } from '../ui/buttons'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { PurchaseOrderStatusBadge } from './PurchaseOrderStatusBadge'
import { supplierOptionsQuery } from './purchase-order-forms.queries'
import { purchaseOrdersQuery } from './purchase-orders.queries'

const route = getRouteApi('/_app/purchase_orders/')
const column = dataColumns<PurchaseOrderRow>()

const columns = column.columns([
  column.accessor('number', {
    header: 'Nummer',
    cell: (info) => (
      <RowLink to="/purchase_orders/$id/edit" params={{ id: info.row.original.id }}>
        <span className="font-mono tabular-nums">{info.getValue() ?? 'Entwurf'}</span>
      </RowLink>
    ),
  }),
  column.accessor('supplierName', { id: 'supplier', header: 'Lieferant' }),
  column.accessor('createdAt', {
    header: 'Datum',
    cell: (info) => formatDate(info.row.original.orderedAt ?? info.getValue()),
  }),
  column.accessor('itemCount', {
    header: 'Positionen',
    meta: { align: 'end', hideBelow: 'lg' },
  }),
  column.accessor('grossCents', {
    id: 'total',
    header: 'Summe (brutto)',
    meta: { align: 'end' },
    cell: (info) => <span className="whitespace-nowrap">{formatMoney(info.getValue())}</span>,
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <PurchaseOrderStatusBadge status={info.getValue()} />,
  }),
])

const statusOptions = purchaseOrderStatuses.map((value) => ({
  value,
  label: purchaseOrderStatusLabels[value],
}))

/** `/purchase_orders`: what the organisation ordered from its suppliers. */
export function PurchaseOrdersPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(purchaseOrdersQuery(search))
  const manage = data.owner.canManage
  const { data: suppliers = [] } = useQuery({ ...supplierOptionsQuery(), enabled: manage })
  const supplierOptions = suppliers.map((supplier) => ({
    value: supplier.id,
    label: supplier.name,
  }))
  const createLink = (label: string) => (
    <ButtonLink to="/purchase_orders/create">
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </ButtonLink>
  )
  return (
    <>
      <PageHeader
        title="Einkauf"
        description={
          manage
            ? 'Ihre Bestellungen bei Großhändlern, Herstellern und externen Lieferanten und der Wareneingang dazu.'
            : `Einkauf von ${data.owner.name} – nur zur Ansicht für den Support.`
        }
        actions={
          <>
            <ButtonLink
              to="/purchase_orders/suppliers"
              search={search.organisation ? { organisation: search.organisation } : {}}
              variant="secondary"
            >
              <Users className="size-4" aria-hidden="true" />
              Lieferanten
            </ButtonLink>
            {manage && createLink('Bestellung anlegen')}
          </>
        }
      />
      <DataTable
        label="Einkaufsbestellungen"
        columns={columns}
        search={search}
        result={data}
        sortable={purchaseOrderSortKeys}
        pending={useListPending()}
        searchLabel="Nummer, Lieferant oder Notiz suchen"
        filters={
          <div className="flex flex-wrap items-end gap-3">
            <SelectFilter
              param="status"
              label="Status"
              value={search.status}
              options={statusOptions}
            />
            <SelectFilter
              param="todo"
              label="Aufgabe"
              value={search.todo}
              options={purchaseOrderTodos.map((value) => ({
                value,
                label: purchaseOrderTodoLabels[value],
              }))}
            />
            {supplierOptions.length > 0 && (
              <SelectFilter
                param="supplier"
                label="Lieferant"
                value={search.supplier}
                options={supplierOptions}
              />
            )}
          </div>
        }
        empty={
          <EmptyState
            icon={Truck}
            title="Noch keine Einkaufsbestellungen"
            action={manage ? createLink('Erste Bestellung anlegen') : undefined}
          >
            Bestelle Ware bei deinen Lieferanten und buche den Wareneingang chargengenau.
          </EmptyState>
        }
      />
    </>
  )
}

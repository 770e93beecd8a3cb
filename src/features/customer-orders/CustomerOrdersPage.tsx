import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Plus, ShoppingCart } from 'lucide-react'
import {
  customerOrderSortKeys,
  customerOrderTodoLabels,
  customerOrderTodos,
} from '~/lib/customer-order-lists'
import {
  type CustomerOrderRow,
  customerOrderStatuses,
  customerOrderStatusLabels,
  orderChannelLabels,
  orderChannels,
  paymentStatuses,
  paymentStatusLabels,
} from '~/lib/customer-orders'
import { formatDate, formatMoney } from '~/lib/format'
import { useListPending } from '../admin/AdminConsole'
import { ButtonLink } from '../ui/buttons'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { CustomerOrderStatusBadge, PaymentStatusBadge } from './CustomerOrderBadges'
import { customerOrdersQuery } from './customer-orders.queries'

const route = getRouteApi('/_app/customer_orders/')
const column = dataColumns<CustomerOrderRow>()

const columns = column.columns([
  column.accessor('number', {
    header: 'Nummer',
    cell: (info) => (
      <RowLink to="/customer_orders/$id" params={{ id: info.row.original.id }}>
        <span className="font-mono whitespace-nowrap tabular-nums">{info.getValue()}</span>
      </RowLink>
    ),
  }),
  column.accessor('customerName', { id: 'customer', header: 'Kunde' }),
  column.accessor('createdAt', {
    header: 'Datum',
    cell: (info) => formatDate(info.getValue()),
  }),
  column.accessor('itemCount', { header: 'Positionen', meta: { align: 'end', hideBelow: 'lg' } }),
  column.accessor('grossCents', {
    id: 'total',
    header: 'Summe (brutto)',
    meta: { align: 'end' },
    cell: (info) => <span className="whitespace-nowrap">{formatMoney(info.getValue())}</span>,
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <span className="flex flex-wrap gap-1">
        <CustomerOrderStatusBadge status={info.getValue()} />
        <PaymentStatusBadge status={info.row.original.paymentStatus} />
      </span>
    ),
  }),
])

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }))

/** `/customer_orders`: what customers ordered, from entry to hand-over. */
export function CustomerOrdersPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(customerOrdersQuery(search))
  const createLink = (label: string) => (
    <ButtonLink to="/customer_orders/create">
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </ButtonLink>
  )
  return (
    <>
      <PageHeader
        title="Bestellungen"
        description="Aufträge deiner Kunden – aus dem Back-Office, dem Online-Shop und von Geschäftskunden auf Blattwerk – vom Eingang bis zur Übergabe."
        actions={createLink('Auftrag anlegen')}
      />
      <DataTable
        label="Kundenbestellungen"
        columns={columns}
        search={search}
        result={data}
        sortable={customerOrderSortKeys}
        pending={useListPending()}
        searchLabel="Nummer oder Kunde suchen"
        filters={
          <div className="flex flex-wrap items-end gap-3">
            <SelectFilter
              param="status"
              label="Status"
              value={search.status}
              options={options(customerOrderStatuses, customerOrderStatusLabels)}
            />
            <SelectFilter
              param="payment"
              label="Zahlung"
              value={search.payment}
              options={options(paymentStatuses, paymentStatusLabels)}
            />
            <SelectFilter
              param="channel"
              label="Eingang"
              value={search.channel}
              options={options(orderChannels, orderChannelLabels)}
            />
            <SelectFilter
              param="todo"
              label="Aufgabe"
              value={search.todo}
              options={options(customerOrderTodos, customerOrderTodoLabels)}
            />
          </div>
        }
        empty={
          <EmptyState
            icon={ShoppingCart}
            title="Noch keine Bestellungen"
            action={createLink('Ersten Auftrag anlegen')}
          >
            Erfasse Aufträge deiner Kunden; Bestellungen aus dem Online-Shop erscheinen hier
            ebenfalls.
          </EmptyState>
        }
      />
    </>
  )
}

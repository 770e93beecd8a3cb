import { customerOrderStatuses, orderChannels, paymentStatuses } from './customer-enums'
import { listSearchSchema, oneOf } from './list-query'

/**
 * The customer-order list's search params. Apart from `customer-orders.ts` because the list
 * route parses its search on first paint (ADR 012, 013): this stays small.
 */

/**
 * What needs doing, as the dashboard counts it and the list filters it (`?todo=`): the figure and
 * the list it links to come from one condition (`customerOrderTodoCondition`).
 */
export const customerOrderTodos = [
  'prescription_check',
  'to_prepare',
  'expiring_today',
  'open',
  'to_ship',
  'unpaid',
  'payment_overdue',
] as const
export type CustomerOrderTodo = (typeof customerOrderTodos)[number]

export const customerOrderTodoLabels: Record<CustomerOrderTodo, string> = {
  prescription_check: 'Rezeptprüfung offen',
  to_prepare: 'Bezahlt, vorzubereiten',
  expiring_today: 'Reservierung läuft heute ab',
  open: 'Offen',
  to_ship: 'Versand fällig',
  unpaid: 'Abgeschlossen, nicht bezahlt',
  payment_overdue: 'Zahlung überfällig',
}

export const customerOrderSortKeys = ['createdAt', 'number', 'customer', 'total', 'status'] as const
export const customerOrderListSearch = listSearchSchema({
  sort: customerOrderSortKeys,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: {
    status: oneOf(customerOrderStatuses),
    payment: oneOf(paymentStatuses),
    channel: oneOf(orderChannels),
    todo: oneOf(customerOrderTodos),
  },
})
export type CustomerOrderListSearch = ReturnType<typeof customerOrderListSearch.parse>

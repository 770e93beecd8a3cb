import { customerOrderStatuses, orderChannels, paymentStatuses } from './customer-values'
import { listSearchSchema, oneOf } from './list-query'

/**
 * The customer-order list's search params. Apart from `customer-orders.ts` because the list
 * route parses its search on first paint (ADR 012, 013): this stays small.
 */

export const customerOrderSortKeys = ['createdAt', 'number', 'customer', 'total', 'status'] as const
export const customerOrderListSearch = listSearchSchema({
  sort: customerOrderSortKeys,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: {
    status: oneOf(customerOrderStatuses),
    payment: oneOf(paymentStatuses),
    channel: oneOf(orderChannels),
  },
})
export type CustomerOrderListSearch = ReturnType<typeof customerOrderListSearch.parse>

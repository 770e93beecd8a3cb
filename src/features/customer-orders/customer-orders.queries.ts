import { queryOptions } from '@tanstack/react-query'
import type { CustomerOrderListSearch } from '~/lib/customer-order-lists'
import { fetchCustomerOrder, fetchCustomerOrders } from './customer-orders.functions'
import { fetchPaymentReminderState } from './payment-reminders.functions'

/** Every customer-order query starts with this key: a change invalidates them all. */
export const customerOrdersKey = ['customer-orders'] as const

export const customerOrdersQuery = (search: CustomerOrderListSearch) =>
  queryOptions({
    queryKey: [...customerOrdersKey, 'list', search],
    queryFn: () => fetchCustomerOrders({ data: search }),
  })

export const customerOrderQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerOrdersKey, 'order', id],
    queryFn: () => fetchCustomerOrder({ data: { id } }),
  })

export const paymentReminderQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerOrdersKey, 'payment-reminders', id],
    queryFn: () => fetchPaymentReminderState({ data: { id } }),
  })

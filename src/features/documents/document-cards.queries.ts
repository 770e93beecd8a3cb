import { queryOptions } from '@tanstack/react-query'
import { fetchCustomerDocuments, fetchOrderDocuments } from './document-cards.functions'
import { documentsKey } from './documents.queries'

/** The order's and the customer's document cards (under `documentsKey`: issuing refreshes them). */

export const orderDocumentsQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...documentsKey, 'order', orderId],
    queryFn: () => fetchOrderDocuments({ data: { id: orderId } }),
  })

export const customerDocumentsQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...documentsKey, 'customer', customerId],
    queryFn: () => fetchCustomerDocuments({ data: { id: customerId } }),
  })

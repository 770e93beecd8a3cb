import { queryOptions } from '@tanstack/react-query'
import type { DocumentListSearch } from '~/lib/document-lists'
import { fetchCustomerDocuments, fetchDocuments, fetchOrderDocuments } from './documents.functions'

/** Every document query starts with this key: issuing one invalidates them all. */
export const documentsKey = ['documents'] as const

export const documentsQuery = (search: DocumentListSearch) =>
  queryOptions({
    queryKey: [...documentsKey, 'list', search],
    queryFn: () => fetchDocuments({ data: search }),
  })

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

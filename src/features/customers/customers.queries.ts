import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import type { CustomerListSearch } from '~/lib/customer-lists'
import { FailureError } from '~/lib/failure'
import { fetchCustomer, fetchCustomerExport, fetchCustomers } from './customers.functions'

/** Every customer query starts with this key: a change invalidates them all. */
export const customersKey = ['customers'] as const

export const customersQuery = (search: CustomerListSearch) =>
  queryOptions({
    queryKey: [...customersKey, 'list', search],
    queryFn: () => fetchCustomers({ data: search }),
  })

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: [...customersKey, 'detail', id],
    queryFn: () => fetchCustomer({ data: { id } }),
  })

/**
 * Each export is a read the audit log records: the page's loader fetches it afresh on every visit
 * (`staleTime: 0` there), the page itself never refetches it.
 */
export const customerExportQuery = (id: string) =>
  queryOptions({
    queryKey: [...customersKey, 'export', id],
    queryFn: () => fetchCustomerExport({ data: { id } }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/**
 * The detail routes' loader: always the current revision (a form saves against it, an action
 * checks it); an unknown id is the router's not-found page.
 */
export async function loadCustomer(queryClient: QueryClient, id: string) {
  try {
    return await queryClient.fetchQuery({ ...customerQuery(id), staleTime: 0 })
  } catch (error) {
    if (error instanceof FailureError && error.status === 404) throw notFound()
    throw error
  }
}

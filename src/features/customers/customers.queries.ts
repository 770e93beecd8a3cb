import { queryOptions } from '@tanstack/react-query'
import type { CustomerListSearch } from '~/lib/customer-lists'
import {
  fetchCustomer,
  fetchCustomerExport,
  fetchCustomerOptions,
  fetchCustomers,
} from './customers.functions'

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

export const customerOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: [...customersKey, 'options', q],
    queryFn: () => fetchCustomerOptions({ data: { q } }),
    staleTime: 30_000,
  })

import { customerKinds } from './customer-enums'
import { listSearchSchema, oneOf } from './list-query'

/**
 * The customer list's search params. Apart from `customers.ts` because the list route parses its
 * search on first paint: a route file's imports load with every page (ADR 012, 013), so this
 * stays small and zod-free.
 */

export const customerSortKeys = ['name', 'number', 'kind', 'createdAt'] as const
export type CustomerSortKey = (typeof customerSortKeys)[number]

/** `yes`: only active customers; `no`: only deactivated (and anonymised) ones; none: all. */
export const customerActiveFilters = ['yes', 'no'] as const
export type CustomerActiveFilter = (typeof customerActiveFilters)[number]

/** `attention`: business customers whose licence is missing, expired or expires within 30 days. */
export const customerLicenceFilters = ['attention'] as const
export type CustomerLicenceFilter = (typeof customerLicenceFilters)[number]

export const customerListSearch = listSearchSchema({
  sort: customerSortKeys,
  defaultSort: 'name',
  filters: {
    kind: oneOf(customerKinds),
    active: oneOf(customerActiveFilters),
    licence: oneOf(customerLicenceFilters),
  },
})
export type CustomerListSearch = ReturnType<typeof customerListSearch.parse>

import { queryOptions } from '@tanstack/react-query'
import type { OrganisationProductListSearch } from '~/lib/products'
import {
  fetchArchivedOrganisationProducts,
  fetchMasterProductPicks,
  fetchOrganisationProduct,
  fetchOrganisationProductHistory,
  fetchOrganisationProducts,
} from './products.functions'

/** Every query of the organisation's products starts with this key: a change invalidates them all. */
export const productsKey = ['products'] as const

export const organisationProductsQuery = (search: OrganisationProductListSearch) =>
  queryOptions({
    queryKey: [...productsKey, 'list', search],
    queryFn: () => fetchOrganisationProducts({ data: search }),
  })

export const archivedOrganisationProductsQuery = (search: OrganisationProductListSearch) =>
  queryOptions({
    queryKey: [...productsKey, 'archive', search],
    queryFn: () => fetchArchivedOrganisationProducts({ data: search }),
  })

export const organisationProductQuery = (id: string) =>
  queryOptions({
    queryKey: [...productsKey, 'product', id],
    queryFn: () => fetchOrganisationProduct({ data: { id } }),
  })

export const organisationProductHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...productsKey, 'history', id],
    queryFn: () => fetchOrganisationProductHistory({ data: { id } }),
  })

export const masterProductPicksQuery = (q: string) =>
  queryOptions({
    queryKey: [...productsKey, 'picks', q],
    queryFn: () => fetchMasterProductPicks({ data: { q } }),
    staleTime: 30_000,
  })

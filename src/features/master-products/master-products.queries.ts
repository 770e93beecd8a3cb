import { queryOptions } from '@tanstack/react-query'
import type { MasterProductListSearch } from '~/lib/products'
import {
  fetchManufacturers,
  fetchMasterProduct,
  fetchMasterProductHistory,
  fetchMasterProducts,
} from './master-products.functions'

/** Every query of the product database starts with this key: a save invalidates them all. */
export const masterProductsKey = ['master-products'] as const

export const masterProductsQuery = (search: MasterProductListSearch) =>
  queryOptions({
    queryKey: [...masterProductsKey, 'list', search],
    queryFn: () => fetchMasterProducts({ data: search }),
  })

export const manufacturersQuery = () =>
  queryOptions({
    queryKey: [...masterProductsKey, 'manufacturers'],
    queryFn: () => fetchManufacturers(),
  })

export const masterProductQuery = (id: string) =>
  queryOptions({
    queryKey: [...masterProductsKey, 'product', id],
    queryFn: () => fetchMasterProduct({ data: { id } }),
  })

export const masterProductHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...masterProductsKey, 'history', id],
    queryFn: () => fetchMasterProductHistory({ data: { id } }),
  })

import { queryOptions } from '@tanstack/react-query'
import type { MasterProductListSearch } from '~/lib/products'
import {
  fetchManufacturers,
  fetchMasterProduct,
  fetchMasterProductHistory,
  fetchMasterProducts,
} from './product-db.functions'

/** Every query of the product database starts with this key: a save invalidates them all. */
export const productDbKey = ['product-db'] as const

export const masterProductsQuery = (search: MasterProductListSearch) =>
  queryOptions({
    queryKey: [...productDbKey, 'list', search],
    queryFn: () => fetchMasterProducts({ data: search }),
  })

export const manufacturersQuery = () =>
  queryOptions({
    queryKey: [...productDbKey, 'manufacturers'],
    queryFn: () => fetchManufacturers(),
  })

export const masterProductQuery = (id: string) =>
  queryOptions({
    queryKey: [...productDbKey, 'product', id],
    queryFn: () => fetchMasterProduct({ data: { id } }),
  })

export const masterProductHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...productDbKey, 'history', id],
    queryFn: () => fetchMasterProductHistory({ data: { id } }),
  })

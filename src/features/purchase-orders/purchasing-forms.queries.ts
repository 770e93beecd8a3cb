import { queryOptions } from '@tanstack/react-query'
import { purchasingKey } from './purchase-orders.queries'
import {
  fetchOrderableProducts,
  fetchPlatformSellers,
  fetchSupplier,
  fetchSupplierOptions,
} from './purchasing-forms.functions'

/** The purchasing forms' own reads (under `purchasingKey`, so a change refreshes them too). */

export const supplierOptionsQuery = () =>
  queryOptions({
    queryKey: [...purchasingKey, 'supplier-options'],
    queryFn: () => fetchSupplierOptions(),
  })

export const platformSellersQuery = () =>
  queryOptions({
    queryKey: [...purchasingKey, 'platform-sellers'],
    queryFn: () => fetchPlatformSellers(),
  })

export const orderableProductsQuery = (supplierId: string, q: string) =>
  queryOptions({
    queryKey: [...purchasingKey, 'orderable', supplierId, q],
    queryFn: () => fetchOrderableProducts({ data: { supplierId, q } }),
    staleTime: 30_000,
  })

export const supplierQuery = (id: string) =>
  queryOptions({
    queryKey: [...purchasingKey, 'supplier', id],
    queryFn: () => fetchSupplier({ data: { id } }),
  })

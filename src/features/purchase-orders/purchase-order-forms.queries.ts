import { queryOptions } from '@tanstack/react-query'
import {
  fetchOrderableProducts,
  fetchPlatformSellers,
  fetchSupplier,
  fetchSupplierOptions,
} from './purchase-order-forms.functions'
import { purchaseOrdersKey } from './purchase-orders.queries'

/** The purchasing forms' own reads (under `purchaseOrdersKey`, so a change refreshes them too). */

export const supplierOptionsQuery = () =>
  queryOptions({
    queryKey: [...purchaseOrdersKey, 'supplier-options'],
    queryFn: () => fetchSupplierOptions(),
  })

export const platformSellersQuery = () =>
  queryOptions({
    queryKey: [...purchaseOrdersKey, 'platform-sellers'],
    queryFn: () => fetchPlatformSellers(),
  })

export const orderableProductsQuery = (supplierId: string, q: string) =>
  queryOptions({
    queryKey: [...purchaseOrdersKey, 'orderable', supplierId, q],
    queryFn: () => fetchOrderableProducts({ data: { supplierId, q } }),
    staleTime: 30_000,
  })

export const supplierQuery = (id: string) =>
  queryOptions({
    queryKey: [...purchaseOrdersKey, 'supplier', id],
    queryFn: () => fetchSupplier({ data: { id } }),
  })

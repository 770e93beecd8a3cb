import { queryOptions } from '@tanstack/react-query'
import type { PurchaseOrderListSearch, SupplierListSearch } from '~/lib/purchase-orders'
import {
  fetchOrderableProducts,
  fetchPlatformSellers,
  fetchPurchaseOrder,
  fetchPurchaseOrderHistory,
  fetchPurchaseOrders,
  fetchSupplierOptions,
  fetchSuppliers,
} from './purchase-orders.functions'

/** Every purchasing query starts with this key: a change invalidates them all. */
export const purchasingKey = ['purchasing'] as const

export const purchaseOrdersQuery = (search: PurchaseOrderListSearch) =>
  queryOptions({
    queryKey: [...purchasingKey, 'orders', search],
    queryFn: () => fetchPurchaseOrders({ data: search }),
  })

export const purchaseOrderQuery = (id: string) =>
  queryOptions({
    queryKey: [...purchasingKey, 'order', id],
    queryFn: () => fetchPurchaseOrder({ data: { id } }),
  })

export const purchaseOrderHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...purchasingKey, 'history', id],
    queryFn: () => fetchPurchaseOrderHistory({ data: { id } }),
  })

export const suppliersQuery = (search: SupplierListSearch) =>
  queryOptions({
    queryKey: [...purchasingKey, 'suppliers', search],
    queryFn: () => fetchSuppliers({ data: search }),
  })

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

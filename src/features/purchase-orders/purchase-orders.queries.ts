import { queryOptions } from '@tanstack/react-query'
import type { PurchaseOrderListSearch, SupplierListSearch } from '~/lib/purchase-orders'
import {
  fetchPurchaseOrder,
  fetchPurchaseOrderHistory,
  fetchPurchaseOrders,
  fetchSuppliers,
} from './purchase-orders.functions'

/** Every purchasing query starts with this key: a change invalidates them all. */
export const purchaseOrdersKey = ['purchase-orders'] as const

export const purchaseOrdersQuery = (search: PurchaseOrderListSearch) =>
  queryOptions({
    queryKey: [...purchaseOrdersKey, 'orders', search],
    queryFn: () => fetchPurchaseOrders({ data: search }),
  })

export const purchaseOrderQuery = (id: string) =>
  queryOptions({
    queryKey: [...purchaseOrdersKey, 'order', id],
    queryFn: () => fetchPurchaseOrder({ data: { id } }),
  })

export const purchaseOrderHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...purchaseOrdersKey, 'history', id],
    queryFn: () => fetchPurchaseOrderHistory({ data: { id } }),
  })

export const suppliersQuery = (search: SupplierListSearch) =>
  queryOptions({
    queryKey: [...purchaseOrdersKey, 'suppliers', search],
    queryFn: () => fetchSuppliers({ data: search }),
  })

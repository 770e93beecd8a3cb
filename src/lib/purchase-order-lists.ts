import { isUuid } from './ids'
import { type ListFilter, listSearchSchema, oneOf } from './list-query'

/**
 * The purchasing lists' search params and the values they filter by. Apart from
 * `purchase-orders.ts` (which re-exports all of this) because list routes parse their search on
 * first paint: a route file's imports load with every page (ADR 012, 013), so this stays small.
 */

export const supplierKinds = ['platform', 'external'] as const
export type SupplierKind = (typeof supplierKinds)[number]

export const purchaseOrderStatuses = [
  'draft',
  'ordered',
  'confirmed',
  'shipped',
  'partially_received',
  'received',
  'cancelled',
] as const
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number]

const organisationParam: ListFilter<string> = (value) => (isUuid(value) ? value : undefined)

export const supplierSortKeys = ['name', 'kind', 'createdAt'] as const
export const supplierListSearch = listSearchSchema({
  sort: supplierSortKeys,
  defaultSort: 'name',
  filters: {
    kind: oneOf(supplierKinds),
    archived: oneOf(['yes'] as const),
    /** The platform admin reads another organisation's suppliers (support). */
    organisation: organisationParam,
  },
})
export type SupplierListSearch = ReturnType<typeof supplierListSearch.parse>

/** Ordered and not yet fully received: goods on their way (the dashboard links here). */
export const arrivingPurchaseOrderStatuses = [
  'ordered',
  'confirmed',
  'shipped',
  'partially_received',
] as const satisfies readonly (typeof purchaseOrderStatuses)[number][]
export const purchaseOrderTodos = ['arriving'] as const
export const purchaseOrderTodoLabels: Record<(typeof purchaseOrderTodos)[number], string> = {
  arriving: 'Unterwegs',
}

export const purchaseOrderSortKeys = ['createdAt', 'number', 'supplier', 'total', 'status'] as const
export const purchaseOrderListSearch = listSearchSchema({
  sort: purchaseOrderSortKeys,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: {
    status: oneOf(purchaseOrderStatuses),
    todo: oneOf(purchaseOrderTodos),
    supplier: organisationParam,
    organisation: organisationParam,
  },
})
export type PurchaseOrderListSearch = ReturnType<typeof purchaseOrderListSearch.parse>

import { createServerFn } from '@tanstack/react-start'
import { purchaseOrderListSearch, supplierListSearch } from '~/lib/purchase-orders'
import {
  getPurchaseOrder,
  listPurchaseOrderHistory,
  listPurchaseOrders,
} from '~/server/purchase-orders/purchase-orders.server'
import { listSuppliers } from '~/server/purchase-orders/suppliers.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, readBy } from '../server-fn/inputs'

/** What the purchasing pages read; their loaders call these. */

export const fetchPurchaseOrders = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(purchaseOrderListSearch.parse))
  .handler(async ({ data, context }) => listPurchaseOrders(context.actor, data, context.db))

export const fetchPurchaseOrder = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getPurchaseOrder(context.actor, data.id, context.db))

export const fetchPurchaseOrderHistory = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    listPurchaseOrderHistory(context.actor, data.id, context.db),
  )

export const fetchSuppliers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(supplierListSearch.parse))
  .handler(async ({ data, context }) => listSuppliers(context.actor, data, context.db))

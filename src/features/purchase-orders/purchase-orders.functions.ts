import { createServerFn } from '@tanstack/react-start'
import { parseIdInput } from '~/lib/ids'
import { purchaseOrderListSearch, supplierListSearch } from '~/lib/purchase-orders'
import { getApp } from '~/server/app.server'
import {
  getPurchaseOrder,
  listPurchaseOrderHistory,
  listPurchaseOrders,
} from '~/server/purchasing/purchase-orders.server'
import { listSuppliers } from '~/server/purchasing/suppliers.server'
import { authenticated } from '../server-fn/auth.middleware'

/** What the purchasing pages read; their loaders call these (zod-free validators). */

export const fetchPurchaseOrders = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(purchaseOrderListSearch.parse)
  .handler(async ({ data, context }) =>
    listPurchaseOrders(context.actor, data, (await getApp()).db),
  )

export const fetchPurchaseOrder = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    getPurchaseOrder(context.actor, data.id, (await getApp()).db),
  )

export const fetchPurchaseOrderHistory = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    listPurchaseOrderHistory(context.actor, data.id, (await getApp()).db),
  )

export const fetchSuppliers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(supplierListSearch.parse)
  .handler(async ({ data, context }) => listSuppliers(context.actor, data, (await getApp()).db))

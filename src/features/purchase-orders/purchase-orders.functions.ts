import { createServerFn } from '@tanstack/react-start'
import { isUuid, parseIdInput } from '~/lib/ids'
import { maxSearchLength } from '~/lib/list-query'
import { purchaseOrderListSearch, supplierListSearch } from '~/lib/purchase-orders'
import { getApp } from '~/server/app.server'
import {
  getPurchaseOrder,
  listPurchaseOrderHistory,
  listPurchaseOrders,
  searchOrderableProducts,
} from '~/server/purchasing/purchase-orders.server'
import {
  getSupplier,
  listPlatformSellers,
  listSupplierOptions,
  listSuppliers,
} from '~/server/purchasing/suppliers.server'
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

export const fetchSupplier = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) => getSupplier(context.actor, data.id, (await getApp()).db))

export const fetchSupplierOptions = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => listSupplierOptions(context.actor, (await getApp()).db))

export const fetchPlatformSellers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => listPlatformSellers(context.actor, (await getApp()).db))

/** The item typeahead of the purchase-order form; a search is cut like a list's. */
export const fetchOrderableProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { supplierId: string; q: string }) => ({
    supplierId: isUuid(input?.supplierId) ? input.supplierId : '',
    q: typeof input?.q === 'string' ? input.q.trim().slice(0, maxSearchLength) : '',
  }))
  .handler(async ({ data, context }) =>
    searchOrderableProducts(context.actor, data.supplierId, data.q, (await getApp()).db),
  )

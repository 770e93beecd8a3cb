import { createServerFn } from '@tanstack/react-start'
import { searchText } from '~/lib/text-schema'
import { searchOrderableProducts } from '~/server/purchase-orders/purchase-orders.server'
import {
  getSupplier,
  listPlatformSellers,
  listSupplierOptions,
} from '~/server/purchase-orders/suppliers.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, inputOf, noInput, recordId } from '../server-fn/inputs'

/**
 * What the purchasing forms read while they are open (never a loader), so it stays out of the
 * first page load.
 */

export const fetchSupplier = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getSupplier(context.actor, data.id, context.db))

export const fetchSupplierOptions = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => listSupplierOptions(context.actor, context.db))

export const fetchPlatformSellers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => listPlatformSellers(context.actor, context.db))

export const fetchOrderableProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(inputOf({ supplierId: recordId, q: searchText }))
  .handler(async ({ data, context }) =>
    searchOrderableProducts(context.actor, data.supplierId, data.q, context.db),
  )

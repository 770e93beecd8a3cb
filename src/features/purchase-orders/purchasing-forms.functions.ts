import { createServerFn } from '@tanstack/react-start'
import { isUuid, parseIdInput } from '~/lib/ids'
import { maxSearchLength } from '~/lib/list-query'
import { getApp } from '~/server/app.server'
import { searchOrderableProducts } from '~/server/purchasing/purchase-orders.server'
import {
  getSupplier,
  listPlatformSellers,
  listSupplierOptions,
} from '~/server/purchasing/suppliers.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * What the purchasing forms read while they are open (never a loader), so it stays out of the
 * first page load.
 */

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

export const fetchOrderableProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { supplierId: string; q: string }) => ({
    supplierId: isUuid(input?.supplierId) ? input.supplierId : '',
    q: typeof input?.q === 'string' ? input.q.trim().slice(0, maxSearchLength) : '',
  }))
  .handler(async ({ data, context }) =>
    searchOrderableProducts(context.actor, data.supplierId, data.q, (await getApp()).db),
  )

import { createServerFn } from '@tanstack/react-start'
import {
  listPickableBatches,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, searchInput } from '../server-fn/inputs'

/**
 * What the order form and the pick dialog read while they are open (never a loader), so it stays
 * out of the first page load.
 */

export const fetchSellableProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(searchInput)
  .handler(async ({ data, context }) => searchSellableProducts(context.actor, data.q, context.db))

export const fetchPickableBatches = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => listPickableBatches(context.actor, data.id, context.db))

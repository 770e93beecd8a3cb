import { createServerFn } from '@tanstack/react-start'
import { parseIdInput } from '~/lib/ids'
import { maxSearchLength } from '~/lib/list-query'
import { getApp } from '~/server/app.server'
import {
  listPickableBatches,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * What the order form and the pick dialog read while they are open (never a loader), so it stays
 * out of the first page load.
 */

const searchText = (input: { q?: unknown } | null | undefined) =>
  typeof input?.q === 'string' ? input.q.trim().slice(0, maxSearchLength) : ''

export const fetchSellableProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { q: string }) => ({ q: searchText(input) }))
  .handler(async ({ data, context }) =>
    searchSellableProducts(context.actor, data.q, (await getApp()).db),
  )

export const fetchPickableBatches = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    listPickableBatches(context.actor, data.id, (await getApp()).db),
  )

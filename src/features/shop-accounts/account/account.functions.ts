import { createServerFn } from '@tanstack/react-start'
import { pageNumberOf } from '~/lib/list-query'
import { getShopOrder, listShopOrders } from '~/server/shop-accounts/shop-account-orders.server'
import {
  getShopAccountOverview,
  getShopProfile,
} from '~/server/shop-accounts/shop-account-profile.server'
import { authenticated } from '../../server-fn/auth.middleware'
import { idInput, inputOf, noInput, passedOn } from '../../server-fn/inputs'

/**
 * What the pages of "Mein Konto" read (their loaders call these; the changes are in
 * account-actions.functions.ts). The services take the actor and refuse anyone but the logged-in
 * shop customer; they parse every input with the shared schemas and answer field messages.
 */

export const fetchAccountOverview = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => getShopAccountOverview(context.actor, context.db))

export const fetchShopOrders = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(
    inputOf({ page: passedOn<number>() }).transform(({ page }) => ({ page: pageNumberOf(page) })),
  )
  .handler(async ({ data, context }) => listShopOrders(context.actor, data.page, context.db))

export const fetchShopOrder = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getShopOrder(context.actor, data.id, context.db))

export const fetchShopProfile = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => getShopProfile(context.actor, context.db))

import { createServerFn } from '@tanstack/react-start'
import { parseIdInput } from '~/lib/ids'
import { parsePageInput } from '~/lib/shop-account'
import { getApp } from '~/server/app.server'
import { accountRequest } from '~/server/shop-accounts/account-request.server'
import {
  cancelShopOrder,
  getShopOrder,
  listShopOrders,
} from '~/server/shop-accounts/shop-account-orders.server'
import {
  changeShopPassword,
  deleteShopAccount,
  getShopAccountOverview,
  getShopProfile,
  updateShopProfile,
} from '~/server/shop-accounts/shop-account-profile.server'
import { requestEmailChange } from '~/server/shop-accounts/shop-accounts.server'
import { authenticated } from '../../server-fn/auth.middleware'

/**
 * The calls of "Mein Konto". The services take the actor and refuse anyone but the logged-in
 * shop customer; they parse every input with the shared schemas and answer field messages.
 */

const raw = <T>(input: T) => input as unknown

export const fetchAccountOverview = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => getShopAccountOverview(context.actor, (await getApp()).db))

export const fetchShopOrders = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parsePageInput)
  .handler(async ({ data, context }) =>
    listShopOrders(context.actor, data.page, (await getApp()).db),
  )

export const fetchShopOrder = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) => getShopOrder(context.actor, data.id, (await getApp()).db))

export const cancelShopOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    cancelShopOrder(context.actor, data.id, (await getApp()).db),
  )

export const fetchShopProfile = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => getShopProfile(context.actor, (await getApp()).db))

export const updateShopProfileFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { name: string; phone: string }) => raw(input))
  .handler(async ({ data, context }) => updateShopProfile(context.actor, data, (await getApp()).db))

export const requestEmailChangeFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { email: string; currentPassword: string }) => raw(input))
  .handler(async ({ data, context }) =>
    requestEmailChange((await getApp()).db, context.actor, await accountRequest(), data),
  )

export const changeShopPasswordFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { currentPassword: string; password: string; repeat: string }) => raw(input))
  .handler(async ({ data, context }) =>
    changeShopPassword(context.actor, data, (await getApp()).db),
  )

export const deleteShopAccountFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .handler(async ({ context }) => deleteShopAccount(context.actor, (await getApp()).db))

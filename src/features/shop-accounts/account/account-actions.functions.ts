import { createServerFn } from '@tanstack/react-start'
import { parseIdInput } from '~/lib/ids'
import { getApp } from '~/server/app.server'
import { accountRequest } from '~/server/shop-accounts/account-request.server'
import { cancelShopOrder } from '~/server/shop-accounts/shop-account-orders.server'
import {
  changeShopPassword,
  deleteShopAccount,
  updateShopProfile,
} from '~/server/shop-accounts/shop-account-profile.server'
import { requestEmailChange } from '~/server/shop-accounts/shop-accounts.server'
import { authenticated } from '../../server-fn/auth.middleware'

/**
 * What the account pages change. Apart from the reads (account.functions.ts) that the routes'
 * loaders import, so that only the pages, loaded with their route, carry these calls.
 */

const raw = <T>(input: T) => input as unknown

export const cancelShopOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    cancelShopOrder(context.actor, data.id, (await getApp()).db),
  )

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

import { createServerFn } from '@tanstack/react-start'
import { accountRequest } from '~/server/shop-accounts/account-request.server'
import {
  cancelShopOrder,
  withdrawShopOrder,
} from '~/server/shop-accounts/shop-account-orders.server'
import {
  changeShopPassword,
  deleteShopAccount,
  updateShopProfile,
} from '~/server/shop-accounts/shop-account-profile.server'
import { requestEmailChange } from '~/server/shop-accounts/shop-accounts.server'
import { authenticated } from '../../server-fn/auth.middleware'
import { idInput, inputOf, noInput, objectInput, passedOn, recordId } from '../../server-fn/inputs'

/**
 * What the account pages change. Apart from the reads (account.functions.ts) that the routes'
 * loaders import, so that only the pages, loaded with their route, carry these calls.
 */

export const cancelShopOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => cancelShopOrder(context.actor, data.id, context.db))

export const updateShopProfileFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<{ name: string; phone: string }>())
  .handler(async ({ data, context }) => updateShopProfile(context.actor, data, context.db))

export const requestEmailChangeFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<{ email: string; currentPassword: string }>())
  .handler(async ({ data, context }) =>
    requestEmailChange(context.db, context.actor, await accountRequest(), data),
  )

export const changeShopPasswordFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<{ currentPassword: string; password: string; repeat: string }>())
  .handler(async ({ data, context }) => changeShopPassword(context.actor, data, context.db))

export const deleteShopAccountFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => deleteShopAccount(context.actor, context.db))

export const withdrawShopOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, withdrawal: passedOn<{ name: string; email: string }>() }))
  .handler(async ({ data, context }) =>
    withdrawShopOrder(context.actor, data.id, data.withdrawal, context.db),
  )

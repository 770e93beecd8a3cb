import { createServerFn } from '@tanstack/react-start'
import type { CheckoutInput } from '~/lib/checkout'
import { getApp } from '~/server/app.server'
import {
  getCheckout,
  getShopOrderConfirmation,
  placeShopOrder,
} from '~/server/shop/checkout.server'
import { authenticated } from '../../server-fn/auth.middleware'
import { idInput, noInput, objectInput } from '../../server-fn/inputs'

/** The checkout's calls: logged-in shop customers of this shop only (the services check). */

export const fetchCheckout = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) =>
    getCheckout({ ...(await getApp()), db: context.db }, context.tenant, context.actor),
  )

export const placeShopOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<CheckoutInput>())
  .handler(async ({ data, context }) =>
    placeShopOrder({ ...(await getApp()), db: context.db }, context.tenant, context.actor, data),
  )

export const fetchShopOrderConfirmation = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    getShopOrderConfirmation(context.db, context.tenant, context.actor, data.id),
  )

import { createServerFn } from '@tanstack/react-start'
import type { CheckoutInput } from '~/lib/checkout'
import { parseIdInput } from '~/lib/ids'
import { getApp } from '~/server/app.server'
import {
  getCheckout,
  getShopOrderConfirmation,
  placeShopOrder,
} from '~/server/shop/checkout.server'
import { authenticated } from '../../server-fn/auth.middleware'

/** The checkout's calls: logged-in shop customers of this shop only (the services check). */

export const fetchCheckout = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => getCheckout(await getApp(), context.tenant, context.actor))

export const placeShopOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: CheckoutInput) => input as unknown)
  .handler(async ({ data, context }) =>
    placeShopOrder(await getApp(), context.tenant, context.actor, data),
  )

export const fetchShopOrderConfirmation = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    getShopOrderConfirmation((await getApp()).db, context.tenant, context.actor, data.id),
  )

import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getApp } from '~/server/app.server'
import { offeredPaymentMethods } from '~/server/payments/mollie-keys.server'
import { cachedAvailableProductsByCategory } from '~/server/shop/catalogue-cache.server'
import { shopOfRequest } from '~/server/shop/shop.server'
import { onShopHost } from '../../server-fn/auth.middleware'
import { noInput } from '../../server-fn/inputs'

/**
 * What the storefront's entry tiles count (the shop's available products per category) and the
 * payment methods it offers now.
 */
export const fetchStorefront = createServerFn({ method: 'GET' })
  .middleware([onShopHost])
  .validator(noInput)
  .handler(async ({ context }) => {
    const app = await getApp()
    const shop = await shopOfRequest(app, getRequest())
    return {
      available: await cachedAvailableProductsByCategory(app.database, shop),
      paymentMethods: await offeredPaymentMethods({ ...app, db: context.db }, shop),
    }
  })

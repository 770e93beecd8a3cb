import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { orderPaymentInput, paymentReturnInput } from '~/lib/payment-inputs'
import { getApp } from '~/server/app.server'
import { startMolliePayment } from '~/server/payments/mollie-payments.server'
import { paymentReturnOf } from '~/server/payments/mollie-return.server'
import { shopOfRequest } from '~/server/shop/shop.server'
import { authenticatedOutsideTransaction } from '../server-fn/auth.middleware'
import { inputOf } from '../server-fn/inputs'

/**
 * Starts (or resumes) the Mollie payment of the caller's shop order; answers the checkout URL to
 * send the browser to. The checkout and `/account/orders` ("Erneut bezahlen") call it too.
 */
export const startOrderPayment = createServerFn({ method: 'POST' })
  .middleware([authenticatedOutsideTransaction])
  .validator(inputOf(orderPaymentInput.shape))
  .handler(async ({ data, context }) => {
    const app = await getApp()
    const shop = await shopOfRequest(app, getRequest())
    return startMolliePayment({ ...app, db: context.db }, shop, context.actor, data.orderId)
  })

/** The return page's state of the caller's order (`?order=<number>`), synced with Mollie. */
export const fetchPaymentReturn = createServerFn({ method: 'GET' })
  .middleware([authenticatedOutsideTransaction])
  .validator(inputOf(paymentReturnInput.shape))
  .handler(async ({ data, context }) => {
    const app = await getApp()
    const shop = await shopOfRequest(app, getRequest())
    return paymentReturnOf({ ...app, db: context.db }, shop, context.actor, data)
  })

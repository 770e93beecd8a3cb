import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { orderPaymentInput, paymentReturnInput } from '~/lib/payment-inputs'
import { getApp } from '~/server/app.server'
import { startMolliePayment } from '~/server/payments/mollie-payments.server'
import { paymentReturnOf } from '~/server/payments/mollie-return.server'
import { shopOfRequest } from '~/server/shop/shop.server'
import { authenticated } from '../server-fn/auth.middleware'
import { inputOf } from '../server-fn/inputs'

/**
 * Starts (or resumes) the Mollie payment of the caller's shop order; answers the checkout URL to
 * send the browser to. The checkout and `/account/orders` ("Erneut bezahlen") call it too.
 */
export const startOrderPayment = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf(orderPaymentInput.shape))
  .handler(async ({ data, context }) => {
    const app = await getApp()
    const request = getRequest()
    return startMolliePayment(app, await shopOfRequest(app, request), context.actor, data.orderId)
  })

/** The return page's state of the caller's order (`?order=<number>`), synced with Mollie. */
export const fetchPaymentReturn = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(inputOf(paymentReturnInput.shape))
  .handler(async ({ data, context }) => {
    const app = await getApp()
    return paymentReturnOf(app, await shopOfRequest(app, getRequest()), context.actor, data)
  })

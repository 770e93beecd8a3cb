import { z } from 'zod'
import { customerOrderNotFoundMessage } from './customer-orders'
import { text } from './text-schema'

/** The inputs of the payment server functions, apart from `payments.ts` that pages import. */

/** The shop order whose (next) Mollie payment the customer starts. */
export const orderPaymentInput = z.object({
  orderId: z.uuid({ error: customerOrderNotFoundMessage }),
})

/** The return page's order, by number (`/confirmation/mollie?order=<number>`). */
export const paymentReturnInput = z.object({
  order: text({
    trim: true,
    required: customerOrderNotFoundMessage,
    max: 40,
    tooLong: customerOrderNotFoundMessage,
  }),
})

import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getApp } from '~/server/app.server'
import { withdrawGuestOrder } from '~/server/customer-orders/customer-order-withdrawals.server'
import { clientIpOf } from '~/server/request-address.server'
import { shopOfRequest } from '~/server/shop/shop.server'
import { optionallyAuthenticated } from '../../server-fn/auth.middleware'
import { requestIdOf } from '../../server-fn/errors.middleware'
import { objectInput } from '../../server-fn/inputs'

/** The shop's public withdrawal function: a guest names the order by number and e-mail. */
export const withdrawGuestOrderFn = createServerFn({ method: 'POST' })
  .middleware([optionallyAuthenticated])
  .validator(objectInput<{ orderNumber: string; name: string; email: string }>())
  .handler(async ({ data, context }) => {
    const app = await getApp()
    const request = getRequest()
    const shop = await shopOfRequest(app, request)
    return withdrawGuestOrder(context.db, shop, data, {
      ip: clientIpOf(request),
      requestId: requestIdOf(context),
    })
  })

import { createFileRoute } from '@tanstack/react-router'
import { actorFromAccessToken } from '~/server/actor.server'
import { getApp } from '~/server/app.server'
import { bearerToken } from '~/server/auth.server'
import { storedFileResponse } from '~/server/files/file-http.server'
import { apiHandlers, requestHost } from '~/server/http.server'
import { openShopInvoice } from '~/server/shop-accounts/shop-account-orders.server'

/**
 * The PDF of the invoice of a shop customer's own order, once one is issued: the bytes frozen at
 * issue. Another customer's order, or one without an invoice, is 404.
 */
export const Route = createFileRoute('/api/shop_users/orders/$id/invoice')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, params, context }) => {
        const app = await getApp()
        const { actor } = await actorFromAccessToken(app, bearerToken(request), {
          host: requestHost(request),
          requestId: context.requestId,
        })
        const { file } = await openShopInvoice(actor, params.id ?? '', app.db)
        return storedFileResponse(request, file)
      },
    }),
  },
})

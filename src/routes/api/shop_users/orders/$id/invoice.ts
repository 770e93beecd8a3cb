import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { storedFileResponse } from '~/server/files/file-http.server'
import { actorOfRequest } from '~/server/request-actor.server'
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
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const { file } = await openShopInvoice(actor, params.id ?? '', db)
        return storedFileResponse(request, file)
      },
    }),
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { readableShopAccountExport } from '~/lib/data-export'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { jsonResponse } from '~/server/http.server'
import { actorOfRequest } from '~/server/request-actor.server'
import { exportShopAccount } from '~/server/shop-accounts/shop-account-profile.server'

/**
 * The shop customer's data export (Art. 15, 20 DSGVO) as a JSON download: account, consent,
 * addresses and orders with their items, under German keys with readable values. Bearer token of a shop customer of this host only.
 */
export const Route = createFileRoute('/api/shop_users/export')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const data = await exportShopAccount(actor, db)
        const day = data.exportedAt.slice(0, 10)
        return jsonResponse(readableShopAccountExport(data), {
          headers: {
            'content-disposition': `attachment; filename="kundenkonto-${day}.json"`,
          },
        })
      },
    }),
  },
})

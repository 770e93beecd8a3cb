import { createFileRoute } from '@tanstack/react-router'
import { scopeOfActor } from '~/server/actor.server'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { storedFileResponse } from '~/server/files/file-http.server'
import { openShopPackPhoto } from '~/server/shop/pack-photos.server'
import { shopOfRequest } from '~/server/shop/shop.server'

/** A pack photo's small rendition for the shop's pages: only of products this shop lists. */
export const Route = createFileRoute('/api/shop/pack-photos/$id')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, params }) => {
        const app = await getApp()
        const shop = await shopOfRequest(app, request)
        const file = await openShopPackPhoto(
          app.database.scoped(scopeOfActor(null, shop)),
          shop,
          params.id ?? '',
        )
        return storedFileResponse(request, file)
      },
    }),
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { actorFromAccessToken } from '~/server/actor.server'
import { getApp } from '~/server/app.server'
import { bearerToken } from '~/server/auth.server'
import { readUploadedFile } from '~/server/files/file-http.server'
import { storeFile } from '~/server/files/file-store.server'
import { apiHandlers, jsonResponse, requestHost } from '~/server/http.server'

/** Uploads a master product's picture (platform admins): multipart field `file`, answers `{ id }`. */
export const Route = createFileRoute('/api/files/product-images')({
  server: {
    handlers: apiHandlers(
      {
        POST: async ({ request, context }) => {
          const app = await getApp()
          const { actor } = await actorFromAccessToken(app, bearerToken(request), {
            host: requestHost(request),
            requestId: context.requestId,
          })
          const upload = await readUploadedFile(request)
          const file = await storeFile(actor, 'product_image', upload, app.db)
          return jsonResponse({ id: file.id }, { status: 201 })
        },
      },
      { body: 'multipart' },
    ),
  },
})

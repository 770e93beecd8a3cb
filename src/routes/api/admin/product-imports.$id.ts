import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { jsonResponse } from '~/server/http.server'
import { getProductImport } from '~/server/products/product-imports.server'
import { actorOfRequest } from '~/server/request-actor.server'

/** An import's state: mapping, counts of the preview, progress of the run (platform admins). */
export const Route = createFileRoute('/api/admin/product-imports/$id')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, params, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        return jsonResponse(await getProductImport(actor, params.id ?? '', db))
      },
    }),
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { jsonResponse } from '~/server/http.server'
import { confirmProductImport, importFailureLogger } from '~/server/products/product-imports.server'
import { actorOfRequest } from '~/server/request-actor.server'

/**
 * Starts writing an import's valid rows and answers at once (202); its progress is read with
 * `GET /api/admin/product-imports/{id}`. A second confirm starts nothing (`started: false`).
 */
export const Route = createFileRoute('/api/admin/product-imports/$id/confirm')({
  server: {
    handlers: apiHandlers({
      POST: async ({ request, params, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const { started } = await confirmProductImport(actor, params.id ?? '', db, {
          onFailure: importFailureLogger(app.logger, context.requestId, params.id ?? ''),
        })
        return jsonResponse({ started }, { status: 202 })
      },
    }),
  },
})

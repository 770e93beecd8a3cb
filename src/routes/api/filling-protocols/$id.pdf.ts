import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { fillingProtocolPdf } from '~/server/filling-protocols/filling-protocol-pdf.server'
import { downloadHeaders } from '~/server/http.server'
import { actorOfRequest } from '~/server/request-actor.server'

/**
 * A filling protocol as PDF (`/api/filling-protocols/<id>/pdf`): owner or staff of the
 * organisation that filled, bearer token. Not yet confirmed, it carries a watermark.
 */
export const Route = createFileRoute('/api/filling-protocols/$id/pdf')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, params, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const file = await fillingProtocolPdf(actor, params.id ?? '', db)
        return new Response(new Uint8Array(file.bytes), {
          headers: downloadHeaders(file.fileName, 'application/pdf'),
        })
      },
    }),
  },
})

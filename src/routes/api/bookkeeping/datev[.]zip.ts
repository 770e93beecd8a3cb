import { Readable } from 'node:stream'
import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { datevExportZip } from '~/server/bookkeeping/bookkeeping.server'
import { downloadHeaders } from '~/server/http.server'
import { actorOfRequest } from '~/server/request-actor.server'

/**
 * The DATEV Buchungsstapel of a period with the invoices' and credit notes' PDFs as a ZIP
 * (`?from=…&to=…`), streamed as it is written: the organisation's owner, bearer token (ADR 072).
 */
export const Route = createFileRoute('/api/bookkeeping/datev.zip')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const period = Object.fromEntries(new URL(request.url).searchParams)
        const file = await datevExportZip(actor, period, db)
        return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
          headers: downloadHeaders(file.fileName, 'application/zip'),
        })
      },
    }),
  },
})

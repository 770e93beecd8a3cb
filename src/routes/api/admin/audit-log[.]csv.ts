import { createFileRoute } from '@tanstack/react-router'
import { parseAuditLogSearch } from '~/lib/audit-log-lists'
import { exportAuditEvents } from '~/server/admin/audit-log.server'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { downloadHeaders } from '~/server/http.server'
import { actorOfRequest } from '~/server/request-actor.server'

/** Hands out text pieces as UTF-8 bytes while the client reads them. */
function byteStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const pieces = chunks[Symbol.asyncIterator]()
  const encoder = new TextEncoder()
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await pieces.next()
      if (done) controller.close()
      else controller.enqueue(encoder.encode(value))
    },
    async cancel() {
      await pieces.return?.()
    },
  })
}

/**
 * The platform admin's audit log as CSV, with the filters of `/admin/audit` as query params
 * (`organisation`, `actor`, `action`, `entity`, `entityId`, `from`, `to`). Bearer token of a
 * platform admin; more than 50,000 matching rows are refused with 400 before the file starts.
 * ADR 042.
 */
export const Route = createFileRoute('/api/admin/audit-log.csv')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const search = parseAuditLogSearch(Object.fromEntries(new URL(request.url).searchParams))
        const file = await exportAuditEvents(actor, search, db)
        return new Response(byteStream(file.chunks), {
          headers: downloadHeaders(file.fileName, 'text/csv; charset=utf-8'),
        })
      },
    }),
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { datevExportCsv } from '~/server/bookkeeping/bookkeeping.server'
import { downloadHeaders } from '~/server/http.server'
import { actorOfRequest } from '~/server/request-actor.server'

/**
 * The DATEV Buchungsstapel of a period (`?from=2026-01-01&to=2026-01-31`), Windows-1252: the
 * organisation's owner, bearer token (ADR 072).
 */
export const Route = createFileRoute('/api/bookkeeping/datev.csv')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const period = Object.fromEntries(new URL(request.url).searchParams)
        const file = await datevExportCsv(actor, period, db)
        return new Response(new Uint8Array(file.bytes), {
          headers: downloadHeaders(file.fileName, 'text/csv; charset=windows-1252'),
        })
      },
    }),
  },
})

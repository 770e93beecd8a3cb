import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { parseInput } from '~/server/errors.server'
import {
  annualHandoutReportCsv,
  annualHandoutReportPdf,
} from '~/server/handouts/handout-report.server'
import { actorOfRequest } from '~/server/request-actor.server'

const query = z.object({
  year: z.coerce.number({ error: 'Bitte gib ein Kalenderjahr an.' }).int(),
  format: z.enum(['csv', 'pdf'], { error: 'Das Format ist csv oder pdf.' }),
})

const download = (fileName: string, contentType: string) => ({
  'content-type': contentType,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
})

/**
 * A club's annual report of hand-outs (`?year=2026&format=csv|pdf`): the club's owner or staff,
 * bearer token. Per variety grams and average THC/CBD, with the number of members.
 */
export const Route = createFileRoute('/api/abgabe/jahresbericht')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const { year, format } = parseInput(
          query,
          Object.fromEntries(new URL(request.url).searchParams),
        )
        if (format === 'csv') {
          const file = await annualHandoutReportCsv(actor, year, db)
          return new Response(file.content, {
            headers: download(file.fileName, 'text/csv; charset=utf-8'),
          })
        }
        const file = await annualHandoutReportPdf(actor, year, db)
        return new Response(new Uint8Array(file.bytes), {
          headers: download(file.fileName, 'application/pdf'),
        })
      },
    }),
  },
})

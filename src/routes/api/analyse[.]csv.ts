import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { analysisChartKeys } from '~/lib/analysis'
import { maxAnalysisProducts } from '~/lib/analysis-search'
import { isCalendarDay } from '~/lib/format'
import { productCategories } from '~/lib/product-lists'
import { analysisChartCsv } from '~/server/analysis/analysis.server'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { parseInput } from '~/server/errors.server'
import { actorOfRequest } from '~/server/request-actor.server'

const day = z.string().refine(isCalendarDay, 'Bitte gib Tage als JJJJ-MM-TT an.')

const query = z.object({
  chart: z.enum(analysisChartKeys, { error: 'Diese Auswertung gibt es nicht.' }),
  from: day.optional(),
  to: day.optional(),
  category: z
    .enum(productCategories, { error: 'Diese Produktkategorie gibt es nicht.' })
    .optional(),
  organisation: z.uuid({ error: 'Diese Organisation gibt es nicht.' }).optional(),
  products: z
    .array(z.uuid({ error: 'Dieses Produkt gibt es nicht.' }))
    .max(maxAnalysisProducts, `Bitte wähle höchstens ${maxAnalysisProducts} Produkte.`)
    .optional(),
})

/**
 * One chart of `/analyse` as CSV (`?chart=revenue&from=…&to=…&category=…&organisation=…`, and
 * `&product=…` once per chosen product): the organisation's owner or the platform admin, bearer
 * token. The same rows as the chart's table.
 */
export const Route = createFileRoute('/api/analyse.csv')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const params = new URL(request.url).searchParams
        const products = params.getAll('product')
        params.delete('product')
        const { chart, ...search } = parseInput(query, {
          ...Object.fromEntries(params),
          ...(products.length > 0 && { products }),
        })
        const file = await analysisChartCsv(actor, chart, search, db)
        return new Response(file.content, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${file.fileName}"`,
            'cache-control': 'private, no-store',
            'x-content-type-options': 'nosniff',
          },
        })
      },
    }),
  },
})

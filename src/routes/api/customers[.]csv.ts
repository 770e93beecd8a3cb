import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { customerKinds } from '~/lib/customer-enums'
import {
  customerActiveFilters,
  customerLicenceFilters,
  customerListSearch,
  customerSortKeys,
} from '~/lib/customer-lists'
import { maxSearchLength } from '~/lib/list-query'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { customerListCsv } from '~/server/customers/customer-list-export.server'
import { parseInput } from '~/server/errors.server'
import { downloadHeaders } from '~/server/http.server'
import { actorOfRequest } from '~/server/request-actor.server'

/**
 * The list's search params, checked: a filter the list would quietly drop must not widen an
 * export of personal data, so a wrong one is a 400 here.
 */
const query = z.object({
  q: z.string().max(maxSearchLength, 'Der Suchtext ist zu lang.').optional(),
  kind: z.enum(customerKinds, { error: 'Diese Kundenart gibt es nicht.' }).optional(),
  active: z.enum(customerActiveFilters, { error: 'Diesen Status gibt es nicht.' }).optional(),
  licence: z
    .enum(customerLicenceFilters, { error: 'Diesen Erlaubnis-Filter gibt es nicht.' })
    .optional(),
  sort: z
    .enum(customerSortKeys, { error: 'Nach dieser Spalte lässt sich nicht sortieren.' })
    .optional(),
  dir: z.enum(['asc', 'desc'], { error: 'Bitte sortiere auf- oder absteigend.' }).optional(),
})

/**
 * The customer list as CSV (`?q=…&kind=…&active=…&licence=…&sort=…&dir=…`, the list's own search
 * params): owner or staff of the organisation, bearer token. Every matching customer, not a page.
 */
export const Route = createFileRoute('/api/customers.csv')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, context }) => {
        const app = await getApp()
        const { actor, db } = await actorOfRequest(app, request, context.requestId)
        const search = parseInput(query, Object.fromEntries(new URL(request.url).searchParams))
        const file = await customerListCsv(actor, customerListSearch.parse(search), db)
        return new Response(file.content, {
          headers: downloadHeaders(file.fileName, 'text/csv; charset=utf-8'),
        })
      },
    }),
  },
})

import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { analysisSearch } from '~/lib/analysis-search'
import { productCategories } from '~/lib/product-lists'
import { searchText } from '~/lib/text-schema'
import { getAnalysis, searchAnalysisProducts } from '~/server/analysis/analysis.server'
import { authenticated } from '../server-fn/auth.middleware'
import { inputOf, readBy } from '../server-fn/inputs'

/** `/analyse`'s charts for the search's period and category. */
export const fetchAnalysis = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(analysisSearch.parse))
  .handler(async ({ data, context }) => getAnalysis(context.actor, data, context.db))

/** The product picker's search: the organisation's products (the admin's chosen one's). */
export const fetchAnalysisProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(
    inputOf({
      q: searchText,
      organisation: z.uuid({ error: 'Diese Organisation gibt es nicht.' }).optional(),
      category: z
        .enum(productCategories, { error: 'Diese Produktkategorie gibt es nicht.' })
        .optional(),
    }),
  )
  .handler(async ({ data, context }) => searchAnalysisProducts(context.actor, data, context.db))

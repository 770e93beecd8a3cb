import { createServerFn } from '@tanstack/react-start'
import { analysisSearch } from '~/lib/analysis-search'
import { getAnalysis } from '~/server/analysis/analysis.server'
import { authenticated } from '../server-fn/auth.middleware'
import { readBy } from '../server-fn/inputs'

/** `/analyse`'s charts for the search's period and category. */
export const fetchAnalysis = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(analysisSearch.parse))
  .handler(async ({ data, context }) => getAnalysis(context.actor, data, context.db))

import type { SearchSchemaInput } from '@tanstack/react-router'
import { isCalendarDay } from './format'
import { isUuid } from './ids'
import { type ProductCategory, productCategories } from './product-lists'

/**
 * The search params of `/analyse`: the period, a product category and, for the platform admin,
 * the organisation. Apart from `analysis.ts` because the route parses its search on first paint
 * (ADR 012, 013): zod-free, it keeps only values of the right shape (real days). Whether a period
 * makes sense (start before end, not too long) the service checks and answers in German.
 */

export interface AnalysisSearch {
  /** First and last calendar day in Berlin, `YYYY-MM-DD`, both included. */
  from?: string
  to?: string
  category?: ProductCategory
  /** The admin's choice; owners see their own organisation. */
  organisation?: string
}

/** A broken or outdated link shows the default view: values of the wrong shape are left out. */
export function parseAnalysisSearch(input: AnalysisSearch): AnalysisSearch {
  const search = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >
  const parsed: AnalysisSearch = {}
  for (const key of ['from', 'to'] as const) {
    const value = search[key]
    if (typeof value === 'string' && isCalendarDay(value)) parsed[key] = value
  }
  if (productCategories.includes(search.category as ProductCategory)) {
    parsed.category = search.category as ProductCategory
  }
  if (isUuid(search.organisation)) parsed.organisation = search.organisation
  return parsed
}

export const analysisSearch = {
  /** The server function's validator. */
  parse: parseAnalysisSearch,
  /** The route's `validateSearch`. */
  validateSearch: (search: AnalysisSearch & SearchSchemaInput): AnalysisSearch =>
    parseAnalysisSearch(search),
}

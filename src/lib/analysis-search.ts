import type { SearchSchemaInput } from '@tanstack/react-router'
import { isCalendarDay } from './format'
import { isUuid } from './ids'
import { type ProductCategory, productCategories } from './product-lists'

/** How many products the analysis can be narrowed to at once. */
export const maxAnalysisProducts = 10

/**
 * The search params of `/analyse`: the period, a product category, the products and, for the
 * platform admin, the organisation. Apart from `analysis.ts` because the route parses its search on first paint
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
  /** The organisation's products (listing ids) the figures are narrowed to; none: all. */
  products?: string[]
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
  // One product may come as a plain value (`?products=…` typed by hand or from a form).
  const products = [search.products].flat().filter(isUuid)
  if (products.length > 0) parsed.products = [...new Set(products)].slice(0, maxAnalysisProducts)
  return parsed
}

export const analysisSearch = {
  /** The server function's validator. */
  parse: parseAnalysisSearch,
  /** The route's `validateSearch`. */
  validateSearch: (search: AnalysisSearch & SearchSchemaInput): AnalysisSearch =>
    parseAnalysisSearch(search),
}

import { queryOptions } from '@tanstack/react-query'
import type { AnalysisSearch } from '~/lib/analysis-search'
import type { ProductCategory } from '~/lib/product-lists'
import { fetchAnalysis, fetchAnalysisProducts } from './analysis.functions'

export const analysisQuery = (search: AnalysisSearch) =>
  queryOptions({
    queryKey: ['analysis', search],
    queryFn: () => fetchAnalysis({ data: search }),
  })

/** The picker's matches among the organisation's products, of the category chosen. */
export const analysisProductsQuery =
  (scope: { organisation?: string; category?: ProductCategory }) => (q: string) =>
    queryOptions({
      queryKey: ['analysis', 'products', scope, q],
      queryFn: () => fetchAnalysisProducts({ data: { q, ...scope } }),
      staleTime: 10_000,
    })

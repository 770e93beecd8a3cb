import { queryOptions } from '@tanstack/react-query'
import type { AnalysisSearch } from '~/lib/analysis-search'
import { fetchAnalysis } from './analysis.functions'

export const analysisQuery = (search: AnalysisSearch) =>
  queryOptions({
    queryKey: ['analysis', search],
    queryFn: () => fetchAnalysis({ data: search }),
  })

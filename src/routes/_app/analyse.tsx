import { createFileRoute } from '@tanstack/react-router'
import { AnalysisPage } from '~/features/analysis/AnalysisPage'
import { analysisQuery } from '~/features/analysis/analysis.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { analysisSearch } from '~/lib/analysis-search'

export const Route = createFileRoute('/_app/analyse')({
  validateSearch: analysisSearch.validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(analysisQuery(deps)),
  head: areaHead('analyse'),
  component: AnalysisPage,
})

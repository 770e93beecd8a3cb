import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { HandoutsPage } from '~/features/handouts/HandoutsPage'
import { handoutsQuery } from '~/features/handouts/handouts.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { handoutListSearch } from '~/lib/handout-lists'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/abgabe/')({
  validateSearch: handoutListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(handoutListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(handoutsQuery(deps)),
  head: areaHead('handouts'),
  component: HandoutsPage,
})

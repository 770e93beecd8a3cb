import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { HandOutsPage } from '~/features/handouts/HandOutsPage'
import { handOutsQuery } from '~/features/handouts/handouts.queries'
import { areaHead } from '~/features/shell/page-head'
import { handOutListSearch } from '~/lib/handout-lists'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/abgabe/')({
  validateSearch: handOutListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(handOutListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(handOutsQuery(deps)),
  head: areaHead('handOuts'),
  component: HandOutsPage,
})

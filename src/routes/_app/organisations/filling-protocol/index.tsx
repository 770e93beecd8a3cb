import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { FillingProtocolsPage } from '~/features/filling-protocols/FillingProtocolsPage'
import { fillingProtocolsQuery } from '~/features/filling-protocols/filling-protocols.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { fillingProtocolListSearch } from '~/lib/filling-protocol-lists'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/organisations/filling-protocol/')({
  validateSearch: fillingProtocolListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(fillingProtocolListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(fillingProtocolsQuery(deps)),
  head: areaHead('fillingProtocols'),
  component: FillingProtocolsPage,
})

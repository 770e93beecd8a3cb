import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { organisationsQuery } from '~/features/admin/admin.queries'
import { OrganisationsPage } from '~/features/admin/OrganisationsPage'
import { areaHead } from '~/features/shell/back-office-head'
import { organisationListSearch } from '~/lib/admin'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/admin/')({
  validateSearch: organisationListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(organisationListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(organisationsQuery(deps)),
  head: areaHead('admin'),
  component: OrganisationsPage,
})

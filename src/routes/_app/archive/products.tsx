import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { ArchivedProductsPage } from '~/features/products/ArchivedProductsPage'
import { archivedOrganisationProductsQuery } from '~/features/products/products.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { listSearchDefaults } from '~/lib/list-query'
import { organisationProductListSearch } from '~/lib/product-lists'

export const Route = createFileRoute('/_app/archive/products')({
  validateSearch: organisationProductListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(organisationProductListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(archivedOrganisationProductsQuery(deps)),
  head: areaHead('archivedProducts'),
  component: ArchivedProductsPage,
})

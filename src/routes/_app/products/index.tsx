import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { OrganisationProductsPage } from '~/features/products/OrganisationProductsPage'
import { organisationProductsQuery } from '~/features/products/products.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { listSearchDefaults } from '~/lib/list-query'
import { organisationProductListSearch } from '~/lib/product-lists'

export const Route = createFileRoute('/_app/products/')({
  validateSearch: organisationProductListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(organisationProductListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(organisationProductsQuery(deps)),
  head: areaHead('products'),
  component: OrganisationProductsPage,
})

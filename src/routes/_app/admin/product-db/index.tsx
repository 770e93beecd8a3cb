import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { MasterProductsPage } from '~/features/master-products/MasterProductsPage'
import {
  manufacturersQuery,
  masterProductsQuery,
} from '~/features/master-products/master-products.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { listSearchDefaults } from '~/lib/list-query'
import { masterProductListSearch } from '~/lib/product-lists'

export const Route = createFileRoute('/_app/admin/product-db/')({
  validateSearch: masterProductListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(masterProductListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(masterProductsQuery(deps)),
      context.queryClient.ensureQueryData(manufacturersQuery()),
    ])
  },
  head: areaHead('masterProducts'),
  component: MasterProductsPage,
})

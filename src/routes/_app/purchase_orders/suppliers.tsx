import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { suppliersQuery } from '~/features/purchase-orders/purchase-orders.queries'
import { SuppliersPage } from '~/features/purchase-orders/SuppliersPage'
import { areaHead } from '~/features/shell/back-office-head'
import { listSearchDefaults } from '~/lib/list-query'
import { supplierListSearch } from '~/lib/purchase-order-lists'

export const Route = createFileRoute('/_app/purchase_orders/suppliers')({
  validateSearch: supplierListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(supplierListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(suppliersQuery(deps)),
  head: areaHead('suppliers'),
  component: SuppliersPage,
})

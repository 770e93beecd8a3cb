import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { PurchaseOrdersPage } from '~/features/purchase-orders/PurchaseOrdersPage'
import { purchaseOrdersQuery } from '~/features/purchase-orders/purchase-orders.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { listSearchDefaults } from '~/lib/list-query'
import { purchaseOrderListSearch } from '~/lib/purchase-order-lists'

export const Route = createFileRoute('/_app/purchase_orders/')({
  validateSearch: purchaseOrderListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(purchaseOrderListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(purchaseOrdersQuery(deps)),
  head: areaHead('purchaseOrders'),
  component: PurchaseOrdersPage,
})

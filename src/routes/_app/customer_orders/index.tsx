import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { CustomerOrdersPage } from '~/features/customer-orders/CustomerOrdersPage'
import { customerOrdersQuery } from '~/features/customer-orders/customer-orders.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { customerOrderListSearch } from '~/lib/customer-order-lists'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/customer_orders/')({
  validateSearch: customerOrderListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(customerOrderListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(customerOrdersQuery(deps)),
  head: areaHead('customerOrders'),
  component: CustomerOrdersPage,
})

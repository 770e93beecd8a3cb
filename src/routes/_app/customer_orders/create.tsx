import { createFileRoute } from '@tanstack/react-router'
import { CustomerOrderCreatePage } from '~/features/customer-orders/CustomerOrderCreatePage'
import { areaHead } from '~/features/shell/back-office-head'

export const Route = createFileRoute('/_app/customer_orders/create')({
  head: areaHead('customerOrderCreate'),
  component: CustomerOrderCreatePage,
})

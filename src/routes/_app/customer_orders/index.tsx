import { createFileRoute } from '@tanstack/react-router'
import { AreaPage } from '~/features/shell/AreaPage'
import { areaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/customer_orders/')({
  head: areaHead('customerOrders'),
  component: () => <AreaPage area="customerOrders" />,
})

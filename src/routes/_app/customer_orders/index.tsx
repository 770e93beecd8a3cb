import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/customer_orders/')({
  head: areaHead('customerOrders'),
  component: () => <AreaPage area="customerOrders" />,
})

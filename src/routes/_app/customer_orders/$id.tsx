import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/customer_orders/$id')({
  head: areaHead('customerOrder'),
  component: () => <AreaPage area="customerOrder" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/account/orders')({
  head: shopAreaHead('accountOrders'),
  component: () => <AreaPage area="accountOrders" />,
})

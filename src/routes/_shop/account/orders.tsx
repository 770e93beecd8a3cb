import { createFileRoute } from '@tanstack/react-router'
import { AreaPage } from '~/features/shell/AreaPage'
import { shopAreaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_shop/account/orders')({
  head: shopAreaHead('accountOrders'),
  component: () => <AreaPage area="accountOrders" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { AreaPage } from '~/features/shell/AreaPage'
import { shopAreaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_shop/checkout')({
  beforeLoad: shopCustomersOnly,
  head: shopAreaHead('checkout'),
  component: () => <AreaPage area="checkout" />,
})

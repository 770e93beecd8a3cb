import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/checkout')({
  head: shopAreaHead('checkout'),
  component: () => <AreaPage area="checkout" />,
})

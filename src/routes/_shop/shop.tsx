import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/shop')({
  head: shopAreaHead('shop'),
  component: () => <AreaPage area="shop" />,
})

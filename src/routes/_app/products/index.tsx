import { createFileRoute } from '@tanstack/react-router'
import { AreaPage } from '~/features/shell/AreaPage'
import { areaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/products/')({
  head: areaHead('products'),
  component: () => <AreaPage area="products" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/admin/product-db/')({
  head: areaHead('productDb'),
  component: () => <AreaPage area="productDb" />,
})

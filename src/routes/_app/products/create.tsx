import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/products/create')({
  head: areaHead('productCreate'),
  component: () => <AreaPage area="productCreate" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/products/$id/edit')({
  head: areaHead('productEdit'),
  component: () => <AreaPage area="productEdit" />,
})

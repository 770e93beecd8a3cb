import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/admin/product-db/$id/edit')({
  head: areaHead('productDbEdit'),
  component: () => <AreaPage area="productDbEdit" />,
})

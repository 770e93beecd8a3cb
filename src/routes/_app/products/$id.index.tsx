import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/products/$id/')({
  head: areaHead('product'),
  component: () => <AreaPage area="product" />,
})

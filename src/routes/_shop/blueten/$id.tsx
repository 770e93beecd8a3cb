import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/blueten/$id')({
  head: shopAreaHead('flower'),
  component: () => <AreaPage area="flower" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/blueten/')({
  head: shopAreaHead('flowers'),
  component: () => <AreaPage area="flowers" />,
})

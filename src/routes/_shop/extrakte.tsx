import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/extrakte')({
  head: shopAreaHead('extracts'),
  component: () => <AreaPage area="extracts" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { AreaPage } from '~/features/shell/AreaPage'
import { areaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/purchase_orders/$id/edit')({
  head: areaHead('purchaseOrderEdit'),
  component: () => <AreaPage area="purchaseOrderEdit" />,
})

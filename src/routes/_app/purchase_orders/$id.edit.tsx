import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/purchase_orders/$id/edit')({
  head: areaHead('purchaseOrderEdit'),
  component: () => <AreaPage area="purchaseOrderEdit" />,
})

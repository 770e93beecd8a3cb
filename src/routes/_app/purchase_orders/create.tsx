import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/purchase_orders/create')({
  head: areaHead('purchaseOrderCreate'),
  component: () => <AreaPage area="purchaseOrderCreate" />,
})

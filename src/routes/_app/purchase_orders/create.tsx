import { createFileRoute } from '@tanstack/react-router'
import { AreaPage } from '~/features/shell/AreaPage'
import { areaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/purchase_orders/create')({
  head: areaHead('purchaseOrderCreate'),
  component: () => <AreaPage area="purchaseOrderCreate" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PurchaseOrderCreatePage } from '~/features/purchase-orders/PurchaseOrderCreatePage'
import { areaHead } from '~/features/shell/back-office-head'

export const Route = createFileRoute('/_app/purchase_orders/create')({
  head: areaHead('purchaseOrderCreate'),
  component: PurchaseOrderCreatePage,
})

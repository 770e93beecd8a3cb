import { createFileRoute } from '@tanstack/react-router'
import { PurchaseOrderCreatePage } from '~/features/purchase-orders/PurchaseOrderPages'
import { supplierOptionsQuery } from '~/features/purchase-orders/purchase-orders.queries'
import { areaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/purchase_orders/create')({
  loader: ({ context }) => context.queryClient.ensureQueryData(supplierOptionsQuery()),
  head: areaHead('purchaseOrderCreate'),
  component: PurchaseOrderCreatePage,
})

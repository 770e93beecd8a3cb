import { createFileRoute, notFound } from '@tanstack/react-router'
import { PurchaseOrderReceiptPage } from '~/features/purchase-orders/PurchaseOrderReceiptPage'
import { purchaseOrderQuery } from '~/features/purchase-orders/purchase-orders.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/purchase_orders/$id/receipt')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.fetchQuery({ ...purchaseOrderQuery(params.id), staleTime: 0 })
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('purchaseOrderReceipt'),
  component: PurchaseOrderReceiptPage,
})

import { createFileRoute, notFound } from '@tanstack/react-router'
import { PurchaseOrderEditPage } from '~/features/purchase-orders/PurchaseOrderEditPage'
import {
  purchaseOrderHistoryQuery,
  purchaseOrderQuery,
} from '~/features/purchase-orders/purchase-orders.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/purchase_orders/$id/edit')({
  // Always the current revision: a draft saves against it, an action checks it.
  loader: async ({ context, params }) => {
    try {
      await Promise.all([
        context.queryClient.fetchQuery({ ...purchaseOrderQuery(params.id), staleTime: 0 }),
        context.queryClient.fetchQuery({ ...purchaseOrderHistoryQuery(params.id), staleTime: 0 }),
      ])
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('purchaseOrderEdit'),
  component: PurchaseOrderEditPage,
})

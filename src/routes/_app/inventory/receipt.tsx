import { createFileRoute } from '@tanstack/react-router'
import { receiptFormContextQuery } from '~/features/inventory/inventory.queries'
import { ReceiptPage } from '~/features/inventory/ReceiptPage'
import { areaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/inventory/receipt')({
  loader: ({ context }) => context.queryClient.ensureQueryData(receiptFormContextQuery()),
  head: areaHead('goodsReceipt'),
  component: ReceiptPage,
})

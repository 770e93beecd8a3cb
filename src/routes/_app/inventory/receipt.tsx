import { createFileRoute } from '@tanstack/react-router'
import { receiptFormContextQuery } from '~/features/inventory/inventory.queries'
import { ReceiptPage } from '~/features/inventory/ReceiptPage'
import { areaTitles, pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/inventory/receipt')({
  loader: ({ context }) => context.queryClient.ensureQueryData(receiptFormContextQuery()),
  // A club records its harvest here instead of receiving goods (KCanG).
  head: ({ loaderData }) =>
    pageHead(loaderData?.harvest ? areaTitles.harvest : areaTitles.goodsReceipt),
  component: ReceiptPage,
})

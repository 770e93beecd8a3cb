import { createFileRoute } from '@tanstack/react-router'
import { areaTitles } from '~/features/shell/back-office-head'
import { pageHead } from '~/features/shell/page-head'
import { ReceiptPage } from '~/features/stock/ReceiptPage'
import { receiptFormContextQuery } from '~/features/stock/stock.queries'

export const Route = createFileRoute('/_app/inventory/receipt')({
  loader: ({ context }) => context.queryClient.ensureQueryData(receiptFormContextQuery()),
  // A club records its harvest here instead of receiving goods (KCanG).
  head: ({ loaderData }) =>
    pageHead(loaderData?.harvest ? areaTitles.harvest : areaTitles.goodsReceipt),
  component: ReceiptPage,
})

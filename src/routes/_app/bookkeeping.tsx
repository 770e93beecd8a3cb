import { createFileRoute } from '@tanstack/react-router'
import { BookkeepingPage } from '~/features/bookkeeping/BookkeepingPage'
import { bookkeepingSettingsQuery } from '~/features/bookkeeping/bookkeeping.queries'
import { areaHead } from '~/features/shell/back-office-head'

export const Route = createFileRoute('/_app/bookkeeping')({
  loader: ({ context }) => context.queryClient.ensureQueryData(bookkeepingSettingsQuery()),
  head: areaHead('bookkeeping'),
  component: BookkeepingPage,
})

import { createFileRoute } from '@tanstack/react-router'
import { HandoutRecordPage } from '~/features/handouts/HandoutRecordPage'
import { loadHandout } from '~/features/handouts/handouts.queries'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_empty/abgabe/$id')({
  // Always the current state: the record may have been cancelled at another counter.
  loader: async ({ context, params }) => (await loadHandout(context.queryClient, params.id)).number,
  head: ({ loaderData }) => pageHead(loaderData ? `Abgabe ${loaderData}` : 'Abgabe'),
  component: HandoutRecordPage,
})

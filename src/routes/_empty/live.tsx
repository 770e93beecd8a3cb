import { createFileRoute } from '@tanstack/react-router'
import { LiveBoardPage } from '~/features/live/LiveBoardPage'
import { liveBoardQuery } from '~/features/live/live.queries'
import { publicAreaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_empty/live')({
  loader: ({ context }) => context.queryClient.ensureQueryData(liveBoardQuery()),
  head: publicAreaHead('live'),
  component: LiveBoardPage,
})

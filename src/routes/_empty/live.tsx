import { createFileRoute } from '@tanstack/react-router'
import { areaHead, StandaloneAreaPage } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_empty/live')({
  head: areaHead('live'),
  component: () => <StandaloneAreaPage area="live" />,
})

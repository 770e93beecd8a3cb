import { createFileRoute } from '@tanstack/react-router'
import { areaHead, StandaloneAreaPage } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_empty/confirmation/$token')({
  head: areaHead('confirmation'),
  component: () => <StandaloneAreaPage area="confirmation" />,
})

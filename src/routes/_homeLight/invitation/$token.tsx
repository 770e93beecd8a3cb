import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_homeLight/invitation/$token')({
  head: areaHead('invitation'),
  component: () => <AreaPage area="invitation" />,
})

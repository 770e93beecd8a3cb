import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/analyse')({
  head: areaHead('analyse'),
  component: () => <AreaPage area="analyse" />,
})

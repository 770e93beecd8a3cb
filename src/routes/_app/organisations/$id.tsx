import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/organisations/$id')({
  head: areaHead('organisation'),
  component: () => <AreaPage area="organisation" />,
})

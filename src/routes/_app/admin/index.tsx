import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/admin/')({
  head: areaHead('admin'),
  component: () => <AreaPage area="admin" />,
})

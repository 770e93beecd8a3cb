import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/inventory')({
  head: areaHead('inventory'),
  component: () => <AreaPage area="inventory" />,
})

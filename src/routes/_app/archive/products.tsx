import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/archive/products')({
  head: areaHead('archivedProducts'),
  component: () => <AreaPage area="archivedProducts" />,
})

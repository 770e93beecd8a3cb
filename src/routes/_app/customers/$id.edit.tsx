import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/customers/$id/edit')({
  head: areaHead('customerEdit'),
  component: () => <AreaPage area="customerEdit" />,
})

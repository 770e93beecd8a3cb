import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/customers/create')({
  head: areaHead('customerCreate'),
  component: () => <AreaPage area="customerCreate" />,
})

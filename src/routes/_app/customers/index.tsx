import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/customers/')({
  head: areaHead('customers'),
  component: () => <AreaPage area="customers" />,
})

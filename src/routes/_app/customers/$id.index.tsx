import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/customers/$id/')({
  head: areaHead('customer'),
  component: () => <AreaPage area="customer" />,
})

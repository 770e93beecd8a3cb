import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/dashboard')({
  head: areaHead('dashboard'),
  component: () => <AreaPage area="dashboard" />,
})

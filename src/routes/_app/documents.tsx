import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/documents')({
  head: areaHead('documents'),
  component: () => <AreaPage area="documents" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/organisations/filling-protocol')({
  head: areaHead('fillingProtocol'),
  component: () => <AreaPage area="fillingProtocol" />,
})

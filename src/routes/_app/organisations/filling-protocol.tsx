import { createFileRoute } from '@tanstack/react-router'
import { AreaPage } from '~/features/shell/AreaPage'
import { areaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/organisations/filling-protocol')({
  head: areaHead('fillingProtocol'),
  component: () => <AreaPage area="fillingProtocol" />,
})

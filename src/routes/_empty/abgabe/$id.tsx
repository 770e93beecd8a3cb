import { createFileRoute } from '@tanstack/react-router'
import { StandaloneAreaPage } from '~/features/shell/AreaPage'
import { areaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_empty/abgabe/$id')({
  head: areaHead('handOut'),
  component: () => <StandaloneAreaPage area="handOut" />,
})

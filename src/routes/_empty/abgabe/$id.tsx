import { createFileRoute } from '@tanstack/react-router'
import { areaHead, StandaloneAreaPage } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_empty/abgabe/$id')({
  head: areaHead('handOut'),
  component: () => <StandaloneAreaPage area="handOut" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { AreaPage } from '~/features/shell/AreaPage'
import { shopAreaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_shop/rezeptkonfigurator')({
  head: shopAreaHead('prescriptionConfigurator'),
  component: () => <AreaPage area="prescriptionConfigurator" />,
})

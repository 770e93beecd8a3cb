import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/rezeptkonfigurator')({
  head: shopAreaHead('prescriptionConfigurator'),
  component: () => <AreaPage area="prescriptionConfigurator" />,
})

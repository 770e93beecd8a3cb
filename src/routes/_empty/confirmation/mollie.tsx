import { createFileRoute } from '@tanstack/react-router'
import { areaHead, StandaloneAreaPage } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_empty/confirmation/mollie')({
  head: areaHead('paymentReturn'),
  component: () => <StandaloneAreaPage area="paymentReturn" />,
})

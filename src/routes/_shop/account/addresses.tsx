import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/account/addresses')({
  head: shopAreaHead('accountAddresses'),
  component: () => <AreaPage area="accountAddresses" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { AreaPage } from '~/features/shell/AreaPage'
import { shopAreaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_shop/account/addresses')({
  beforeLoad: shopCustomersOnly,
  head: shopAreaHead('accountAddresses'),
  component: () => <AreaPage area="accountAddresses" />,
})

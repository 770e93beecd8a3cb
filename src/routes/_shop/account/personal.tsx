import { createFileRoute } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { AreaPage } from '~/features/shell/AreaPage'
import { shopAreaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_shop/account/personal')({
  beforeLoad: shopCustomersOnly,
  head: shopAreaHead('accountPersonal'),
  component: () => <AreaPage area="accountPersonal" />,
})

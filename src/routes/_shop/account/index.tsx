import { createFileRoute } from '@tanstack/react-router'
import { AreaPage } from '~/features/shell/AreaPage'
import { shopAreaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_shop/account/')({
  head: shopAreaHead('account'),
  component: () => <AreaPage area="account" />,
})

import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/account/')({
  head: shopAreaHead('account'),
  component: () => <AreaPage area="account" />,
})

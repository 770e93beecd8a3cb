import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, shopAreaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_shop/account/personal')({
  head: shopAreaHead('accountPersonal'),
  component: () => <AreaPage area="accountPersonal" />,
})

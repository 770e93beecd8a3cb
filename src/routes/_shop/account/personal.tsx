import { createFileRoute } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { shopAreaHead } from '~/features/shell/page-head'
import { AccountPersonalPage } from '~/features/shop-accounts/account/AccountPersonalPage'
import { shopProfileQuery } from '~/features/shop-accounts/account/account.queries'

export const Route = createFileRoute('/_shop/account/personal')({
  beforeLoad: shopCustomersOnly,
  loader: ({ context }) => context.queryClient.ensureQueryData(shopProfileQuery()),
  head: shopAreaHead('accountPersonal'),
  component: AccountPersonalPage,
})

import { createFileRoute } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { shopAreaHead } from '~/features/shell/page-head'
import { AccountOverviewPage } from '~/features/shop-accounts/account/AccountOverviewPage'
import { accountOverviewQuery } from '~/features/shop-accounts/account/account.queries'

export const Route = createFileRoute('/_shop/account/')({
  beforeLoad: shopCustomersOnly,
  loader: ({ context }) => context.queryClient.ensureQueryData(accountOverviewQuery()),
  head: shopAreaHead('account'),
  component: AccountOverviewPage,
})

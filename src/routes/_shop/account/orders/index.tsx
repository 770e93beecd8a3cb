import { createFileRoute } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { shopAreaHead } from '~/features/shell/page-head'
import { AccountOrdersPage } from '~/features/shop-accounts/account/AccountOrdersPage'
import { shopOrdersQuery } from '~/features/shop-accounts/account/account.queries'
import { pageNumberOf } from '~/lib/list-query'

export const Route = createFileRoute('/_shop/account/orders/')({
  beforeLoad: shopCustomersOnly,
  // Page 1 is the list without a parameter, so every link to the list is the first page.
  validateSearch: (search: Record<string, unknown>): { seite?: number } => {
    const page = pageNumberOf(search.seite)
    return page > 1 ? { seite: page } : {}
  },
  loaderDeps: ({ search }) => ({ seite: search.seite ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(shopOrdersQuery(deps.seite)),
  head: shopAreaHead('accountOrders'),
  component: AccountOrdersPage,
})

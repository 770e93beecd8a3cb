import { createFileRoute, notFound } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { shopAreaHead } from '~/features/shell/page-head'
import { AccountOrderPage } from '~/features/shop-accounts/account/AccountOrderPage'
import { shopOrderQuery } from '~/features/shop-accounts/account/account.queries'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_shop/account/orders/$id')({
  beforeLoad: shopCustomersOnly,
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.fetchQuery({ ...shopOrderQuery(params.id), staleTime: 0 })
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: shopAreaHead('accountOrder'),
  component: AccountOrderPage,
})

import { createFileRoute, notFound } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { shopAreaHead } from '~/features/shell/page-head'
import { shopOrderConfirmationQuery } from '~/features/shop/checkout/checkout.queries'
import { OrderConfirmationPage } from '~/features/shop/checkout/OrderConfirmationPage'
import { FailureError } from '~/lib/failure'

/** The confirmation of a placed shop order, for the customer who placed it (by the order's id). */
export const Route = createFileRoute('/_shop/bestellung/$id')({
  beforeLoad: shopCustomersOnly,
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.fetchQuery({
        ...shopOrderConfirmationQuery(params.id),
        staleTime: 0,
      })
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: shopAreaHead('shopOrder'),
  component: OrderConfirmationPage,
})

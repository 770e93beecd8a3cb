import { createFileRoute } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { shopAreaHead } from '~/features/shell/page-head'
import { CheckoutPage } from '~/features/shop/checkout/CheckoutPage'
import { checkoutQuery } from '~/features/shop/checkout/checkout.queries'

export const Route = createFileRoute('/_shop/checkout')({
  beforeLoad: shopCustomersOnly,
  loader: ({ context }) => context.queryClient.fetchQuery(checkoutQuery()),
  head: shopAreaHead('checkout'),
  component: CheckoutPage,
})

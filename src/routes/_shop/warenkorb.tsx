import { createFileRoute } from '@tanstack/react-router'
import { shopAreaHead } from '~/features/shell/page-head'
import { CartPage } from '~/features/shop/cart/CartPage'
import { loadCart } from '~/features/shop/cart/cart.queries'
import { catalogueViewerOf } from '~/features/shop/catalogue/catalogue-keys'

export const Route = createFileRoute('/_shop/warenkorb')({
  loader: ({ context }) => loadCart(context.queryClient, catalogueViewerOf(context.session.state)),
  head: shopAreaHead('cart'),
  component: CartPage,
})

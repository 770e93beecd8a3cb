import { createFileRoute } from '@tanstack/react-router'
import { shopAreaHead } from '~/features/shell/page-head'
import { StorefrontPage } from '~/features/shop/storefront/StorefrontPage'
import { fetchStorefront } from '~/features/shop/storefront/storefront.functions'

export const Route = createFileRoute('/_shop/shop')({
  loader: () => fetchStorefront(),
  head: shopAreaHead('shop'),
  component: Storefront,
})

function Storefront() {
  const { tenant } = Route.useRouteContext()
  const { available } = Route.useLoaderData()
  // The guard opens /shop only where the host runs a shop, so its config is there.
  return tenant?.config ? <StorefrontPage config={tenant.config} available={available} /> : null
}

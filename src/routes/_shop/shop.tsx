import { createFileRoute } from '@tanstack/react-router'
import { publicAreaTitles } from '~/features/shell/page-head'
import { shopNameOf, shopPageTags } from '~/features/shop/shop-head'
import { StorefrontPage } from '~/features/shop/storefront/StorefrontPage'
import { fetchStorefront } from '~/features/shop/storefront/storefront.functions'

export const Route = createFileRoute('/_shop/shop')({
  loader: () => fetchStorefront(),
  head: ({ match }) => {
    const shopName = shopNameOf(match.context.tenant)
    const city = match.context.tenant?.config?.contact.city
    return shopPageTags({
      title: publicAreaTitles.shop,
      description: `${shopName}${city ? ` in ${city}` : ''}: Cannabisblüten und Extrakte mit Wirkstoffgehalt, Preis und Verfügbarkeit; Rezeptkonfigurator.`,
      url: `${match.context.tenant?.publicOrigin ?? ''}/shop`,
      type: 'website',
      shopName,
    })
  },
  component: Storefront,
})

function Storefront() {
  const { tenant } = Route.useRouteContext()
  const { available, paymentMethods } = Route.useLoaderData()
  // The guard opens /shop only where the host runs a shop, so its config is there.
  return tenant?.config ? (
    <StorefrontPage config={tenant.config} available={available} paymentMethods={paymentMethods} />
  ) : null
}

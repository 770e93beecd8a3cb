import { and, eq, isNull } from 'drizzle-orm'
import type { App } from '../app.server'
import { NotFoundError } from '../errors.server'
import { organisationProducts, products } from '../products/products.schema'
import { isShopTenant, type ShopTenant, tenantOfRequest } from '../tenants.server'

export const noShopMessage = 'Für diese Adresse gibt es keinen Shop.'

/**
 * The shop a request was addressed to: a pharmacy tenant with a config. Everything the shop serves
 * (catalogue, configurator, reservations, checkout) starts here, so a club's host, a wholesaler's
 * or the main domain get a 404 from the service itself, not only from the route guard.
 */
export async function shopOfRequest(app: App, request: Request): Promise<ShopTenant> {
  const tenant = await tenantOfRequest(app, request)
  if (!isShopTenant(tenant)) throw new NotFoundError(noShopMessage)
  return tenant
}

/**
 * The listings a shop shows: its organisation's, visible in the shop, not archived, of a product
 * still on the market. For queries that join `products` on the listing.
 */
export const shownInShop = (shop: ShopTenant) =>
  and(
    eq(organisationProducts.organisationId, shop.organisationId),
    eq(organisationProducts.visibleInShop, true),
    isNull(organisationProducts.archivedAt),
    eq(products.status, 'active'),
  )

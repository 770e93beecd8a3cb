import type { App } from '../app.server'
import { NotFoundError } from '../errors.server'
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

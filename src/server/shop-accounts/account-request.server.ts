import { getRequest } from '@tanstack/react-start/server'
import { getApp } from '../app.server'
import { tenantPublicOrigin } from '../public-origin.server'
import { clientIpOf } from '../request-address.server'
import { shopOfRequest } from '../shop/shop.server'
import type { AccountRequest } from './shop-accounts.server'

/** The shop, its public origin (links in mails point back to it) and the client of this request. */
export async function accountRequest(): Promise<AccountRequest> {
  const app = await getApp()
  const request = getRequest()
  const shop = await shopOfRequest(app, request)
  return { shop, origin: tenantPublicOrigin(shop, app.config), ip: clientIpOf(request) }
}

import { catalogueListPaths } from '../../lib/shop-catalogue'
import { scopeOfActor } from '../actor.server'
import type { App } from '../app.server'
import { tenantPublicOrigin } from '../public-origin.server'
import { isShopTenant, tenantOfRequest } from '../tenants.server'
import { catalogueSitemapEntries } from './catalogue.server'
import { shopOfRequest } from './shop.server'

/** The shop's own pages a search engine may list, before the product pages. */
const shopPages = [
  '/shop',
  catalogueListPaths.flower,
  catalogueListPaths.extract,
  '/rezeptkonfigurator',
]

/** What only a signed-in customer sees, or what has no content of its own. */
const shopPrivatePaths = ['/account', '/checkout', '/warenkorb', '/login']

/**
 * `robots.txt` of the request's host. A shop names its sitemap and keeps crawlers out of account, cart,
 * checkout and login; every other host (the main domain, a club's) asks for nothing special.
 */
export async function shopRobotsTxt(app: App, request: Request): Promise<string> {
  const tenant = await tenantOfRequest(app, request)
  if (!isShopTenant(tenant)) return 'User-agent: *\nDisallow:\n'
  const origin = tenantPublicOrigin(tenant, app.config)
  return [
    'User-agent: *',
    ...shopPrivatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`)

/** `sitemap.xml` of the request's shop: its pages and every visible product page (404 without a shop). */
export async function shopSitemapXml(app: App, request: Request): Promise<string> {
  const shop = await shopOfRequest(app, request)
  const origin = tenantPublicOrigin(shop, app.config)
  const products = await catalogueSitemapEntries(
    app.database.scoped(scopeOfActor(null, shop)),
    shop,
  )
  const entry = (path: string, lastModified?: string) =>
    `  <url><loc>${xmlEscape(`${origin}${path}`)}</loc>${
      lastModified ? `<lastmod>${lastModified}</lastmod>` : ''
    }</url>`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...shopPages.map((path) => entry(path)),
    ...products.map((product) =>
      entry(`${catalogueListPaths[product.category]}/${product.id}`, product.updatedAt),
    ),
    '</urlset>',
    '',
  ].join('\n')
}

import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { ListResult } from '../../lib/list-query'
import type { FoundShop, ShopFinderSearch } from '../../lib/shop-finder'
import type { Database } from '../db/client.server'
import { organisations, tenants } from '../db/schema'
import { listPage } from '../list-query.server'
import { type OriginConfig, tenantPublicOrigin } from '../public-origin.server'
import { verifiedDomainOf } from '../tenants.server'

/** `%`, `_` and `\` in a search are the characters themselves. */
const escapedLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/**
 * The shops a visitor of the main domain can find: pharmacies whose tenant has a config (a club
 * never has a shop, KCanG § 6), by name, city or postal code — umlauts and case folded with the
 * catalogue's `product_search_key`, so "Koln" finds "Köln" and "sonnen" "Sonnen-Apotheke".
 */
export async function findShops(
  db: Database,
  search: ShopFinderSearch,
  config: OriginConfig,
): Promise<ListResult<FoundShop>> {
  const shopName = sql<string>`${tenants.config}->>'shopName'`
  const city = sql<string>`coalesce(${organisations.city}, '')`
  const postalCode = sql<string>`coalesce(${organisations.postalCode}, '')`
  const haystack = sql`product_search_key(concat_ws(' ', ${shopName}, ${organisations.name}, ${city}, ${postalCode}))`
  const select = db
    .select({
      slug: tenants.slug,
      verifiedDomain: verifiedDomainOf,
      name: shopName,
      street: sql<string>`coalesce(${organisations.street}, '')`,
      postalCode,
      city,
    })
    .from(tenants)
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(
      and(
        isNotNull(tenants.config),
        eq(organisations.category, 'pharmacy'),
        search.q
          ? sql`${haystack} like '%' || product_search_key(${escapedLike(search.q)}) || '%'`
          : undefined,
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, search, {
    sortColumns: { name: sql`lower(${shopName})` },
    tiebreaker: tenants.slug,
  })
  return {
    ...page,
    items: page.items.map(({ verifiedDomain, ...shop }) => ({
      ...shop,
      origin: tenantPublicOrigin({ slug: shop.slug, verifiedDomain }, config),
    })),
  }
}

import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { pageCount } from '../../lib/list-query'
import { searchKey } from '../../lib/search-key'
import type {
  FoundShop,
  ShopFinderResult,
  ShopFinderSearch,
  ShopReach,
} from '../../lib/shop-finder'
import { shopFinderQuery } from '../../lib/shop-finder-query'
import { deliveryMethodSchema, type ShopDeliveryMethod } from '../../lib/tenant-config'
import type { Database } from '../db/client.server'
import { organisations, tenants } from '../db/schema'
import {
  distanceKm,
  findPlace,
  type GeoPoint,
  placeOfPostcode,
  postcodePoint,
} from '../geo/postcodes.server'
import { type OriginConfig, tenantPublicOrigin } from '../public-origin.server'
import { verifiedDomainOf } from '../tenants.server'

/** Where the finder ranks shops around: a postcode or a town, with its postcodes and centre. */
interface SearchedPlace {
  label: string
  postcodes: ReadonlySet<string>
  point: GeoPoint
}

interface ShopRow extends Omit<FoundShop, 'origin' | 'reach' | 'distanceKm'> {
  verifiedDomain: string | null
  organisationName: string
  methods: ShopDeliveryMethod[]
}

const reachOrder: Record<ShopReach, number> = { courier: 0, pickup: 1, shipping: 2 }

/** Farther than this, pickup is no way to reach a place: a shop that ships is listed for that. */
export const pickupRadiusKm = 50

/**
 * The way a shop reaches the place, the first of courier, pickup (within `pickupRadiusKm`) and
 * mail order it offers.
 */
function reachOf(
  methods: ShopDeliveryMethod[],
  place: SearchedPlace,
  distance: number | null,
): ShopReach | null {
  const kinds = new Set(methods.map((method) => method.kind))
  const courier = methods.some(
    (method) =>
      method.kind === 'courier' && method.postalCodes.some((code) => place.postcodes.has(code)),
  )
  if (courier) return 'courier'
  if (kinds.has('pickup') && distance !== null && distance <= pickupRadiusKm) return 'pickup'
  if (kinds.has('shipping')) return 'shipping'
  return null
}

/** The pickup counter's postcode if the shop has one, else the pharmacy's address. */
const shopPostcode = (shop: ShopRow) =>
  shop.methods.find((method) => method.kind === 'pickup')?.postalCode ?? shop.postalCode

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'de')

/** Every pharmacy with a shop (a club never has one, KCanG § 6), with its delivery methods. */
async function shopsOf(db: Database): Promise<ShopRow[]> {
  const rows = await db
    .select({
      slug: tenants.slug,
      verifiedDomain: verifiedDomainOf,
      name: sql<string>`${tenants.config}->>'shopName'`,
      organisationName: organisations.name,
      street: sql<string>`coalesce(${organisations.street}, '')`,
      postalCode: sql<string>`coalesce(${organisations.postalCode}, '')`,
      city: sql<string>`coalesce(${organisations.city}, '')`,
      methods: sql<unknown>`${tenants.config}->'deliveryMethods'`,
    })
    .from(tenants)
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(and(isNotNull(tenants.config), eq(organisations.category, 'pharmacy')))
  return rows.map(({ methods, ...shop }) => ({
    ...shop,
    methods: (Array.isArray(methods) ? methods : []).flatMap((method) => {
      const parsed = deliveryMethodSchema.safeParse(method)
      return parsed.success ? [parsed.data] : []
    }),
  }))
}

/**
 * The shops a visitor of the main domain can find (ADR 078). A postcode or a town ranks them
 * around it: first those whose name it is (Sonnen is a village, too), then those whose courier serves it, then those to pick up from within
 * `pickupRadiusKm`, then those that ship, each nearest first; shops found by name come after. Other text finds shops by name, town or
 * postcode — umlauts and case folded like the catalogue's `product_search_key`, so "Koln" finds
 * "Köln". Ranked in memory: the platform has tens of shops, not thousands.
 */
export async function findShops(
  db: Database,
  search: ShopFinderSearch,
  config: OriginConfig,
): Promise<ShopFinderResult> {
  const { pageSize } = search
  const query = shopFinderQuery.safeParse(search.q)
  if (!query.success) {
    const problem = query.error.issues[0]?.message ?? null
    return { items: [], total: 0, page: 1, pageSize, place: null, problem }
  }
  let place: SearchedPlace | undefined
  if (query.data.kind === 'postcode') {
    const { postcode } = query.data
    const point = postcodePoint(postcode)
    if (!point) {
      const problem = `Die Postleitzahl ${postcode} kennen wir nicht. Bitte prüfen Sie die Eingabe.`
      return { items: [], total: 0, page: 1, pageSize, place: null, problem }
    }
    const town = placeOfPostcode(postcode)
    place = {
      label: town ? `${postcode} ${town}` : postcode,
      postcodes: new Set([postcode]),
      point,
    }
  } else if (query.data.kind === 'text') {
    const town = findPlace(query.data.text)
    if (town) place = { label: town.name, postcodes: new Set(town.postcodes), point: town.point }
  }
  const text = query.data.kind === 'text' ? searchKey(query.data.text) : ''
  const matches = (fields: string[]) => text !== '' && searchKey(fields.join(' ')).includes(text)
  const matchesName = (shop: ShopRow) => matches([shop.name, shop.organisationName])
  const matchesText = (shop: ShopRow) =>
    matches([shop.name, shop.organisationName, shop.city, shop.postalCode])

  const ranked = (await shopsOf(db))
    .map((shop) => {
      const shopPoint = postcodePoint(shopPostcode(shop))
      const distance = place && shopPoint ? distanceKm(place.point, shopPoint) : null
      const reach = place ? reachOf(shop.methods, place, distance) : null
      return { shop, reach, distance, named: matchesName(shop) }
    })
    .filter(({ shop, reach }) => query.data.kind === 'all' || reach !== null || matchesText(shop))
    .sort(
      (a, b) =>
        Number(b.named) - Number(a.named) ||
        (a.reach === null ? 3 : reachOrder[a.reach]) -
          (b.reach === null ? 3 : reachOrder[b.reach]) ||
        (a.distance ?? Number.POSITIVE_INFINITY) - (b.distance ?? Number.POSITIVE_INFINITY) ||
        byName(a.shop, b.shop) ||
        a.shop.slug.localeCompare(b.shop.slug),
    )

  const total = ranked.length
  const page = Math.min(search.page, pageCount(total, pageSize))
  const items = ranked
    .slice((page - 1) * pageSize, page * pageSize)
    .map(({ shop: { verifiedDomain, organisationName, methods, ...shop }, reach, distance }) => ({
      ...shop,
      origin: tenantPublicOrigin({ slug: shop.slug, verifiedDomain }, config),
      reach,
      distanceKm: distance,
    }))
  return { items, total, page, pageSize, place: place?.label ?? null, problem: null }
}

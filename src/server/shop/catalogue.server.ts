import { type SQL, sql } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { formatCannabinoid, geneticsLabels } from '../../lib/products'
import { availabilityLabels, availabilityLevel } from '../../lib/shop'
import {
  type CatalogueCategory,
  type CatalogueCount,
  type CatalogueFacets,
  type CatalogueItem,
  type CatalogueListInput,
  type CataloguePage,
  type CatalogueProduct,
  type CatalogueSearch,
  type CatalogueSort,
  cataloguePageSize,
  type FacetOption,
  priceSorts,
  requiresPrescription,
} from '../../lib/shop-catalogue'
import type { Database, Executor } from '../db/client.server'
import { queryRows } from '../db/query-rows.server'
import { NotFoundError } from '../errors.server'
import { likePattern } from '../list-query.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches, stockReservations } from '../stock/stock.schema'
import type { ShopTenant } from '../tenants.server'

/**
 * The shop's catalogue (`/blueten`, `/extrakte` and their product pages): an organisation's
 * visible, non-archived listings of a category, each with the THC and CBD of the batch that would
 * be sold, its gross price per sales unit and per g or ml, and its availability. Filters, facet
 * counts, sort and page are one SQL statement over the category's listings (ADR 027). Every
 * function takes the shop a request was addressed to (`shopOfRequest`), so one tenant's host never
 * shows another organisation's products, by list or by id.
 */

export const productNotFoundMessage = 'Dieses Produkt gibt es in diesem Shop nicht.'

/** What the viewer may see: prices (public, or a logged-in customer) and exact stock amounts. */
export interface CatalogueView {
  pricesShown: boolean
  stockAmountsShown: boolean
}

export function catalogueViewOf(shop: ShopTenant, shopCustomer: boolean): CatalogueView {
  return {
    pricesShown: shop.config.showPricesPublicly || shopCustomer,
    stockAmountsShown: shop.config.showStockAmounts,
  }
}

/** Base units per g or ml (mg, µl): the base price of every catalogue product is per g or ml. */
const baseUnitsPerGramOrMillilitre = 1000

/** A category's listings (or one of them), or the listings of a cart whatever their category. */
type ItemScope = { category: CatalogueCategory; listingId?: string } | { listingIds: string[] }

/**
 * The scope's listings with the facts a card shows, as CTEs (`items`). `sellable` are the
 * batches that can be sold today — released, unexpired, with stock beyond their active
 * reservations — the first of them per listing (FEFO, as reservations take them) is the batch
 * whose measured values the shop shows.
 */
function itemsQuery(organisationId: string, scope: ItemScope, today: string): SQL {
  const ids = 'listingIds' in scope ? scope.listingIds : scope.listingId ? [scope.listingId] : null
  const idList =
    ids &&
    (ids.length > 0
      ? sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )
      : sql`null`)
  const onlyListing = idList ? sql`and op.id in (${idList})` : sql``
  const onlyBatchesOf = idList ? sql`and b.organisation_product_id in (${idList})` : sql``
  // A cart's listings may be of either category; what it holds must be orderable (an active
  // product), as the order's lines require.
  const ofScope =
    'listingIds' in scope
      ? sql`p.category in ('flower', 'extract') and p.status = 'active'`
      : sql`p.category = ${scope.category}`
  return sql`
    held as (
      select r.batch_id, sum(r.quantity) as quantity from ${stockReservations} r
      where r.organisation_id = ${organisationId} and r.released_at is null
        and r.consumed_at is null and (r.expires_at is null or r.expires_at > now())
      group by r.batch_id
    ),
    sellable as (
      select b.organisation_product_id as listing_id, b.id, b.expiry_date, b.created_at,
        b.thc_content, b.cbd_content, b.balance - coalesce(held.quantity, 0) as free
      from ${batches} b
      left join held on held.batch_id = b.id
      where b.organisation_id = ${organisationId} and b.status = 'released' and b.balance > 0
        and (b.expiry_date is null or b.expiry_date >= ${today}::date) ${onlyBatchesOf}
    ),
    -- One sort per listing's batches: the first row is the FEFO batch with stock beyond its
    -- holds (if any has), the window sums what all of them hold beyond theirs.
    per_listing as (
      select distinct on (listing_id) listing_id, free > 0 as current, thc_content,
        cbd_content, expiry_date,
        sum(greatest(free, 0)) over (partition by listing_id)::bigint as available
      from sellable
      order by listing_id, free > 0 desc, expiry_date asc nulls last, created_at, id
    ),
    items as materialized (
      select op.id as "id", p.name as "name", p.cultivar as "cultivar",
        p.manufacturer as "producer", p.brand as "brand", p.genetics as "genetics",
        p.dominance as "dominance", p.search_text as "searchText",
        (case when cb.current then cb.thc_content else p.thc_content end)::float8 as "thc",
        (case when cb.current then cb.cbd_content else p.cbd_content end)::float8 as "cbd",
        coalesce(cb.current, false) as "measured",
        p.cannabinoid_unit as "cannabinoidUnit", p.terpenes as "terpenes",
        p.irradiated as "irradiated", op.sales_unit as "salesUnit",
        -- Only a confirmed pack photo has a rendition (§ 10 HWG, ADR 081).
        p.pack_photo_file_id as "packPhotoId",
        p.pack_base_units as "packBaseUnits", p.pack_unit as "packUnit",
        gross.cents as "grossCents",
        ((gross.cents * ${baseUnitsPerGramOrMillilitre} + op.base_units_per_sales_unit / 2)
          / op.base_units_per_sales_unit)::int as "unitPriceCents",
        (coalesce(cb.available, 0) / op.base_units_per_sales_unit)::int as "availableUnits"
      from ${organisationProducts} op
      join ${products} p on p.id = op.product_id
      -- Integer arithmetic throughout (bigint division floors; + half the divisor rounds):
      -- gross = net + VAT rounded half up (vatCents), per g or ml = gross × 1,000 ÷ base units.
      cross join lateral (
        select op.price_cents + (op.price_cents * op.vat_rate::text::int + 50) / 100 as cents
      ) gross
      left join per_listing cb on cb.listing_id = op.id
      where op.organisation_id = ${organisationId} and op.visible_in_shop
        and op.archived_at is null and ${ofScope} ${onlyListing}
    )`
}

type FacetName = 'genetics' | 'producer' | 'terpene' | 'irradiated' | 'available' | 'other'

/** The search's conditions on `items`, by the facet each belongs to. */
function conditionsOf(search: CatalogueSearch): { facet: FacetName; condition: SQL }[] {
  const conditions: { facet: FacetName; condition: SQL }[] = []
  const other = (condition: SQL) => conditions.push({ facet: 'other', condition })
  if (search.q) {
    other(
      sql`("searchText" || ' ' || coalesce("genetics"::text, '')) like product_search_key(${likePattern(search.q)})`,
    )
  }
  if (search.thcMin !== undefined) other(sql`"thc" >= ${search.thcMin}`)
  if (search.thcMax !== undefined) other(sql`"thc" <= ${search.thcMax}`)
  if (search.cbdMin !== undefined) other(sql`"cbd" >= ${search.cbdMin}`)
  if (search.cbdMax !== undefined) other(sql`"cbd" <= ${search.cbdMax}`)
  if (search.priceMin !== undefined) {
    other(sql`"unitPriceCents" >= ${Math.round(search.priceMin * 100)}`)
  }
  if (search.priceMax !== undefined) {
    other(sql`"unitPriceCents" <= ${Math.round(search.priceMax * 100)}`)
  }
  if (search.genetics) {
    const list = sql.join(
      search.genetics.map((genetics) => sql`${genetics}`),
      sql`, `,
    )
    conditions.push({ facet: 'genetics', condition: sql`"genetics"::text in (${list})` })
  }
  if (search.producer) {
    conditions.push({ facet: 'producer', condition: sql`"producer" = ${search.producer}` })
  }
  if (search.terpene) {
    conditions.push({ facet: 'terpene', condition: sql`${search.terpene} = any("terpenes")` })
  }
  if (search.irradiated) {
    conditions.push({
      facet: 'irradiated',
      condition: sql`"irradiated" = ${search.irradiated === 'yes'}`,
    })
  }
  if (search.available)
    conditions.push({ facet: 'available', condition: sql`"availableUnits" > 0` })
  return conditions
}

const allOf = (conditions: SQL[]): SQL =>
  conditions.length === 0 ? sql`true` : sql`(${sql.join(conditions, sql` and `)})`

/** Every condition but those of `facet`: what a facet's options are counted against. */
const allBut = (conditions: { facet: FacetName; condition: SQL }[], facet: FacetName) =>
  allOf(conditions.filter((entry) => entry.facet !== facet).map((entry) => entry.condition))

/** Neutral orders only (§ 10 HWG): nothing ranks products by potency or novelty. */
const sortOrders: Record<CatalogueSort, SQL> = {
  name: sql`"name" asc, "id" asc`,
  'price-asc': sql`"unitPriceCents" asc, "name" asc, "id" asc`,
  'price-desc': sql`"unitPriceCents" desc, "name" asc, "id" asc`,
}

/** The columns of a card, as JSON with the names `CatalogueItem` uses. */
const cardColumns = sql.raw(
  `"id", "name", "cultivar", "producer", "brand", "genetics", "dominance", "thc", "cbd",
   "measured", "cannabinoidUnit", "terpenes", "irradiated", "salesUnit", "packBaseUnits",
   "packUnit", "packPhotoId", "grossCents", "unitPriceCents", "availableUnits"`,
)

interface ItemRow extends Omit<CatalogueItem, 'price' | 'availability'> {
  grossCents: number
  unitPriceCents: number
  availableUnits: number
}

/** A card from a row: field by field, so nothing else of the row (a hidden price) goes along. */
function toItem(row: ItemRow, view: CatalogueView): CatalogueItem {
  return {
    id: row.id,
    name: row.name,
    cultivar: row.cultivar,
    producer: row.producer,
    brand: row.brand,
    genetics: row.genetics,
    dominance: row.dominance,
    thc: row.thc,
    cbd: row.cbd,
    measured: row.measured,
    cannabinoidUnit: row.cannabinoidUnit,
    terpenes: row.terpenes ?? [],
    irradiated: row.irradiated,
    salesUnit: row.salesUnit,
    packBaseUnits: row.packBaseUnits,
    packUnit: row.packUnit,
    packPhotoId: row.packPhotoId,
    price: view.pricesShown
      ? { grossCents: row.grossCents, unitPriceCents: row.unitPriceCents }
      : null,
    availability: {
      level: availabilityLevel(row.availableUnits),
      salesUnits: view.stockAmountsShown ? row.availableUnits : null,
    },
  }
}

/** The search as it applies for this viewer: without prices there is no price filter or sort. */
function applicableSearch(search: CatalogueSearch, view: CatalogueView): CatalogueSearch {
  if (view.pricesShown) return search
  const { priceMin: _min, priceMax: _max, ...rest } = search
  return priceSorts.includes(rest.sort) ? { ...rest, sort: 'name' } : rest
}

interface ListRow {
  total: number
  items: ItemRow[]
  genetics: FacetOption<'indica' | 'sativa' | 'hybrid'>[]
  producers: FacetOption[]
  terpenes: FacetOption[]
  irradiated: { value: boolean; count: number }[]
  available: number
  ranges: {
    thcMin: number | null
    thcMax: number | null
    cbdMin: number | null
    cbdMax: number | null
    priceMin: number | null
    priceMax: number | null
  }
  /** When the earliest active reservation of the organisation lapses by itself. */
  nextLapse: string | null
}

const span = (min: number | null, max: number | null) =>
  min === null || max === null ? null : { min, max }

/** Facet options in German alphabetical order (the database's collation may differ). */
const byValue = (a: FacetOption, b: FacetOption) => a.value.localeCompare(b.value, 'de')

/** A page of the catalogue and when it may change without a write (a reservation lapsing). */
export interface CatalogueListResult {
  page: CataloguePage
  nextLapse: Date | null
}

/**
 * The unfiltered list's `total` and its "Nur vorrätige" count per category, from the list's own
 * query: the storefront's tiles say what the lists show.
 */
export async function catalogueCounts(
  db: Executor,
  shop: ShopTenant,
  today: string = berlinIsoDate(),
): Promise<Record<CatalogueCategory, CatalogueCount>> {
  const count = async (category: CatalogueCategory): Promise<CatalogueCount> => {
    const [row] = await queryRows<CatalogueCount>(
      db,
      sql`with ${itemsQuery(shop.organisationId, { category }, today)}
      select count(*)::int as "listed",
        count(*) filter (where "availableUnits" > 0)::int as "available" from items`,
    )
    return row ?? { listed: 0, available: 0 }
  }
  return { flower: await count('flower'), extract: await count('extract') }
}

/**
 * One page of the category's catalogue with its facet counts. Facets count each option against
 * every other filter, so a count says how many products that option would leave.
 */
export async function listCatalogue(
  db: Database,
  shop: ShopTenant,
  view: CatalogueView,
  { category, search: requested }: CatalogueListInput,
  today: string = berlinIsoDate(),
): Promise<CatalogueListResult> {
  const search = applicableSearch(requested, view)
  const conditions = conditionsOf(search)
  const run = (page: number) =>
    queryRows<ListRow>(
      db,
      sql`with ${itemsQuery(shop.organisationId, { category }, today)},
      matching as (select * from items where ${allOf(conditions.map((entry) => entry.condition))})
      select
        (select count(*)::int from matching) as "total",
        (select coalesce(json_agg(page_rows), '[]') from (
          select ${cardColumns} from matching order by ${sortOrders[search.sort]}
          limit ${cataloguePageSize} offset ${(page - 1) * cataloguePageSize}
        ) page_rows) as "items",
        (select coalesce(json_agg(json_build_object('value', value, 'count', count)
            order by value), '[]') from (
          select "genetics" as value, count(*) filter (where ${allBut(conditions, 'genetics')})::int as count
          from items where "genetics" is not null group by "genetics"
        ) facet) as "genetics",
        (select coalesce(json_agg(json_build_object('value', value, 'count', count)), '[]') from (
          select "producer" as value, count(*) filter (where ${allBut(conditions, 'producer')})::int as count
          from items group by "producer"
        ) facet) as "producers",
        (select coalesce(json_agg(json_build_object('value', value, 'count', count)), '[]') from (
          select terpene as value, count(*) filter (where ${allBut(conditions, 'terpene')})::int as count
          from items cross join unnest("terpenes") as terpene group by terpene
        ) facet) as "terpenes",
        (select coalesce(json_agg(json_build_object('value', value, 'count', count)), '[]') from (
          select "irradiated" as value, count(*) filter (where ${allBut(conditions, 'irradiated')})::int as count
          from items group by "irradiated"
        ) facet) as "irradiated",
        (select count(*)::int from items
          where "availableUnits" > 0 and ${allBut(conditions, 'available')}) as "available",
        (select json_build_object(
          'thcMin', min("thc"), 'thcMax', max("thc"), 'cbdMin', min("cbd"), 'cbdMax', max("cbd"),
          'priceMin', min("unitPriceCents"), 'priceMax', max("unitPriceCents"))
          from items) as "ranges",
        (select min(r.expires_at) from ${stockReservations} r
          where r.organisation_id = ${shop.organisationId} and r.released_at is null
            and r.consumed_at is null and r.expires_at > now()) as "nextLapse"`,
    ).then((rows) => rows[0] as ListRow)

  let page = requested.page
  let row = await run(page)
  const pageCount = Math.max(1, Math.ceil(row.total / cataloguePageSize))
  // A page past the end (an old link) shows the last one.
  if (page > pageCount) {
    page = pageCount
    row = await run(page)
  }
  const facets: CatalogueFacets = {
    genetics: row.genetics,
    producers: [...row.producers].sort(byValue),
    terpenes: [...row.terpenes].sort(byValue),
    irradiated: (['yes', 'no'] as const).map((value) => ({
      value,
      count: row.irradiated.find((option) => option.value === (value === 'yes'))?.count ?? 0,
    })),
    available: row.available,
    thc: span(row.ranges.thcMin, row.ranges.thcMax),
    cbd: span(row.ranges.cbdMin, row.ranges.cbdMax),
    price: view.pricesShown
      ? span(
          row.ranges.priceMin === null ? null : row.ranges.priceMin / 100,
          row.ranges.priceMax === null ? null : row.ranges.priceMax / 100,
        )
      : null,
  }
  return {
    page: {
      category,
      items: row.items.map((item) => toItem(item, view)),
      total: row.total,
      page,
      pageCount,
      search: { ...search, page },
      facets,
      pricesShown: view.pricesShown,
    },
    nextLapse: row.nextLapse ? new Date(row.nextLapse) : null,
  }
}

interface DetailRow extends ItemRow {
  pzn: string | null
  countryOfCultivation: string | null
  nominalThc: number | null
  nominalCbd: number | null
  batchThc: number | null
  batchCbd: number | null
  batchExpiry: string | null
  orderStep: number
  minOrderQuantity: number | null
  maxOrderQuantity: number | null
  vatRate: '19' | '7' | '0'
  updatedAt: string
}

const categoryNames: Record<CatalogueCategory, string> = { flower: 'Blüte', extract: 'Extrakt' }

export interface CatalogueProductResult {
  product: CatalogueProduct
  nextLapse: Date | null
}

/**
 * A product page: the shop's listing `listingId` of `category`. Another organisation's listing, an
 * invisible or archived one, one of another category or an id that is no id: 404.
 */
export async function getCatalogueProduct(
  db: Database,
  shop: ShopTenant,
  view: CatalogueView,
  category: CatalogueCategory,
  listingId: string,
  today: string = berlinIsoDate(),
): Promise<CatalogueProductResult> {
  if (!isUuid(listingId)) throw new NotFoundError(productNotFoundMessage)
  const [row] = await queryRows<DetailRow & { nextLapse: string | null }>(
    db,
    sql`with ${itemsQuery(shop.organisationId, { category, listingId }, today)}
      select items.*, p.pzn as "pzn", p.country_of_cultivation as "countryOfCultivation",
        p.thc_content::float8 as "nominalThc",
        p.cbd_content::float8 as "nominalCbd", cb.thc_content::float8 as "batchThc",
        cb.cbd_content::float8 as "batchCbd", cb.expiry_date::text as "batchExpiry",
        op.order_step as "orderStep", op.min_order_quantity as "minOrderQuantity",
        op.max_order_quantity as "maxOrderQuantity", op.vat_rate as "vatRate",
        greatest(op.updated_at, p.updated_at) as "updatedAt",
        (select min(r.expires_at) from ${stockReservations} r
          where r.organisation_id = ${shop.organisationId} and r.released_at is null
            and r.consumed_at is null and r.expires_at > now()) as "nextLapse"
      from items
      join ${organisationProducts} op on op.id = items."id"
      join ${products} p on p.id = op.product_id
      left join per_listing cb on cb.listing_id = op.id and cb.current`,
  )
  if (!row) throw new NotFoundError(productNotFoundMessage)
  const item = toItem(row, view)
  const summary = [
    `${categoryNames[category]} von ${item.producer}`,
    item.thc !== null && `THC ${formatCannabinoid(item.thc, item.cannabinoidUnit)}`,
    item.cbd !== null && `CBD ${formatCannabinoid(item.cbd, item.cannabinoidUnit)}`,
    item.genetics && geneticsLabels[item.genetics],
    availabilityLabels[item.availability.level],
  ].filter(Boolean)
  return {
    product: {
      ...item,
      category,
      pzn: row.pzn,
      countryOfCultivation: row.countryOfCultivation,
      nominalThc: row.nominalThc,
      nominalCbd: row.nominalCbd,
      currentBatch: row.measured
        ? { thc: row.batchThc, cbd: row.batchCbd, expiryDate: row.batchExpiry }
        : null,
      orderStep: row.orderStep,
      minOrderQuantity: row.minOrderQuantity,
      maxOrderQuantity: row.maxOrderQuantity,
      vatRate: row.vatRate,
      prescriptionRequired: requiresPrescription(category),
      summary: `${item.name}: ${summary.join(', ')}.${
        requiresPrescription(category) ? ' Abgabe nur gegen ärztliche Verschreibung.' : ''
      }`,
      updatedAt: new Date(row.updatedAt).toISOString(),
      pricesShown: view.pricesShown,
    },
    nextLapse: row.nextLapse ? new Date(row.nextLapse) : null,
  }
}

/** Every visible product page of the shop, for its sitemap. */
export async function catalogueSitemapEntries(
  db: Database,
  shop: ShopTenant,
): Promise<{ id: string; category: CatalogueCategory; updatedAt: string }[]> {
  const rows = await queryRows<{ id: string; category: CatalogueCategory; updatedAt: string }>(
    db,
    sql`select op.id as "id", p.category as "category",
        greatest(op.updated_at, p.updated_at) as "updatedAt"
      from ${organisationProducts} op join ${products} p on p.id = op.product_id
      where op.organisation_id = ${shop.organisationId} and op.visible_in_shop
        and op.archived_at is null and p.category in ('flower', 'extract')
      order by p.category, p.name, op.id`,
  )
  return rows.map((row) => ({ ...row, updatedAt: new Date(row.updatedAt).toISOString() }))
}

/** What a cart needs of a listing the shop shows: its price and availability now, its rules. */
export interface ShopListingFacts {
  id: string
  name: string
  category: CatalogueCategory
  salesUnit: CatalogueItem['salesUnit']
  packBaseUnits: number | null
  packUnit: CatalogueItem['packUnit']
  packPhotoId: string | null
  baseUnitsPerSalesUnit: number
  /** Net price per sales unit, as the order's lines take it. */
  priceCents: number
  vatRate: '19' | '7' | '0'
  /** Gross price per sales unit, as the product page shows it. */
  grossCents: number
  availableUnits: number
  orderStep: number
  minOrderQuantity: number | null
  maxOrderQuantity: number | null
}

/**
 * The listings among `listingIds` that the shop shows and sells (visible, not archived, an active
 * product of the catalogue's categories), with the catalogue's price and availability: the cart
 * checks and shows what the product pages show. Listings the shop does not show are missing.
 */
export async function shopListingFacts(
  db: Executor,
  shop: ShopTenant,
  listingIds: readonly string[],
  today: string = berlinIsoDate(),
): Promise<Map<string, ShopListingFacts>> {
  const ids = [...new Set(listingIds.filter(isUuid))]
  if (ids.length === 0) return new Map()
  const rows = await queryRows<ShopListingFacts>(
    db,
    sql`with ${itemsQuery(shop.organisationId, { listingIds: ids }, today)}
      select items."id", items."name", p.category as "category", items."salesUnit",
        items."packBaseUnits", items."packUnit", items."packPhotoId",
        op.base_units_per_sales_unit as "baseUnitsPerSalesUnit", op.price_cents as "priceCents",
        op.vat_rate as "vatRate", items."grossCents", items."availableUnits",
        op.order_step as "orderStep", op.min_order_quantity as "minOrderQuantity",
        op.max_order_quantity as "maxOrderQuantity"
      from items
      join ${organisationProducts} op on op.id = items."id"
      join ${products} p on p.id = op.product_id`,
  )
  return new Map(rows.map((row) => [row.id, row]))
}

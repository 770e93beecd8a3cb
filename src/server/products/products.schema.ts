import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { cannabinoidContent, timestamps } from '../db/columns'
import { organisations, storedFiles, users } from '../db/core.schema'
import {
  cannabinoidUnit,
  packUnit,
  productCategory,
  productDominance,
  productGenetics,
  productStatus,
  salesUnit,
  vatRate,
} from './product-enums.schema'

/**
 * What a product is: its facts. A row without `organisation_id` belongs to the platform's master
 * product database, which every selling organisation picks from; a row with one is that
 * organisation's own product (a club's cultivation, an accessory without PZN) and only it sees it.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'restrict',
    }),
    /** Eight digits as text (leading zeros); unique in the master database. */
    pzn: text('pzn'),
    name: text('name').notNull(),
    manufacturer: text('manufacturer').notNull(),
    brand: text('brand'),
    category: productCategory('category').notNull(),
    cultivar: text('cultivar'),
    genetics: productGenetics('genetics'),
    dominance: productDominance('dominance'),
    thcContent: cannabinoidContent('thc_content'),
    cbdContent: cannabinoidContent('cbd_content'),
    cannabinoidUnit: cannabinoidUnit('cannabinoid_unit'),
    terpenes: text('terpenes').array().notNull().default(sql`'{}'::text[]`),
    irradiated: boolean('irradiated').notNull().default(false),
    /** ISO 3166-1 alpha-2. */
    countryOfCultivation: text('country_of_cultivation'),
    /** The pack's content in base units: mg for g, µl for ml, pieces for Stk. */
    packBaseUnits: integer('pack_base_units').notNull(),
    packUnit: packUnit('pack_unit').notNull(),
    description: text('description'),
    imageFileId: uuid('image_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    /**
     * The image is confirmed to show only the pack (§ 10 HWG, ADR 081): false for images stored
     * before the rule, which the shop does not show until someone confirms them.
     */
    imageIsPackPhoto: boolean('image_is_pack_photo').notNull().default(false),
    /** The shop's small rendition of the confirmed pack photo; null while there is none. */
    packPhotoFileId: uuid('pack_photo_file_id').references(() => storedFiles.id, {
      onDelete: 'restrict',
    }),
    status: productStatus('status').notNull().default('active'),
    /** Counts every change of the facts; a listing remembers the revision it last saw. */
    revision: integer('revision').notNull().default(1),
    /**
     * Name, PZN, cultivar, manufacturer and brand, lower-cased with umlauts and accents folded
     * (`product_search_key`, migration 0003), so one trigram index serves prefix and substring
     * search whatever the database's locale.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`product_search_key(name || ' ' || coalesce(pzn, '') || ' ' || coalesce(cultivar, '') || ' ' || manufacturer || ' ' || coalesce(brand, ''))`,
      ),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('products_master_pzn_unique')
      .on(table.pzn)
      .where(sql`${table.organisationId} is null`),
    index('products_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('products_organisation_idx').on(table.organisationId),
    // (name, id): the list's default order with its tiebreaker, so a deep page walks the index
    // instead of sorting every master product (bench/product-db.bench.mjs, page 200).
    index('products_master_name_idx')
      .on(table.name, table.id)
      .where(sql`${table.organisationId} is null`),
    check('products_pack_base_units_positive', sql`${table.packBaseUnits} > 0`),
    check('products_revision_positive', sql`${table.revision} > 0`),
    // A rendition exactly for a confirmed image: the shop reads only `pack_photo_file_id`.
    check(
      'products_pack_photo_confirmed',
      sql`case when ${table.imageIsPackPhoto} then ${table.imageFileId} is not null and ${table.packPhotoFileId} is not null else ${table.packPhotoFileId} is null end`,
    ),
  ],
)

/**
 * How one organisation sells a product: its listing, with its own price, VAT, shop visibility,
 * order rules and low-stock threshold. Listings are archived, never deleted: orders, batches and
 * hand-outs refer to them.
 */
export const organisationProducts = pgTable(
  'organisation_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    salesUnit: salesUnit('sales_unit').notNull(),
    /** Fixed when listed (1,000 mg for a gram, the pack's content for a pack): stock counts on it. */
    baseUnitsPerSalesUnit: integer('base_units_per_sales_unit').notNull(),
    /** In sales units, as are the quantities below. */
    orderStep: integer('order_step').notNull().default(1),
    minOrderQuantity: integer('min_order_quantity'),
    maxOrderQuantity: integer('max_order_quantity'),
    /** Net price per sales unit in cents. */
    priceCents: integer('price_cents').notNull(),
    vatRate: vatRate('vat_rate').notNull().default('19'),
    visibleInShop: boolean('visible_in_shop').notNull().default(false),
    lowStockThreshold: integer('low_stock_threshold'),
    /** What "Nachbestellen" orders up to (ADR 075); at least the threshold when both are set. */
    targetStock: integer('target_stock'),
    /** The product's revision when this listing last looked at it (taken over or acknowledged). */
    productRevisionSeen: integer('product_revision_seen').notNull(),
    /** Counts every change of the listing: a change based on an older revision is refused. */
    revision: integer('revision').notNull().default(1),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('organisation_products_listing_unique').on(table.organisationId, table.productId),
    index('organisation_products_organisation_idx').on(table.organisationId, table.archivedAt),
    check('organisation_products_price_non_negative', sql`${table.priceCents} >= 0`),
    check('organisation_products_base_units_positive', sql`${table.baseUnitsPerSalesUnit} > 0`),
    check('organisation_products_order_step_positive', sql`${table.orderStep} > 0`),
    check('organisation_products_revision_positive', sql`${table.revision} > 0`),
    check(
      'organisation_products_target_stock',
      sql`${table.targetStock} is null or ${table.targetStock} >= coalesce(${table.lowStockThreshold}, 1)`,
    ),
  ],
)

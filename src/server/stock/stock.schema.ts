import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { batchOrigins, batchStatuses, stockMovementKinds } from '../../lib/stock'
import { auditActorKind } from '../audit/audit-actor.schema'
import { cannabinoidContent, timestamps } from '../db/columns'
import { organisations, storedFiles, users } from '../db/core.schema'
import { organisationProducts } from '../products/products.schema'
import { suppliers } from '../purchase-orders/purchase-orders.schema'

export const batchStatus = pgEnum('batch_status', batchStatuses)
export const batchOrigin = pgEnum('batch_origin', batchOrigins)
export const stockMovementKind = pgEnum('stock_movement_kind', stockMovementKinds)

/**
 * A batch (Charge) of one of an organisation's products: the supplier's lot, or a club's harvest.
 * Its stock is the sum of its movements; `balance` keeps that sum, written only together with a
 * movement while the batch row is locked, so it can never go negative (ADR 020).
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    organisationProductId: uuid('organisation_product_id')
      .notNull()
      .references(() => organisationProducts.id, { onDelete: 'restrict' }),
    origin: batchOrigin('origin').notNull().default('purchase'),
    /** The supplier's batch number, or the club's harvest lot. */
    batchNumber: text('batch_number').notNull(),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    /** Berlin calendar dates (`YYYY-MM-DD`). A harvest recorded before its best-before date was
     * required may have none; it is never handed out (ADR 065). */
    expiryDate: date('expiry_date', { mode: 'string' }),
    harvestDate: date('harvest_date', { mode: 'string' }),
    /** Measured for this batch (CoA), in the product's cannabinoid unit. */
    thcContent: cannabinoidContent('thc_content'),
    cbdContent: cannabinoidContent('cbd_content'),
    coaFileId: uuid('coa_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    status: batchStatus('status').notNull().default('quarantine'),
    /** The internal test number of the identity test that released the batch. */
    testNumber: text('test_number'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'restrict' }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedBy: uuid('blocked_by').references(() => users.id, { onDelete: 'restrict' }),
    blockedReason: text('blocked_reason'),
    /** The sum of the batch's movements in base units. */
    balance: integer('balance').notNull().default(0),
    /** For units filled from a bulk batch (Abfüllung): that bulk batch (ADR 045). */
    filledFromBatchId: uuid('filled_from_batch_id').references((): AnyPgColumn => batches.id, {
      onDelete: 'restrict',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('batches_number_unique').on(
      table.organisationId,
      table.organisationProductId,
      table.batchNumber,
    ),
    index('batches_product_expiry_idx').on(table.organisationProductId, table.expiryDate),
    index('batches_organisation_idx').on(table.organisationId, table.status),
    // The shop catalogue reads only what can be sold; most batches of a long-running business are
    // used up (ADR 027).
    index('batches_sellable_idx')
      .on(table.organisationId, table.organisationProductId)
      .where(sql`${table.status} = 'released' and ${table.balance} > 0`),
    check('batches_balance_non_negative', sql`${table.balance} >= 0`),
    check(
      'batches_expiry_of_purchases',
      sql`${table.origin} = 'harvest' or ${table.expiryDate} is not null`,
    ),
    check(
      'batches_release_recorded',
      sql`${table.status} <> 'released' or ${table.releasedAt} is not null`,
    ),
    check(
      'batches_block_reason',
      sql`${table.status} <> 'blocked' or ${table.blockedReason} is not null`,
    ),
  ],
)

/**
 * The stock ledger: every physical movement of goods, appended and never changed (a trigger
 * refuses UPDATE, DELETE and TRUNCATE). `balance_after` is the batch's balance after this
 * movement — the running balance of the history, and a check that it never went below zero.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    kind: stockMovementKind('kind').notNull(),
    /** Signed, in base units: positive adds to the batch, negative takes from it. */
    quantity: integer('quantity').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason'),
    /** The record that caused the movement, e.g. `purchase_order_item` and its id. */
    sourceType: text('source_type'),
    sourceId: uuid('source_id'),
    actorKind: auditActorKind('actor_kind').notNull(),
    /** User or shop-user id; the job name for `system`. */
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_batch_idx').on(table.batchId, table.createdAt),
    // The analysis reads an organisation's movements of a period (turnover, contents sold).
    index('stock_movements_organisation_idx').on(table.organisationId, table.createdAt),
    index('stock_movements_source_idx').on(table.sourceType, table.sourceId),
    check('stock_movements_quantity_not_zero', sql`${table.quantity} <> 0`),
    check('stock_movements_balance_non_negative', sql`${table.balanceAfter} >= 0`),
    check(
      'stock_movements_reason_given',
      sql`${table.kind} not in ('correction', 'destruction') or length(trim(${table.reason})) > 0`,
    ),
  ],
)

/**
 * Goods promised to an order but not yet gone: their own rows, not movements (areas.md). Active
 * while neither released nor consumed and not past `expires_at`; consuming one writes the sale
 * (or hand-out) movement in the same transaction.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    /** In base units. */
    quantity: integer('quantity').notNull(),
    /** The order (or other record) holding the goods: `customer_order`, `shop_order` … */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id').notNull(),
    /** Null: held until released or consumed (a confirmed order); otherwise lapses by itself. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    movementId: uuid('movement_id').references(() => stockMovements.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_reservations_open_idx')
      .on(table.batchId)
      .where(sql`${table.releasedAt} is null and ${table.consumedAt} is null`),
    index('stock_reservations_source_idx').on(table.sourceType, table.sourceId),
    // An organisation's active holds in one index-only scan (batch and quantity ride along as
    // key columns: Drizzle has no INCLUDE): the shop catalogue sums them per batch and asks when
    // the next one lapses by itself, its cache's end of life (ADR 027).
    index('stock_reservations_active_idx')
      .on(table.organisationId, table.expiresAt, table.batchId, table.quantity)
      .where(sql`${table.releasedAt} is null and ${table.consumedAt} is null`),
    check('stock_reservations_quantity_positive', sql`${table.quantity} > 0`),
  ],
)

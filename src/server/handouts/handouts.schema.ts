import { sql } from 'drizzle-orm'
import {
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
import { handOutAgeClasses } from '../../lib/handout-lists'
import { customers } from '../customers/customers.schema'
import { cannabinoidContent, timestamps } from '../db/columns'
import { organisations, users } from '../db/schema'
import { cannabinoidUnit } from '../products/product-enums.schema'
import { organisationProducts } from '../products/products.schema'
import { batches, stockMovements } from '../stock/stock.schema'

export const handOutAgeClass = pgEnum('hand_out_age_class', handOutAgeClasses)

/**
 * A club's hand-out to a member (KCanG): date, member, product, batch, grams and the batch's
 * measured THC and CBD, written together with the `hand_out` stock movement that took the goods.
 * A record is never edited: a trigger (migration 0021) lets an UPDATE only cancel it once — with
 * a reason and the counter-movement that returned the goods — and refuses DELETE for five years
 * after the hand-out day and TRUNCATE always. It holds no personal data of its own: the member is
 * the `customers` row, which anonymising replaces in place, so the record stays whole under
 * "Anonymisiert" (ADR 043).
 */
export const handOuts = pgTable(
  'hand_outs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** `AB-2026-00042`, from the organisation's counter per year. */
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    organisationProductId: uuid('organisation_product_id')
      .notNull()
      .references(() => organisationProducts.id, { onDelete: 'restrict' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    /** As they were at the hand-out: the record does not follow later renames. */
    productName: text('product_name').notNull(),
    batchNumber: text('batch_number').notNull(),
    /** Milligrams. */
    quantity: integer('quantity').notNull(),
    /** The batch's measured contents (its lab report), in `cannabinoid_unit`. */
    thcContent: cannabinoidContent('thc_content').notNull(),
    cbdContent: cannabinoidContent('cbd_content').notNull(),
    cannabinoidUnit: cannabinoidUnit('cannabinoid_unit').notNull(),
    /** The member's age class on the hand-out day: which limits applied. */
    ageClass: handOutAgeClass('age_class').notNull(),
    /** The calendar day in Europe/Berlin the limits count it on. */
    handedOutOn: date('handed_out_on', { mode: 'string' }).notNull(),
    handedOutAt: timestamp('handed_out_at', { withTimezone: true }).notNull(),
    handedOutBy: uuid('handed_out_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The `hand_out` movement that took the goods out of the batch. */
    movementId: uuid('movement_id')
      .notNull()
      .references(() => stockMovements.id, { onDelete: 'restrict' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'restrict' }),
    cancelReason: text('cancel_reason'),
    /** The `return` movement that put the goods back. */
    cancelMovementId: uuid('cancel_movement_id').references(() => stockMovements.id, {
      onDelete: 'restrict',
    }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('hand_outs_number_unique').on(table.organisationId, table.number),
    // What a member received on a day and in a month: the limit checks read only this.
    index('hand_outs_member_day_idx')
      .on(table.customerId, table.handedOutOn)
      .where(sql`${table.cancelledAt} is null`),
    index('hand_outs_organisation_idx').on(table.organisationId, table.handedOutAt),
    check('hand_outs_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'hand_outs_cancellation_complete',
      sql`(${table.cancelledAt} is null and ${table.cancelledBy} is null and ${table.cancelReason} is null and ${table.cancelMovementId} is null) or (${table.cancelledAt} is not null and ${table.cancelledBy} is not null and length(trim(${table.cancelReason})) > 0 and ${table.cancelMovementId} is not null)`,
    ),
  ],
)

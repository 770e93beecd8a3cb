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
import { handoutAgeClasses } from '../../lib/handout-lists'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { customers } from '../customers/customers.schema'
import { cannabinoidContent, timestamps } from '../db/columns'
import { organisations, users } from '../db/core.schema'
import { cannabinoidUnit, packUnit } from '../products/product-enums.schema'
import { organisationProducts } from '../products/products.schema'
import { batches, stockMovements } from '../stock/stock.schema'

export const handoutAgeClass = pgEnum('hand_out_age_class', handoutAgeClasses)

/**
 * A hand-out of one batch to one person, written with the stock movement that took the goods.
 * A club's hand-out to a member (KCanG): date, member, product, batch, grams and the batch's
 * measured THC and CBD, with its `hand_out` movement. A pharmacy's dispensing (ApBetrO): one row
 * per picked batch of a prescription-only line, written when the customer order is completed,
 * with that completion's `sale` movement and the label data of § 14 ApBetrO (ADR 048).
 * A record is never edited: a trigger (migration 0021) lets an UPDATE only cancel it once — with
 * a reason and the counter-movement that returned the goods — and refuses DELETE for five years
 * after the hand-out day and TRUNCATE always. It holds no personal data of its own: the member is
 * the `customers` row, which anonymising replaces in place, so the record stays whole under
 * "Anonymisiert" (ADR 043).
 */
export const handouts = pgTable(
  'hand_outs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** `AG-2026-00042`, from the organisation's counter per year (ADR 058). */
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
    /** Base units of `pack_unit`: milligrams for flowers (always, for a club), microlitres, pieces. */
    quantity: integer('quantity').notNull(),
    packUnit: packUnit('pack_unit').notNull().default('g'),
    /**
     * The batch's measured contents (its lab report), in `cannabinoid_unit`; a club's always, a
     * pharmacy's from the product's declaration when the batch has none.
     */
    thcContent: cannabinoidContent('thc_content'),
    cbdContent: cannabinoidContent('cbd_content'),
    cannabinoidUnit: cannabinoidUnit('cannabinoid_unit').notNull(),
    /** Clubs: the member's age class on the hand-out day, i.e. which limits applied. */
    ageClass: handoutAgeClass('age_class'),
    /** Pharmacies: the completed order this dispensing belongs to, and its label data. */
    customerOrderId: uuid('customer_order_id').references(() => customerOrders.id, {
      onDelete: 'restrict',
    }),
    formOfUse: text('form_of_use'),
    /** The prescription's directions for use, as the prescriber wrote them. */
    dosage: text('dosage'),
    prescriberName: text('prescriber_name'),
    prescriberAddress: text('prescriber_address'),
    /** The day the unit was made up for the patient (picked and labelled), Berlin. */
    preparedOn: date('prepared_on', { mode: 'string' }),
    useBy: date('use_by', { mode: 'string' }),
    storageNote: text('storage_note'),
    /**
     * Clubs: the information on risks, interactions, use and advice given with this hand-out
     * (§ 21 Abs. 3 KCanG) as it read then — a reprint shows what the member received, not the
     * club's later text (ADR 069).
     */
    information: text('information'),
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
    index('hand_outs_customer_order_idx')
      .on(table.customerOrderId)
      .where(sql`${table.customerOrderId} is not null`),
    // A club's row carries what the KCanG asks, a pharmacy's what the label of § 14 ApBetrO asks.
    check(
      'hand_outs_kind_complete',
      sql`(${table.customerOrderId} is null and ${table.ageClass} is not null and ${table.thcContent} is not null and ${table.cbdContent} is not null and ${table.packUnit} = 'g' and ${table.information} is not null) or (${table.customerOrderId} is not null and ${table.ageClass} is null and ${table.cancelledAt} is null and ${table.formOfUse} is not null and ${table.prescriberName} is not null and ${table.preparedOn} is not null and ${table.storageNote} is not null)`,
    ),
    check('hand_outs_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'hand_outs_cancellation_complete',
      sql`(${table.cancelledAt} is null and ${table.cancelledBy} is null and ${table.cancelReason} is null and ${table.cancelMovementId} is null) or (${table.cancelledAt} is not null and ${table.cancelledBy} is not null and length(trim(${table.cancelReason})) > 0 and ${table.cancelMovementId} is not null)`,
    ),
  ],
)

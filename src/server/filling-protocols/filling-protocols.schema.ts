import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { fillingProtocolStatuses } from '../../lib/filling-protocol-lists'
import { cannabinoidContent, timestamps } from '../db/columns'
import { organisations, users } from '../db/core.schema'
import { organisationProducts } from '../products/products.schema'
import { batches } from '../stock/stock.schema'

export const fillingProtocolStatus = pgEnum('filling_protocol_status', fillingProtocolStatuses)

/**
 * The written preparation instruction (Herstellungsanweisung, § 7/§ 8 ApBetrO) for filling an
 * organisation product, versioned: a change is a new row with the next version, so a protocol
 * keeps referring to the version it was filled by (ADR 064).
 */
export const preparationInstructions = pgTable(
  'preparation_instructions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** The bulk listing the instruction fills from. */
    organisationProductId: uuid('organisation_product_id')
      .notNull()
      .references(() => organisationProducts.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('preparation_instructions_version_unique').on(
      table.organisationProductId,
      table.version,
    ),
    check('preparation_instructions_version', sql`${table.version} >= 1`),
    check('preparation_instructions_text', sql`length(trim(${table.text})) > 0`),
  ],
)

/**
 * Packs a pharmacy pre-filled of one product on one Berlin calendar day (Defektur, § 21 Abs. 2
 * Nr. 1 AMG: at most 100 a day without a manufacturing licence). A hand-over adds its units with
 * a checked increment, a cancellation of a handed-over protocol takes them back (ADR 064).
 */
export const defekturDayCounts = pgTable(
  'defektur_day_counts',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    organisationProductId: uuid('organisation_product_id')
      .notNull()
      .references(() => organisationProducts.id, { onDelete: 'restrict' }),
    day: date('day').notNull(),
    packs: integer('packs').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationProductId, table.day] }),
    check('defektur_day_counts_packs', sql`${table.packs} between 0 and 100`),
  ],
)

/**
 * A filling (Abfüllung): flowers of a bulk batch repackaged into `unit_count` units of
 * `target_net_mg`, weighed unit by unit (`filling_units`) by the person filling, then checked by a
 * second person of the organisation. Only the confirmation books stock: `filling` movements out of
 * the bulk batch and into the new batch `filled_batch_id` of the pack product (ADR 045). The
 * database itself refuses a confirmation by the person who filled (`four_eyes`), and a trigger
 * (migration 0022) keeps confirmed and cancelled protocols as they are and never deletes one.
 */
export const fillingProtocols = pgTable(
  'filling_protocols',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** `AF-2026-00042`, from the organisation's counter per year; also the new batch's number. */
    number: text('number').notNull(),
    status: fillingProtocolStatus('status').notNull().default('draft'),
    bulkBatchId: uuid('bulk_batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    /** As at the start: the record does not follow later renames. */
    bulkProductName: text('bulk_product_name').notNull(),
    bulkBatchNumber: text('bulk_batch_number').notNull(),
    /** The pack listing chosen at the start, or (null until confirmed) the one created then. */
    packListingId: uuid('pack_listing_id').references(() => organisationProducts.id, {
      onDelete: 'restrict',
    }),
    packProductName: text('pack_product_name').notNull(),
    unitCount: integer('unit_count').notNull(),
    /** Milligrams per unit. */
    targetNetMg: integer('target_net_mg').notNull(),
    /** Hundredths of a percent: 200 is ±2 %. */
    toleranceBasisPoints: integer('tolerance_basis_points').notNull(),
    /** Milligrams taken out of the bulk container: the nets plus the loss. */
    withdrawnMg: integer('withdrawn_mg'),
    /** Why `withdrawn_mg` exceeds the nets (dust, sampling). */
    lossReason: text('loss_reason'),
    /** The person filling: starts, weighs and hands over; never the one who confirms. */
    filledBy: uuid('filled_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'restrict' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The bulk batch's measured THC/CBD when the filling was confirmed: the record keeps them when
     * the batch's values are corrected later (ADR 075).
     */
    bulkThcContent: cannabinoidContent('bulk_thc_content'),
    bulkCbdContent: cannabinoidContent('bulk_cbd_content'),
    /** The batch of the pack product the confirmation booked the units into. */
    filledBatchId: uuid('filled_batch_id').references(() => batches.id, { onDelete: 'restrict' }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'restrict' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** The version of the preparation instruction the filling follows (pharmacies; ADR 064). */
    instructionId: uuid('instruction_id').references(() => preparationInstructions.id, {
      onDelete: 'restrict',
    }),
    /** The test record (Prüfprotokoll) of the hand-over: appearance and labelling checked. */
    appearanceChecked: boolean('appearance_checked').notNull().default(false),
    labellingChecked: boolean('labelling_checked').notNull().default(false),
    checkNote: text('check_note'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('filling_protocols_number_unique').on(table.organisationId, table.number),
    index('filling_protocols_organisation_idx').on(table.organisationId, table.startedAt),
    index('filling_protocols_bulk_batch_idx').on(table.bulkBatchId),
    check('filling_protocols_unit_count', sql`${table.unitCount} between 1 and 500`),
    check('filling_protocols_target_positive', sql`${table.targetNetMg} > 0`),
    check('filling_protocols_tolerance', sql`${table.toleranceBasisPoints} between 1 and 1000`),
    check(
      'filling_protocols_withdrawn_positive',
      sql`${table.withdrawnMg} is null or ${table.withdrawnMg} > 0`,
    ),
    check(
      'filling_protocols_four_eyes',
      sql`${table.confirmedBy} is null or ${table.confirmedBy} <> ${table.filledBy}`,
    ),
    check(
      'filling_protocols_submitted',
      sql`${table.status} in ('draft', 'cancelled') or (${table.submittedAt} is not null and ${table.withdrawnMg} is not null)`,
    ),
    check(
      'filling_protocols_confirmed',
      sql`(${table.status} = 'confirmed') = (${table.confirmedAt} is not null and ${table.confirmedBy} is not null and ${table.filledBatchId} is not null and ${table.packListingId} is not null)`,
    ),
    check(
      'filling_protocols_cancelled',
      sql`(${table.status} = 'cancelled') = (${table.cancelledAt} is not null and ${table.cancelledBy} is not null and length(trim(${table.cancelReason})) > 0)`,
    ),
  ],
)

/**
 * One unit of a filling as weighed: gross, tare and net (gross − tare) in milligrams, all three
 * or none (not weighed yet), and why it may leave the tolerance. Changed only while its protocol
 * is a draft (trigger, migration 0022).
 */
export const fillingUnits = pgTable(
  'filling_units',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    protocolId: uuid('protocol_id')
      .notNull()
      .references(() => fillingProtocols.id, { onDelete: 'restrict' }),
    /** 1 … unit_count. */
    position: integer('position').notNull(),
    grossMg: integer('gross_mg'),
    tareMg: integer('tare_mg'),
    netMg: integer('net_mg'),
    deviationReason: text('deviation_reason'),
  },
  (table) => [
    primaryKey({ columns: [table.protocolId, table.position] }),
    check('filling_units_position', sql`${table.position} between 1 and 500`),
    check(
      'filling_units_weighed',
      sql`(${table.grossMg} is null and ${table.tareMg} is null and ${table.netMg} is null) or (${table.tareMg} >= 0 and ${table.netMg} > 0 and ${table.netMg} = ${table.grossMg} - ${table.tareMg})`,
    ),
  ],
)

import { sql } from 'drizzle-orm'
import {
  boolean,
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
import { bankAllocationKinds, bankEntryStatuses, camtVersions } from '../../lib/bank-statements'
import { orderPaymentSources } from '../../lib/customer-enums'
import { molliePaymentStatuses, mollieRefundStatuses } from '../../lib/payments'
import { customerOrders, paymentMeansEnum } from '../customer-orders/customer-orders.schema'
import { organisations, tenants, users } from '../db/core.schema'

export const molliePaymentStatus = pgEnum('mollie_payment_status', molliePaymentStatuses)
export const mollieRefundStatus = pgEnum('mollie_refund_status', mollieRefundStatuses)
export const orderPaymentSource = pgEnum('order_payment_source', orderPaymentSources)

/**
 * The money an order received, one row per booking (ADR 070): what the till, Mollie, a bank
 * statement or a person recorded, on the day it arrived. A payment taken back (a refund, a
 * correction to unpaid) is a negative row; rows are never changed. The order's `payment_status`
 * says whether the sum covers what the customer owes; the bookkeeping export reads these rows.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** The day the money arrived (Europe/Berlin): the bank's booking date, the till's day. */
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    /** Null where a payment was set by hand without saying how. */
    means: paymentMeansEnum('means'),
    source: orderPaymentSource('source').notNull(),
    /** The till receipt's number, Mollie's `tr_…`, the bank's entry reference. */
    reference: text('reference'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_payments_order_idx').on(table.orderId),
    index('order_payments_organisation_booked_idx').on(table.organisationId, table.bookedOn),
    check('order_payments_amount_not_zero', sql`${table.amountCents} <> 0`),
  ],
)

/**
 * One Mollie payment attempt of a shop order. The attempt number makes the idempotency key
 * (order id + attempt), so a double click creates one payment and "erneut bezahlen" a new one.
 */
export const molliePayments = pgTable(
  'mollie_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'restrict' }),
    attempt: integer('attempt').notNull(),
    /** `tr_…`; null only between the row's insert and Mollie's answer in the same request. */
    molliePaymentId: text('mollie_payment_id'),
    status: molliePaymentStatus('status').notNull().default('open'),
    amountCents: integer('amount_cents').notNull(),
    checkoutUrl: text('checkout_url'),
    /** `test` or `live`, from the key that created it. */
    mode: text('mode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mollie_payments_order_attempt_unique').on(table.orderId, table.attempt),
    uniqueIndex('mollie_payments_mollie_id_unique')
      .on(table.molliePaymentId)
      .where(sql`${table.molliePaymentId} is not null`),
    index('mollie_payments_organisation_idx').on(table.organisationId),
    check('mollie_payments_amount_positive', sql`${table.amountCents} > 0`),
    check('mollie_payments_attempt_positive', sql`${table.attempt} > 0`),
  ],
)

/** Every status a payment was seen in, in the order it was seen (append-only). */
export const molliePaymentEvents = pgTable(
  'mollie_payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => molliePayments.id, { onDelete: 'cascade' }),
    fromStatus: molliePaymentStatus('from_status'),
    toStatus: molliePaymentStatus('to_status').notNull(),
    /** `webhook`, `return_page`, `create`, `expiry_job`. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mollie_payment_events_payment_idx').on(table.paymentId, table.createdAt)],
)

/** A refund of a paid payment, as Mollie reports it. */
export const mollieRefunds = pgTable(
  'mollie_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => molliePayments.id, { onDelete: 'restrict' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    mollieRefundId: text('mollie_refund_id'),
    status: mollieRefundStatus('status').notNull().default('queued'),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mollie_refunds_payment_unique').on(table.paymentId),
    uniqueIndex('mollie_refunds_mollie_id_unique')
      .on(table.mollieRefundId)
      .where(sql`${table.mollieRefundId} is not null`),
    check('mollie_refunds_amount_positive', sql`${table.amountCents} > 0`),
  ],
)

/**
 * A payment reminder sent for an overdue invoice (ADR 073): when, to whom, by whom. The latest
 * one says when the next may go (the organisation's `payment_reminder_days`).
 */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'restrict' }),
    /** The invoice the reminder is about, as its number was printed then. */
    invoiceNumber: text('invoice_number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    sentTo: text('sent_to').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'restrict' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_reminders_order_idx').on(table.orderId, table.sentAt),
    check('payment_reminders_amount_positive', sql`${table.amountCents} > 0`),
  ],
)

export const bankStatementVersion = pgEnum('bank_statement_version', camtVersions)
export const bankEntryStatus = pgEnum('bank_entry_status', bankEntryStatuses)
export const bankAllocationKind = pgEnum('bank_allocation_kind', bankAllocationKinds)

/**
 * A bank statement (camt.053) an organisation read in (ADR 071): the bank's statement id and the
 * account make it unique, so the same statement read twice is recognised.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** The bank's statement id (Stmt/Id). */
    statementId: text('statement_id').notNull(),
    iban: text('iban').notNull(),
    version: bankStatementVersion('version').notNull(),
    fileName: text('file_name').notNull(),
    /** Whether the account is the organisation's own IBAN (the review warns when not). */
    ownAccount: boolean('own_account').notNull(),
    /** Entries that are no euro credit (debits, other currencies): counted, not kept. */
    skippedEntries: integer('skipped_entries').notNull().default(0),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_statements_statement_unique').on(
      table.organisationId,
      table.iban,
      table.statementId,
    ),
  ],
)

/**
 * One credit of a statement and what became of it: the matcher's verdict (matched, ambiguous,
 * unknown), then the pharmacy's (booked, ignored). The bank's entry reference is unique per
 * account, so an entry that arrives again in another statement is not read twice.
 */
export const bankStatementEntries = pgTable(
  'bank_statement_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'restrict' }),
    iban: text('iban').notNull(),
    /** AcctSvcrRef, else a hash of the entry (ADR 071). */
    entryReference: text('entry_reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    payerName: text('payer_name'),
    remittance: text('remittance').notNull(),
    endToEndId: text('end_to_end_id'),
    status: bankEntryStatus('status').notNull(),
    /** What the entry paid beyond what the orders owed: left for the pharmacy to clear up. */
    surplusCents: integer('surplus_cents').notNull().default(0),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_statement_entries_reference_unique').on(
      table.organisationId,
      table.iban,
      table.entryReference,
    ),
    index('bank_statement_entries_statement_idx').on(table.statementId),
    index('bank_statement_entries_status_idx').on(table.organisationId, table.status),
    check('bank_statement_entries_amount_positive', sql`${table.amountCents} > 0`),
  ],
)

/**
 * Which orders an entry concerns: the matcher's proposal (the split it would book), its
 * candidates when it could not decide, and what was booked when the pharmacy confirmed.
 */
export const bankEntryAllocations = pgTable(
  'bank_entry_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => bankStatementEntries.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'restrict' }),
    kind: bankAllocationKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [
    uniqueIndex('bank_entry_allocations_unique').on(table.entryId, table.kind, table.orderId),
    index('bank_entry_allocations_order_idx').on(table.orderId),
  ],
)

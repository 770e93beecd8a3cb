import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  customerOrderStatuses,
  deliveryMethods,
  orderChannels,
  orderEventKinds,
  orderTypes,
  paymentMeans,
  paymentStatuses,
  prescribedPreparations,
  prescriptionEvidenceKinds,
  prescriptionForms,
} from '../../lib/customer-enums'
import { shopPaymentMethods } from '../../lib/shop'
import { auditActorKind } from '../audit/audit-actor.schema'
import { payerKind } from '../customers/customer-enums.schema'
import { customers } from '../customers/customers.schema'
import { timestamps } from '../db/columns'
import { organisations, storedFiles, tenants, users } from '../db/core.schema'
import { salesUnit, vatRate } from '../products/product-enums.schema'
import { organisationProducts, products } from '../products/products.schema'
import { purchaseOrders } from '../purchase-orders/purchase-orders.schema'
import { batches } from '../stock/stock.schema'

export const customerOrderStatus = pgEnum('customer_order_status', customerOrderStatuses)
export const paymentStatus = pgEnum('payment_status', paymentStatuses)
export const paymentMeansEnum = pgEnum('payment_means', paymentMeans)
export const orderChannel = pgEnum('order_channel', orderChannels)
export const orderType = pgEnum('order_type', orderTypes)
export const deliveryMethod = pgEnum('delivery_method', deliveryMethods)
export const prescriptionForm = pgEnum('prescription_form', prescriptionForms)
export const prescribedPreparation = pgEnum('prescribed_preparation', prescribedPreparations)
export const orderEventKind = pgEnum('order_event_kind', orderEventKinds)
export const shopPaymentMethod = pgEnum('shop_payment_method', shopPaymentMethods)
export const prescriptionEvidenceKind = pgEnum(
  'prescription_evidence_kind',
  prescriptionEvidenceKinds,
)

/**
 * What a customer ordered from an organisation. Status and payment are two separate state
 * machines (lib/customer-orders.ts holds the table); `version` counts every change so that two
 * users acting on the same state cannot both win. Totals are kept on the row in integer cents;
 * the items are the truth and every change recomputes them.
 */
export const customerOrders = pgTable(
  'customer_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** `AU-2026-00017`, from the organisation's counter when the order is created. */
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    channel: orderChannel('channel').notNull(),
    type: orderType('type').notNull().default('order'),
    status: customerOrderStatus('status').notNull().default('new'),
    paymentStatus: paymentStatus('payment_status').notNull().default('unpaid'),
    /** The shop the order came through (channel `shop`). */
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'restrict' }),
    /** The buyer's purchase order this order answers (channel `purchase_order`). */
    purchaseOrderId: uuid('purchase_order_id').references(() => purchaseOrders.id, {
      onDelete: 'restrict',
    }),
    deliveryMethod: deliveryMethod('delivery_method').notNull().default('pickup'),
    deliveryName: text('delivery_name'),
    deliveryStreet: text('delivery_street'),
    deliveryPostalCode: text('delivery_postal_code'),
    deliveryCity: text('delivery_city'),
    deliveryCountry: text('delivery_country'),
    /** Shop orders: the delivery fee (gross, VAT at the standard rate), part of the totals. */
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    /** Shop orders: how the customer chose to pay. */
    paymentMethod: shopPaymentMethod('payment_method'),
    /** When the payment arrived (set with `paid`, ADR 055); what the invoice's statement names. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** How it was paid; null where a payment was set by hand without saying how. */
    paymentMeans: paymentMeansEnum('payment_means'),
    /** Cash or card at the till: the till receipt's number (the TSE record stays the till's). */
    tillReceiptNumber: text('till_receipt_number'),
    /** Shop orders: the billing address at the time of ordering. */
    billingName: text('billing_name'),
    billingStreet: text('billing_street'),
    billingPostalCode: text('billing_postal_code'),
    billingCity: text('billing_city'),
    billingCountry: text('billing_country'),
    note: text('note'),
    /**
     * How the totals are rounded (ADR 056): `gross` for a patient, `net` for a business, fixed
     * when the order is placed. Orders from before ADR 056 were computed `net`.
     */
    priceBasis: text('price_basis', { enum: ['gross', 'net'] }).notNull(),
    netCents: integer('net_cents').notNull().default(0),
    vatCents: integer('vat_cents').notNull().default(0),
    grossCents: integer('gross_cents').notNull().default(0),
    /** Statutory prescriptions: what the patient pays, and what the pharmacy bills the insurer. */
    copaymentCents: integer('copayment_cents').notNull().default(0),
    insurerCents: integer('insurer_cents').notNull().default(0),
    /** A time-limited hold (shop, Rezeptkonfigurator) lapses to `expired` after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the customer was reminded that the hold lapses soon (once per order). */
    expiryReminderSentAt: timestamp('expiry_reminder_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Whose cancellation: the seller's, or the buyer's through its purchase order. */
    cancelledByOrganisationId: uuid('cancelled_by_organisation_id').references(
      () => organisations.id,
      { onDelete: 'restrict' },
    ),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customer_orders_number_unique').on(table.organisationId, table.number),
    uniqueIndex('customer_orders_purchase_order_unique')
      .on(table.purchaseOrderId)
      .where(sql`${table.purchaseOrderId} is not null`),
    index('customer_orders_organisation_idx').on(table.organisationId, table.createdAt),
    index('customer_orders_customer_idx').on(table.customerId, table.createdAt),
    // Revenue by month and the best sellers read an organisation's completed orders by date.
    index('customer_orders_completed_idx')
      .on(table.organisationId, table.completedAt)
      .where(sql`${table.status} = 'completed'`),
    // The dashboard's to-dos and the lists behind them read the orders still in progress, a few
    // among a long history (`openOrderStatuses`: the predicate must match for the planner).
    index('customer_orders_in_progress_idx')
      .on(table.organisationId, table.createdAt)
      .where(sql`${table.status} in ('new', 'confirmed', 'ready')`),
    index('customer_orders_reminder_idx')
      .on(table.expiresAt)
      .where(
        sql`${table.status} = 'new' and ${table.type} = 'reservation' and ${table.expiryReminderSentAt} is null`,
      ),
    index('customer_orders_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'new' and ${table.expiresAt} is not null`),
    check(
      'customer_orders_totals',
      sql`${table.netCents} >= 0 and ${table.vatCents} >= 0 and ${table.grossCents} = ${table.netCents} + ${table.vatCents}`,
    ),
    check(
      'customer_orders_shares',
      sql`${table.copaymentCents} >= 0 and ${table.insurerCents} >= 0 and ${table.copaymentCents} + ${table.insurerCents} <= ${table.grossCents}`,
    ),
    check(
      'customer_orders_cancel_reason',
      sql`${table.status} <> 'cancelled' or length(trim(${table.cancelReason})) > 0`,
    ),
    check(
      'customer_orders_channel_links',
      sql`(${table.channel} = 'purchase_order') = (${table.purchaseOrderId} is not null)`,
    ),
    check('customer_orders_version_positive', sql`${table.version} > 0`),
    check('customer_orders_price_basis_known', sql`${table.priceBasis} in ('gross', 'net')`),
    check(
      'customer_orders_till_receipt',
      sql`coalesce(${table.paymentMeans} in ('cash', 'card'), false) = (${table.tillReceiptNumber} is not null)`,
    ),
    check(
      'customer_orders_delivery_fee',
      sql`${table.deliveryFeeCents} >= 0 and ${table.deliveryFeeCents} <= ${table.grossCents}`,
    ),
  ],
)

/**
 * One line of a customer order, with what was sold frozen at the time of ordering (name, unit,
 * price and VAT), so later price changes never touch an order or its invoice.
 */
export const customerOrderItems = pgTable(
  'customer_order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    organisationProductId: uuid('organisation_product_id')
      .notNull()
      .references(() => organisationProducts.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    pzn: text('pzn'),
    salesUnit: salesUnit('sales_unit').notNull(),
    baseUnitsPerSalesUnit: integer('base_units_per_sales_unit').notNull(),
    /** In sales units. */
    quantity: integer('quantity').notNull(),
    /** Net price per sales unit in cents. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    vatRate: vatRate('vat_rate').notNull(),
    /** Prescription-only goods sold to a patient: the order's prescription must be checked. */
    requiresPrescription: boolean('requires_prescription').notNull().default(false),
    /** Statutory prescriptions: the patient's co-payment for this line (§ 61 SGB V). */
    copaymentCents: integer('copayment_cents').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customer_order_items_position_unique').on(table.orderId, table.position),
    index('customer_order_items_organisation_idx').on(table.organisationId),
    check('customer_order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('customer_order_items_price_non_negative', sql`${table.unitPriceCents} >= 0`),
    check('customer_order_items_base_units_positive', sql`${table.baseUnitsPerSalesUnit} > 0`),
    check('customer_order_items_copayment_non_negative', sql`${table.copaymentCents} >= 0`),
  ],
)

/**
 * The prescription an order's prescription-only items are sold on. Payer and form are two facts
 * (domain.md); the validity follows from payer and issue date and is computed, not stored.
 */
export const customerOrderPrescriptions = pgTable(
  'customer_order_prescriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    payer: payerKind('payer').notNull(),
    form: prescriptionForm('form').notNull(),
    prescriberName: text('prescriber_name').notNull(),
    prescriberAddress: text('prescriber_address'),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** The directions for use (Gebrauchsanweisung); null only on prescriptions recorded before it was asked. */
    dosage: text('dosage'),
    /** The prescribed preparation, the label's form of use; null where the prescription names none. */
    preparation: prescribedPreparation('preparation'),
    insurerName: text('insurer_name'),
    insuranceNumber: text('insurance_number'),
    copaymentExempt: boolean('copayment_exempt').notNull().default(false),
    /** Paper: the uploaded scan; e-Rezept: the token (the Data Matrix code's content). */
    scanFileId: uuid('scan_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    eRezeptToken: text('e_rezept_token'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedBy: uuid('checked_by').references(() => users.id, { onDelete: 'restrict' }),
    /**
     * Paper: the original arrived ("Original liegt vor"); e-Rezept: it was redeemed ("E-Rezept
     * eingelöst"). A scan is enough to check and prepare; the goods leave only with this.
     */
    originalAt: timestamp('original_at', { withTimezone: true }),
    originalBy: uuid('original_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customer_order_prescriptions_order_unique').on(table.orderId),
    check(
      'customer_order_prescriptions_checked_by',
      sql`(${table.checkedAt} is null) = (${table.checkedBy} is null)`,
    ),
    check(
      'customer_order_prescriptions_original_by',
      sql`(${table.originalAt} is null) = (${table.originalBy} is null)`,
    ),
  ],
)

/**
 * What a shop customer handed in at checkout for the prescription-only items: who pays, and the
 * evidence (a scan, an e-Rezept token, or the original to come). The pharmacist checks it and
 * records the prescription itself (`customer_order_prescriptions`) from it.
 */
export const customerOrderEvidence = pgTable(
  'customer_order_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    payer: payerKind('payer').notNull(),
    kind: prescriptionEvidenceKind('kind').notNull(),
    scanFileId: uuid('scan_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    eRezeptToken: text('e_rezept_token'),
    /** Statutory insurance: an uploaded certificate of exemption from co-payments. */
    exemptionFileId: uuid('exemption_file_id').references(() => storedFiles.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_order_evidence_order_unique').on(table.orderId),
    check(
      'customer_order_evidence_upload',
      sql`(${table.kind} = 'upload') = (${table.scanFileId} is not null)`,
    ),
    check(
      'customer_order_evidence_e_rezept',
      sql`(${table.kind} = 'e_rezept') = (${table.eRezeptToken} is not null)`,
    ),
  ],
)

/**
 * Which batches the goods of a line were picked from, recorded when the order is made ready or
 * shipped (delivery note, recall). The order's reservations follow the picks, so completing the
 * order books exactly these batches out.
 */
export const customerOrderPicks = pgTable(
  'customer_order_picks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => customerOrderItems.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    /** In base units. */
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_order_picks_item_batch_unique').on(table.itemId, table.batchId),
    index('customer_order_picks_order_idx').on(table.orderId),
    index('customer_order_picks_batch_idx').on(table.batchId),
    check('customer_order_picks_quantity_positive', sql`${table.quantity} > 0`),
  ],
)

/**
 * The timeline of an order as its detail page shows it: every transition and every change of
 * payment, prescription or documents, with who did it. Append-only like the audit log, but for
 * the people working the order (it names the cancellation reason; the audit log stays the record
 * a regulator reads).
 */
export const customerOrderEvents = pgTable(
  'customer_order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    kind: orderEventKind('kind').notNull(),
    fromStatus: customerOrderStatus('from_status'),
    toStatus: customerOrderStatus('to_status'),
    /** A short German text: the cancellation reason, the new payment state, the document number. */
    detail: text('detail'),
    actorKind: auditActorKind('actor_kind').notNull(),
    /** User or shop-user id; the job name for `system`. */
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customer_order_events_order_idx').on(table.orderId, table.createdAt)],
)

/**
 * A consumer's withdrawal from a shop order (§ 355, § 356a BGB; ADR 067), declared through the
 * withdrawal function of the account or the shop's public page. One per order (the unique index
 * makes parallel confirmations record one); `lines` keeps the lines it covered, as they were named.
 * Name and e-mail are what the consumer gave for the receipt.
 */
export const customerOrderWithdrawals = pgTable(
  'customer_order_withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** The declarant, as they gave it; "Anonymisiert" once the customer is (ADR 068). */
    name: text('name').notNull(),
    /** Where the receipt went; null once the customer is anonymised. */
    email: text('email'),
    lines: jsonb('lines').$type<string[]>().notNull(),
    /** Through the account (`shop_user`) or the public page (`visitor`). */
    actorKind: auditActorKind('actor_kind').notNull(),
    actorId: text('actor_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_order_withdrawals_order_unique').on(table.orderId),
    index('customer_order_withdrawals_organisation_idx').on(table.organisationId),
  ],
)

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
import {
  purchaseOrderStatuses,
  supplierKinds,
  supplierLicenceTypes,
} from '../../lib/purchase-orders'
import { timestamps } from '../db/columns'
import { organisations, storedFiles, users } from '../db/core.schema'
import { salesUnit, vatRate } from '../products/product-enums.schema'
import { organisationProducts, products } from '../products/products.schema'

export const supplierKind = pgEnum('supplier_kind', supplierKinds)
export const supplierLicenceType = pgEnum('supplier_licence_type', supplierLicenceTypes)
export const purchaseOrderStatus = pgEnum('purchase_order_status', purchaseOrderStatuses)

/**
 * Whom an organisation buys from: a selling organisation on the platform (wholesaler or
 * producer; its name and address come from its own row) or an external supplier the
 * organisation keeps itself, with address, licence and contact.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The buying organisation that keeps this supplier. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    kind: supplierKind('kind').notNull(),
    /** For `platform`: the selling organisation. */
    supplierOrganisationId: uuid('supplier_organisation_id').references(() => organisations.id, {
      onDelete: 'restrict',
    }),
    /** For `external`: the supplier's own data. */
    name: text('name'),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country'),
    licenceType: supplierLicenceType('licence_type'),
    licenceNumber: text('licence_number'),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    index('suppliers_organisation_idx').on(table.organisationId),
    uniqueIndex('suppliers_platform_unique')
      .on(table.organisationId, table.supplierOrganisationId)
      .where(sql`${table.supplierOrganisationId} is not null`),
    check(
      'suppliers_kind_fields',
      sql`(${table.kind} = 'platform' and ${table.supplierOrganisationId} is not null) or (${table.kind} = 'external' and ${table.supplierOrganisationId} is null and ${table.name} is not null)`,
    ),
  ],
)

/**
 * What an organisation orders from a supplier. Totals are kept on the row (integer cents) so the
 * list needs no sum; the items are the truth and every change recomputes them.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    /** `EK-2026-00042`, assigned when ordered; null while a draft. */
    number: text('number'),
    status: purchaseOrderStatus('status').notNull().default('draft'),
    note: text('note'),
    netCents: integer('net_cents').notNull().default(0),
    vatCents: integer('vat_cents').notNull().default(0),
    grossCents: integer('gross_cents').notNull().default(0),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    orderedBy: uuid('ordered_by').references(() => users.id, { onDelete: 'restrict' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'restrict' }),
    cancelReason: text('cancel_reason'),
    /** Counts every change: an edit based on an older revision is refused. */
    revision: integer('revision').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('purchase_orders_number_unique')
      .on(table.organisationId, table.number)
      .where(sql`${table.number} is not null`),
    index('purchase_orders_organisation_idx').on(table.organisationId, table.createdAt),
    index('purchase_orders_supplier_idx').on(table.supplierId),
    check(
      'purchase_orders_totals',
      sql`${table.netCents} >= 0 and ${table.vatCents} >= 0 and ${table.grossCents} = ${table.netCents} + ${table.vatCents}`,
    ),
  ],
)

/**
 * One line of a purchase order, with what was ordered frozen at the time (name, unit, price,
 * VAT). From a platform supplier the line names the supplier's listing and the product; the
 * buyer's own listing is filled in on receipt (created, hidden from the shop, when missing).
 */
export const purchaseOrderItems = pgTable(
  'purchase_order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The supplier's listing the line was picked from (platform suppliers only). */
    supplierListingId: uuid('supplier_listing_id').references(() => organisationProducts.id, {
      onDelete: 'restrict',
    }),
    /** The buyer's listing the goods are booked to. */
    organisationProductId: uuid('organisation_product_id').references(
      () => organisationProducts.id,
      { onDelete: 'restrict' },
    ),
    name: text('name').notNull(),
    pzn: text('pzn'),
    salesUnit: salesUnit('sales_unit').notNull(),
    baseUnitsPerSalesUnit: integer('base_units_per_sales_unit').notNull(),
    /** In sales units. */
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    vatRate: vatRate('vat_rate').notNull(),
    /** Base units booked in so far (sum of this line's receipt movements). */
    receivedBaseUnits: integer('received_base_units').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('purchase_order_items_position_unique').on(table.purchaseOrderId, table.position),
    index('purchase_order_items_organisation_idx').on(table.organisationId),
    check('purchase_order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('purchase_order_items_price_non_negative', sql`${table.unitPriceCents} >= 0`),
    check('purchase_order_items_base_units_positive', sql`${table.baseUnitsPerSalesUnit} > 0`),
    check('purchase_order_items_received_non_negative', sql`${table.receivedBaseUnits} >= 0`),
  ],
)

/**
 * What a platform supplier shipped against a line of the buyer's purchase order: batch number,
 * quantity, expiry and the CoA (a copy owned by the buyer). Written, in the buyer's organisation,
 * when the supplier ships its customer order; the buyer's receipt form starts from these rows.
 */
export const purchaseOrderShipmentLines = pgTable(
  'purchase_order_shipment_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The buyer. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    purchaseOrderItemId: uuid('purchase_order_item_id')
      .notNull()
      .references(() => purchaseOrderItems.id, { onDelete: 'cascade' }),
    batchNumber: text('batch_number').notNull(),
    /** In base units. */
    quantity: integer('quantity').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    certificateFileId: uuid('certificate_file_id').references(() => storedFiles.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('purchase_order_shipment_lines_order_idx').on(table.purchaseOrderId),
    check('purchase_order_shipment_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
)

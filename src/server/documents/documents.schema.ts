import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  check,
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
import { documentKinds } from '../../lib/customer-enums'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { customers } from '../customers/customers.schema'
import { organisations, storedFiles, users } from '../db/core.schema'

export const documentKind = pgEnum('document_kind', documentKinds)

/**
 * A document an organisation issued for an order. Issuing freezes it: the content it was made
 * from (`content`, the renderer's input) and the bytes (stored files) never change, so a download
 * gives the same bytes and an issued invoice is corrected only by a cancellation invoice that
 * refers to it (§ 14 UStG).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    kind: documentKind('kind').notNull(),
    /** `RE-2026-00001` (invoices and cancellations share the gap-free invoice counter), … */
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** A cancellation invoice: the invoice it cancels. */
    cancelsDocumentId: uuid('cancels_document_id').references((): AnyPgColumn => documents.id, {
      onDelete: 'restrict',
    }),
    /** A credit note (partial correction, ADR 057): the invoice it corrects. */
    correctsDocumentId: uuid('corrects_document_id').references((): AnyPgColumn => documents.id, {
      onDelete: 'restrict',
    }),
    /** What the document was rendered from, frozen at issue. */
    content: jsonb('content').notNull(),
    /** The issued PDF; null once the retention job deleted it after the period (ADR 076). */
    pdfFileId: uuid('pdf_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    /** Invoices to businesses: the XRechnung XML (the PDF then is the Factur-X one). */
    xmlFileId: uuid('xml_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    /** Signed: a cancellation invoice and a credit note carry negative amounts. */
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('documents_number_unique').on(table.organisationId, table.kind, table.number),
    uniqueIndex('documents_cancels_unique')
      .on(table.cancelsDocumentId)
      .where(sql`${table.cancelsDocumentId} is not null`),
    index('documents_organisation_idx').on(table.organisationId, table.issuedAt),
    index('documents_order_idx').on(table.orderId),
    index('documents_customer_idx').on(table.customerId),
    index('documents_corrects_idx').on(table.correctsDocumentId),
    check('documents_totals', sql`${table.grossCents} = ${table.netCents} + ${table.vatCents}`),
    check(
      'documents_cancellation_refers',
      sql`(${table.kind} = 'cancellation_invoice') = (${table.cancelsDocumentId} is not null)`,
    ),
    check(
      'documents_credit_note_refers',
      // As text: the enum value is new in the same migration, which may not use it as an enum yet.
      sql`(${table.kind}::text = 'credit_note') = (${table.correctsDocumentId} is not null)`,
    ),
  ],
)

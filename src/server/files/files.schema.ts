import {
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { organisations } from '../db/schema'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** What a stored file is for; it decides who may read it (`file-store.server.ts`). */
export const storedFilePurpose = pgEnum('stored_file_purpose', [
  'product_image',
  'batch_certificate',
  'prescription_scan',
  'organisation_logo',
  'issued_document',
  'copayment_exemption',
  'shop_logo',
])

/**
 * Uploaded files, kept in the database so that every app process reaches the same bytes
 * (architecture.md, scale-out): images, logos, CoAs, prescription scans and issued documents
 * (`storedFilePurpose`). A file is written once and never changed; a new upload is a new row.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner; null for the platform's own files (master product images). */
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'restrict',
    }),
    purpose: storedFilePurpose('purpose').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Hex SHA-256 of the stored bytes: an ETag, and a way to find the same upload again. */
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stored_files_organisation_idx').on(table.organisationId)],
)

import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { MasterProductFieldChange } from '../../lib/master-products'
import {
  type ImportCellError,
  type ImportMapping,
  importRowStatuses,
} from '../../lib/product-import'
import { users } from '../db/core.schema'
import { products } from './products.schema'

export const productImportStatus = pgEnum('product_import_status', [
  'previewed',
  'running',
  'completed',
  'failed',
])
export const productImportRowStatus = pgEnum('product_import_row_status', importRowStatuses)

/**
 * One upload to the master product database: the file's header, the column mapping, the counts
 * of the analysis and the progress of the confirmed import. Its rows are in
 * `product_import_rows`, so the preview pages and filters on the server and the job reads them
 * batch by batch. ADR 017.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    /** Field → column index in `header`; a field without a column is not imported. */
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    status: productImportStatus('status').notNull().default('previewed'),
    totalRows: integer('total_rows').notNull(),
    /** The analysis of the current mapping. */
    newCount: integer('new_count').notNull().default(0),
    changedCount: integer('changed_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    /** The confirmed run: valid rows worked through, and what they did. */
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    /** Why a running import stopped (German, for the admin). */
    failureMessage: text('failure_message'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Set with every committed batch: a running import without progress for long has died. */
    progressAt: timestamp('progress_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_imports_created_idx').on(table.createdAt)],
)

/** One data row of an upload: its raw cells and what the current mapping makes of them. */
export const productImportRows = pgTable(
  'product_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => productImports.id, { onDelete: 'cascade' }),
    /** The row's line in the file (the header is line 1), as spreadsheets number it. */
    line: integer('line').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    status: productImportRowStatus('status').notNull(),
    /** The normalised PZN of a valid row: the job looks its product up by it. */
    pzn: text('pzn'),
    /** The stored master product the row updates. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    errors: jsonb('errors').$type<ImportCellError[]>().notNull(),
    changes: jsonb('changes').$type<MasterProductFieldChange[]>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.line] }),
    index('product_import_rows_status_idx').on(table.importId, table.status, table.line),
  ],
)

import { sql } from 'drizzle-orm'
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { organisations } from '../db/schema'

/**
 * The last number handed out per organisation, series and year (`purchase_order` 2026 → 42 gives
 * `EK-2026-00042`). Taken inside the caller's transaction with one upsert, so numbers are unique
 * under concurrency and gap-free: a rolled-back transaction gives its number back.
 */
export const numberCounters = pgTable(
  'number_counters',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.series, table.year] }),
    check('number_counters_last_value_positive', sql`${table.lastValue} > 0`),
  ],
)

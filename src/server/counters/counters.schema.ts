import { sql } from 'drizzle-orm'
import {
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { organisations } from '../db/core.schema'

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

/**
 * The prefix of each of an organisation's number series (ADR 058). A row without `lockedAt` is a
 * prefix chosen before the first number; taking a number locks the row (`lockedAt`) in the same
 * transaction, so a prefix is never changed under a number that was issued with it. A series
 * without a row uses its default prefix (`defaultNumberPrefixes`).
 */
export const numberSeriesPrefixes = pgTable(
  'number_series_prefixes',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    series: text('series').notNull(),
    prefix: text('prefix').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.series] }),
    unique('number_series_prefixes_prefix_unique').on(table.organisationId, table.prefix),
    check('number_series_prefixes_prefix_format', sql`${table.prefix} ~ '^[A-Z][A-Z0-9]{1,5}$'`),
  ],
)

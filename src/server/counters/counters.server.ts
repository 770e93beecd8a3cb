import { and, eq, sql } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import {
  defaultNumberPrefixes,
  formatDocumentNumber,
  type PrefixedNumberSeries,
} from '../../lib/number-series'
import type { Executor } from '../db/client.server'
import { numberCounters, numberSeriesPrefixes } from './counters.schema'

export { formatDocumentNumber }

/**
 * The number series an organisation keeps. Each counts per calendar year, except customer numbers,
 * which never restart: they count under year 0 (`customerNumberYear`).
 */
export type NumberSeries = PrefixedNumberSeries | 'customer'

/** The counter year of series that never restart (customer numbers). */
export const customerNumberYear = 0

/** The calendar year in Germany, where the numbers are read (a PO at 00:30 on 1 January is new). */
export const berlinYear = (at: Date = new Date()) => Number(berlinIsoDate(at).slice(0, 4))

/**
 * The next number of a series, taken in the caller's transaction: the upsert locks the counter
 * row until that transaction ends, so parallel callers queue and each gets its own number, and a
 * rollback hands the number back (no gaps).
 */
export function takeNextNumber(
  tx: Executor,
  organisationId: string,
  series: NumberSeries,
  year: number = berlinYear(),
): Promise<number> {
  return takeNumbers(tx, organisationId, series, year, 1)
}

/**
 * `count` consecutive numbers of a series at once, for rows written in bulk (the demo's generated
 * history): the first of them, the others follow it. Same lock and rollback as `takeNextNumber`.
 */
export async function takeNumbers(
  tx: Executor,
  organisationId: string,
  series: NumberSeries,
  year: number,
  count: number,
): Promise<number> {
  const [row] = await tx
    .insert(numberCounters)
    .values({ organisationId, series, year, lastValue: count })
    .onConflictDoUpdate({
      target: [numberCounters.organisationId, numberCounters.series, numberCounters.year],
      set: { lastValue: sql`${numberCounters.lastValue} + ${count}` },
    })
    .returning({ value: numberCounters.lastValue })
  if (!row) throw new Error('The number counter returned no row')
  return row.value - count + 1
}

/**
 * The prefix of a series, locking it for good (ADR 058): marks the series as used and holds its
 * row until the caller's transaction ends, so an owner choosing a prefix at the same moment waits
 * and then finds it locked — no number is ever issued under a prefix that changes.
 *
 * Two steps, not one upsert: an upsert handles a conflict only on its target (organisation and
 * series), so two transactions creating a series' row at the same moment collided on the other
 * unique index (organisation and prefix) and one failed. `do nothing` without a target waits for
 * the other and then skips on any unique index; the update then finds and locks the row.
 */
async function lockedPrefixOf(
  tx: Executor,
  organisationId: string,
  series: PrefixedNumberSeries,
  now: Date,
): Promise<string> {
  await tx
    .insert(numberSeriesPrefixes)
    .values({ organisationId, series, prefix: defaultNumberPrefixes[series], lockedAt: now })
    .onConflictDoNothing()
  const [row] = await tx
    .update(numberSeriesPrefixes)
    .set({
      lockedAt: sql`coalesce(${numberSeriesPrefixes.lockedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(numberSeriesPrefixes.organisationId, organisationId),
        eq(numberSeriesPrefixes.series, series),
      ),
    )
    .returning({ prefix: numberSeriesPrefixes.prefix })
  if (!row) throw new Error('The number series returned no prefix')
  return row.prefix
}

/** The next document number of a series in the caller's transaction, e.g. `AG-2026-00042`. */
export async function takeDocumentNumber(
  tx: Executor,
  organisationId: string,
  series: PrefixedNumberSeries,
  year: number = berlinYear(),
): Promise<string> {
  const [number] = await takeDocumentNumbers(tx, organisationId, series, year, 1)
  if (!number) throw new Error('The number series returned no number')
  return number
}

/** `count` consecutive document numbers of a series at once (rows written in bulk). */
export async function takeDocumentNumbers(
  tx: Executor,
  organisationId: string,
  series: PrefixedNumberSeries,
  year: number,
  count: number,
  now: Date = new Date(),
): Promise<string[]> {
  const prefix = await lockedPrefixOf(tx, organisationId, series, now)
  const first = await takeNumbers(tx, organisationId, series, year, count)
  return Array.from({ length: count }, (_, index) =>
    formatDocumentNumber(prefix, year, first + index),
  )
}

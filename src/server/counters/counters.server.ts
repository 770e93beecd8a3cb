import { sql } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import type { Executor } from '../db/client.server'
import { numberCounters } from './counters.schema'

/**
 * The number series an organisation keeps. Each counts per calendar year, except customer numbers,
 * which never restart: they count under year 0 (`customerNumberYear`).
 */
export type NumberSeries =
  | 'purchase_order'
  | 'harvest'
  | 'customer'
  | 'customer_order'
  | 'invoice'
  | 'delivery_note'
  | 'order_confirmation'
  | 'credit_note'
  | 'hand_out'
  | 'filling'

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

/** `EK-2026-00042`: prefix, year and the number with five digits. */
export const formatDocumentNumber = (prefix: string, year: number, value: number) =>
  `${prefix}-${year}-${String(value).padStart(5, '0')}`

import { TZDate } from '@date-fns/tz'
import { type AnyColumn, type SQL, sql } from 'drizzle-orm'

/**
 * The instant the current Berlin day or month began, as the database computes it: figures and
 * filters "today" and "this month" follow German time whatever the server's zone is.
 */
export const berlinStartOf = (unit: 'day' | 'month') =>
  sql`date_trunc(${sql.raw(`'${unit}'`)}, now() at time zone 'Europe/Berlin') at time zone 'Europe/Berlin'`

/** The instant the next Berlin day begins (midnight in German time). */
export const berlinEndOfDay = sql`(date_trunc('day', now() at time zone 'Europe/Berlin') + interval '1 day') at time zone 'Europe/Berlin'`

/** The instant a Berlin calendar day (`YYYY-MM-DD`) begins, as the database computes it. */
export const berlinDayStart = (day: string) =>
  sql`(${day}::date::timestamp at time zone 'Europe/Berlin')`

/**
 * The Berlin calendar month an instant falls in, for monthly figures: group by `start` (the
 * month's first moment on Berlin's clock, cheap to compute and compare per row) and select
 * `label` (`YYYY-MM`, formatted once per group).
 */
export function berlinMonthOf(instant: AnyColumn | SQL) {
  const start = sql`date_trunc('month', ${instant} at time zone 'Europe/Berlin')`
  return { start, label: sql<string>`to_char(${start}, 'YYYY-MM')` }
}

/**
 * The instant Berlin's clocks show `minuteOfDay` minutes past midnight of `day` (`YYYY-MM-DD`):
 * the JavaScript side of the helpers above, for rows written at a given German time. Times in
 * the hour a clock change skips or repeats (02:00–03:00) are not asked for.
 */
export function berlinWallClock(day: string, minuteOfDay = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(new TZDate(year, month - 1, date, 0, minuteOfDay, 'Europe/Berlin').getTime())
}

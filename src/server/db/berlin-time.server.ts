import { sql } from 'drizzle-orm'

/**
 * The instant the current Berlin day or month began, as the database computes it: figures and
 * filters "today" and "this month" follow German time whatever the server's zone is.
 */
export const berlinStartOf = (unit: 'day' | 'month') =>
  sql`date_trunc(${sql.raw(`'${unit}'`)}, now() at time zone 'Europe/Berlin') at time zone 'Europe/Berlin'`

/** The instant the next Berlin day begins (midnight in German time). */
export const berlinEndOfDay = sql`(date_trunc('day', now() at time zone 'Europe/Berlin') + interval '1 day') at time zone 'Europe/Berlin'`

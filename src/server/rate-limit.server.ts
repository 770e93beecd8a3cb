import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Database } from './db/client.server'
import { rateLimits } from './db/schema'
import { ApiError } from './http.server'

export interface RateLimitRule {
  /** Prefix of the counter keys. */
  name: string
  /** Counted attempts allowed within the window; the next one is refused. */
  points: number
  windowSeconds: number
  /** Each counted attempt restarts the window (consecutive attempts) instead of a fixed window. */
  sliding: boolean
}

const counterKey = (rule: RateLimitRule, key: string) => `${rule.name}:${key}`

/** Seconds until the counter allows another attempt, or null when it is not exhausted. */
export async function retryAfterSeconds(
  db: Database,
  rule: RateLimitRule,
  key: string,
): Promise<number | null> {
  const [row] = await db
    .select({ points: rateLimits.points, expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, counterKey(rule, key)), gt(rateLimits.expiresAt, sql`now()`)))
  if (!row || row.points < rule.points) return null
  return Math.max(1, Math.ceil((row.expiresAt.getTime() - Date.now()) / 1000))
}

/**
 * Counts one attempt atomically (one upsert), starting a new window when the old one expired. What
 * counts is the caller's rule: failed logins, wrong passwords, sent messages.
 */
export async function recordAttempt(db: Database, rule: RateLimitRule, key: string): Promise<void> {
  const window = sql`now() + make_interval(secs => ${rule.windowSeconds})`
  const expired = sql`${rateLimits.expiresAt} <= now()`
  await db
    .insert(rateLimits)
    .values({ key: counterKey(rule, key), points: 1, expiresAt: window })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`case when ${expired} then 1 else ${rateLimits.points} + 1 end`,
        expiresAt: rule.sliding
          ? window
          : sql`case when ${expired} then ${window} else ${rateLimits.expiresAt} end`,
      },
    })
  // Expired counters are dead weight; sweep them now and then instead of on a schedule.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`))
}

export async function resetCounter(db: Database, rule: RateLimitRule, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, counterKey(rule, key)))
}

/** The 429 of a refused attempt: `lead`, how long to wait in minutes, and `Retry-After` in seconds. */
export function tooManyAttempts(lead: string, retryAfter: number): ApiError {
  const minutes = Math.ceil(retryAfter / 60)
  return new ApiError(
    429,
    `${lead} Bitte versuche es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`,
    { headers: { 'Retry-After': String(retryAfter) } },
  )
}

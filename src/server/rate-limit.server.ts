import { and, eq, gt, lt, sql } from 'drizzle-orm'
import ipaddr from 'ipaddr.js'
import type { Executor } from './db/client.server'
import { rateLimits } from './db/schema'
import { DomainError } from './errors.server'

export interface RateLimitRule {
  /** Prefix of the counter keys. */
  name: string
  /** Counted attempts allowed within the window; the next one is refused. */
  points: number
  windowSeconds: number
  /** Each allowed attempt restarts the window (consecutive attempts) instead of a fixed window. */
  sliding: boolean
}

/** Something the limits remember for a while rather than count (a client an account knows). */
export type MemoryRule = Pick<RateLimitRule, 'name' | 'windowSeconds'>

const counterKey = (rule: Pick<RateLimitRule, 'name'>, key: string) => `${rule.name}:${key}`

/**
 * The client a limit counts: its address — an IPv6 address as its /64 network, since one
 * household or host holds a whole /64 and picks addresses from it at will (privacy addresses
 * change daily; an attacker could take a new one for every attempt). What is no address stays.
 */
export function clientOfAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address
  const parsed = ipaddr.process(address)
  if (!(parsed instanceof ipaddr.IPv6)) return parsed.toString()
  const network = new ipaddr.IPv6([...parsed.parts.slice(0, 4), 0, 0, 0, 0])
  return `${network.toString()}/64`
}

/** How a refusal addresses its reader: the back-office says "du", a pharmacy's shop "Sie". */
export type Voice = 'du' | 'Sie'

/**
 * Counts one attempt and, in the same statement, learns whether it is within the limit; over it,
 * throws a 429 that starts with `refusal` and says how long to wait. One upsert, so parallel
 * attempts cannot all pass a separate check: call it before the work the rule protects (a password
 * check, a write). Refused attempts do not restart a sliding window, so waiting it out always works.
 */
export async function countAttempt(
  db: Executor,
  rule: RateLimitRule,
  key: string,
  refusal: string,
  voice: Voice,
): Promise<void> {
  const window = sql`now() + make_interval(secs => ${rule.windowSeconds})`
  const expired = sql`${rateLimits.expiresAt} <= now()`
  const exhausted = sql`${rateLimits.points} >= ${rule.points}`
  const [counter] = await db
    .insert(rateLimits)
    .values({ key: counterKey(rule, key), points: 1, expiresAt: window })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`case when ${expired} then 1 else ${rateLimits.points} + 1 end`,
        expiresAt: sql`case when ${expired} then ${window} when ${exhausted} then ${rateLimits.expiresAt} else ${rule.sliding ? window : rateLimits.expiresAt} end`,
      },
    })
    .returning({
      points: rateLimits.points,
      // The database's clock decides, as it did for the window: app servers may drift. A parallel
      // attempt whose transaction started a moment later may have moved the end by that moment.
      secondsLeft: sql<number>`least(ceil(extract(epoch from ${rateLimits.expiresAt} - now())), ${rule.windowSeconds})::int`,
    })
  // Expired counters are dead weight; sweep them now and then instead of on a schedule.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`))
  if (counter && counter.points > rule.points) {
    throw tooManyAttempts(refusal, Math.max(1, counter.secondsLeft), voice)
  }
}

export interface AttemptCount {
  rule: RateLimitRule
  key: string
}

/**
 * Counts one attempt against several rules in turn. When one refuses, the attempt gives back the
 * points it took from the rules before it: an attempt refused by any rule costs nothing elsewhere.
 */
export async function countAttempts(
  db: Executor,
  counts: readonly AttemptCount[],
  refusal: string,
  voice: Voice,
): Promise<void> {
  for (const [index, { rule, key }] of counts.entries()) {
    try {
      await countAttempt(db, rule, key, refusal, voice)
    } catch (error) {
      for (const taken of counts.slice(0, index)) await refundAttempt(db, taken.rule, taken.key)
      throw error
    }
  }
}

/** Remembers `key` for the rule's window from now; remembering it again restarts the window. */
export async function remember(db: Executor, rule: MemoryRule, key: string): Promise<void> {
  const window = sql`now() + make_interval(secs => ${rule.windowSeconds})`
  await db
    .insert(rateLimits)
    .values({ key: counterKey(rule, key), points: 1, expiresAt: window })
    .onConflictDoUpdate({ target: rateLimits.key, set: { expiresAt: window } })
}

/** Whether `key` was remembered under the rule within its window. */
export async function isRemembered(db: Executor, rule: MemoryRule, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, counterKey(rule, key)), gt(rateLimits.expiresAt, sql`now()`)))
  return row !== undefined
}

/** Gives back the point of an attempt that turned out not to count (a rule of failures only). */
export async function refundAttempt(db: Executor, rule: RateLimitRule, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ points: sql`greatest(${rateLimits.points} - 1, 0)` })
    .where(and(eq(rateLimits.key, counterKey(rule, key)), gt(rateLimits.expiresAt, sql`now()`)))
}

export async function resetCounter(db: Executor, rule: RateLimitRule, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, counterKey(rule, key)))
}

/** A wait as people say it: minutes, and hours once it is longer than an hour and a half. */
function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60)
  if (minutes <= 90) return `${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`
  return `${Math.ceil(minutes / 60)} Stunden`
}

/** The 429 of a refused attempt: `lead`, how long to wait, and `Retry-After` in seconds. */
function tooManyAttempts(lead: string, retryAfter: number, voice: Voice): DomainError {
  const retry = voice === 'Sie' ? 'Bitte versuchen Sie es' : 'Bitte versuche es'
  return new DomainError(429, `${lead} ${retry} in ${waitText(retryAfter)} erneut.`, {
    headers: { 'Retry-After': String(retryAfter) },
  })
}

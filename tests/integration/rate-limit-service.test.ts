import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '~/server/db/schema'
import { DomainError } from '~/server/errors.server'
import {
  countAttempt,
  countAttempts,
  isRemembered,
  type MemoryRule,
  type RateLimitRule,
  refundAttempt,
  remember,
  resetCounter,
} from '~/server/rate-limit.server'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const refusal = 'Zu viele Versuche.'
const sliding: RateLimitRule = {
  name: 'test-sliding',
  points: 10,
  windowSeconds: 900,
  sliding: true,
}
const fixed: RateLimitRule = { name: 'test-fixed', points: 5, windowSeconds: 3600, sliding: false }

let nextKey = 1
const newKey = () => `key-${nextKey++}`

/** `allowed`, or the Retry-After seconds of the 429 that refused the attempt. */
async function outcomeOf(attempt: Promise<void>): Promise<'allowed' | number> {
  try {
    await attempt
    return 'allowed'
  } catch (error) {
    if (!(error instanceof DomainError) || error.status !== 429) throw error
    expect(error.message).toMatch(
      /^Zu viele Versuche\. Bitte versuche es in \d+ Minuten? erneut\.$/,
    )
    return Number(error.extra?.headers?.['Retry-After'])
  }
}

describe.each(testDatabaseKinds)('attempt counter on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db
  const count = (rule: RateLimitRule, key: string) =>
    outcomeOf(countAttempt(db(), rule, key, refusal, 'du'))
  const counter = async (rule: MemoryRule, key: string) => {
    const [row] = await db()
      .select({
        points: rateLimits.points,
        secondsLeft: sql<number>`extract(epoch from ${rateLimits.expiresAt} - now())::float8`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, `${rule.name}:${key}`))
    return row ?? null
  }
  const endWindow = (rule: MemoryRule, key: string) =>
    db()
      .update(rateLimits)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `${rule.name}:${key}`))

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await database.handle.migrate()
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('50 parallel attempts: exactly the allowed number pass, the rest are refused with the wait', async () => {
    for (const rule of [sliding, fixed]) {
      const key = newKey()
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => count(rule, key)))
      expect(outcomes.filter((outcome) => outcome === 'allowed')).toHaveLength(rule.points)
      const waits = outcomes.filter((outcome) => outcome !== 'allowed')
      expect(waits).toHaveLength(50 - rule.points)
      for (const wait of waits) {
        expect(wait).toBeGreaterThan(0)
        expect(wait).toBeLessThanOrEqual(rule.windowSeconds)
      }
      expect((await counter(rule, key))?.points).toBe(50)
    }
  })

  it("a shop's refusal says Sie, the back-office's du", async () => {
    const key = newKey()
    for (let attempt = 0; attempt < fixed.points; attempt++) await count(fixed, key)
    await expect(countAttempt(db(), fixed, key, refusal, 'Sie')).rejects.toThrow(
      /^Zu viele Versuche\. Bitte versuchen Sie es in 60 Minuten erneut\.$/,
    )
    await expect(countAttempt(db(), fixed, key, refusal, 'du')).rejects.toThrow(
      /^Zu viele Versuche\. Bitte versuche es in 60 Minuten erneut\.$/,
    )
  })

  it('refused attempts do not move the window; once it ends, counting starts over', async () => {
    const key = newKey()
    for (let attempt = 0; attempt < sliding.points; attempt++) {
      expect(await count(sliding, key)).toBe('allowed')
    }
    const windowEnd = (await counter(sliding, key))?.secondsLeft as number
    expect(await count(sliding, key)).toEqual(expect.any(Number))
    expect((await counter(sliding, key))?.secondsLeft).toBeLessThanOrEqual(windowEnd)

    await endWindow(sliding, key)
    expect(await count(sliding, key)).toBe('allowed')
    expect((await counter(sliding, key))?.points).toBe(1)
  })

  it('an allowed attempt restarts a sliding window but not a fixed one', async () => {
    const slidingKey = newKey()
    const fixedKey = newKey()
    await count(sliding, slidingKey)
    await count(fixed, fixedKey)
    // Move both windows close to their end, then count once more.
    for (const [rule, key] of [
      [sliding, slidingKey],
      [fixed, fixedKey],
    ] as const) {
      await db()
        .update(rateLimits)
        .set({ expiresAt: sql`now() + interval '60 seconds'` })
        .where(eq(rateLimits.key, `${rule.name}:${key}`))
      expect(await count(rule, key)).toBe('allowed')
    }
    expect((await counter(sliding, slidingKey))?.secondsLeft).toBeGreaterThan(60)
    expect((await counter(fixed, fixedKey))?.secondsLeft).toBeLessThanOrEqual(60)
  })

  it('reset clears a counter, refund gives one point back and never goes below zero', async () => {
    const key = newKey()
    for (let attempt = 0; attempt <= fixed.points; attempt++) await count(fixed, key)
    expect(await count(fixed, key)).toEqual(expect.any(Number))

    await resetCounter(db(), fixed, key)
    expect(await counter(fixed, key)).toBeNull()
    expect(await count(fixed, key)).toBe('allowed')

    await Promise.all([refundAttempt(db(), fixed, key), refundAttempt(db(), fixed, key)])
    expect((await counter(fixed, key))?.points).toBe(0)
    await refundAttempt(db(), fixed, newKey())
    for (let attempt = 0; attempt < fixed.points; attempt++) {
      expect(await count(fixed, key)).toBe('allowed')
    }
    expect(await count(fixed, key)).toEqual(expect.any(Number))
  })

  it('counts against several rules; a refusal by a later one gives the earlier ones their point back', async () => {
    const key = newKey()
    const once: RateLimitRule = { name: 'test-once', points: 1, windowSeconds: 900, sliding: false }
    const counts = [
      { rule: sliding, key },
      { rule: once, key },
    ]
    await countAttempts(db(), counts, refusal, 'du')
    await expect(countAttempts(db(), counts, refusal, 'du')).rejects.toMatchObject({ status: 429 })
    await expect(countAttempts(db(), counts, refusal, 'du')).rejects.toMatchObject({ status: 429 })
    expect((await counter(sliding, key))?.points).toBe(1)
  })

  it('says the wait in hours once it is longer than an hour and a half', async () => {
    const daily: RateLimitRule = {
      name: 'test-daily',
      points: 1,
      windowSeconds: 86_400,
      sliding: false,
    }
    const key = newKey()
    await countAttempt(db(), daily, key, refusal, 'du')
    await expect(countAttempt(db(), daily, key, refusal, 'du')).rejects.toThrow(
      /^Zu viele Versuche\. Bitte versuche es in 24 Stunden erneut\.$/,
    )
  })

  it('remembers a key until its window ends; remembering it again restarts the window', async () => {
    const memory: MemoryRule = { name: 'test-memory', windowSeconds: 3600 }
    const key = newKey()
    expect(await isRemembered(db(), memory, key)).toBe(false)
    await remember(db(), memory, key)
    expect(await isRemembered(db(), memory, key)).toBe(true)
    await endWindow(memory, key)
    expect(await isRemembered(db(), memory, key)).toBe(false)
    await remember(db(), memory, key)
    expect(await isRemembered(db(), memory, key)).toBe(true)
    expect((await counter(memory, key))?.secondsLeft).toBeGreaterThan(3590)
  })
})

import { and, inArray, isNotNull, lt } from 'drizzle-orm'
import type { Database } from './db/client.server'
import { contactMessages } from './db/schema'

/**
 * How long the contact form's messages keep what (ADR 041): the sender's IP address 30 days,
 * the message itself 12 months. GDPR Art. 5(1)(e): kept no longer than needed.
 */
export const contactIpRetentionDays = 30
export const contactMessageRetentionMonths = 12

/** Rows per statement: a pass never holds many row locks or one long transaction. */
const batchSize = 500
/** Statements per kind of work and pass; what is left the next pass (a day later) does. */
const maxBatches = 20

export interface ContactRetentionResult {
  /** Messages older than 12 months, deleted. */
  deleted: number
  /** Messages older than 30 days whose IP address was cleared. */
  ipsCleared: number
}

/** The moments before which messages lose their IP address, and are deleted. */
export function contactRetentionCutoffs(now: Date): { ipBefore: Date; messageBefore: Date } {
  const messageBefore = new Date(now)
  messageBefore.setUTCMonth(messageBefore.getUTCMonth() - contactMessageRetentionMonths)
  return {
    ipBefore: new Date(now.getTime() - contactIpRetentionDays * 86_400_000),
    messageBefore,
  }
}

/**
 * Repeats one bounded statement until it finds less than a full batch (or `maxBatches` ran).
 * Each statement picks its rows with `FOR UPDATE SKIP LOCKED` and commits on its own, so
 * several app processes running the job at once share the work instead of waiting on each other.
 */
async function inBatches(work: () => Promise<number>): Promise<number> {
  let total = 0
  for (let batch = 0; batch < maxBatches; batch++) {
    const done = await work()
    total += done
    if (done < batchSize) break
  }
  return total
}

/**
 * Applies the retention rules of the contact form's messages. Deleting first, so no IP address
 * is cleared from a message that goes anyway. The rate limit of the form is untouched: it counts
 * in its own counters (`rate_limits`, one hour), never in this table.
 */
export async function applyContactRetention(
  db: Database,
  now = new Date(),
): Promise<ContactRetentionResult> {
  const { ipBefore, messageBefore } = contactRetentionCutoffs(now)
  const deleted = await inBatches(async () => {
    const expired = db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(lt(contactMessages.createdAt, messageBefore))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    const rows = await db
      .delete(contactMessages)
      .where(inArray(contactMessages.id, expired))
      .returning({ id: contactMessages.id })
    return rows.length
  })
  const ipsCleared = await inBatches(async () => {
    const withIp = db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(and(lt(contactMessages.createdAt, ipBefore), isNotNull(contactMessages.clientIp)))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    const rows = await db
      .update(contactMessages)
      .set({ clientIp: null })
      .where(inArray(contactMessages.id, withIp))
      .returning({ id: contactMessages.id })
    return rows.length
  })
  return { deleted, ipsCleared }
}

import { inArray, lt } from 'drizzle-orm'
import { auditRetentionYears } from '../../lib/record-retention'
import { auditEvents } from '../audit/audit.schema'
import { berlinYear } from '../counters/counters.server'
import type { Database } from '../db/client.server'

const batchSize = 500
const maxBatches = 20

/**
 * The moment before which audit events are past their period at `now`: 1 January (Berlin) of
 * the year eight years back — an event is kept to the end of the eighth year after its own.
 * Never later than the same moment by the real clock: the table's trigger refuses to delete
 * anything younger (migration audit_retention), so a test's moved clock cannot ask for more.
 */
export function auditRetentionCutoff(now: Date): Date {
  const year = Math.min(berlinYear(now), berlinYear(new Date())) - auditRetentionYears
  // Midnight in Berlin on 1 January is 23:00 UTC the day before (winter time).
  return new Date(Date.UTC(year - 1, 11, 31, 23))
}

/** Deletes the audit events past their period, in batches `FOR UPDATE SKIP LOCKED`. */
export async function deleteAuditEventsPastRetention(db: Database, now: Date): Promise<number> {
  const before = auditRetentionCutoff(now)
  let deleted = 0
  for (let batch = 0; batch < maxBatches; batch++) {
    const expired = db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(lt(auditEvents.createdAt, before))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    const rows = await db
      .delete(auditEvents)
      .where(inArray(auditEvents.id, expired))
      .returning({ id: auditEvents.id })
    deleted += rows.length
    if (rows.length < batchSize) break
  }
  return deleted
}

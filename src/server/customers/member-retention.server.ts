import { and, isNotNull, isNull, not } from 'drizzle-orm'
import { systemActor } from '../actor.server'
import type { Database } from '../db/client.server'
import type { IntervalJob } from '../jobs/job-runner.server'
import { anonymiseLockedCustomer, keepsHandoutRecords } from './customer-privacy.server'
import { customers } from './customers.schema'

/** Members per pass; what is left the next pass (an hour later) does. */
const maxPerPass = 500

const jobName = 'member-retention'

/**
 * Anonymises the club members restricted instead of anonymised (§ 26 KCanG) whose hand-out
 * records have left the keeping period — by the owner's anonymisation itself. One member per
 * transaction, picked `FOR UPDATE SKIP LOCKED` and re-checked under the lock: parallel passes
 * share the work, and a member is anonymised once.
 */
export async function applyMemberRetention(db: Database, now = new Date()): Promise<number> {
  const actor = systemActor(jobName)
  let anonymised = 0
  for (; anonymised < maxPerPass; anonymised++) {
    const done = await db.transaction(async (tx) => {
      const [member] = await tx
        .select()
        .from(customers)
        .where(
          and(
            isNotNull(customers.restrictedAt),
            isNull(customers.anonymisedAt),
            not(keepsHandoutRecords(now)),
          ),
        )
        .limit(1)
        .for('update', { skipLocked: true })
      if (!member) return false
      await anonymiseLockedCustomer(tx, actor, member)
      return true
    })
    if (!done) break
  }
  return anonymised
}

/** The member retention as a background job: hourly, in every process (row locks keep them apart). */
export const memberRetentionJob = (db: Database): IntervalJob => ({
  name: jobName,
  intervalMs: 3_600_000,
  run: () => applyMemberRetention(db),
})

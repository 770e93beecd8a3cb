import { applyContactRetention } from '../contact-retention.server'
import {
  anonymiseRestrictedCustomers,
  erasePrescriptionsPastRetention,
} from '../customers/customer-retention.server'
import type { Database } from '../db/client.server'
import type { IntervalJob } from '../jobs/job-runner.server'
import type { Logger } from '../logger.server'
import { deleteAuditEventsPastRetention } from './audit-retention.server'
import { redactDocumentsPastRetention } from './document-retention.server'
import { eraseHandoutHealthDataPastRetention } from './handout-retention.server'

/**
 * What the retention pass did, step by step (ADR 068). Each step is idempotent: a second pass at
 * the same `now` finds nothing.
 */
export interface RetentionResult {
  contactMessagesDeleted: number
  contactIpsCleared: number
  /** Restricted customers whose last period ended, anonymised. */
  customersAnonymised: number
  /** Closed orders whose prescriptions' health data and scans were erased. */
  prescriptionsErased: number
  /** Pharmacy dispensing records whose dosage and prescriber were erased (§ 22 ApBetrO ended). */
  handoutRecordsErased: number
  /** Issued documents past their period: files deleted, recipient removed from the content. */
  documentsRedacted: number
  auditEventsDeleted: number
}

/**
 * One pass of every retention rule at `now` (domain.md, "Personal data: not too early, not too
 * long"). Customers first: their anonymisation erases their orders' prescriptions too, so the
 * prescription step only meets the orders of customers who stay.
 */
export async function applyRetention(db: Database, now: Date): Promise<RetentionResult> {
  const contact = await applyContactRetention(db, now)
  const customersAnonymised = await anonymiseRestrictedCustomers(db, now)
  const prescriptionsErased = await erasePrescriptionsPastRetention(db, now)
  const handoutRecordsErased = await eraseHandoutHealthDataPastRetention(db, now)
  const documentsRedacted = await redactDocumentsPastRetention(db, now)
  const auditEventsDeleted = await deleteAuditEventsPastRetention(db, now)
  return {
    contactMessagesDeleted: contact.deleted,
    contactIpsCleared: contact.ipsCleared,
    customersAnonymised,
    prescriptionsErased,
    handoutRecordsErased,
    documentsRedacted,
    auditEventsDeleted,
  }
}

/**
 * The retention rules as one background job, in every process (row locks keep them apart).
 * Hourly, though the rules count in days: the runner's first pass waits one interval, so a daily
 * job would never run in a process restarted more often; a pass that finds nothing is cheap.
 */
export const retentionJob = (db: Database, logger: Logger): IntervalJob => ({
  name: 'retention',
  intervalMs: 3_600_000,
  run: async () => {
    const result = await applyRetention(db, new Date())
    const handled = Object.values(result).reduce((sum, value) => sum + value, 0)
    if (handled > 0) logger.info({ job: 'retention', ...result }, 'retention pass')
    return handled
  },
})

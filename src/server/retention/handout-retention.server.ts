import { and, inArray, isNotNull, ne, or, sql } from 'drizzle-orm'
import { anonymisedName } from '../../lib/customers'
import { berlinIsoDate } from '../../lib/format'
import {
  pharmacyRecordMinimumYears,
  pharmacyRecordYearsPastExpiry,
} from '../../lib/record-retention'
import type { Database } from '../db/client.server'
import { handouts } from '../handouts/handouts.schema'

const batchSize = 500
const maxBatches = 20

/**
 * The Berlin day the hand-out records are judged by at `now`: never later than the real clock's
 * day — the table's trigger judges by the database's clock (migration
 * withdrawal_erasure_handout_retention), so a test's moved clock cannot ask for more.
 */
const recordDay = (now: Date) => berlinIsoDate(new Date(Math.min(now.getTime(), Date.now())))

/**
 * A pharmacy's dispensing records (hand-outs of completed orders) keep their own copies of the
 * prescription's dosage and prescriber for § 22 ApBetrO: five years to the end of the year of the
 * hand-out, or one year past the use-by, whichever ends later. After that these three columns
 * are erased (the prescriber's name, which a pharmacy row requires, becomes "Anonymisiert" as on
 * the prescriptions) — the record itself (who, what, which batch, when) stays as the table keeps it.
 * In batches, `FOR UPDATE SKIP LOCKED`; answers how many records it erased.
 */
export async function eraseHandoutHealthDataPastRetention(
  db: Database,
  now: Date,
): Promise<number> {
  const today = recordDay(now)
  let erased = 0
  for (let batch = 0; batch < maxBatches; batch++) {
    const expired = db
      .select({ id: handouts.id })
      .from(handouts)
      .where(
        and(
          isNotNull(handouts.customerOrderId),
          or(
            isNotNull(handouts.dosage),
            ne(handouts.prescriberName, anonymisedName),
            isNotNull(handouts.prescriberAddress),
          ),
          sql`make_date(extract(year from ${handouts.handedOutOn})::int + ${sql.raw(String(pharmacyRecordMinimumYears + 1))}, 1, 1) <= ${today}::date`,
          sql`(${handouts.useBy} is null or ${handouts.useBy} + interval '${sql.raw(String(pharmacyRecordYearsPastExpiry))} year' < ${today}::date)`,
        ),
      )
      .limit(batchSize)
      .for('update', { skipLocked: true })
    const rows = await db
      .update(handouts)
      .set({ dosage: null, prescriberName: anonymisedName, prescriberAddress: null })
      .where(inArray(handouts.id, expired))
      .returning({ id: handouts.id })
    erased += rows.length
    if (rows.length < batchSize) break
  }
  return erased
}

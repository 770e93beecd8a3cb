import { and, isNotNull, isNull, not, or, sql } from 'drizzle-orm'
import { anonymisedName } from '../../lib/customers'
import { berlinIsoDate } from '../../lib/format'
import { systemActor } from '../actor.server'
import {
  customerOrderEvidence,
  customerOrderPrescriptions,
  customerOrders,
} from '../customer-orders/customer-orders.schema'
import type { Database } from '../db/client.server'
import {
  anonymiseLockedCustomer,
  erasePrescriptionsOf,
  keepsRecords,
  prescriptionFreeFrom,
} from './customer-privacy.server'
import { customers } from './customers.schema'

/** Rows per pass and step; what is left the next pass (a day later) does. */
const maxPerPass = 500
/** Orders per transaction of the prescription step. */
const batchSize = 100

/**
 * Anonymises the customers restricted instead of anonymised (Art. 18 DSGVO) whose records have
 * left every keeping period — by the owner's anonymisation itself. One customer per transaction,
 * picked `FOR UPDATE SKIP LOCKED` and re-checked under the lock: parallel passes share the work,
 * and a customer is anonymised once.
 */
export async function anonymiseRestrictedCustomers(db: Database, now: Date): Promise<number> {
  const actor = systemActor('retention')
  let anonymised = 0
  for (; anonymised < maxPerPass; anonymised++) {
    const done = await db.transaction(async (tx) => {
      const [customer] = await tx
        .select()
        .from(customers)
        .where(
          and(
            isNotNull(customers.restrictedAt),
            isNull(customers.anonymisedAt),
            not(keepsRecords(now)),
          ),
        )
        .limit(1)
        .for('update', { skipLocked: true })
      if (!customer) return false
      await anonymiseLockedCustomer(tx, actor, customer, now)
      return true
    })
    if (!done) break
  }
  return anonymised
}

/**
 * Erases the health data of closed orders whose prescription backs no record any more
 * (`prescriptionFreeFrom`): § 22 ApBetrO's period for a dispensed order, 30 days for a cancelled
 * or lapsed one — of customers who stay (an anonymised customer's went with the anonymisation).
 * Orders picked `FOR UPDATE SKIP LOCKED` in batches; an erased prescription is not picked again.
 * Answers how many orders it erased.
 */
export async function erasePrescriptionsPastRetention(db: Database, now: Date): Promise<number> {
  const today = berlinIsoDate(now)
  let erased = 0
  for (let handled = 0; handled < maxPerPass; handled += batchSize) {
    const orders = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: customerOrders.id })
        .from(customerOrders)
        .where(
          and(
            sql`${prescriptionFreeFrom} <= ${today}::date`,
            or(
              sql`exists (select 1 from ${customerOrderEvidence} where ${customerOrderEvidence.orderId} = ${customerOrders.id})`,
              sql`exists (select 1 from ${customerOrderPrescriptions} where ${customerOrderPrescriptions.orderId} = ${customerOrders.id} and ${customerOrderPrescriptions.prescriberName} <> ${anonymisedName})`,
            ),
          ),
        )
        .limit(batchSize)
        .for('update', { skipLocked: true })
      await erasePrescriptionsOf(
        tx,
        rows.map((row) => row.id),
      )
      return rows.length
    })
    erased += orders
    if (orders < batchSize) break
  }
  return erased
}

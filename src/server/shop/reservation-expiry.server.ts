import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm'
import { systemActor } from '../actor.server'
import { expireLockedOrder } from '../customer-orders/customer-order-transitions.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import type { Database } from '../db/client.server'
import type { IntervalJob } from '../jobs/job-runner.server'

export const reservationExpiryJobName = 'reservation-expiry'

/** Holds expired per transaction: short transactions, so the locks never queue for long. */
const batchSize = 20

/**
 * Sets every unconfirmed hold whose `expires_at` has passed to `expired` and gives its stock
 * back. Safe with several app processes at once: each takes a batch of lapsed orders with
 * `FOR UPDATE SKIP LOCKED`, so two passes never take the same order and none waits for another.
 * Answers how many orders it expired.
 */
export async function expireLapsedReservations(db: Database): Promise<number> {
  const actor = systemActor(reservationExpiryJobName)
  let expired = 0
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const lapsed = await tx
        .select()
        .from(customerOrders)
        .where(
          and(
            eq(customerOrders.status, 'new'),
            isNotNull(customerOrders.expiresAt),
            lte(customerOrders.expiresAt, sql`now()`),
          ),
        )
        .orderBy(asc(customerOrders.expiresAt), asc(customerOrders.id))
        .limit(batchSize)
        .for('update', { skipLocked: true })
      for (const order of lapsed) await expireLockedOrder(tx, actor, order)
      return lapsed.length
    })
    expired += count
    if (count < batchSize) return expired
  }
}

export const reservationExpiryJob = (db: Database): IntervalJob => ({
  name: reservationExpiryJobName,
  intervalMs: 60_000,
  run: () => expireLapsedReservations(db),
})

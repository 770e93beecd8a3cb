import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { systemActor } from '../actor.server'
import { mailReservationExpiring } from '../customer-orders/customer-order-mails.server'
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

export const reservationReminderJobName = 'reservation-reminder'

/** A reservation's customer is reminded this long before the hold lapses. */
export const reminderLeadMs = 24 * 3_600_000

/**
 * Mails the customer of every open reservation that lapses within a day, once: the order is
 * marked in the same transaction as its mail is written, and batches are taken with
 * `FOR UPDATE SKIP LOCKED`, so several processes never remind twice.
 */
export async function remindLapsingReservations(db: Database): Promise<number> {
  let reminded = 0
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(customerOrders)
        .where(
          and(
            eq(customerOrders.status, 'new'),
            eq(customerOrders.type, 'reservation'),
            isNull(customerOrders.expiryReminderSentAt),
            gt(customerOrders.expiresAt, sql`now()`),
            lte(customerOrders.expiresAt, new Date(Date.now() + reminderLeadMs)),
          ),
        )
        .orderBy(asc(customerOrders.expiresAt), asc(customerOrders.id))
        .limit(batchSize)
        .for('update', { skipLocked: true })
      for (const order of due) {
        await mailReservationExpiring(tx, order)
        await tx
          .update(customerOrders)
          .set({ expiryReminderSentAt: new Date() })
          .where(eq(customerOrders.id, order.id))
      }
      return due.length
    })
    reminded += count
    if (count < batchSize) return reminded
  }
}

export const reservationReminderJob = (db: Database): IntervalJob => ({
  name: reservationReminderJobName,
  intervalMs: 5 * 60_000,
  run: () => remindLapsingReservations(db),
})

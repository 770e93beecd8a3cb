import { and, desc, eq } from 'drizzle-orm'
import type { OrderRow } from '../customer-orders/customer-order-core.server'
import type { Executor } from '../db/client.server'
import { molliePayments, mollieRefunds } from './payments.schema'

/**
 * Queues the refund of a paid Mollie payment in the caller's transaction; the refund job sends it
 * (ADR 035). One refund per payment: queueing twice keeps the first.
 */
export async function queueMollieRefund(
  tx: Executor,
  payment: Pick<typeof molliePayments.$inferSelect, 'id' | 'organisationId' | 'amountCents'>,
): Promise<void> {
  await tx
    .insert(mollieRefunds)
    .values({
      paymentId: payment.id,
      organisationId: payment.organisationId,
      amountCents: payment.amountCents,
    })
    .onConflictDoNothing({ target: mollieRefunds.paymentId })
}

/**
 * What cancelling an order means for its money: a paid Mollie payment is refunded through
 * Mollie (queued here, in the cancel transaction). An order paid by bank transfer or at pickup is
 * paid back by hand (the order page shows the amount).
 */
export async function refundOnCancel(tx: Executor, order: OrderRow): Promise<void> {
  if (order.paymentMethod !== 'mollie' || order.paymentStatus !== 'paid') return
  const [paid] = await tx
    .select()
    .from(molliePayments)
    .where(and(eq(molliePayments.orderId, order.id), eq(molliePayments.status, 'paid')))
    .orderBy(desc(molliePayments.attempt))
    .limit(1)
  if (paid) await queueMollieRefund(tx, paid)
}

import { eq, sql } from 'drizzle-orm'
import type { OrderPaymentSource, PaymentMeans } from '../../lib/customer-enums'
import { customerShareCents } from '../../lib/customer-orders'
import { berlinIsoDate } from '../../lib/format'
import type { Actor } from '../actor.server'
import type { OrderRow } from '../customer-orders/customer-order-core.server'
import type { Executor } from '../db/client.server'
import { orderPayments } from './payments.schema'

/** Where a payment came from and what identifies it there; the day when it is not today. */
export interface PaymentBooking {
  source: OrderPaymentSource
  reference?: string | null
  bookedOn?: string
}

/** What the payments of an order add up to (refunds and corrections are negative rows). */
export async function paidCentsOf(tx: Executor, order: Pick<OrderRow, 'id'>): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${orderPayments.amountCents}), 0)::int` })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, order.id))
  return row?.cents ?? 0
}

/** Books money an order received (positive) or gave back (negative); the caller holds its lock. */
export async function recordOrderPayment(
  tx: Executor,
  actor: Actor,
  order: Pick<OrderRow, 'id' | 'organisationId'>,
  entry: { amountCents: number; means: PaymentMeans | null } & PaymentBooking,
): Promise<void> {
  if (entry.amountCents === 0) return
  await tx.insert(orderPayments).values({
    organisationId: order.organisationId,
    orderId: order.id,
    amountCents: entry.amountCents,
    bookedOn: entry.bookedOn ?? berlinIsoDate(),
    means: entry.means,
    source: entry.source,
    reference: entry.reference ?? null,
    recordedBy: actor.kind === 'business' ? actor.user.id : null,
  })
}

/** Who recorded a change to `paid` that did not say: the till's receipt, Mollie, or a person. */
function inferredSource(order: OrderRow): OrderPaymentSource {
  if (order.tillReceiptNumber) return 'till'
  if (order.paymentMethod === 'mollie') return 'mollie'
  return 'manual'
}

/**
 * Keeps the payments in step with a change of the order's payment state (every change goes
 * through `changeOrder`): becoming paid books what was still open — nothing when the payments
 * booked before (a bank statement's partial credits) already cover it; leaving paid (refunded,
 * corrected) books the balance back.
 */
export async function bookPaymentStateChange(
  tx: Executor,
  actor: Actor,
  before: OrderRow,
  after: OrderRow,
  booking: PaymentBooking | undefined,
): Promise<void> {
  const becamePaid = after.paymentStatus === 'paid' && before.paymentStatus !== 'paid'
  const leftPaid = before.paymentStatus === 'paid' && after.paymentStatus !== 'paid'
  if (!becamePaid && !leftPaid) return
  const balance = await paidCentsOf(tx, after)
  const source = booking?.source ?? inferredSource(after)
  const amountCents = becamePaid ? customerShareCents(after) - balance : -balance
  if (becamePaid && amountCents <= 0) return
  await recordOrderPayment(tx, actor, after, {
    amountCents,
    means: after.paymentMeans,
    source,
    reference: booking?.reference ?? (source === 'till' ? after.tillReceiptNumber : null),
    bookedOn:
      booking?.bookedOn ?? (becamePaid && after.paidAt ? berlinIsoDate(after.paidAt) : undefined),
  })
}

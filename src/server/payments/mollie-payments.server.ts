import type { Payment } from '@mollie/api-client'
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { shopForbiddenMessage } from '../../lib/access-rules'
import {
  closedOrderStatuses,
  customerOrderNotFoundMessage,
  paymentStatusLabels,
} from '../../lib/customer-orders'
import { isUuid } from '../../lib/ids'
import {
  isForwardPaymentStatus,
  isForwardRefundStatus,
  type MolliePaymentStatus,
  type MollieRefundStatus,
  onlinePaymentHoldMinutes,
  openPaymentStatuses,
  unsuccessfulPaymentStatuses,
} from '../../lib/payments'
import { type Actor, type ShopActor, type SystemActor, systemActor } from '../actor.server'
import {
  changeOrder,
  customerOrderAudit,
  lockOrder,
  type OrderRow,
  orderSource,
} from '../customer-orders/customer-order-core.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { customers } from '../customers/customers.schema'
import type { Executor } from '../db/client.server'
import { organisations, shopUsers, tenants } from '../db/schema'
import { reverseInvoiceOfLockedOrder } from '../documents/credit-notes.server'
import { ConflictError, DomainError, ForbiddenError, NotFoundError } from '../errors.server'
import type { IntervalJob } from '../jobs/job-runner.server'
import type { MailContent } from '../mail/mail-templates.server'
import { enqueueMail, mailSenderOf } from '../mail/outbox.server'
import { tenantPublicOrigin } from '../public-origin.server'
import { extendReservations, keepReservations } from '../stock/stock-reservations.server'
import {
  organisationContactColumns,
  type ShopTenant,
  shopConfigOf,
  verifiedDomainOf,
} from '../tenants.server'
import {
  isReachableByMollie,
  mollieAmount,
  mollieOfTenant,
  type PaymentsApp,
} from './mollie-client.server'
import { queueMollieRefund } from './mollie-refunds.server'
import { molliePaymentEvents, molliePayments, mollieRefunds } from './payments.schema'

/**
 * Online payment of shop orders with Mollie (ADR 035). Each "bezahlen" is an attempt with its
 * own idempotency key (`<orderId>:<attempt>`); Mollie's reports (webhook, return page, refund job)
 * all go through one sync that fetches the payment and moves it only forward.
 */

export type MollieSyncSource = 'webhook' | 'return_page' | 'refund_job'

const notOnlineMessage = 'Diese Bestellung wird nicht online bezahlt.'
const notConfiguredMessage = 'Online-Zahlung ist in diesem Shop derzeit nicht eingerichtet.'
const closedMessage = 'Diese Bestellung kann nicht mehr bezahlt werden.'
const lapsedMessage =
  'Die Reservierung dieser Bestellung ist abgelaufen. Bitte bestellen Sie erneut.'
const alreadyPaidMessage = 'Diese Bestellung ist bereits bezahlt.'
const inProgressMessage =
  'Ihre Zahlung wird gerade bearbeitet. Wir melden uns per E-Mail, sobald sie eingegangen ist.'
const nothingToPayMessage = 'Bei dieser Bestellung ist online nichts zu bezahlen.'
const mollieUnavailableMessage =
  'Die Zahlung konnte gerade nicht gestartet werden. Bitte versuchen Sie es gleich noch einmal.'

const holdMilliseconds = onlinePaymentHoldMinutes * 60_000

/** What the customer pays online: the order minus what the insurer pays. */
export const onlineAmountCents = (order: Pick<OrderRow, 'grossCents' | 'insurerCents'>) =>
  order.grossCents - order.insurerCents

type PaymentRow = typeof molliePayments.$inferSelect

/** The shop order of this shop user on this shop, locked for the change. */
async function lockOwnShopOrder(
  tx: Executor,
  shop: ShopTenant,
  actor: ShopActor,
  orderId: string,
): Promise<OrderRow> {
  if (!isUuid(orderId)) throw new NotFoundError(customerOrderNotFoundMessage)
  const [row] = await tx
    .select({ order: customerOrders })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customerOrders.id, orderId),
        eq(customerOrders.organisationId, shop.organisationId),
        eq(customerOrders.tenantId, shop.id),
        eq(customerOrders.channel, 'shop'),
        eq(customers.shopUserId, actor.user.id),
      ),
    )
    .for('update', { of: customerOrders })
  if (!row) throw new NotFoundError(customerOrderNotFoundMessage)
  return row.order
}

/** Why this order cannot be paid online now; null when it can. */
function refusedStartMessage(order: OrderRow, now: Date): string | null {
  if (order.paymentMethod !== 'mollie') return notOnlineMessage
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
    return alreadyPaidMessage
  }
  if (order.paymentStatus === 'pending') return inProgressMessage
  if (order.status !== 'new') return closedMessage
  if (order.expiresAt && order.expiresAt <= now) return lapsedMessage
  if (onlineAmountCents(order) <= 0) return nothingToPayMessage
  return null
}

export async function latestPaymentOf(executor: Executor, orderId: string) {
  const [latest] = await executor
    .select()
    .from(molliePayments)
    .where(eq(molliePayments.orderId, orderId))
    .orderBy(desc(molliePayments.attempt))
    .limit(1)
  return latest ?? null
}

/**
 * Starts (or resumes) the online payment of a shop order and answers where to send the
 * customer. Only the shop user whose order it is, for a new order paid with Mollie that is not
 * paid yet and still held. A double click gets the same checkout: the latest attempt is reused
 * while it is open; after a failed one the next attempt gets its own idempotency key. No lock is
 * held while Mollie answers; parallel callers of one attempt send the same key and so get the
 * same payment. The customer returns to the shop's public address.
 */
export async function startMolliePayment(
  app: PaymentsApp,
  shop: ShopTenant,
  actor: Actor,
  orderId: string,
): Promise<{ checkoutUrl: string }> {
  if (actor.kind !== 'shop' || actor.tenant.id !== shop.id)
    throw new ForbiddenError(shopForbiddenMessage)
  const mollie = await mollieOfTenant(app, shop.id)
  if (!mollie) throw new ConflictError(notConfiguredMessage)

  const prepared = await app.db.transaction(async (tx) => {
    const order = await lockOwnShopOrder(tx, shop, actor, orderId)
    const refusal = refusedStartMessage(order, new Date())
    if (refusal) throw new ConflictError(refusal)
    const amountCents = onlineAmountCents(order)
    const latest = await latestPaymentOf(tx, order.id)
    if (latest && latest.status === 'open' && latest.amountCents === amountCents) {
      return { order, payment: latest }
    }
    if (
      latest &&
      !unsuccessfulPaymentStatuses.includes(latest.status) &&
      latest.status !== 'open'
    ) {
      throw new ConflictError(inProgressMessage)
    }
    const [payment] = await tx
      .insert(molliePayments)
      .values({
        organisationId: order.organisationId,
        tenantId: shop.id,
        orderId: order.id,
        attempt: (latest?.attempt ?? 0) + 1,
        amountCents,
        mode: mollie.mode,
      })
      .returning()
    if (!payment) throw new Error('payment attempt was not inserted')
    if (order.paymentStatus === 'failed') {
      await changeOrder(
        tx,
        actor,
        order,
        { paymentStatus: 'unpaid' },
        {
          audit: customerOrderAudit.paymentChanged,
          event: 'payment_changed',
          detail: `Neuer Zahlungsversuch (${payment.attempt}) über Mollie`,
        },
      )
    }
    return { order, payment }
  })

  const { order, payment } = prepared
  if (payment.checkoutUrl) return { checkoutUrl: payment.checkoutUrl }
  const redirectUrl = `${tenantPublicOrigin(shop, app.config)}/confirmation/mollie?order=${encodeURIComponent(order.number)}`
  const webhookUrl = await webhookUrlOf(app, shop.id)
  let created: Payment
  try {
    created = await mollie.client.payments.create({
      amount: mollieAmount(payment.amountCents),
      description: order.number,
      redirectUrl,
      ...(webhookUrl && { webhookUrl }),
      metadata: { orderId: order.id },
      idempotencyKey: `${order.id}:${payment.attempt}`,
    })
  } catch (error) {
    app.logger?.error(
      { err: error, orderId: order.id, attempt: payment.attempt, requestId: actor.requestId },
      'mollie payment create failed',
    )
    throw new DomainError(502, mollieUnavailableMessage)
  }
  const status = created.status as MolliePaymentStatus
  const checkoutUrl = created.getCheckoutUrl()
  await app.db.transaction(async (tx) => {
    const [stored] = await tx
      .update(molliePayments)
      .set({ molliePaymentId: created.id, checkoutUrl, status, updatedAt: new Date() })
      .where(and(eq(molliePayments.id, payment.id), isNull(molliePayments.molliePaymentId)))
      .returning({ id: molliePayments.id })
    if (stored) {
      await tx
        .insert(molliePaymentEvents)
        .values({ paymentId: payment.id, fromStatus: null, toStatus: status, source: 'create' })
    }
  })
  // Without a checkout (Mollie answered with a payment that is no longer open) the return page
  // shows what became of it.
  return { checkoutUrl: checkoutUrl ?? redirectUrl }
}

/** The webhook Mollie calls for this tenant; none for hosts Mollie cannot reach (it refuses them). */
async function webhookUrlOf(app: PaymentsApp, tenantId: string): Promise<string | null> {
  const [tenant] = await app.db
    .select({ slug: tenants.slug, verifiedDomain: verifiedDomainOf })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
  if (!tenant) return null
  const origin = tenantPublicOrigin(tenant, app.config)
  return isReachableByMollie(new URL(origin).host) ? `${origin}/api/webhooks/mollie` : null
}

const molliePaymentIdPattern = /^tr_[A-Za-z0-9]{1,64}$/

/** Whether a string looks like a Mollie payment id (`tr_…`). */
export const isMolliePaymentId = (value: string) => molliePaymentIdPattern.test(value)

/**
 * Fetches a payment from Mollie and applies what changed: the payment row moves only forward
 * (repeats and stale reports are no-ops), every move is an event, and the order follows. The
 * payment is looked up here first, so an id that is not ours never leads to a fetch; it is
 * fetched with the key of the tenant it belongs to; `tenantId` (the webhook's host) limits the
 * lookup to that tenant's payments. Answers the stored status, null for an unknown id. Errors
 * from Mollie are thrown (the webhook answers 500, so Mollie retries).
 */
export async function syncMolliePayment(
  app: PaymentsApp,
  molliePaymentId: string,
  source: MollieSyncSource,
  scope: { tenantId?: string } = {},
): Promise<MolliePaymentStatus | null> {
  if (!isMolliePaymentId(molliePaymentId)) return null
  const [row] = await app.db
    .select()
    .from(molliePayments)
    .where(
      and(
        eq(molliePayments.molliePaymentId, molliePaymentId),
        scope.tenantId ? eq(molliePayments.tenantId, scope.tenantId) : undefined,
      ),
    )
  if (!row) return null
  const mollie = await mollieOfTenant(app, row.tenantId)
  if (!mollie) throw new Error(`tenant ${row.tenantId} has no Mollie key for payment ${row.id}`)
  const payment = await mollie.client.payments.get(molliePaymentId)
  const [refund] = await app.db
    .select()
    .from(mollieRefunds)
    .where(eq(mollieRefunds.paymentId, row.id))
  const reportedRefund = refund?.mollieRefundId
    ? await mollie.client.paymentRefunds.get(refund.mollieRefundId, {
        paymentId: molliePaymentId,
      })
    : null

  return app.db.transaction(async (tx) => {
    const actor = systemActor(`mollie-${source.replace('_', '-')}`)
    // Order first, then payment: the same order as starting a payment, so the two never deadlock.
    const order = await lockOrder(tx, null, row.orderId)
    const [locked] = await tx
      .select()
      .from(molliePayments)
      .where(eq(molliePayments.id, row.id))
      .for('update')
    if (!locked) throw new Error(`payment ${row.id} vanished`)
    const reported = payment.status as MolliePaymentStatus
    let current = order
    if (isForwardPaymentStatus(locked.status, reported)) {
      await tx
        .update(molliePayments)
        .set({ status: reported, updatedAt: new Date() })
        .where(eq(molliePayments.id, locked.id))
      await tx
        .insert(molliePaymentEvents)
        .values({ paymentId: locked.id, fromStatus: locked.status, toStatus: reported, source })
      current = await orderFollowsPayment(tx, app, actor, order, locked, reported)
    }
    if (refund && reportedRefund) {
      await applyRefundStatus(tx, app, actor, current, refund.id, locked, reportedRefund.status)
    }
    return isForwardPaymentStatus(locked.status, reported) ? reported : locked.status
  })
}

/** Whether a later attempt than this one exists: then its outcome no longer speaks for the order. */
async function isLatestAttempt(tx: Executor, payment: PaymentRow): Promise<boolean> {
  const [later] = await tx
    .select({ id: molliePayments.id })
    .from(molliePayments)
    .where(
      and(eq(molliePayments.orderId, payment.orderId), gt(molliePayments.attempt, payment.attempt)),
    )
    .limit(1)
  return !later
}

/**
 * The order's side of a payment's move. `pending`/`authorized`: payment pending, and the hold
 * lasts at least 30 more minutes. `paid`: paid, the hold becomes permanent, the customer gets
 * the mail — and money arriving for an order that was closed meanwhile, or a second attempt paid
 * as well, is refunded. `canceled`/`expired`/`failed` of the latest attempt: failed; the hold
 * stays, so the customer can pay again until it lapses.
 */
async function orderFollowsPayment(
  tx: Executor,
  app: PaymentsApp,
  actor: SystemActor,
  order: OrderRow,
  payment: PaymentRow,
  reported: MolliePaymentStatus,
): Promise<OrderRow> {
  const detail = (to: OrderRow['paymentStatus']) =>
    `Mollie (${payment.molliePaymentId}): ${paymentStatusLabels[order.paymentStatus]} → ${paymentStatusLabels[to]}`
  const record = (to: OrderRow['paymentStatus']) => ({
    audit: customerOrderAudit.paymentChanged,
    event: 'payment_changed' as const,
    detail: detail(to),
    payment: { source: 'mollie' as const, reference: payment.molliePaymentId },
  })

  if (reported === 'paid') {
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
      // Another attempt was paid already: this money goes back.
      await queueMollieRefund(tx, payment)
      return order
    }
    if (closedOrderStatuses.includes(order.status)) {
      const updated = await changeOrder(tx, actor, order, { paymentStatus: 'paid' }, record('paid'))
      await queueMollieRefund(tx, payment)
      return updated
    }
    if (order.status === 'new') await keepReservations(tx, order.organisationId, orderSource(order))
    const updated = await changeOrder(
      tx,
      actor,
      order,
      { paymentStatus: 'paid', expiresAt: null },
      record('paid'),
    )
    await mailCustomer(tx, app, updated, (link, name) => ({
      kind: 'payment_received',
      name,
      orderNumber: order.number,
      amountCents: payment.amountCents,
      link,
    }))
    return updated
  }

  if (!(await isLatestAttempt(tx, payment)) || order.status !== 'new') return order

  if (openPaymentStatuses.includes(reported)) {
    if (order.paymentStatus !== 'unpaid' && order.paymentStatus !== 'failed') return order
    const until = new Date(Date.now() + holdMilliseconds)
    const extend = order.expiresAt !== null && order.expiresAt < until
    if (extend) await extendReservations(tx, order.organisationId, orderSource(order), until)
    return changeOrder(
      tx,
      actor,
      order,
      { paymentStatus: 'pending', ...(extend && { expiresAt: until }) },
      record('pending'),
    )
  }

  if (order.paymentStatus !== 'unpaid' && order.paymentStatus !== 'pending') return order
  return changeOrder(tx, actor, order, { paymentStatus: 'failed' }, record('failed'))
}

/**
 * A refund Mollie reports: its row moves forward; once `refunded`, the customer gets the mail,
 * and a closed order's payment becomes `refunded` with the cancellation invoice of its invoice.
 */
async function applyRefundStatus(
  tx: Executor,
  app: PaymentsApp,
  actor: SystemActor,
  order: OrderRow,
  refundId: string,
  payment: PaymentRow,
  reported: MollieRefundStatus,
) {
  const [refund] = await tx
    .select()
    .from(mollieRefunds)
    .where(eq(mollieRefunds.id, refundId))
    .for('update')
  if (!refund || !isForwardRefundStatus(refund.status, reported)) return
  await tx
    .update(mollieRefunds)
    .set({ status: reported, updatedAt: new Date() })
    .where(eq(mollieRefunds.id, refund.id))
  if (reported !== 'refunded') return
  if (closedOrderStatuses.includes(order.status) && order.paymentStatus === 'paid') {
    const updated = await changeOrder(
      tx,
      actor,
      order,
      { paymentStatus: 'refunded' },
      {
        audit: customerOrderAudit.paymentChanged,
        event: 'payment_changed',
        detail: `Mollie (${payment.molliePaymentId}): ${paymentStatusLabels.paid} → ${paymentStatusLabels.refunded}`,
        payment: { source: 'mollie', reference: refund.mollieRefundId ?? payment.molliePaymentId },
      },
    )
    await reverseInvoiceOfLockedOrder(tx, actor, updated, 'Erstattung der Zahlung')
  }
  await mailCustomer(tx, app, order, (link, name) => ({
    kind: 'payment_refunded',
    name,
    orderNumber: order.number,
    amountCents: refund.amountCents,
    link,
  }))
}

/** A mail to the customer of a shop order, with the link to the order in their account. */
async function mailCustomer(
  tx: Executor,
  app: PaymentsApp,
  order: OrderRow,
  content: (link: string, name: string) => MailContent,
) {
  if (!order.tenantId) return
  const [recipient] = await tx
    .select({
      slug: tenants.slug,
      verifiedDomain: verifiedDomainOf,
      config: tenants.config,
      contact: organisationContactColumns,
      customerEmail: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      userEmail: shopUsers.email,
      userName: shopUsers.name,
    })
    .from(customers)
    .innerJoin(tenants, eq(tenants.id, order.tenantId))
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .leftJoin(shopUsers, eq(shopUsers.id, customers.shopUserId))
    .where(eq(customers.id, order.customerId))
  const to = recipient?.userEmail ?? recipient?.customerEmail
  if (!recipient?.config || !to) return
  const config = shopConfigOf(recipient.config, recipient.contact)
  if (!config) return
  const origin = tenantPublicOrigin(recipient, app.config)
  const name =
    recipient.userName ?? [recipient.firstName, recipient.lastName].filter(Boolean).join(' ')
  await enqueueMail(tx, {
    tenantId: order.tenantId,
    to,
    sender: mailSenderOf(config, origin),
    content: content(`${origin}/account/orders/${order.id}`, name),
  })
}

/** The refunds the job still has to send or watch: unsent, or sent and not final yet. */
export const unsettledRefundStatuses: readonly MollieRefundStatus[] = [
  'queued',
  'pending',
  'processing',
]

/**
 * The refund job's pass: sends each queued refund to Mollie (idempotency key = the refund row's
 * id, so a retry or a second process never refunds twice) and re-checks those not final yet
 * through the payment's sync. A refund is claimed for a minute with `FOR UPDATE SKIP LOCKED` in
 * a short transaction, so no lock is held while Mollie answers. Answers how many it handled.
 */
export async function processMollieRefunds(app: PaymentsApp): Promise<number> {
  const claimed = await app.db.transaction(async (tx) => {
    const due = await tx
      .select({ refund: mollieRefunds, payment: molliePayments })
      .from(mollieRefunds)
      .innerJoin(molliePayments, eq(molliePayments.id, mollieRefunds.paymentId))
      .where(
        and(
          inArray(mollieRefunds.status, unsettledRefundStatuses),
          sql`(${mollieRefunds.updatedAt} = ${mollieRefunds.createdAt} or ${mollieRefunds.updatedAt} <= now() - interval '1 minute')`,
        ),
      )
      .orderBy(mollieRefunds.createdAt)
      .limit(20)
      .for('update', { of: mollieRefunds, skipLocked: true })
    if (due.length > 0) {
      await tx
        .update(mollieRefunds)
        .set({ updatedAt: sql`now()` })
        .where(
          inArray(
            mollieRefunds.id,
            due.map((row) => row.refund.id),
          ),
        )
    }
    return due
  })
  let handled = 0
  for (const { refund, payment } of claimed) {
    try {
      if (!payment.molliePaymentId) continue
      if (!refund.mollieRefundId) await sendRefund(app, refund, payment)
      await syncMolliePayment(app, payment.molliePaymentId, 'refund_job')
      handled += 1
    } catch (error) {
      app.logger?.error({ err: error, refundId: refund.id }, 'mollie refund failed')
    }
  }
  return handled
}

async function sendRefund(
  app: PaymentsApp,
  refund: typeof mollieRefunds.$inferSelect,
  payment: PaymentRow,
) {
  const mollie = await mollieOfTenant(app, payment.tenantId)
  if (!mollie)
    throw new Error(`tenant ${payment.tenantId} has no Mollie key for refund ${refund.id}`)
  const [order] = await app.db
    .select({ number: customerOrders.number })
    .from(customerOrders)
    .where(eq(customerOrders.id, payment.orderId))
  const sent = await mollie.client.paymentRefunds.create({
    paymentId: payment.molliePaymentId as string,
    amount: mollieAmount(refund.amountCents),
    description: `Erstattung ${order?.number ?? ''}`.trim(),
    idempotencyKey: refund.id,
  })
  await app.db
    .update(mollieRefunds)
    .set({ mollieRefundId: sent.id, updatedAt: new Date() })
    .where(and(eq(mollieRefunds.id, refund.id), isNull(mollieRefunds.mollieRefundId)))
}

export const mollieRefundJobName = 'mollie-refunds'

export const mollieRefundJob = (app: PaymentsApp): IntervalJob => ({
  name: mollieRefundJobName,
  intervalMs: 60_000,
  run: () => processMollieRefunds(app),
})

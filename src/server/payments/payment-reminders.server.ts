import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  closedOrderStatuses,
  customerOrderNotFoundMessage,
  customerShareCents,
  openPaymentStatuses,
} from '../../lib/customer-orders'
import { addCalendarDays, berlinIsoDate, formatDate } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import type { PaymentReminderState } from '../../lib/payment-reminders'
import type { Actor } from '../actor.server'
import { sellerOf } from '../customer-orders/customer-order-access.server'
import {
  auditOrder,
  lockOrder,
  type OrderRow,
  recordOrderEvent,
} from '../customer-orders/customer-order-core.server'
import { orderMailContext } from '../customer-orders/customer-order-mails.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import type { Database, Executor } from '../db/client.server'
import { inSequence } from '../db/in-sequence.server'
import { organisations, users } from '../db/schema'
import { formatDay, formatIban, type StoredDocumentContent } from '../documents/document-content'
import { documents } from '../documents/documents.schema'
import { ConflictError, NotFoundError } from '../errors.server'
import { enqueueMail } from '../mail/outbox.server'
import { paidCentsOf } from './order-payments.server'
import { paymentReminders } from './payments.schema'
import { transferReferenceOf } from './transfer-instructions.server'

/**
 * Payment reminders (ADR 073): an unpaid order whose invoice asked for a transfer by a date that
 * has passed may be reminded by mail — at most once per the organisation's interval, counted
 * under the order's row lock, so parallel clicks send one.
 */

export const paymentReminderAudit = 'customer_order.payment_reminded'

const cancellations = alias(documents, 'cancellations')

/** The order's latest invoice that asks for a transfer and is not cancelled, with its dates. */
async function transferInvoiceOf(tx: Executor, order: Pick<OrderRow, 'id' | 'organisationId'>) {
  const [row] = await tx
    .select({ number: documents.number, content: documents.content })
    .from(documents)
    .leftJoin(cancellations, eq(cancellations.cancelsDocumentId, documents.id))
    .where(
      and(
        eq(documents.orderId, order.id),
        eq(documents.organisationId, order.organisationId),
        eq(documents.kind, 'invoice'),
        isNull(cancellations.id),
        sql`${documents.content}->>'dueDate' is not null`,
      ),
    )
    .orderBy(desc(documents.issuedAt))
    .limit(1)
  if (!row) return null
  const content = row.content as StoredDocumentContent
  if (!content.dueDate) return null
  return { number: row.number, issueDate: content.issueDate, dueDate: content.dueDate }
}

async function remindersOf(tx: Executor, order: Pick<OrderRow, 'id' | 'organisationId'>) {
  return tx
    .select({
      sentAt: paymentReminders.sentAt,
      sentTo: paymentReminders.sentTo,
      amountCents: paymentReminders.amountCents,
      invoiceNumber: paymentReminders.invoiceNumber,
      sentByName: users.name,
    })
    .from(paymentReminders)
    .leftJoin(users, eq(users.id, paymentReminders.sentBy))
    .where(
      and(
        eq(paymentReminders.orderId, order.id),
        eq(paymentReminders.organisationId, order.organisationId),
      ),
    )
    .orderBy(desc(paymentReminders.sentAt))
}

/** Why no reminder may go now; null when one may. */
function refusalOf(
  order: OrderRow,
  invoice: Awaited<ReturnType<typeof transferInvoiceOf>>,
  openCents: number,
  nextFrom: string | null,
  today: string,
): string | null {
  if (closedOrderStatuses.includes(order.status))
    return 'Für eine stornierte oder abgelaufene Bestellung wird keine Zahlung angemahnt.'
  if (!openPaymentStatuses.includes(order.paymentStatus as (typeof openPaymentStatuses)[number]))
    return 'Die Bestellung ist bezahlt.'
  if (!invoice) return 'Es gibt keine Rechnung, die eine Überweisung erbittet.'
  if (invoice.dueDate >= today)
    return `Die Rechnung ${invoice.number} ist erst am ${formatDay(invoice.dueDate)} fällig.`
  if (openCents <= 0) return 'Der Rechnungsbetrag ist bereits vollständig eingegangen.'
  if (nextFrom && nextFrom > today)
    return `Die letzte Zahlungserinnerung ging erst vor Kurzem hinaus; die nächste ist ab dem ${formatDay(nextFrom)} möglich.`
  return null
}

async function reminderDaysOf(tx: Executor, organisationId: string): Promise<number> {
  const [row] = await tx
    .select({ days: organisations.paymentReminderDays })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return row?.days ?? 7
}

async function stateOf(tx: Executor, order: OrderRow, now: Date) {
  const today = berlinIsoDate(now)
  const [invoice, reminders, paidCents, days] = await inSequence([
    () => transferInvoiceOf(tx, order),
    () => remindersOf(tx, order),
    () => paidCentsOf(tx, order),
    () => reminderDaysOf(tx, order.organisationId),
  ])
  const openCents = customerShareCents(order) - paidCents
  const last = reminders[0]
  const nextFrom = last ? addCalendarDays(berlinIsoDate(last.sentAt), days) : null
  return {
    invoice,
    reminders,
    openCents,
    nextFrom,
    refusal: refusalOf(order, invoice, openCents, nextFrom, today),
  }
}

/** What the order page shows about reminders: the overdue invoice, those sent, whether one may go. */
export async function paymentReminderStateOf(
  tx: Executor,
  order: OrderRow,
  now = new Date(),
): Promise<PaymentReminderState | null> {
  const state = await stateOf(tx, order, now)
  if (!state.invoice && state.reminders.length === 0) return null
  return {
    invoiceNumber: state.invoice?.number ?? null,
    dueDate: state.invoice?.dueDate ?? null,
    overdue: state.invoice !== null && state.invoice.dueDate < berlinIsoDate(now),
    openCents: Math.max(0, state.openCents),
    nextFrom: state.nextFrom,
    refusal: state.refusal,
    reminders: state.reminders.map((reminder) => ({
      sentAt: reminder.sentAt.toISOString(),
      sentTo: reminder.sentTo,
      sentByName: reminder.sentByName,
      amountCents: reminder.amountCents,
      invoiceNumber: reminder.invoiceNumber,
    })),
  }
}

/** The reminder state of one of the seller's orders, for its order page. */
export async function getPaymentReminderState(
  actor: Actor,
  orderId: string,
  db: Database,
  now = new Date(),
): Promise<PaymentReminderState | null> {
  const seller = sellerOf(actor)
  if (!isUuid(orderId)) throw new NotFoundError(customerOrderNotFoundMessage)
  const [order] = await db
    .select()
    .from(customerOrders)
    .where(
      and(
        eq(customerOrders.id, orderId),
        eq(customerOrders.organisationId, seller.organisation.id),
      ),
    )
  if (!order) throw new NotFoundError(customerOrderNotFoundMessage)
  return paymentReminderStateOf(db, order, now)
}

/**
 * Sends a payment reminder for an overdue transfer invoice: checked under the order's row lock
 * (paid? overdue? the interval since the last one?), then the reminder, the mail (outbox), the
 * timeline and the audit log in one transaction.
 */
export async function sendPaymentReminder(
  actor: Actor,
  orderId: string,
  db: Database,
  now = new Date(),
): Promise<PaymentReminderState | null> {
  const seller = sellerOf(actor)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, orderId)
    const state = await stateOf(tx, order, now)
    if (state.refusal || !state.invoice) throw new ConflictError(state.refusal ?? '')
    const [account] = await tx
      .select({
        name: organisations.name,
        iban: organisations.iban,
        bic: organisations.bic,
        bankName: organisations.bankName,
      })
      .from(organisations)
      .where(eq(organisations.id, order.organisationId))
    if (!account?.iban)
      throw new ConflictError(
        'Bitte hinterlege zuerst deine IBAN in den Rechnungsangaben: die Erinnerung nennt das Konto.',
      )
    const mail = await orderMailContext(tx, order)
    if (!mail)
      throw new ConflictError(
        'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt. Bitte erinnere ihn auf anderem Weg.',
      )
    await tx.insert(paymentReminders).values({
      organisationId: order.organisationId,
      orderId: order.id,
      invoiceNumber: state.invoice.number,
      amountCents: state.openCents,
      sentTo: mail.to,
      sentBy: seller.user.id,
      sentAt: now,
    })
    await enqueueMail(tx, {
      tenantId: mail.tenantId,
      to: mail.to,
      sender: mail.sender,
      content: {
        kind: 'payment_reminder',
        name: mail.name,
        orderNumber: order.number,
        invoiceNumber: state.invoice.number,
        invoiceDate: formatDay(state.invoice.issueDate),
        dueDate: formatDay(state.invoice.dueDate),
        openCents: state.openCents,
        transfer: {
          accountHolder: account.name,
          iban: formatIban(account.iban),
          bic: account.bic,
          bankName: account.bankName,
          amountCents: state.openCents,
          reference: transferReferenceOf(order, state.invoice),
        },
        link: mail.link,
      },
    })
    const detail = `Zahlungserinnerung zur Rechnung ${state.invoice.number} an ${mail.to} (${formatDate(now.toISOString())})`
    await recordOrderEvent(tx, actor, order, { kind: 'payment_reminded', detail })
    await auditOrder(tx, actor, paymentReminderAudit, order, null, {
      invoiceNumber: state.invoice.number,
      openCents: state.openCents,
    })
    return paymentReminderStateOf(tx, order, now)
  })
}

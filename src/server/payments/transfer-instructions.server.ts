import { eq } from 'drizzle-orm'
import { closedOrderStatuses, customerShareCents } from '../../lib/customer-orders'
import type { TransferInstructions } from '../../lib/payments'
import type { OrderRow } from '../customer-orders/customer-order-core.server'
import type { Executor } from '../db/client.server'
import { organisations } from '../db/schema'
import { formatIban } from '../documents/document-content'
import { validInvoiceOf } from '../documents/document-issue.server'
import { paidCentsOf } from './order-payments.server'

/**
 * The reference a transfer names (ADR 076): the invoice number once an invoice is issued — the
 * invoice's payment statement asks for it, and the bank matching looks for it first — before that
 * the order number, the only number the patient has.
 */
export const transferReferenceOf = (
  order: Pick<OrderRow, 'number'>,
  invoice: { number: string } | null | undefined,
) => invoice?.number ?? order.number

/**
 * How the patient pays a bank-transfer order that is still open: the seller's account, the amount
 * still owed (`customerShareCents` less what `order_payments` books) and the reference. Null when
 * the order is not paid by transfer, is closed or settled, owes nothing, or the seller has no IBAN.
 */
export async function transferInstructionsOf(
  executor: Executor,
  order: OrderRow,
): Promise<TransferInstructions | null> {
  if (order.paymentMethod !== 'bank_transfer') return null
  if (closedOrderStatuses.includes(order.status)) return null
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return null
  const amountCents = customerShareCents(order) - (await paidCentsOf(executor, order))
  if (amountCents <= 0) return null
  const [account] = await executor
    .select({
      name: organisations.name,
      iban: organisations.iban,
      bic: organisations.bic,
      bankName: organisations.bankName,
    })
    .from(organisations)
    .where(eq(organisations.id, order.organisationId))
  if (!account?.iban) return null
  return {
    accountHolder: account.name,
    iban: formatIban(account.iban),
    bic: account.bic,
    bankName: account.bankName,
    amountCents,
    reference: transferReferenceOf(order, await validInvoiceOf(executor, order)),
  }
}

import { paymentMeansLabels } from '../../lib/customer-orders'
import { formatMoney } from '../../lib/format'
import { type DocumentContent, formatDay, formatIban } from './document-content'

/**
 * The payment statement of an invoice (ADR 055): one function decides what an invoice says about
 * paying — the PDF prints its sentences and the e-invoice states the same as payment terms
 * (BT-20), amounts (BT-113, BT-115) and means (BG-16), so the two can never disagree and an
 * invoice never says "paid" and "please transfer" at once.
 *
 * A statutory prescription splits the total (§ 61 SGB V): the insurer pays its share to the
 * pharmacy directly, the patient owes the rest (the co-payment and anything outside the
 * prescription) — only that is asked for. The insurer's share counts as settled (BT-113) besides
 * what the patient paid, so BT-115 = BT-112 − BT-113 holds and names the patient's amount due.
 */
export interface PaymentStatement {
  /** The sentences, in order; empty when the document asks for nothing (credit note etc.). */
  sentences: string[]
  /** What a statutory insurer pays directly (0 without a statutory prescription). */
  insurerCents: number
  /** What the recipient owes in all: the total less the insurer's share. */
  recipientShareCents: number
  /** BT-113: paid already, plus the insurer's share settled directly. */
  settledCents: number
  /** BT-115: still to pay by the recipient. */
  dueCents: number
  /** BG-16: a SEPA transfer to the seller's account (58), cash (10), or not defined (1). */
  meansCode: '58' | '10' | '1'
  /** BT-82: the means in words. */
  meansText: string
}

/** The seller's account as the transfer request names it. */
function accountText(seller: DocumentContent['seller']): string {
  if (!seller.iban) return ''
  const bank = [seller.bic && `BIC ${seller.bic}`, seller.bankName].filter(Boolean).join(', ')
  return ` auf das Konto IBAN ${formatIban(seller.iban)}${bank ? ` (${bank})` : ''}`
}

export function paymentStatementOf(content: DocumentContent): PaymentStatement {
  const invoice = content.kind === 'invoice'
  const prescription = invoice ? content.prescription : null
  const insurerCents = prescription?.insurerShareCents ?? 0
  const recipientShareCents = content.totals.grossCents - insurerCents
  const paidCents = invoice ? content.paidCents : 0
  const dueCents = invoice && content.payment.kind !== 'none' ? recipientShareCents - paidCents : 0
  const sentences: string[] = []
  if (prescription) {
    sentences.push(
      `${prescription.insurerName} zahlt ${formatMoney(insurerCents)} direkt an uns (§ 61 SGB V); Ihr Anteil beträgt ${formatMoney(recipientShareCents)}${prescription.exempt ? ' (von der Zuzahlung befreit)' : ''}.`,
    )
  }
  const base = {
    insurerCents,
    recipientShareCents,
    settledCents: paidCents + insurerCents,
    dueCents,
  }
  const { payment } = content
  if (!invoice || payment.kind === 'none')
    return { ...base, sentences: [], meansCode: '1', meansText: 'Keine Zahlung' }
  if (payment.kind === 'paid') {
    const how = payment.means ? ` ${paymentMeansLabels[payment.means]}` : ''
    const when = payment.paidOn ? ` am ${formatDay(payment.paidOn)}` : ''
    const receipt = payment.tillReceiptNumber ? ` (Kassenbon Nr. ${payment.tillReceiptNumber})` : ''
    sentences.push(`Bezahlt${how}${when}${receipt}: ${formatMoney(paidCents)}. Vielen Dank.`)
    return {
      ...base,
      sentences,
      meansCode: payment.means === 'cash' ? '10' : '1',
      meansText: `Bezahlt${how}`,
    }
  }
  if (dueCents <= 0) {
    sentences.push('Von Ihnen ist nichts zu zahlen.')
    return { ...base, sentences, meansCode: '1', meansText: 'Keine Zahlung' }
  }
  if (payment.kind === 'at_pickup') {
    sentences.push(`Bitte bezahlen Sie ${formatMoney(dueCents)} bei der Abholung in der Apotheke.`)
    return { ...base, sentences, meansCode: '1', meansText: 'Zahlung bei Abholung' }
  }
  // The reference is the invoice's number: the one rule for transfers (`transferReferenceOf`,
  // ADR 076) names the invoice number as soon as an invoice is issued — and this is one.
  const due = content.dueDate ? ` bis zum ${formatDay(content.dueDate)}` : ''
  sentences.push(
    `Bitte überweisen Sie ${formatMoney(dueCents)}${due} unter Angabe der Rechnungsnummer ${content.number}${accountText(content.seller)}.`,
  )
  return { ...base, sentences, meansCode: '58', meansText: 'Überweisung' }
}

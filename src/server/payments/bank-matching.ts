/**
 * Matching a bank credit to open orders (ADR 071): first the references in the remittance text
 * (order number, invoice number), then the amount still owed together with the payer's name.
 * Pure: the service loads the open orders and stores the verdict.
 */

export interface OpenOrder {
  id: string
  number: string
  /** Numbers of the order's invoices: the reference the invoice asks the payer to give. */
  invoiceNumbers: readonly string[]
  /** What the customer still owes: their share minus what is booked already. */
  openCents: number
  customerName: string
}

export interface Allocation {
  orderId: string
  amountCents: number
}

export type MatchVerdict =
  | { status: 'matched'; allocations: Allocation[]; surplusCents: number }
  | { status: 'ambiguous'; candidates: string[] }
  | { status: 'unknown' }

/**
 * A number as it may appear in a remittance line: any case, with or without its separators or
 * with spaces instead, not inside a longer word or number.
 */
function referencePattern(number: string): RegExp {
  const characters = number.replace(/[^A-Za-z0-9]/g, '').split('')
  return new RegExp(`(?<![A-Za-z0-9])${characters.join('[\\s\\-_/.]*')}(?![0-9])`, 'i')
}

/** Lower case, umlauts as a bank's transliteration writes them, accents off. */
function plainName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
}

/** Whether the payer's name carries every word of the customer's name (short ones aside). */
export function payerNameMatches(payer: string | null, customer: string): boolean {
  if (!payer) return false
  const words = plainName(customer)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3)
  const payerText = plainName(payer)
  return words.length > 0 && words.every((word) => payerText.includes(word))
}

/**
 * Splits a credit across orders in the given order: each gets what it still owes, the last also
 * what is left over; the surplus is what exceeds all of them together.
 */
export function splitCredit(
  amountCents: number,
  orders: readonly Pick<OpenOrder, 'id' | 'openCents'>[],
): { allocations: Allocation[]; surplusCents: number } {
  let left = amountCents
  const allocations: Allocation[] = []
  orders.forEach((order, index) => {
    const last = index === orders.length - 1
    const amount = last ? left : Math.min(left, Math.max(order.openCents, 0))
    if (amount > 0) allocations.push({ orderId: order.id, amountCents: amount })
    left -= amount
  })
  const owed = orders.reduce((sum, order) => sum + Math.max(order.openCents, 0), 0)
  return { allocations, surplusCents: Math.max(amountCents - owed, 0) }
}

export function matchCredit(
  credit: { amountCents: number; remittance: string; payerName: string | null },
  openOrders: readonly OpenOrder[],
): MatchVerdict {
  const referenced = openOrders.filter((order) =>
    [order.number, ...order.invoiceNumbers].some((number) =>
      referencePattern(number).test(credit.remittance),
    ),
  )
  const matched = (orders: readonly OpenOrder[]): MatchVerdict => ({
    status: 'matched',
    ...splitCredit(credit.amountCents, orders),
  })
  if (referenced.length === 1) return matched(referenced)
  if (referenced.length > 1) {
    const owed = referenced.reduce((sum, order) => sum + order.openCents, 0)
    if (owed === credit.amountCents) return matched(referenced)
    const exact = referenced.filter((order) => order.openCents === credit.amountCents)
    if (exact.length === 1) return matched(exact)
    return { status: 'ambiguous', candidates: referenced.map((order) => order.id) }
  }
  const sameAmount = openOrders.filter((order) => order.openCents === credit.amountCents)
  const named = sameAmount.filter((order) => payerNameMatches(credit.payerName, order.customerName))
  if (named.length === 1) return matched(named)
  const candidates = named.length > 1 ? named : sameAmount
  if (candidates.length > 0) {
    return { status: 'ambiguous', candidates: candidates.map((order) => order.id) }
  }
  return { status: 'unknown' }
}

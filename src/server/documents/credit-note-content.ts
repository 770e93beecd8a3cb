import { formatMoney } from '../../lib/format'
import type { VatRate } from '../../lib/products'
import { vatCents } from '../../lib/products'
import {
  type CreditReason,
  type DocumentContent,
  type DocumentItem,
  documentLineNetCents,
} from './document-content'

/**
 * The content of a credit note (Rechnungskorrektur, ADR 057): part of an invoice credited — goods
 * taken back (lines and quantities) or a price reduced (a net amount per line). Pure: the service
 * hands in the invoice's frozen content and the credit notes issued for it before, under the
 * order's lock, so "what is left" cannot change while this runs.
 */

export interface CreditLineRequest {
  /** The invoice line's position. */
  position: number
  /** Returned goods: sales units taken back. */
  quantity?: number
  /** Price correction: the net amount credited on the line, in cents. */
  amountCents?: number
}

export interface CreditRequest {
  reason: CreditReason
  lines: CreditLineRequest[]
}

/** A refusal the service turns into a 409 with this German message. */
export class CreditRefusal extends Error {}

/** What the credit notes issued so far took from each line and each VAT rate (positive). */
export interface CreditedSoFar {
  quantityByPosition: Map<number, number>
  netByPosition: Map<number, number>
  vatByRate: Map<VatRate, number>
  grossCents: number
}

export function creditedSoFar(credits: readonly DocumentContent[]): CreditedSoFar {
  const sums: CreditedSoFar = {
    quantityByPosition: new Map(),
    netByPosition: new Map(),
    vatByRate: new Map(),
    grossCents: 0,
  }
  const add = <K>(map: Map<K, number>, key: K, value: number) =>
    map.set(key, (map.get(key) ?? 0) + value)
  for (const credit of credits) {
    for (const item of credit.items) {
      add(sums.netByPosition, item.position, -item.lineNetCents)
      if (credit.creditReason === 'return')
        add(sums.quantityByPosition, item.position, -item.quantity)
    }
    for (const line of credit.totals.byRate) add(sums.vatByRate, line.rate, -line.vatCents)
    sums.grossCents -= credit.totals.grossCents
  }
  return sums
}

const lineLabel = (item: DocumentItem) => `Position ${item.position} (${item.name})`

/**
 * The credited lines and totals, or a `CreditRefusal`: a line may give back at most the goods and
 * the net amount it has left after the earlier credit notes, so the credits of an invoice never
 * exceed it. VAT per rate is one rounding on the credited net (as on the invoice), capped at
 * what is left of the invoice's VAT of that rate; the credit that uses up a rate's net takes
 * exactly the VAT left — so all credits of an invoice add up to at most, and when everything is
 * credited exactly, the invoice (§ 17 UStG corrects the taxable amount and the tax with it).
 * A patient's gross-priced invoice (ADR 056) is corrected in net amounts too: the net and the
 * VAT left are what § 17 corrects, and a net credit can never exceed them by a rounding cent.
 */
export function creditNoteLines(
  invoice: DocumentContent,
  earlier: CreditedSoFar,
  request: CreditRequest,
  /** The positions that are goods (the order's items); the delivery fee cannot come back. */
  goodsPositions: ReadonlySet<number>,
): Pick<DocumentContent, 'items' | 'totals'> {
  if (request.lines.length === 0) throw new CreditRefusal('Bitte wähle mindestens eine Position.')
  const seen = new Set<number>()
  const items: DocumentItem[] = []
  for (const line of request.lines) {
    const item = invoice.items.find((candidate) => candidate.position === line.position)
    if (!item) throw new CreditRefusal(`Die Rechnung hat keine Position ${line.position}.`)
    if (seen.has(line.position))
      throw new CreditRefusal(`${lineLabel(item)} ist doppelt angegeben.`)
    seen.add(line.position)
    const netLeft = item.lineNetCents - (earlier.netByPosition.get(item.position) ?? 0)
    if (request.reason === 'return') {
      if (!goodsPositions.has(item.position))
        throw new CreditRefusal(
          `${lineLabel(item)} ist keine Ware, die zurückgenommen werden kann.`,
        )
      const quantity = line.quantity ?? 0
      const quantityLeft = item.quantity - (earlier.quantityByPosition.get(item.position) ?? 0)
      if (quantity <= 0) throw new CreditRefusal(`Bitte gib für ${lineLabel(item)} eine Menge an.`)
      if (quantity > quantityLeft)
        throw new CreditRefusal(
          `${lineLabel(item)}: Es sind nur noch ${quantityLeft} Einheiten der Rechnung offen, die zurückgenommen werden können.`,
        )
      // The last units take exactly the net left (an earlier price correction included).
      const net =
        quantity === quantityLeft
          ? netLeft
          : Math.min(documentLineNetCents(item.unitNetCents, quantity), netLeft)
      if (net <= 0)
        throw new CreditRefusal(`${lineLabel(item)} ist bereits vollständig gutgeschrieben.`)
      // The batches the goods came from; how much of each the invoice took is not what returns.
      const batches = item.batches.map((batch) => ({ ...batch, quantityText: '' }))
      items.push({
        ...item,
        quantity: -quantity,
        lineNetCents: -net,
        // Credits count net, whatever the invoice's basis (ADR 057): see `creditNoteLines`.
        unitGrossCents: null,
        lineGrossCents: null,
        batches,
        priceCorrection: false,
      })
    } else {
      const amount = line.amountCents ?? 0
      if (amount <= 0) throw new CreditRefusal(`Bitte gib für ${lineLabel(item)} einen Betrag an.`)
      if (amount > netLeft)
        throw new CreditRefusal(
          `${lineLabel(item)}: Es sind nur noch ${formatMoney(netLeft)} netto offen; mehr lässt sich nicht gutschreiben.`,
        )
      items.push({
        ...item,
        quantity: -1,
        unitNetCents: amount,
        lineNetCents: -amount,
        unitGrossCents: null,
        lineGrossCents: null,
        batches: [],
        priceCorrection: true,
      })
    }
  }
  items.sort((a, b) => a.position - b.position)

  const netByRate = new Map<VatRate, number>()
  for (const item of items)
    netByRate.set(item.vatRate, (netByRate.get(item.vatRate) ?? 0) + -item.lineNetCents)
  const creditedNetOfRate = (rate: VatRate) =>
    invoice.items
      .filter((item) => item.vatRate === rate)
      .reduce((sum, item) => sum + (earlier.netByPosition.get(item.position) ?? 0), 0)
  const byRate = invoice.totals.byRate
    .filter((line) => netByRate.has(line.rate))
    .map((line) => {
      const net = netByRate.get(line.rate) ?? 0
      const vatLeft = line.vatCents - (earlier.vatByRate.get(line.rate) ?? 0)
      const usesUpRate = creditedNetOfRate(line.rate) + net === line.netCents
      const vat = usesUpRate ? vatLeft : Math.min(vatCents(net, line.rate), vatLeft)
      return { rate: line.rate, netCents: -net, vatCents: -Math.max(vat, 0) }
    })
  const netCents = byRate.reduce((sum, line) => sum + line.netCents, 0)
  const vat = byRate.reduce((sum, line) => sum + line.vatCents, 0)
  const grossCents = netCents + vat
  if (earlier.grossCents - grossCents > invoice.totals.grossCents)
    throw new CreditRefusal('Die Gutschriften würden den Rechnungsbetrag übersteigen.')
  return { items, totals: { byRate, netCents, vatCents: vat, grossCents } }
}

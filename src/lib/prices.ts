import type { CustomerKind } from './customer-enums'
import { lineTotalCents, type VatRate, vatCents } from './products'

/**
 * The rounding model of every sum the product shows, stores, prints and sends (ADR 056): one
 * computation for the cart, the checkout, orders, documents and e-invoices.
 *
 * - `gross` (patients, B2C): the price is the gross price a patient sees on the shelf — the
 *   listing's net price plus its VAT, rounded once per unit. A line is unit gross × quantity, and
 *   the VAT of a rate is taken out of that rate's gross sum once. Lines add up to the total.
 * - `net` (businesses, B2B): a line is unit net × quantity, and the VAT of a rate is added to that
 *   rate's net sum once (EN 16931 BR-CO-10/-13/-17). Lines add up to the net total.
 */
export type PriceBasis = 'gross' | 'net'

/** Patients and members pay gross prices; businesses are quoted net prices (ADR 056). */
export const priceBasisOf = (customerKind: CustomerKind): PriceBasis =>
  customerKind === 'business' ? 'net' : 'gross'

/** A unit's gross price from its net price: VAT rounded half up once per unit. */
export const unitGrossCents = (unitNetCents: number, rate: VatRate): number =>
  unitNetCents + vatCents(unitNetCents, rate)

/** The VAT contained in a gross sum of one rate: gross × rate ÷ (100 + rate), half up. */
export const containedVatCents = (grossCents: number, rate: VatRate): number => {
  const divisor = 100 + Number(rate)
  return Math.floor((grossCents * Number(rate) * 2 + divisor) / (2 * divisor))
}

export interface PricedItem {
  /** Net price of one sales unit (ADR 014). */
  unitPriceCents: number
  quantity: number
  vatRate: VatRate
}

/** A unit's price as the buyer is quoted it: gross for `gross`, net for `net`. */
export const unitAmountCents = (unitPriceCents: number, rate: VatRate, basis: PriceBasis) =>
  basis === 'gross' ? unitGrossCents(unitPriceCents, rate) : unitPriceCents

/** What a line shows and sums to: unit amount × quantity (ADR 014), in the basis. */
export const lineAmountCents = (item: PricedItem, basis: PriceBasis): number =>
  lineTotalCents(unitAmountCents(item.unitPriceCents, item.vatRate, basis), item.quantity)

export interface RateTotals {
  rate: VatRate
  netCents: number
  vatCents: number
  grossCents: number
}

export interface Totals {
  /** One row per rate that occurs, highest rate first. */
  byRate: RateTotals[]
  netCents: number
  vatCents: number
  grossCents: number
}

const rateOrder: Record<VatRate, number> = { '19': 0, '7': 1, '0': 2 }

/**
 * Totals of lines given by their amount in the basis (`lineAmountCents`): per rate one sum and
 * one rounding. A negative sum (a cancellation) is rounded like its positive twin and negated, so
 * a Storno mirrors its invoice to the cent.
 */
export function totalsOfAmounts(
  lines: readonly { rate: VatRate; amountCents: number }[],
  basis: PriceBasis,
): Totals {
  const sumByRate = new Map<VatRate, number>()
  for (const line of lines) {
    sumByRate.set(line.rate, (sumByRate.get(line.rate) ?? 0) + line.amountCents)
  }
  const byRate = [...sumByRate]
    .sort(([a], [b]) => rateOrder[a] - rateOrder[b])
    .map(([rate, sum]): RateTotals => {
      const sign = Math.sign(sum)
      if (basis === 'gross') {
        const vat = sign * containedVatCents(Math.abs(sum), rate)
        return { rate, netCents: sum - vat, vatCents: vat, grossCents: sum }
      }
      const vat = sign * vatCents(Math.abs(sum), rate)
      return { rate, netCents: sum, vatCents: vat, grossCents: sum + vat }
    })
  const total = (key: 'netCents' | 'vatCents' | 'grossCents') =>
    byRate.reduce((sum, row) => sum + row[key], 0)
  return {
    byRate,
    netCents: total('netCents'),
    vatCents: total('vatCents'),
    grossCents: total('grossCents'),
  }
}

/** Totals of priced items in the basis. */
export const basketTotals = (items: readonly PricedItem[], basis: PriceBasis): Totals =>
  totalsOfAmounts(
    items.map((item) => ({ rate: item.vatRate, amountCents: lineAmountCents(item, basis) })),
    basis,
  )

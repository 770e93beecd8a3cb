import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { orderTotalsWithFee } from '~/lib/customer-orders'
import { lineAmountCents, type PriceBasis, type PricedItem, unitAmountCents } from '~/lib/prices'
import { type VatRate, vatCents } from '~/lib/products'
import {
  type DocumentContent,
  deliveryFeeDocumentItem,
  documentItemOf,
  documentTotals,
} from '~/server/documents/document-content'
import { renderInvoicePdf, renderXRechnung } from '~/server/documents/render/index.server'
import { invoice } from '../support/document-fixtures'
import { brokenRules } from '../support/einvoice-rules'
import { parseXml, textsAt } from '../support/xml'

/**
 * ADR 056, proven over random baskets: whatever a patient (gross) or a business (net) buys, the
 * line amounts, the VAT per rate and the grand total add up — on screen (the values the pages
 * show), in the PDF's text and in the e-invoice's XML (EN 16931 BR-CO sums). A seeded generator
 * (mulberry32) keeps every run reproducible: a failure names its seed and basket.
 */

function randomOf(seed: number) {
  let state = seed >>> 0
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below)
  }
}

interface Basket {
  items: PricedItem[]
  feeCents: number
}

const rates: VatRate[] = ['19', '7']

function basketOf(seed: number, basis: PriceBasis): Basket {
  const random = randomOf(seed)
  const items = Array.from({ length: 1 + random(8) }, () => ({
    // Up to 500 € a sales unit, odd cents included; 1 to 60 units (grams or packs).
    unitPriceCents: 1 + random(50_000),
    quantity: 1 + random(60),
    vatRate: rates[random(rates.length)] as VatRate,
  }))
  // Shop orders (patients) may carry a delivery fee; business orders carry none.
  const fees = [0, 490, 690, 1 + random(2_000)]
  return { items, feeCents: basis === 'gross' ? (fees[random(fees.length)] as number) : 0 }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** The document lines of a basket, as the invoice of its order has them. */
function documentItems({ items, feeCents }: Basket, basis: PriceBasis) {
  const lines = items.map((item, index) =>
    documentItemOf(
      {
        ...item,
        position: index + 1,
        name: `Position ${index + 1}`,
        pzn: null,
        salesUnit: 'gram',
      },
      basis,
      [],
    ),
  )
  return feeCents > 0
    ? [...lines, deliveryFeeDocumentItem(feeCents, 'Versandkosten', lines.length + 1, basis)]
    : lines
}

function contentOf(basket: Basket, basis: PriceBasis): DocumentContent {
  const items = documentItems(basket, basis)
  const base = invoice()
  return invoice({
    priceBasis: basis,
    items,
    totals: documentTotals(items, basis),
    recipient:
      basis === 'gross'
        ? {
            ...base.recipient,
            kind: 'person',
            name: 'Erika Müller',
            contactName: null,
            vatId: null,
            eInvoiceAddress: null,
          }
        : base.recipient,
    eInvoiceFormat: basis === 'net' ? 'xrechnung' : null,
  })
}

/** "1.234,50 €" → 123450. */
const centsOf = (text: string) => Number(text.replace(/[.\s€]/g, '').replace(',', ''))
const money = String.raw`-?\d{1,3}(?:\.\d{3})*,\d\d\s€`

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  })
  return text.replace(/\s+/g, ' ')
}

const xmlCents = (text: string | undefined) => Math.round(Number(text) * 100)

describe('rounding by buyer (ADR 056)', () => {
  it('the reported basket: ten grams at 10,59 € are 105,90 € on every line and in the total', () => {
    const items: PricedItem[] = [{ unitPriceCents: 890, quantity: 10, vatRate: '19' }]
    expect(unitAmountCents(890, '19', 'gross')).toBe(1059)
    expect(lineAmountCents(items[0] as PricedItem, 'gross')).toBe(10_590)
    expect(orderTotalsWithFee(items, 0, 'gross')).toMatchObject({
      grossCents: 10_590,
      vatCents: 1_691,
      netCents: 8_899,
    })
    // A business buys the same at net: 89,00 € + 16,91 € VAT.
    expect(orderTotalsWithFee(items, 0, 'net')).toMatchObject({
      netCents: 8_900,
      vatCents: 1_691,
      grossCents: 10_591,
    })
  })

  it.each(['gross', 'net'] as const)(
    'on screen and in the document content, %s baskets always add up (2,000 baskets)',
    (basis) => {
      for (let seed = 1; seed <= 2_000; seed++) {
        const basket = basketOf(seed, basis)
        const lines = basket.items.map((item) => lineAmountCents(item, basis))
        const totals = orderTotalsWithFee(basket.items, basket.feeCents, basis)
        const context = { seed, basket }
        // The shown lines (and the fee) sum to the total in the basis.
        const feeInBasis =
          basis === 'gross' ? basket.feeCents : documentItems(basket, basis).at(-1)?.lineNetCents
        const shownSum = sum(lines) + (basket.feeCents > 0 ? (feeInBasis as number) : 0)
        expect({ ...context, sum: shownSum }).toEqual({
          ...context,
          sum: basis === 'gross' ? totals.grossCents : totals.netCents,
        })
        // Per rate: net + VAT = gross, the VAT rounded once; the rates sum to the totals.
        for (const row of totals.byRate) {
          expect(row.netCents + row.vatCents).toBe(row.grossCents)
          if (basis === 'net') expect(row.vatCents).toBe(vatCents(row.netCents, row.rate))
          else {
            const exact = (row.grossCents * Number(row.rate)) / (100 + Number(row.rate))
            expect(Math.abs(row.vatCents - exact)).toBeLessThanOrEqual(0.5)
          }
        }
        expect(sum(totals.byRate.map((row) => row.netCents))).toBe(totals.netCents)
        expect(sum(totals.byRate.map((row) => row.vatCents))).toBe(totals.vatCents)
        expect(totals.netCents + totals.vatCents).toBe(totals.grossCents)
        // The document computes exactly what the order shows.
        const document = documentTotals(documentItems(basket, basis), basis)
        expect({ ...context, document }).toEqual({
          ...context,
          document: {
            byRate: totals.byRate.map(({ rate, netCents, vatCents }) => ({
              rate,
              netCents,
              vatCents,
            })),
            netCents: totals.netCents,
            vatCents: totals.vatCents,
            grossCents: totals.grossCents,
          },
        })
      }
    },
  )

  it.each(['gross', 'net'] as const)(
    'in the PDF a person reads, %s lines, VAT per rate and total add up (30 baskets)',
    async (basis) => {
      for (let seed = 5_001; seed <= 5_030; seed++) {
        const content = contentOf(basketOf(seed, basis), basis)
        const text = await pdfText(await renderInvoicePdf(content))
        // Each row: unit price, rate, line amount — in the basis the header names.
        expect(text).toContain(basis === 'gross' ? 'Gesamt brutto' : 'Gesamt netto')
        const rows = [...text.matchAll(new RegExp(`(${money}) (19|7) % (${money})`, 'g'))]
        const printed = rows.map((row) => ({
          unit: centsOf(row[1] as string),
          line: centsOf(row[3] as string),
        }))
        const gross = basis === 'gross'
        expect({ seed, printed }).toEqual({
          seed,
          printed: content.items.map((item) => ({
            unit: gross ? item.unitGrossCents : item.unitNetCents,
            line: gross ? item.lineGrossCents : item.lineNetCents,
          })),
        })
        const total = centsOf(
          new RegExp(`Gesamtbetrag brutto (${money})`).exec(text)?.[1] ?? 'missing',
        )
        const vatLines = [
          ...text.matchAll(
            new RegExp(
              gross
                ? `enthaltene (19|7) % USt\\. auf netto (${money}) (${money})`
                : `zzgl\\. (19|7) % USt\\. auf (${money}) (${money})`,
              'g',
            ),
          ),
        ].map((row) => ({ net: centsOf(row[2] as string), vat: centsOf(row[3] as string) }))
        expect(vatLines).toHaveLength(content.totals.byRate.length)
        const printedLines = sum(printed.map((row) => row.line))
        if (gross) expect(printedLines).toBe(total)
        else {
          const net = centsOf(new RegExp(`Summe netto (${money})`).exec(text)?.[1] ?? 'missing')
          expect(printedLines).toBe(net)
          expect(sum(vatLines.map((line) => line.net))).toBe(net)
        }
        expect(sum(vatLines.map((line) => line.net + line.vat))).toBe(total)
        expect(total).toBe(content.totals.grossCents)
      }
    },
    // Thirty PDFs rendered and read back: seconds on a quiet machine, more when it is shared.
    60_000,
  )

  it('in the e-invoice XML, the EN 16931 sums hold for net baskets (30 baskets)', async () => {
    for (let seed = 9_001; seed <= 9_030; seed++) {
      const content = contentOf(basketOf(seed, 'net'), 'net')
      const xml = await renderXRechnung(content)
      const root = parseXml(xml)
      const header = (name: string) =>
        xmlCents(textsAt(root, 'SpecifiedTradeSettlementHeaderMonetarySummation', name)[0])
      const lineTotals = textsAt(
        root,
        'SpecifiedTradeSettlementLineMonetarySummation',
        'LineTotalAmount',
      ).map(xmlCents)
      const taxes = ['BasisAmount', 'CalculatedAmount', 'RateApplicablePercent'].map((name) =>
        textsAt(root, 'ApplicableHeaderTradeSettlement', 'ApplicableTradeTax', name).map((text) =>
          name === 'RateApplicablePercent' ? Number(text) : xmlCents(text),
        ),
      ) as [number[], number[], number[]]
      const [basis, vat, rate] = taxes
      // BR-CO-10: Σ line net (BT-131) = BT-106; BR-CO-13: BT-109 = BT-106 (no allowances).
      expect({ seed, sum: sum(lineTotals) }).toEqual({ seed, sum: header('LineTotalAmount') })
      expect(header('TaxBasisTotalAmount')).toBe(header('LineTotalAmount'))
      // BR-S-08: a rate's taxable amount is the net of its lines; BR-CO-17: VAT = basis × rate.
      basis.forEach((amount, index) => {
        const ofRate = content.items.filter((item) => Number(item.vatRate) === rate[index])
        expect(amount).toBe(sum(ofRate.map((item) => item.lineNetCents)))
        expect(vat[index]).toBe(vatCents(amount, String(rate[index]) as VatRate))
      })
      // BR-CO-14: BT-110 = Σ BT-117; BR-CO-15: BT-112 = BT-109 + BT-110; BR-CO-16: BT-115.
      expect(header('TaxTotalAmount')).toBe(sum(vat))
      expect(header('GrandTotalAmount')).toBe(header('TaxBasisTotalAmount') + sum(vat))
      expect(header('DuePayableAmount')).toBe(header('GrandTotalAmount'))
      expect(header('GrandTotalAmount')).toBe(content.totals.grossCents)
      // And the official rules agree, for the first few.
      if (seed <= 9_005) expect(await brokenRules(xml, 'xrechnung')).toEqual([])
    }
  }, 120_000)

  it('refuses to write gross-priced content as an e-invoice, whose lines must add up net', async () => {
    const gross = contentOf(basketOf(1, 'gross'), 'gross')
    await expect(
      renderXRechnung({ ...gross, recipient: invoice().recipient, eInvoiceFormat: 'xrechnung' }),
    ).rejects.toThrow('E-Rechnungen rechnen mit Nettopreisen.')
  })
})

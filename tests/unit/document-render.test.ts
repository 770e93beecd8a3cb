import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  cancellationContent,
  type DocumentContent,
  documentContentOf,
  documentTotals,
  storedDocumentContent,
} from '~/server/documents/document-content'
import {
  DocumentContentError,
  renderCancellationInvoicePdf,
  renderCreditNotePdf,
  renderDeliveryNotePdf,
  renderFacturX,
  renderInvoicePdf,
  renderOrderConfirmationPdf,
  renderXRechnung,
} from '~/server/documents/render/index.server'
import { vatExemptions } from '~/server/documents/vat-treatment.server'
import { creditNote, invoice, item } from '../support/document-fixtures'
import { brokenRules } from '../support/einvoice-rules'
import { parseXml, pdfAttachments, textsAt, validateCii } from '../support/xml'

/** Text of each page, whitespace (including Intl's no-break spaces) collapsed to one space. */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const proxy = await getDocumentProxy(new Uint8Array(bytes))
  const { text } = await extractText(proxy, { mergePages: false })
  return text.map((page) => page.replace(/\s+/g, ' '))
}

const pdfText = async (bytes: Uint8Array) => (await pdfPages(bytes)).join(' ')

/** Money as the tests expect it in extracted text: "1.234,50 €". */
const euro = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\s/g, ' ')

/** A text with its (non-breaking) spaces as plain ones, as the PDF's text layer has them. */
const plain = (text: string | undefined) => (text ?? '').replace(/\s/g, ' ')

afterEach(() => {
  vi.useRealTimers()
})

/** The invoice as paid by transfer before it was issued. */
const paid = (content: DocumentContent): DocumentContent => ({
  ...content,
  payment: { kind: 'paid', means: 'transfer', paidOn: '2026-11-18', tillReceiptNumber: null },
  paidCents: content.totals.grossCents - (content.prescription?.insurerShareCents ?? 0),
  dueDate: null,
})

describe('invoice PDF', () => {
  it('shows every fact § 14 UStG requires, matching the content', async () => {
    const content = invoice()
    const text = await pdfText(await renderInvoicePdf(content))

    // Supplier: full name, address, tax number and VAT id; recipient name and address.
    expect(text).toContain('Nordhanf Großhandel GmbH')
    expect(text).toContain('Große Elbstraße 145')
    expect(text).toContain('22767 Hamburg')
    expect(text).toContain('Steuernummer 43/721/01234')
    expect(text).toContain('USt-IdNr. DE298765432')
    expect(text).toContain('Sonnen-Apotheke Köln')
    expect(text).toContain('z. Hd. Jörg Weiß')
    expect(text).toContain('Hohe Straße 12')
    expect(text).toContain('50667 Köln')
    // Number, issue date, delivery date, order and customer references.
    expect(text).toContain('Rechnung RE-2026-00017')
    expect(text).toContain('Rechnungsdatum 20.11.2026')
    expect(text).toContain('Liefer-/Leistungsdatum 19.11.2026')
    expect(text).toContain('Bestellnummer AU-2026-00042')
    expect(text).toContain('Kundennummer KD-00031')
    expect(text).toContain('USt-IdNr. Kunde DE811234567')
    // Quantity and description of each item, with unit price, rate and line total.
    for (const line of content.items) {
      expect(text).toContain(line.name)
      expect(text).toContain(euro(line.unitNetCents))
      expect(text).toContain(euro(line.lineNetCents))
    }
    expect(text).toContain('15 g')
    expect(text).toContain('1 Packung')
    expect(text).toContain('2 Packungen')
    expect(text).toContain('PZN 17261520')
    expect(text).toContain('Ch.-B. CH-2026-118, 15 g, verw. bis 31.05.2027')
    // Net per rate, rate, tax per rate, gross.
    const { totals } = content
    expect(totals.byRate.map((line) => line.rate)).toEqual(['19', '7'])
    expect(text).toContain(`Summe netto ${euro(totals.netCents)}`)
    for (const line of totals.byRate) {
      expect(text).toContain(
        `zzgl. ${line.rate} % USt. auf ${euro(line.netCents)} ${euro(line.vatCents)}`,
      )
    }
    expect(text).toContain(`Gesamtbetrag brutto ${euro(totals.grossCents)}`)
    // 15 × 10,50 + 299,00 = 456,50 net at 19 % → 86,74; 59,90 at 7 % → 4,19.
    expect(totals).toMatchObject({ netCents: 51640, vatCents: 8674 + 419, grossCents: 60733 })
    // Payment: terms, due date, bank.
    expect(text).toContain(
      `Bitte überweisen Sie ${euro(totals.grossCents)} bis zum 04.12.2026 unter Angabe der Rechnungsnummer RE-2026-00017 auf das Konto IBAN DE89 3704 0044 0532 0130 00`,
    )
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00')
    expect(text).toContain('BIC COBADEFFXXX')
    expect(text).toContain('Lieferung gemäß Ihrer Bestellung vom 12.11.2026.')
    expect(text).toContain('Seite 1 von 1')
  })

  it('gives identical bytes for the same content, whatever the clock says', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T08:00:00Z'))
    const first = await renderInvoicePdf(invoice())
    vi.setSystemTime(new Date('2027-03-01T17:45:13Z'))
    const second = await renderInvoicePdf(invoice())
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true)
    const other = await renderInvoicePdf(invoice({ number: 'RE-2026-00018' }))
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false)
  })

  it('renders the same bytes again from the stored (JSON) content, logo included', async () => {
    const logo = await sharp({
      create: {
        width: 30,
        height: 30,
        channels: 4,
        background: { r: 0, g: 90, b: 40, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer()
    const content = invoice({ seller: { ...invoice().seller, logo: new Uint8Array(logo) } })
    const stored = JSON.parse(JSON.stringify(storedDocumentContent(content)))
    const again = await renderInvoicePdf(documentContentOf(stored))
    expect(Buffer.from(again).equals(Buffer.from(await renderInvoicePdf(content)))).toBe(true)
  })

  it('reads invoices stored before ADR 055: their payment text becomes the payment', async () => {
    const {
      payment: _payment,
      advanceInvoice: _advance,
      ...current
    } = storedDocumentContent(invoice())
    const earlierPaid = {
      ...current,
      paidCents: undefined,
      dueDate: null,
      paymentTerms: 'Der Betrag ist bereits beglichen. Vielen Dank.',
    }
    const paidAgain = documentContentOf(earlierPaid)
    expect(paidAgain.payment).toEqual({
      kind: 'paid',
      means: null,
      paidOn: null,
      tillReceiptNumber: null,
    })
    expect(paidAgain.paidCents).toBe(invoice().totals.grossCents)
    expect(paidAgain.advanceInvoice).toBe(false)
    const text = await pdfText(await renderInvoicePdf(paidAgain))
    expect(text).toContain(`Bezahlt: ${euro(invoice().totals.grossCents)}. Vielen Dank.`)
    expect(text).not.toContain('überweisen')
    const earlierDue = documentContentOf({
      ...current,
      paymentTerms: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.',
    })
    expect(earlierDue.payment).toEqual({ kind: 'transfer' })
  })

  it('keeps umlauts, ß and € intact', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice()))
    expect(text).toContain('Cannabis in der Apotheke')
    expect(text).toContain('Großhandel')
    expect(text).toMatch(/\d,\d\d €/)
    expect(text).not.toContain('\ufffd')
  })

  it('paginates a 60-item invoice with the table header and totals where they belong', async () => {
    const items = Array.from({ length: 60 }, (_, index) =>
      item(index + 1, {
        name: `Sorte ${String(index + 1).padStart(2, '0')} – Blüten aus kontrolliertem Anbau`,
        quantity: index + 1,
      }),
    )
    const content = invoice({ items, totals: documentTotals(items, 'net') })
    const pages = await pdfPages(await renderInvoicePdf(content))

    expect(pages.length).toBeGreaterThan(1)
    pages.forEach((page, index) => {
      expect(page).toContain(`Seite ${index + 1} von ${pages.length}`)
      expect(page).toContain('Einzelpreis netto')
      expect(page).toContain('IBAN DE89 3704 0044 0532 0130 00')
    })
    expect(pages.slice(1).every((page) => page.includes('Rechnung RE-2026-00017'))).toBe(true)
    const all = pages.join(' ')
    for (const line of items) expect(all).toContain(line.name)
    // Each line appears exactly once, and the totals come after the last line.
    expect(all.split('Sorte 37 –').length).toBe(2)
    const last = pages.at(-1) as string
    expect(last).toContain(`Gesamtbetrag brutto ${euro(content.totals.grossCents)}`)
    expect(last.indexOf('Gesamtbetrag')).toBeGreaterThan(last.lastIndexOf('Sorte'))
  })

  it('shows the co-payment and the insurer share of a statutory prescription', async () => {
    const items = [item(1, { quantity: 10, unitNetCents: 840 })]
    const totals = documentTotals(items, 'net')
    const content = invoice({
      items,
      totals,
      recipient: {
        kind: 'person',
        name: 'Erika Müller',
        contactName: null,
        address: { street: 'Lindenallee 3', postalCode: '50931', city: 'Köln', country: 'DE' },
        vatId: null,
        customerNumber: 'KD-00007',
        email: null,
        eInvoiceAddress: null,
      },
      prescription: {
        insurerName: 'AOK Rheinland/Hamburg',
        coPaymentCents: 1000,
        insurerShareCents: totals.grossCents - 1000,
        exempt: false,
      },
    })
    const text = await pdfText(await renderInvoicePdf(content))
    expect(text).toContain('Erika Müller')
    expect(text).toContain(`davon Anteil AOK Rheinland/Hamburg ${euro(totals.grossCents - 1000)}`)
    expect(text).toContain(`darin Ihre gesetzliche Zuzahlung ${euro(1000)}`)
    // § 61 SGB V: the patient is asked for their share only, never the full price.
    expect(text).toContain(`Ihr Anteil ${euro(1000)}`)
    expect(text).toContain(`Bitte überweisen Sie ${euro(1000)} bis zum`)
    expect(text).not.toContain(`Bitte überweisen Sie ${euro(totals.grossCents)}`)
    expect(text).toContain('AOK Rheinland/Hamburg zahlt')
  })

  it('embeds the organisation logo', async () => {
    const logo = await sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 20, g: 110, b: 50 } },
    })
      .png()
      .toBuffer()
    const withLogo = await renderInvoicePdf(
      invoice({ seller: { ...invoice().seller, logo: new Uint8Array(logo) } }),
    )
    const doc = await PDFDocument.load(withLogo)
    const resources = doc.getPage(0).node.Resources()
    expect(resources?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().length).toBe(1)
  })

  it('refuses an invoice without the seller tax number or VAT id', async () => {
    const content = invoice()
    await expect(
      renderInvoicePdf({ ...content, seller: { ...content.seller, taxNumber: null, vatId: null } }),
    ).rejects.toThrow(DocumentContentError)
    await expect(renderDeliveryNotePdf(content)).rejects.toThrow(DocumentContentError)
  })

  it("asks for a transfer only while something is due, and names the buyer's order number", async () => {
    const transfer = 'Bitte überweisen Sie'
    expect(await pdfText(await renderInvoicePdf(invoice()))).toContain(transfer)
    const paidText = await pdfText(
      await renderInvoicePdf({
        ...paid(invoice()),
        buyerOrderReference: 'EK-2026-00007',
      }),
    )
    expect(paidText).not.toContain(transfer)
    expect(paidText).toContain('Bezahlt per Überweisung am 18.11.2026')
    expect(paidText).toContain('Ihre Bestellnummer EK-2026-00007')
  })

  it('says the delivery date is the invoice date when none is given', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice({ deliveryDate: null })))
    expect(text).toContain('Liefer-/Leistungsdatum 20.11.2026')
    expect(text).toContain('Das Liefer-/Leistungsdatum entspricht dem Rechnungsdatum.')
  })
})

describe('other documents', () => {
  it('cancellation invoice refers to the original and negates every amount', async () => {
    const original = invoice()
    const storno = cancellationContent(original, {
      number: 'RE-2026-00023',
      issueDate: '2026-11-24',
      notes: 'Storno wegen Rücksendung.',
    })
    expect(storno.totals.grossCents).toBe(-original.totals.grossCents)
    expect(storno.totals.byRate.map((line) => line.vatCents)).toEqual(
      original.totals.byRate.map((line) => -line.vatCents),
    )
    const text = await pdfText(await renderCancellationInvoicePdf(storno))
    expect(text).toContain('Stornorechnung RE-2026-00023')
    expect(text).toContain('Hiermit stornieren wir die Rechnung RE-2026-00017 vom 20.11.2026')
    expect(text).toContain('Zur Rechnung RE-2026-00017')
    expect(text).toContain('-15 g')
    expect(text).toContain(`Gesamtbetrag brutto ${euro(-original.totals.grossCents)}`)
    expect(text).toContain('Steuernummer 43/721/01234')
    await expect(renderInvoicePdf(storno)).rejects.toThrow(DocumentContentError)
  })

  it('credit note refers to the invoice, credits the chosen goods and is no § 14 Abs. 2 Gutschrift', async () => {
    const text = await pdfText(await renderCreditNotePdf(creditNote()))
    expect(text).toContain('Rechnungskorrektur RK-2026-00003')
    expect(text).toContain('Zu unserer Rechnung RE-2026-00017 vom 20.11.2026')
    expect(text).toContain('Zur Rechnung RE-2026-00017')
    expect(text).toContain('-2 g')
    // 2 × 10,50 € = 21,00 € net, 3,99 € VAT.
    expect(text).toContain(`Gutgeschriebener Betrag brutto ${euro(-2499)}`)
    expect(text).toContain('keine Gutschrift im Sinne des § 14 Abs. 2 Satz 2 UStG')
    await expect(renderInvoicePdf(creditNote())).rejects.toThrow(DocumentContentError)
  })

  it("prints the seller's legal form, register and managing directors in the footer", async () => {
    const text = await pdfText(await renderInvoicePdf(invoice()))
    expect(text).toContain('Sitz: Hamburg · Registergericht: Amtsgericht Hamburg, HRB 178234')
    expect(text).toContain('Geschäftsführer: Hanna Nordmann, Erik Lindqvist')
    const soleTrader = await pdfText(
      await renderInvoicePdf(
        invoice({
          seller: {
            ...invoice().seller,
            name: 'Sonnen-Apotheke',
            legal: {
              legalForm: 'registered_merchant',
              registerCourt: 'Amtsgericht Charlottenburg',
              registerNumber: 'HRA 58213 B',
              managers: ['Dr. Clara Sonnberg'],
              supervisoryBoardChair: null,
            },
          },
        }),
      ),
    )
    expect(soleTrader).toContain('Sonnen-Apotheke e. K.')
    expect(soleTrader).toContain('Inhaber(in): Dr. Clara Sonnberg')
  })

  it('delivery note lists items with batches and no prices', async () => {
    const content = invoice({ kind: 'delivery_note', number: 'LS-2026-00005' })
    const text = await pdfText(await renderDeliveryNotePdf(content))
    expect(text).toContain('Lieferschein LS-2026-00005')
    expect(text).toContain('Ch.-B. CH-2026-118, 15 g, verw. bis 31.05.2027')
    expect(text).toContain('Pedanios 22/1 – Blüten, unzerkleinert')
    expect(text).toContain('17261520')
    expect(text).not.toContain('€')
  })

  it('order confirmation shows items and totals', async () => {
    const content = invoice({ kind: 'order_confirmation', number: 'AU-2026-00042' })
    const text = await pdfText(await renderOrderConfirmationPdf(content))
    expect(text).toContain('Auftragsbestätigung AU-2026-00042')
    expect(text).toContain('Vielen Dank für Ihre Bestellung')
    expect(text).toContain(`Gesamtbetrag brutto ${euro(content.totals.grossCents)}`)
    expect(text).not.toContain('Liefer-/Leistungsdatum')
  })
})

const storno = (content: DocumentContent) =>
  cancellationContent(content, {
    number: 'RE-2026-00023',
    issueDate: '2026-11-24',
    notes: 'Storno wegen Rücksendung.',
  })

/** The invoice with every line at 0 %, for `recipient` and with the exemption that applies. */
function zeroRated(
  exemption: DocumentContent['vatExemption'],
  recipient: Partial<DocumentContent['recipient']> = {},
): DocumentContent {
  const items = invoice().items.map((line) => ({ ...line, vatRate: '0' as const }))
  return invoice({
    items,
    totals: documentTotals(items, 'net'),
    vatExemption: exemption,
    recipient: { ...invoice().recipient, ...recipient },
  })
}

const austrianPharmacy = {
  name: 'Apotheke Zum Hirschen',
  address: { street: 'Kärntner Straße 5', postalCode: '1010', city: 'Wien', country: 'AT' },
  vatId: 'ATU12345678',
}
const leitwegId = '04011000-1234512345-35'
const tricky = `Müller & Söhne „Grün“ "Apotheke" 'Nord' <Mitte>`

/** Paid in cash at the pharmacy's till at the hand-over (ADR 055). */
const paidAtTill = (content: DocumentContent): DocumentContent => ({
  ...paid(content),
  payment: { kind: 'paid', means: 'cash', paidOn: '2026-11-19', tillReceiptNumber: '4711' },
})

/** An advance invoice of a pay-at-pickup order: the goods and the payment come at the pickup. */
const payAtPickup = (content: DocumentContent): DocumentContent => ({
  ...content,
  advanceInvoice: true,
  deliveryDate: null,
  payment: { kind: 'at_pickup' },
  dueDate: null,
})

/** A statutory prescription: the insurer pays all but the co-payment of 10 € (§ 61 SGB V). */
const statutory = (content: DocumentContent): DocumentContent => ({
  ...content,
  prescription: {
    insurerName: 'AOK Rheinland/Hamburg',
    coPaymentCents: 1000,
    insurerShareCents: content.totals.grossCents - 1000,
    exempt: false,
  },
})

/** Every e-invoice the product writes, by what makes it different. */
const variants: [string, DocumentContent][] = [
  ['B2B invoice', invoice()],
  ['paid invoice', paid(invoice())],
  ['paid in cash at the till', paidAtTill(invoice())],
  ['pay-at-pickup advance invoice', payAtPickup(invoice())],
  ['statutory prescription (GKV)', statutory(invoice())],
  ['paid statutory prescription (GKV)', paid(statutory(invoice()))],
  ['credit note (Storno)', storno(invoice())],
  ['credit note of a paid invoice', storno(paid(invoice()))],
  ['partial credit note: returned goods', creditNote()],
  [
    'partial credit note: price correction',
    creditNote(invoice(), {
      reason: 'price_correction',
      lines: [
        { position: 2, amountCents: 2990 },
        { position: 3, amountCents: 500 },
      ],
    }),
  ],
  ['intra-community supply (K)', zeroRated(vatExemptions.intraCommunity, austrianPharmacy)],
  [
    'export outside the EU (G)',
    zeroRated(vatExemptions.export, {
      name: 'Apotheke am See AG',
      address: { street: 'Seestrasse 1', postalCode: '8002', city: 'Zürich', country: 'CH' },
      vatId: null,
    }),
  ],
  [
    'small business (E, § 19 UStG)',
    (() => {
      const content = zeroRated(vatExemptions.smallBusiness)
      return { ...content, seller: { ...content.seller, vatId: null } }
    })(),
  ],
  [
    'buyer with a Leitweg-ID',
    invoice({ recipient: { ...invoice().recipient, eInvoiceAddress: leitwegId } }),
  ],
  [
    'buyer without an e-invoice address or e-mail',
    invoice({ recipient: { ...invoice().recipient, eInvoiceAddress: null, email: null } }),
  ],
  ['order between organisations (BT-13)', invoice({ buyerOrderReference: 'EK-2026-00007' })],
  [
    'names with & and quotes',
    invoice({
      seller: { ...invoice().seller, name: tricky },
      recipient: { ...invoice().recipient, name: tricky, contactName: tricky },
      items: invoice().items.map((line) => ({ ...line, name: `${line.name} ${tricky}` })),
    }),
  ],
]

/** The XRechnung and the ZUGFeRD XML (from the hybrid PDF) of a content. */
async function eInvoicesOf(content: DocumentContent) {
  const xRechnung = await renderXRechnung(content)
  const facturX = (await pdfAttachments(await renderFacturX(content))).get('factur-x.xml')
  if (!facturX) throw new Error('Factur-X without factur-x.xml')
  return { xRechnung, facturX }
}

/** The texts at `steps` in both XMLs, which must agree. */
function bothAt(xml: { xRechnung: string; facturX: string }, ...steps: string[]) {
  const fromXRechnung = textsAt(parseXml(xml.xRechnung), ...steps)
  expect(textsAt(parseXml(xml.facturX), ...steps)).toEqual(fromXRechnung)
  return fromXRechnung
}

const summation = 'SpecifiedTradeSettlementHeaderMonetarySummation'

// Rendering a Factur-X and running the rules on two XMLs takes seconds on a busy machine.
describe('e-invoices against the official rules (EN 16931, XRechnung)', { timeout: 30_000 }, () => {
  it.each(variants)('%s: XSD-valid, no fatal rule broken', async (_, content) => {
    const { xRechnung, facturX } = await eInvoicesOf(content)
    expect((await validateCii(xRechnung)).errors).toEqual([])
    expect(await brokenRules(xRechnung, 'xrechnung')).toEqual([])
    expect((await validateCii(facturX)).errors).toEqual([])
    expect(await brokenRules(facturX, 'factur-x')).toEqual([])
  })

  it('the rules have teeth: a total that does not add up fails them', async () => {
    const xml = (await renderXRechnung(invoice())).replace(
      /<ram:GrandTotalAmount>[^<]*</,
      '<ram:GrandTotalAmount>1.00<',
    )
    expect((await brokenRules(xml, 'xrechnung')).some((rule) => rule.startsWith('BR-CO-15'))).toBe(
      true,
    )
  })

  it('a Storno is a credit note (381) with positive amounts, referring to the invoice', async () => {
    const original = invoice()
    const xml = await eInvoicesOf(storno(original))
    expect(bothAt(xml, 'ExchangedDocument', 'TypeCode')).toEqual(['381'])
    const amounts = [
      ...bothAt(xml, 'BilledQuantity'),
      ...bothAt(xml, 'LineTotalAmount'),
      ...bothAt(xml, 'ChargeAmount'),
      ...bothAt(xml, 'CalculatedAmount'),
      ...bothAt(xml, 'BasisAmount'),
      ...bothAt(xml, summation, 'TaxTotalAmount'),
    ].map(Number)
    expect(amounts.every((value) => value > 0)).toBe(true)
    const gross = (original.totals.grossCents / 100).toFixed(2)
    expect(bothAt(xml, summation, 'GrandTotalAmount')).toEqual([gross])
    expect(bothAt(xml, summation, 'DuePayableAmount')).toEqual([gross])
    expect(bothAt(xml, 'InvoiceReferencedDocument', 'IssuerAssignedID')).toEqual(['RE-2026-00017'])
    // It asks for no transfer to the seller.
    expect(bothAt(xml, 'SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['1'])
    expect(bothAt(xml, 'PayeePartyCreditorFinancialAccount', 'IBANID')).toEqual([])
  })

  it('a partial credit note is a 381 with positive amounts, referring to the invoice (BG-3)', async () => {
    const content = creditNote(invoice(), {
      reason: 'price_correction',
      lines: [{ position: 2, amountCents: 2990 }],
    })
    const xml = await eInvoicesOf(content)
    expect(bothAt(xml, 'ExchangedDocument', 'TypeCode')).toEqual(['381'])
    expect(bothAt(xml, 'InvoiceReferencedDocument', 'IssuerAssignedID')).toEqual(['RE-2026-00017'])
    expect(
      bothAt(xml, 'InvoiceReferencedDocument', 'FormattedIssueDateTime', 'DateTimeString'),
    ).toEqual(['20261120'])
    // 29,90 € net at 19 %: 5,68 € VAT, 35,58 € credited — positive, asking for no transfer.
    expect(bothAt(xml, summation, 'GrandTotalAmount')).toEqual(['35.58'])
    expect(bothAt(xml, summation, 'DuePayableAmount')).toEqual(['35.58'])
    expect(bothAt(xml, 'BilledQuantity').map(Number)).toEqual([1])
    expect(bothAt(xml, 'SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['1'])
  })

  it("states the seller's register (BT-30) and its legal information (BT-33)", async () => {
    const xml = await eInvoicesOf(invoice())
    expect(bothAt(xml, 'SellerTradeParty', 'SpecifiedLegalOrganization', 'ID')).toEqual([
      'Amtsgericht Hamburg HRB 178234',
    ])
    const [information] = bothAt(xml, 'SellerTradeParty', 'Description')
    expect(information).toContain('Geschäftsführer: Hanna Nordmann, Erik Lindqvist')
    expect(information).toContain('Sitz: Hamburg')
  })

  it('a paid invoice states the payment (BT-113 = total) and asks for nothing (BT-115 = 0)', async () => {
    const content = paid(invoice())
    const xml = await eInvoicesOf(content)
    const gross = (content.totals.grossCents / 100).toFixed(2)
    expect(bothAt(xml, summation, 'GrandTotalAmount')).toEqual([gross])
    expect(bothAt(xml, summation, 'TotalPrepaidAmount')).toEqual([gross])
    expect(bothAt(xml, summation, 'DuePayableAmount')).toEqual(['0.00'])
    expect(bothAt(xml, 'SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['1'])
    expect(bothAt(xml, 'PayeePartyCreditorFinancialAccount', 'IBANID')).toEqual([])
    expect(bothAt(xml, 'DueDateDateTime')).toEqual([])
    // An unpaid one asks for a SEPA transfer to the seller's account.
    const unpaid = await eInvoicesOf(invoice())
    expect(bothAt(unpaid, summation, 'DuePayableAmount')).toEqual([gross])
    expect(bothAt(unpaid, 'SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['58'])
    expect(bothAt(unpaid, 'PayeePartyCreditorFinancialAccount', 'IBANID')).toEqual([
      'DE89370400440532013000',
    ])
    // Without an account to pay to, an unpaid e-invoice is refused; a paid one needs none.
    const noIban = { ...invoice().seller, iban: null, bic: null }
    await expect(renderXRechnung(invoice({ seller: noIban }))).rejects.toThrow(
      'IBAN des Ausstellers',
    )
    expect(
      await brokenRules(await renderXRechnung(paid(invoice({ seller: noIban }))), 'xrechnung'),
    ).toEqual([])
  })

  it('states the payment at the till as the PDF does: cash (10), BT-113 = total, BT-115 = 0', async () => {
    const content = paidAtTill(invoice())
    const xml = await eInvoicesOf(content)
    const gross = (content.totals.grossCents / 100).toFixed(2)
    expect(bothAt(xml, summation, 'TotalPrepaidAmount')).toEqual([gross])
    expect(bothAt(xml, summation, 'DuePayableAmount')).toEqual(['0.00'])
    expect(bothAt(xml, 'SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['10'])
    const terms = plain(bothAt(xml, 'SpecifiedTradePaymentTerms', 'Description')[0])
    expect(terms).toBe(
      `Bezahlt bar an der Kasse am 19.11.2026 (Kassenbon Nr. 4711): ${euro(content.totals.grossCents)}. Vielen Dank.`,
    )
    const text = await pdfText(await renderInvoicePdf(content))
    expect(text).toContain(terms)
    expect(text).not.toContain('überweisen')
  })

  it('an advance invoice paid at the pickup asks for the amount there, not by transfer', async () => {
    const content = payAtPickup(invoice())
    const xml = await eInvoicesOf(content)
    const gross = (content.totals.grossCents / 100).toFixed(2)
    expect(bothAt(xml, summation, 'DuePayableAmount')).toEqual([gross])
    expect(bothAt(xml, summation, 'TotalPrepaidAmount')).toEqual([])
    expect(bothAt(xml, 'SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['1'])
    expect(bothAt(xml, 'PayeePartyCreditorFinancialAccount', 'IBANID')).toEqual([])
    expect(bothAt(xml, 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime')).toEqual([])
    expect(bothAt(xml, 'ExchangedDocument', 'IncludedNote', 'Content')[0]).toContain(
      'Vorausrechnung',
    )
    const terms = plain(bothAt(xml, 'SpecifiedTradePaymentTerms', 'Description')[0])
    expect(terms).toBe(
      `Bitte bezahlen Sie ${euro(content.totals.grossCents)} bei der Abholung in der Apotheke.`,
    )
    const text = await pdfText(await renderInvoicePdf(content))
    expect(text).toContain(`Vorausrechnung ${content.number}`)
    expect(text).toContain('Liefer-/Leistungsdatum noch offen')
    expect(text).toContain(terms)
    expect(text).not.toContain('überweisen')
  })

  it("a GKV invoice asks for the patient's share only; the insurer's is settled (BT-113)", async () => {
    const content = statutory(invoice())
    const insurer = content.totals.grossCents - 1000
    const xml = await eInvoicesOf(content)
    expect(bothAt(xml, summation, 'GrandTotalAmount')).toEqual([
      (content.totals.grossCents / 100).toFixed(2),
    ])
    expect(bothAt(xml, summation, 'TotalPrepaidAmount')).toEqual([(insurer / 100).toFixed(2)])
    expect(bothAt(xml, summation, 'DuePayableAmount')).toEqual(['10.00'])
    expect(bothAt(xml, 'SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['58'])
    const terms = plain(bothAt(xml, 'SpecifiedTradePaymentTerms', 'Description')[0])
    expect(terms).toContain(`AOK Rheinland/Hamburg zahlt ${euro(insurer)} direkt an uns`)
    expect(terms).toContain(`Bitte überweisen Sie ${euro(1000)} bis zum 04.12.2026`)
    // Paid: the patient paid their share, BT-113 = total and BT-115 = 0 (ADR 054).
    const paidXml = await eInvoicesOf(paid(content))
    expect(bothAt(paidXml, summation, 'TotalPrepaidAmount')).toEqual([
      (content.totals.grossCents / 100).toFixed(2),
    ])
    expect(bothAt(paidXml, summation, 'DuePayableAmount')).toEqual(['0.00'])
  })

  it("puts the seller's order number in BT-14 and only the buyer's own in BT-13", async () => {
    const ours = await eInvoicesOf(invoice())
    expect(bothAt(ours, 'SellerOrderReferencedDocument', 'IssuerAssignedID')).toEqual([
      'AU-2026-00042',
    ])
    expect(bothAt(ours, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')).toEqual([])
    const theirs = await eInvoicesOf(invoice({ buyerOrderReference: 'EK-2026-00007' }))
    expect(bothAt(theirs, 'SellerOrderReferencedDocument', 'IssuerAssignedID')).toEqual([
      'AU-2026-00042',
    ])
    expect(bothAt(theirs, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')).toEqual([
      'EK-2026-00007',
    ])
  })

  it('gives 0 % lines their category and exemption reason, and refuses them without one', async () => {
    const cases = [
      [vatExemptions.intraCommunity, austrianPharmacy, 'K', 'VATEX-EU-IC'],
      [
        vatExemptions.export,
        { address: { ...austrianPharmacy.address, country: 'CH' } },
        'G',
        'VATEX-EU-G',
      ],
      [vatExemptions.smallBusiness, {}, 'E', null],
    ] as const
    const rendered = new Map<string, Awaited<ReturnType<typeof eInvoicesOf>>>()
    for (const [exemption, recipient, category, code] of cases) {
      const xml = await eInvoicesOf(zeroRated(exemption, recipient))
      rendered.set(category, xml)
      expect(new Set(bothAt(xml, 'CategoryCode'))).toEqual(new Set([category]))
      expect(
        bothAt(xml, 'ApplicableHeaderTradeSettlement', 'ApplicableTradeTax', 'ExemptionReason'),
      ).toEqual([exemption.reason])
      expect(
        bothAt(xml, 'ApplicableHeaderTradeSettlement', 'ApplicableTradeTax', 'ExemptionReasonCode'),
      ).toEqual(code ? [code] : [])
    }
    // An intra-community supply names the country the goods went to (BR-IC-12).
    const k = rendered.get('K') as Awaited<ReturnType<typeof eInvoicesOf>>
    expect(bothAt(k, 'ShipToTradeParty', 'PostalTradeAddress', 'CountryID')).toEqual(['AT'])
    await expect(renderXRechnung(zeroRated(null))).rejects.toThrow(DocumentContentError)
    // The printed invoice states the exemption too (§ 14 Abs. 4 Nr. 8 UStG).
    const text = await pdfText(
      await renderInvoicePdf(zeroRated(vatExemptions.intraCommunity, austrianPharmacy)),
    )
    expect(text).toContain(vatExemptions.intraCommunity.reason)
  })

  it('addresses a buyer with a Leitweg-ID by it (BT-10, BT-49 scheme 0204)', async () => {
    const xml = await eInvoicesOf(
      invoice({ recipient: { ...invoice().recipient, eInvoiceAddress: leitwegId } }),
    )
    expect(bothAt(xml, 'BuyerReference')).toEqual([leitwegId])
    expect(xml.xRechnung).toContain(`<ram:URIID schemeID="0204">${leitwegId}</ram:URIID>`)
  })

  it('keeps & and quotes in names intact', async () => {
    const [, content] = variants.find(([name]) => name === 'names with & and quotes') ?? []
    const xml = await eInvoicesOf(content as DocumentContent)
    expect(bothAt(xml, 'SellerTradeParty', 'Name')).toEqual([tricky])
    expect(bothAt(xml, 'BuyerTradeParty', 'Name')).toEqual([tricky])
    expect(
      bothAt(xml, 'SpecifiedTradeProduct', 'Name').every((name) => name.endsWith(tricky)),
    ).toBe(true)
  })
})

describe('e-invoices', () => {
  it('XRechnung XML validates against the schema and carries the invoice data', async () => {
    const content = invoice()
    const xml = await renderXRechnung(content)
    const result = await validateCii(xml)
    expect(result.errors).toEqual([])
    expect(result.valid).toBe(true)
    expect(xml).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0')
    expect(xml).toContain('<ram:ID>RE-2026-00017</ram:ID>')
    expect(xml).toContain('Sonnen-Apotheke Köln')
    expect(xml).toContain('DE89370400440532013000')
    expect(xml).toContain(`<ram:GrandTotalAmount>${(content.totals.grossCents / 100).toFixed(2)}`)
    expect(xml).toContain('>17261520<')
    // The check has teeth: a document missing a required part fails it.
    const broken = xml.replace(/<rsm:ExchangedDocument>[\s\S]*?<\/rsm:ExchangedDocument>/, '')
    expect((await validateCii(broken)).valid).toBe(false)
  })

  it('Factur-X is a PDF/A-3 with the EN 16931 XML embedded, and stable bytes', async () => {
    const content = invoice()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T08:00:00Z'))
    const first = await renderFacturX(content)
    vi.setSystemTime(new Date('2027-01-02T03:04:05Z'))
    const second = await renderFacturX(content)
    vi.useRealTimers()
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true)

    const files = await pdfAttachments(first)
    const xml = files.get('factur-x.xml')
    expect(xml).toBeDefined()
    expect((await validateCii(xml as string)).valid).toBe(true)
    expect(xml).toContain('urn:cen.eu:en16931:2017')
    expect(xml).toContain('<ram:ID>RE-2026-00017</ram:ID>')

    const raw = Buffer.from(first).toString('latin1')
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>')
    expect(raw).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>')
    expect(raw).not.toContain('2027-01-02')
    // The visible invoice is still the one the customer reads.
    const text = await pdfText(first)
    expect(text).toContain('Rechnung RE-2026-00017')
    expect(text).toContain(`Gesamtbetrag brutto ${euro(content.totals.grossCents)}`)
  })

  it('is only for business recipients and refuses missing e-invoice facts', async () => {
    const content = invoice()
    await expect(
      renderXRechnung({ ...content, recipient: { ...content.recipient, kind: 'person' } }),
    ).rejects.toThrow('nur für Geschäftskunden')
    await expect(
      renderFacturX({ ...content, seller: { ...content.seller, phone: null } }),
    ).rejects.toThrow('Telefonnummer des Ausstellers')
  })
})

import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  cancellationContent,
  documentContentOf,
  documentTotals,
  storedDocumentContent,
} from '~/server/documents/document-content'
import {
  DocumentContentError,
  renderCancellationInvoicePdf,
  renderDeliveryNotePdf,
  renderFacturX,
  renderInvoicePdf,
  renderOrderConfirmationPdf,
  renderXRechnung,
} from '~/server/documents/render/index.server'
import { invoice, item } from '../support/document-fixtures'
import { pdfAttachments, validateCii } from '../support/xml'

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

afterEach(() => {
  vi.useRealTimers()
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
    expect(text).toContain('Zahlbar innerhalb von 14 Tagen ohne Abzug. Fällig am 04.12.2026.')
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
    const content = invoice({ items, totals: documentTotals(items) })
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
    const totals = documentTotals(items)
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
    expect(text).toContain(`Ihre gesetzliche Zuzahlung ${euro(1000)}`)
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

  it('XRechnung of a cancellation references the cancelled invoice and validates', async () => {
    const storno = cancellationContent(invoice(), {
      number: 'RE-2026-00023',
      issueDate: '2026-11-24',
      notes: null,
    })
    const xml = await renderXRechnung(storno)
    expect((await validateCii(xml)).valid).toBe(true)
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>')
    expect(xml).toMatch(/InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2026-00017/)

    const facturX = await pdfAttachments(await renderFacturX(storno))
    const embedded = facturX.get('factur-x.xml') as string
    expect((await validateCii(embedded)).valid).toBe(true)
    expect(embedded).toContain('<ram:IssuerAssignedID>RE-2026-00017</ram:IssuerAssignedID>')
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

import { describe, expect, it } from 'vitest'
import { demoCertificatePdf } from '~/server/db/seed-stock.server'
import {
  cancellationContent,
  documentItemOf,
  documentTotals,
} from '~/server/documents/document-content'
import { documentFontCodePoints } from '~/server/documents/render/font-characters'
import { drawableText } from '~/server/documents/render/fonts.server'
import {
  renderCancellationInvoicePdf,
  renderCreditNotePdf,
  renderDeliveryNotePdf,
  renderDocumentPdfOf,
  renderFacturX,
  renderInvoicePdf,
  renderOrderConfirmationPdf,
  renderPrescriptionSamplePdf,
} from '~/server/documents/render/index.server'
import { DocumentCanvas, pageHeight } from '~/server/documents/render/layout.server'
import { renderFillingProtocolPdf } from '~/server/filling-protocols/filling-protocol-pdf.server'
import { renderAnnualHandoutReportPdf } from '~/server/handouts/handout-report.server'
import {
  annualReport,
  clubSeller,
  creditNote,
  fillingProtocol,
  invoice,
  pharmacySeller,
  prescriptionSample,
} from '../support/document-fixtures'
import {
  compareWithReference,
  describeUndrawn,
  keepPdf,
  pagePng,
  pageText,
  undrawnCharacters,
} from '../support/pdf-rendering'

/**
 * Every kind of PDF the product makes, rendered by MuPDF as a reader sees it (issue 28): each
 * character of the text layer must be drawn, and the first page must match its reviewed
 * reference image in `tests/reference-images/pdf/`. After a deliberate change of a document's
 * look, run `UPDATE_REFERENCE_IMAGES=1 npx vitest run tests/unit/pdf-rendering.test.ts` and
 * review the changed images in the diff. Each run leaves the PDFs in `test-results/pdf/`.
 */

/** What the fonts must show: German, the patient names of Poland, Turkey and Hungary, money. */
const germanLine =
  'Prüfzeile: „Grüße aus Köln“ – ‚Öl‘ — Äpfel, Übermaß, Straße: ä ö ü Ä Ö Ü ß ẞ · 12,50 € · 0,5 ‰ • …'
const patientName = 'Łucja Şahin-Erdős'

const patientInvoice = () =>
  invoice({
    recipient: {
      kind: 'person',
      name: patientName,
      contactName: null,
      address: { street: 'Bölschestraße 12', postalCode: '12587', city: 'Berlin', country: 'DE' },
      vatId: null,
      customerNumber: 'KD-00107',
      email: null,
      eInvoiceAddress: null,
    },
    notes: germanLine,
  })

/** The same patient's invoice as the product issues it since ADR 056: gross prices. */
const grossPatientInvoice = () => {
  const items = patientInvoice().items.map((line) =>
    documentItemOf({ ...line, unitPriceCents: line.unitNetCents }, 'gross', line.batches),
  )
  return invoice({
    ...patientInvoice(),
    priceBasis: 'gross',
    items,
    totals: documentTotals(items, 'gross'),
  })
}

const kinds: [string, () => Promise<Uint8Array>][] = [
  ['invoice', () => renderInvoicePdf(patientInvoice())],
  ['invoice-gross-prices', () => renderInvoicePdf(grossPatientInvoice())],
  [
    'cancellation-invoice',
    () =>
      renderCancellationInvoicePdf(
        cancellationContent(patientInvoice(), {
          number: 'RE-2026-00023',
          issueDate: '2026-11-24',
          notes: 'Storno wegen Rücksendung.',
        }),
      ),
  ],
  [
    'credit-note',
    () =>
      renderCreditNotePdf(
        creditNote(patientInvoice(), {
          reason: 'return',
          lines: [
            { position: 1, quantity: 5 },
            { position: 3, quantity: 1 },
          ],
        }),
      ),
  ],
  [
    'delivery-note',
    () => renderDeliveryNotePdf(invoice({ kind: 'delivery_note', number: 'LS-2026-00005' })),
  ],
  [
    'order-confirmation',
    () =>
      renderOrderConfirmationPdf(invoice({ kind: 'order_confirmation', number: 'AB-2026-00042' })),
  ],
  ['e-invoice-factur-x', () => renderFacturX(invoice())],
  [
    // A statutory patient who paid their share at the till (ADR 055).
    'invoice-statutory-paid-at-till',
    () => {
      const content = patientInvoice()
      const insurerShareCents = content.totals.grossCents - 1000
      return renderInvoicePdf({
        ...content,
        prescription: {
          insurerName: 'Techniker Krankenkasse',
          coPaymentCents: 1000,
          insurerShareCents,
          exempt: false,
        },
        payment: { kind: 'paid', means: 'cash', paidOn: '2026-11-19', tillReceiptNumber: '4711' },
        paidCents: 1000,
        dueDate: null,
      })
    },
  ],
  [
    'advance-invoice-pay-at-pickup',
    () =>
      renderInvoicePdf({
        ...patientInvoice(),
        advanceInvoice: true,
        deliveryDate: null,
        payment: { kind: 'at_pickup' },
        dueDate: null,
      }),
  ],
  ['invoice-reissued', () => renderDocumentPdfOf(patientInvoice(), { reissuedOn: '2026-12-03' })],
  ['filling-protocol', () => renderFillingProtocolPdf(fillingProtocol(), pharmacySeller)],
  [
    'filling-protocol-unconfirmed',
    () =>
      renderFillingProtocolPdf(
        fillingProtocol({ status: 'submitted', confirmedByName: null, confirmedAt: null }),
        pharmacySeller,
      ),
  ],
  ['annual-hand-out-report', () => renderAnnualHandoutReportPdf(annualReport(), clubSeller)],
  [
    'prescription-sample',
    () => renderPrescriptionSamplePdf(prescriptionSample({ patientName: patientName })),
  ],
  [
    'demo-certificate',
    async () =>
      demoCertificatePdf([
        'Analysezertifikat (Demo)',
        'Sonnen-Apotheke, Wareneingangsprüfung',
        'Mikrobiologie, Schwermetalle, Pestizide: konform',
      ]),
  ],
]

describe.each(kinds)('%s PDF', (name, render) => {
  it('draws every character of its text layer and looks like its reference image', async ({
    annotate,
  }) => {
    const bytes = await render()
    const file = await keepPdf(name, bytes)
    await annotate(`${name}.pdf, ${bytes.byteLength} bytes`, 'pdf', {
      path: file,
      contentType: 'application/pdf',
    })

    expect(describeUndrawn(undrawnCharacters(bytes))).toBe('')

    const comparison = await compareWithReference(name, pagePng(bytes))
    expect(
      comparison.differentPixels,
      `page 1 differs from tests/reference-images/pdf/${name}.png (see ${comparison.diffPath})`,
    ).toBeLessThanOrEqual(comparison.allowedPixels)
  })
})

describe('document fonts', () => {
  it('draw every character they promise, regular and bold', async () => {
    const characters = String.fromCodePoint(...documentFontCodePoints).replace(/\s/g, '')
    const canvas = await DocumentCanvas.create(null)
    canvas.y = pageHeight - 60
    for (const bold of [false, true]) {
      for (let start = 0; start < characters.length; start += 60) {
        canvas.paragraph(characters.slice(start, start + 60), { bold, size: 10 })
      }
    }
    const bytes = await canvas.save({
      title: 'Zeichen',
      author: '',
      subject: '',
      date: '2026-11-20',
    })
    await keepPdf('font-characters', bytes)
    expect(describeUndrawn(undrawnCharacters(bytes))).toBe('')
    const drawn = pageText(bytes).replace(/\s/g, '')
    expect(drawn).toBe(characters + characters)
  })

  it('shows a character outside them as a visible replacement, never as nothing', async () => {
    expect(drawableText('Иван Петров')).toBe('???? ??????')
    // Decomposed input is composed first; soft hyphens and zero-width spaces are dropped.
    expect(drawableText('S\u0327ahin Erdo\u030bs Pro\u00adbe\u200b')).toBe('Şahin Erdős Probe')
    expect(drawableText('Anna 🌿 Ng\u1ecdc')).toBe('Anna ? Ng?c')

    const bytes = await renderPrescriptionSamplePdf(
      prescriptionSample({ patientName: 'Иван Петров' }),
    )
    await keepPdf('prescription-sample-cyrillic', bytes)
    expect(describeUndrawn(undrawnCharacters(bytes))).toBe('')
    expect(pageText(bytes)).toContain('???? ??????')
  })
})

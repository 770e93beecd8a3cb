import { formatCount, formatMoney } from '../../../lib/format'
import type { PriceBasis } from '../../../lib/prices'
import { vatRateLabels } from '../../../lib/products'
import {
  type DocumentContent,
  type DocumentItem,
  type DocumentKind,
  documentKindLabels,
  formatDay,
  precedingInvoiceOf,
} from '../document-content'
import { paymentStatementOf } from '../payment-statement'
import {
  addressLine,
  type Column,
  contentWidth,
  DocumentCanvas,
  mm,
  type Row,
} from './layout.server'

/**
 * The four PDF documents of an order. One function lays out all of them; the kind decides the
 * wording, whether prices show and which columns the table has.
 */

export class DocumentContentError extends Error {}

/** "10 g", "2 Packungen", "-10 g" (cancellation). */
export function formatItemQuantity(
  item: Pick<DocumentItem, 'quantity' | 'salesUnit' | 'priceCorrection'>,
): string {
  if (item.priceCorrection) return 'Preiskorrektur'
  if (item.salesUnit === 'gram') return `${formatCount(item.quantity)}\u00a0g`
  return `${formatCount(item.quantity)}\u00a0${Math.abs(item.quantity) === 1 ? 'Packung' : 'Packungen'}`
}

/** A patient's documents print gross prices, a business's net ones (ADR 056). */
const basisWord = (basis: PriceBasis) => (basis === 'gross' ? 'brutto' : 'netto')

const pricedColumns = (basis: PriceBasis): Column[] => {
  const fixed = [mm(11), mm(24), mm(27), mm(14), mm(27)]
  const name = contentWidth - fixed.reduce((sum, width) => sum + width, 0)
  return [
    { header: 'Pos.', width: fixed[0] as number },
    { header: 'Bezeichnung', width: name },
    { header: 'Menge', width: fixed[1] as number, align: 'right' },
    { header: `Einzelpreis ${basisWord(basis)}`, width: fixed[2] as number, align: 'right' },
    { header: 'USt.', width: fixed[3] as number, align: 'right' },
    { header: `Gesamt ${basisWord(basis)}`, width: fixed[4] as number, align: 'right' },
  ]
}

const deliveryColumns = (): Column[] => {
  const fixed = [mm(11), mm(22), mm(24), mm(50)]
  const name = contentWidth - fixed.reduce((sum, width) => sum + width, 0)
  return [
    { header: 'Pos.', width: fixed[0] as number },
    { header: 'Bezeichnung', width: name },
    { header: 'PZN', width: fixed[1] as number },
    { header: 'Menge', width: fixed[2] as number, align: 'right' },
    { header: 'Charge', width: fixed[3] as number },
  ]
}

const batchText = (batch: DocumentItem['batches'][number]) =>
  [
    `Ch.-B. ${batch.number}`,
    batch.quantityText,
    batch.expiryDate ? `verw. bis ${formatDay(batch.expiryDate)}` : '',
  ]
    .filter(Boolean)
    .join(', ')

function pricedRow(item: DocumentItem, basis: PriceBasis): Row {
  const gross = basis === 'gross'
  const details = [item.pzn ? `PZN ${item.pzn}` : '', ...item.batches.map(batchText)].filter(
    Boolean,
  )
  return [
    [String(item.position)],
    [item.name, ...details],
    [formatItemQuantity(item)],
    [formatMoney(gross ? (item.unitGrossCents ?? 0) : item.unitNetCents)],
    [vatRateLabels[item.vatRate]],
    [formatMoney(gross ? (item.lineGrossCents ?? 0) : item.lineNetCents)],
  ]
}

function deliveryRow(item: DocumentItem): Row {
  return [
    [String(item.position)],
    [item.name],
    [item.pzn ?? '–'],
    [formatItemQuantity(item)],
    item.batches.length > 0 ? item.batches.map(batchText) : ['–'],
  ]
}

const numberLabels: Record<DocumentKind, string> = {
  invoice: 'Rechnungsnummer',
  cancellation_invoice: 'Stornonummer',
  delivery_note: 'Lieferscheinnummer',
  order_confirmation: 'Bestätigungsnummer',
  credit_note: 'Korrekturnummer',
}

const dateLabels: Record<DocumentKind, string> = {
  invoice: 'Rechnungsdatum',
  cancellation_invoice: 'Datum',
  delivery_note: 'Datum',
  order_confirmation: 'Datum',
  credit_note: 'Datum',
}

const intros: Record<DocumentKind, (content: DocumentContent) => string> = {
  invoice: () => 'Für unsere Lieferung stellen wir Ihnen folgende Positionen in Rechnung:',
  cancellation_invoice: (content) =>
    `Hiermit stornieren wir die Rechnung ${content.cancels?.number} vom ${formatDay(content.cancels?.issueDate ?? content.issueDate)} vollständig:`,
  delivery_note: () => 'Mit dieser Sendung liefern wir Ihnen:',
  order_confirmation: () =>
    'Vielen Dank für Ihre Bestellung. Wir bestätigen Ihnen folgende Positionen:',
  // § 31 Abs. 5 UStDV: a correction names the invoice it corrects.
  credit_note: (content) =>
    `Zu unserer Rechnung ${content.corrects?.number} vom ${formatDay(content.corrects?.issueDate ?? content.issueDate)} schreiben wir Ihnen ${content.creditReason === 'return' ? 'für die zurückgenommene Ware' : 'als Preiskorrektur'} gut (Minderung des Entgelts, § 17 UStG):`,
}

/**
 * Not a "Gutschrift" in the sense of § 14 Abs. 2 Satz 2 UStG (an invoice the buyer issues): a
 * seller's correction saying so would be read as self-billing (§ 14 Abs. 4 Nr. 10 UStG).
 */
const creditNoteNote =
  'Diese Rechnungskorrektur mindert das Entgelt der genannten Rechnung; sie ist keine Gutschrift im Sinne des § 14 Abs. 2 Satz 2 UStG.'

/** § 14 Abs. 4 UStG: what an invoice (and its Storno) cannot go out without. */
function assertInvoiceFacts(content: DocumentContent) {
  const missing: string[] = []
  if (!content.seller.name || !content.seller.address.street || !content.seller.address.city)
    missing.push('vollständiger Name und Anschrift des Ausstellers')
  if (!content.seller.taxNumber && !content.seller.vatId)
    missing.push('Steuernummer oder USt-IdNr.')
  if (!content.recipient.name || !content.recipient.address.city)
    missing.push('Name und Anschrift des Empfängers')
  if (!content.number) missing.push('Rechnungsnummer')
  if (content.items.length === 0) missing.push('Positionen')
  if (content.kind === 'cancellation_invoice' && !content.cancels)
    missing.push('Bezug auf die stornierte Rechnung')
  if (content.kind === 'credit_note' && !content.corrects)
    missing.push('Bezug auf die korrigierte Rechnung')
  if (missing.length > 0)
    throw new DocumentContentError(`Für die Rechnung fehlt: ${missing.join(', ')}.`)
}

/**
 * What a re-issued document says below its title (ADR 053): the same number and content, drawn
 * again on `day` because the first rendering was unreadable.
 */
const reissueNote = (day: string) =>
  `Neu ausgestellt am ${formatDay(day)} wegen eines Darstellungsfehlers; Inhalt unverändert.`

/** How a document is drawn beyond its content. */
export interface RenderOptions {
  /** `YYYY-MM-DD`: a re-issue of a stored document on that day, with `reissueNote`. */
  reissuedOn?: string
}

async function renderDocumentPdf(
  content: DocumentContent,
  expected: DocumentKind,
  options: RenderOptions = {},
) {
  if (content.kind !== expected)
    throw new DocumentContentError(`Expected a ${expected}, got a ${content.kind}`)
  const isInvoice =
    expected === 'invoice' || expected === 'cancellation_invoice' || expected === 'credit_note'
  if (isInvoice) assertInvoiceFacts(content)
  const priced = expected !== 'delivery_note'
  const label = content.advanceInvoice ? 'Vorausrechnung' : documentKindLabels[expected]
  const title = `${label} ${content.number}`
  const statement = paymentStatementOf(content)
  const canvas = await DocumentCanvas.create({ title, seller: content.seller })
  const { seller, recipient } = content

  canvas.addressWindow(`${seller.name} · ${addressLine(seller.address)}`, [
    recipient.name,
    ...(recipient.contactName ? [`z. Hd. ${recipient.contactName}`] : []),
    recipient.address.street,
    `${recipient.address.postalCode} ${recipient.address.city}`,
    ...(recipient.address.country === 'DE' ? [] : [recipient.address.country]),
  ])

  const info: [string, string][] = [
    [numberLabels[expected], content.number],
    [dateLabels[expected], formatDay(content.issueDate)],
  ]
  const preceding = precedingInvoiceOf(content)
  if (preceding) {
    info.push(['Zur Rechnung', preceding.number])
    info.push(['Rechnungsdatum', formatDay(preceding.issueDate)])
  }
  if (expected !== 'order_confirmation')
    info.push([
      'Liefer-/Leistungsdatum',
      content.advanceInvoice ? 'noch offen' : formatDay(content.deliveryDate ?? content.issueDate),
    ])
  if (content.orderNumber) info.push(['Bestellnummer', content.orderNumber])
  if (content.buyerOrderReference) info.push(['Ihre Bestellnummer', content.buyerOrderReference])
  if (content.orderDate) info.push(['Bestelldatum', formatDay(content.orderDate)])
  if (recipient.customerNumber) info.push(['Kundennummer', recipient.customerNumber])
  if (recipient.vatId) info.push(['USt-IdNr. Kunde', recipient.vatId])
  if (isInvoice) {
    if (seller.vatId) info.push(['Unsere USt-IdNr.', seller.vatId])
    else if (seller.taxNumber) info.push(['Unsere Steuernummer', seller.taxNumber])
  }
  canvas.infoBlock(info)

  canvas.text(title, mm(25), canvas.y, { size: 14, bold: true })
  canvas.y -= 24
  if (options.reissuedOn) {
    canvas.y += 8
    canvas.paragraph(reissueNote(options.reissuedOn), { size: 8.5, color: 'accent' })
    canvas.y -= 6
  }
  canvas.paragraph(intros[expected](content))
  canvas.y -= 6

  if (priced) {
    canvas.table(
      pricedColumns(content.priceBasis),
      content.items.map((item) => pricedRow(item, content.priceBasis)),
    )
  } else canvas.table(deliveryColumns(), content.items.map(deliveryRow))

  // § 47 AMG: the recipient can see the supplier is licensed to deliver.
  if (expected === 'delivery_note' && seller.licences && seller.licences.length > 0) {
    canvas.y -= 4
    for (const licence of seller.licences) canvas.paragraph(licence, { size: 8.5 })
  }

  if (priced) {
    const { totals } = content
    canvas.summary([
      ...(content.priceBasis === 'gross'
        ? // Gross prices: the lines add up to the total, which contains the VAT of each rate.
          totals.byRate.map((line) => ({
            label: `enthaltene ${vatRateLabels[line.rate]} USt. auf netto ${formatMoney(line.netCents)}`,
            value: formatMoney(line.vatCents),
          }))
        : [
            { label: 'Summe netto', value: formatMoney(totals.netCents) },
            ...totals.byRate.map((line) => ({
              label: `zzgl. ${vatRateLabels[line.rate]} USt. auf ${formatMoney(line.netCents)}`,
              value: formatMoney(line.vatCents),
            })),
          ]),
      {
        label:
          expected === 'credit_note' ? 'Gutgeschriebener Betrag brutto' : 'Gesamtbetrag brutto',
        value: formatMoney(totals.grossCents),
        strong: true,
      },
      ...(content.prescription
        ? [
            {
              label: `davon Anteil ${content.prescription.insurerName}`,
              value: formatMoney(content.prescription.insurerShareCents),
            },
            {
              label: content.prescription.exempt
                ? 'darin Ihre Zuzahlung (befreit)'
                : 'darin Ihre gesetzliche Zuzahlung',
              value: formatMoney(content.prescription.coPaymentCents),
            },
            {
              label: 'Ihr Anteil',
              value: formatMoney(
                content.totals.grossCents - content.prescription.insurerShareCents,
              ),
              strong: true,
            },
          ]
        : []),
    ])
  }

  // § 14 Abs. 4 Nr. 6 UStG: the day the goods left; an advance invoice says it comes first.
  if (content.advanceInvoice)
    canvas.paragraph(
      'Vorausrechnung: Die Lieferung erfolgt nach dieser Rechnung; das Liefer-/Leistungsdatum ist der Tag der Übergabe bzw. des Versands.',
      { size: 8.5 },
    )
  else if (expected === 'invoice' && !content.deliveryDate)
    canvas.paragraph('Das Liefer-/Leistungsdatum entspricht dem Rechnungsdatum.', { size: 8.5 })
  // § 14 Abs. 4 Nr. 8 UStG: an exempt supply says so (ADR 054).
  if (isInvoice && content.vatExemption)
    canvas.paragraph(content.vatExemption.reason, { size: 8.5 })
  if (content.prescription && expected === 'cancellation_invoice')
    canvas.paragraph(
      `Die Abrechnung des Kassenanteils erfolgt direkt mit ${content.prescription.insurerName} (§ 61 SGB V).`,
      { size: 8.5 },
    )
  // The one payment statement (ADR 055), the same the e-invoice states.
  if (statement.sentences.length > 0) {
    canvas.y -= 4
    for (const sentence of statement.sentences) canvas.paragraph(sentence, { size: 9 })
  }
  if (content.notes) {
    canvas.y -= 4
    canvas.paragraph(content.notes, { size: 9 })
  }
  if (expected === 'credit_note') canvas.paragraph(creditNoteNote, { size: 8.5, color: 'grey' })

  return canvas.save({
    title,
    author: seller.name,
    subject: `${title} an ${recipient.name}`,
    date: content.issueDate,
  })
}

export const renderInvoicePdf = (content: DocumentContent) => renderDocumentPdf(content, 'invoice')
export const renderCancellationInvoicePdf = (content: DocumentContent) =>
  renderDocumentPdf(content, 'cancellation_invoice')
export const renderDeliveryNotePdf = (content: DocumentContent) =>
  renderDocumentPdf(content, 'delivery_note')
export const renderOrderConfirmationPdf = (content: DocumentContent) =>
  renderDocumentPdf(content, 'order_confirmation')
export const renderCreditNotePdf = (content: DocumentContent) =>
  renderDocumentPdf(content, 'credit_note')

/** The PDF of any kind: what issuing and re-issuing call. */
export const renderDocumentPdfOf = (content: DocumentContent, options: RenderOptions = {}) =>
  renderDocumentPdf(content, content.kind, options)

import {
  deviationOf,
  type FillingProtocolDetail,
  fillingProtocolStatusLabels,
  fillMassCheckResult,
  formatDeviation,
  formatTolerance,
  formatWeight,
  testCheckText,
} from '../../lib/filling-protocols'
import { berlinIsoDate, formatDate, formatDateTime } from '../../lib/format'
import { formatCannabinoid } from '../../lib/products'
import type { Actor } from '../actor.server'
import type { Database } from '../db/client.server'
import type { DocumentSeller } from '../documents/document-content'
import {
  contentWidth,
  DocumentCanvas,
  marginLeft,
  type Row,
} from '../documents/render/layout.server'
import { documentSellerOf } from '../organisations/organisation-settings.server'
import { getFillingProtocol, requireFillingClerk } from './filling-protocols.server'

/**
 * The filling protocol as a PDF for the file: on the organisation's letterhead the bulk batch, the
 * pack product and the new batch, the dates and people, every unit's gross, tare and net with its
 * deviation and reason, the loss, the test record and the preparation instruction's version with
 * its text, and a signature area for the person filling and the person
 * checking. A protocol that is not confirmed carries a watermark saying so.
 */

const watermarks: Partial<Record<FillingProtocolDetail['status'], string>> = {
  draft: 'ENTWURF – NICHT GEPRÜFT',
  submitted: 'NICHT GEPRÜFT',
  cancelled: 'STORNIERT',
}

const content = (protocol: FillingProtocolDetail, value: number | null) =>
  formatCannabinoid(value, protocol.bulk.cannabinoidUnit) ?? '–'

const weight = (mg: number | null) => (mg === null ? '–' : formatWeight(mg))

function facts(protocol: FillingProtocolDetail): Row[] {
  const row = (label: string, ...value: string[]): Row => [[label], value]
  const rows: Row[] = [
    row('Ausgangscharge', protocol.bulk.batchNumber, protocol.bulk.productName),
    row(
      'Wirkstoffgehalt der Charge',
      `THC ${content(protocol, protocol.bulk.thcContent)}, CBD ${content(protocol, protocol.bulk.cbdContent)}`,
    ),
    row(
      'Verwendbar bis',
      protocol.bulk.expiryDate ? formatDate(protocol.bulk.expiryDate) : 'nicht festgelegt',
    ),
    row('Prüfnummer der Charge', protocol.bulk.testNumber ?? '–'),
    row(
      'Abfüllung',
      `${protocol.unitCount} × ${formatWeight(protocol.targetNetMg)} netto, Toleranz ±${formatTolerance(protocol.toleranceBasisPoints)}`,
    ),
    row(
      'Herstellungsanweisung',
      protocol.instruction
        ? `Version ${protocol.instruction.version} vom ${formatDate(protocol.instruction.createdAt)}`
        : 'keine (keine Defektur)',
    ),
    row('Packungsprodukt', protocol.pack.productName),
    row('Neue Charge', protocol.filledBatch?.batchNumber ?? 'entsteht mit der Bestätigung'),
    row('Status', fillingProtocolStatusLabels[protocol.status]),
    row(
      'Abgefüllt von',
      protocol.filledByName ?? '–',
      `begonnen ${formatDateTime(protocol.startedAt)}${protocol.submittedAt ? `, übergeben ${formatDateTime(protocol.submittedAt)}` : ''}`,
    ),
    row(
      'Geprüft und bestätigt von',
      protocol.confirmedByName ?? '–',
      protocol.confirmedAt ? formatDateTime(protocol.confirmedAt) : '',
    ),
  ]
  if (protocol.cancelledAt) {
    rows.push(
      row(
        'Storniert',
        `${formatDateTime(protocol.cancelledAt)}, ${protocol.cancelledByName ?? '–'}`,
        protocol.cancelReason ?? '',
      ),
    )
  }
  return rows
}

function unitRows(protocol: FillingProtocolDetail): Row[] {
  return protocol.units.map((unit) => {
    const outside = unit.netMg !== null && deviationOf(unit.netMg, protocol) !== 'within'
    return [
      [String(unit.position)],
      [weight(unit.grossMg)],
      [weight(unit.tareMg)],
      [weight(unit.netMg)],
      [
        unit.netMg === null ? '–' : formatDeviation(unit.netMg, protocol.targetNetMg),
        ...(outside ? ['außerhalb'] : []),
      ],
      [],
      [unit.deviationReason ?? ''],
    ]
  })
}

/** The test record of the hand-over (Prüfprotokoll): the checks, their result, who and when. */
function testRecordRows(protocol: FillingProtocolDetail): Row[] {
  const row = (label: string, ...value: string[]): Row => [[label], value]
  const { testRecord } = protocol
  return [
    row('Aussehen', testCheckText(testRecord.appearanceChecked)),
    row('Identität und Kennzeichnung', testCheckText(testRecord.labellingChecked)),
    row('Füllmenge', fillMassCheckResult(protocol)),
    row(
      'Geprüft von',
      protocol.filledByName ?? '–',
      protocol.submittedAt ? formatDateTime(protocol.submittedAt) : 'noch nicht übergeben',
    ),
    ...(testRecord.note ? [row('Bemerkung', testRecord.note)] : []),
  ]
}

/** Two framed fields side by side: who filled and who checked, with date and signature lines. */
function signatureArea(canvas: DocumentCanvas, protocol: FillingProtocolDetail) {
  const height = 78
  const gap = 14
  const width = (contentWidth - gap) / 2
  canvas.ensureSpace(height + 30)
  canvas.y -= 12
  canvas.paragraph('Unterschriften', { bold: true })
  const bottom = canvas.y - height
  const fields = [
    { title: 'Abgefüllt', name: protocol.filledByName },
    { title: 'Geprüft und freigegeben (Vier-Augen-Prinzip)', name: protocol.confirmedByName },
  ]
  fields.forEach((field, index) => {
    const x = marginLeft + index * (width + gap)
    canvas.box(x, bottom, width, height)
    canvas.text(field.title, x + 6, canvas.y - 12, { size: 8.5, bold: true })
    canvas.text(`Name: ${field.name ?? ''}`, x + 6, canvas.y - 28, { size: 8.5 })
    canvas.line(x + 6, bottom + 22, x + width - 6, bottom + 22)
    canvas.text('Datum, Unterschrift', x + 6, bottom + 10, { size: 7.5, color: 'grey' })
  })
  canvas.y = bottom - 10
}

/** The protocol's PDF from the protocol and the letterhead alone: no database, no clock. */
export async function renderFillingProtocolPdf(
  protocol: FillingProtocolDetail,
  seller: DocumentSeller,
): Promise<Uint8Array> {
  const title = `Abfüllprotokoll ${protocol.number}`
  const canvas = await DocumentCanvas.create({ title, seller })
  canvas.startBelowLetterhead()
  canvas.paragraph(title, { size: 14, bold: true })
  canvas.paragraph(
    'Umfüllen von Cannabisblüten aus dem Großgebinde in Einheiten: jede Einheit brutto, tara und netto gewogen (netto = brutto − tara), Abweichungen außerhalb der Toleranz begründet.',
    { color: 'grey' },
  )
  canvas.y -= 6
  canvas.table(
    [
      { header: 'Angabe', width: contentWidth * 0.32 },
      { header: '', width: contentWidth * 0.68 },
    ],
    facts(protocol),
  )
  canvas.y -= 10
  canvas.paragraph('Wägungen', { bold: true })
  canvas.table(
    [
      { header: 'Nr.', width: contentWidth * 0.07 },
      { header: 'Brutto', width: contentWidth * 0.13, align: 'right' },
      { header: 'Tara', width: contentWidth * 0.13, align: 'right' },
      { header: 'Netto', width: contentWidth * 0.13, align: 'right' },
      { header: 'Abweichung', width: contentWidth * 0.16, align: 'right' },
      // Keeps the reasons off the right-aligned deviations.
      { header: '', width: contentWidth * 0.04 },
      { header: 'Begründung', width: contentWidth * 0.34 },
    ],
    unitRows(protocol),
  )
  canvas.summary([
    { label: 'Summe netto', value: formatWeight(protocol.netTotalMg) },
    { label: 'Entnommen', value: weight(protocol.withdrawnMg) },
    { label: 'Verlust', value: weight(protocol.lossMg), strong: true },
  ])
  if (protocol.lossReason) canvas.paragraph(`Grund des Verlusts: ${protocol.lossReason}`)
  canvas.y -= 10
  canvas.paragraph('Prüfprotokoll', { bold: true })
  canvas.table(
    [
      { header: 'Prüfung', width: contentWidth * 0.32 },
      { header: 'Ergebnis', width: contentWidth * 0.68 },
    ],
    testRecordRows(protocol),
  )
  if (protocol.instruction) {
    canvas.y -= 10
    canvas.paragraph(`Herstellungsanweisung, Version ${protocol.instruction.version}`, {
      bold: true,
    })
    for (const line of protocol.instruction.text.split('\n')) canvas.paragraph(line)
  }
  signatureArea(canvas, protocol)
  const watermark = watermarks[protocol.status]
  if (watermark) canvas.watermark(watermark)
  return canvas.save({
    title,
    author: protocol.organisationName,
    subject: `${title}: ${protocol.bulk.productName}, Charge ${protocol.bulk.batchNumber}`,
    date: berlinIsoDate(
      new Date(
        protocol.confirmedAt ?? protocol.cancelledAt ?? protocol.submittedAt ?? protocol.startedAt,
      ),
    ),
  })
}

export async function fillingProtocolPdf(actor: Actor, id: string, db: Database) {
  const protocol = await getFillingProtocol(actor, id, db)
  const seller = await documentSellerOf(db, requireFillingClerk(actor).organisation.id)
  const bytes = await renderFillingProtocolPdf(protocol, seller)
  return { fileName: `abfuellprotokoll-${protocol.number}.pdf`, bytes }
}

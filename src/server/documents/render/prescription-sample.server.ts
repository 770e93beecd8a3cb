import {
  type ConfiguratorProduct,
  configuratorPayerLabels,
  hintsOf,
  type PrescriptionConfiguration,
  prescriptionText,
} from '../../../lib/prescription-configurator'
import { formatDay } from '../document-content'
import {
  contentWidth,
  DocumentCanvas,
  marginLeft,
  mm,
  pageHeight,
  pageWidth,
} from './layout.server'

/**
 * The Rezeptkonfigurator's sample prescription: the fields in a Muster-16-like form, watermarked
 * so nobody mistakes it for a prescription. Pure like the other documents: the day it is dated
 * comes from the caller.
 */

export const sampleWatermark = 'MUSTER – kein gültiges Rezept'

export interface PrescriptionSample {
  configuration: PrescriptionConfiguration
  product: ConfiguratorProduct | null
  /** The pharmacy whose configurator made it. */
  pharmacyName: string
  /** `YYYY-MM-DD`: the prescription's date when none was entered, and the file's date. */
  today: string
}

const fromTop = (value: number) => pageHeight - mm(value)
const orBlank = (value: string) => value.trim() || '–'

export async function renderPrescriptionSamplePdf(sample: PrescriptionSample): Promise<Uint8Array> {
  const { configuration, product } = sample
  const canvas = await DocumentCanvas.create(null)
  const left = marginLeft
  const right = pageWidth - mm(20)
  const middle = left + contentWidth * 0.52

  canvas.text('Arzneiverordnungsblatt (nach Muster 16)', left, fromTop(18), {
    size: 13,
    bold: true,
  })
  canvas.text(`Erstellt mit dem Rezeptkonfigurator · ${sample.pharmacyName}`, left, fromTop(24), {
    size: 8,
    color: 'grey',
  })

  // The form: payer and patient left, the prescriber's stamp right, then date, Rp. and signature.
  canvas.box(left, fromTop(150), right - left, mm(120))
  const label = (text: string, x: number, top: number) =>
    canvas.text(text, x, fromTop(top), { size: 7, color: 'grey' })
  const value = (text: string, x: number, top: number, width: number) =>
    canvas.text(text, x, fromTop(top), canvas.fitted(text, width, { size: 10 }))
  const columnWidth = middle - left - mm(6)

  label('Krankenkasse bzw. Kostenträger', left + mm(3), 35)
  value(
    configuration.payer ? configuratorPayerLabels[configuration.payer] : '–',
    left + mm(3),
    41,
    columnWidth,
  )
  label('Name, Vorname der versicherten Person', left + mm(3), 49)
  value(orBlank(configuration.patientName), left + mm(3), 55, columnWidth)
  label('geb. am', left + mm(3), 63)
  value(
    configuration.patientBirthDate ? formatDay(configuration.patientBirthDate) : '–',
    left + mm(3),
    69,
    columnWidth,
  )
  canvas.line(left, fromTop(74), right, fromTop(74))
  canvas.line(middle, fromTop(30), middle, fromTop(74))

  label('Vertragsarztstempel / Praxis', middle + mm(3), 35)
  let stampTop = 41
  for (const line of [
    configuration.prescriberName,
    ...configuration.prescriberAddress.split(/,\s*|\n/),
    configuration.prescriberPhone ? `Tel. ${configuration.prescriberPhone}` : '',
  ].filter((line) => line.trim())) {
    if (stampTop > 70) break
    value(line.trim(), middle + mm(3), stampTop, right - middle - mm(6))
    stampTop += 6
  }
  if (stampTop === 41) value('–', middle + mm(3), stampTop, right - middle - mm(6))

  label('Datum', right - mm(40), 80)
  value(formatDay(configuration.issuedOn || sample.today), right - mm(40), 86, mm(37))

  label('Rp. (Bitte Leerräume durchstreichen)', left + mm(3), 80)
  let rpTop = 92
  for (const line of canvas.wrap(prescriptionText(configuration, product), right - left - mm(10), {
    size: 11,
  })) {
    canvas.text(line, left + mm(5), fromTop(rpTop), { size: 11 })
    rpTop += 6
  }

  canvas.line(right - mm(70), fromTop(141), right - mm(3), fromTop(141), 0.6)
  label('Unterschrift der verschreibenden Person', right - mm(70), 145)

  // What the real prescription needs, below the form.
  const hints = hintsOf(configuration)
  canvas.y = fromTop(162)
  canvas.paragraph('Dieses Muster ist kein gültiges Rezept.', { size: 10, bold: true })
  canvas.paragraph(
    'Es zeigt, wie eine Verordnung aussehen kann, die die Apotheke beliefern kann. Das Rezept stellt allein die verschreibende Ärztin oder der verschreibende Arzt aus (Muster 16, Privatrezept oder E-Rezept).',
    { size: 9 },
  )
  canvas.y -= 4
  canvas.paragraph('Auf das Rezept gehören:', { size: 9, bold: true })
  for (const requirement of hints.requirements) canvas.paragraph(`• ${requirement}`, { size: 9 })
  canvas.y -= 4
  canvas.paragraph(hints.validity, { size: 9 })

  canvas.watermark(sampleWatermark)
  return canvas.save({
    title: sampleWatermark,
    author: sample.pharmacyName,
    subject: 'Musterverordnung aus dem Rezeptkonfigurator',
    date: sample.today,
  })
}

import iconv from 'iconv-lite'
import type { BookkeepingSettings } from '../../lib/bookkeeping'

/**
 * The DATEV format's "Buchungsstapel" (EXTF, header version 700, category 21, format version 13),
 * as the public format description on developer.datev.de lays it out (ADR 072): a header line, the
 * column names, one line per booking; semicolons, CRLF, Windows-1252. Pure: the service hands in
 * the bookings and the clock.
 */

/** One line of the batch; the amount is what moved, signed as the side says nothing yet. */
export interface DatevBooking {
  /** Positive cents; the side says which way. */
  amountCents: number
  /** Soll or Haben of `account`. */
  side: 'S' | 'H'
  account: number
  contraAccount: number
  /** `YYYY-MM-DD`; the file carries day and month (TTMM), the header the year. */
  documentDate: string
  /** The invoice number: DATEV's open-item key, the same on an invoice and its payments. */
  documentField1: string
  text: string
  /** The till receipts that booked the cash of this invoice in the till's own system. */
  tillReceipts: string[]
}

/** The 125 columns of format version 13, in their order; the file's second line. */
export const bookingColumns: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, index) => [
    `Beleginfo - Art ${index + 1}`,
    `Beleginfo - Inhalt ${index + 1}`,
  ]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, index) => [
    `Zusatzinformation - Art ${index + 1}`,
    `Zusatzinformation - Inhalt ${index + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Mitgliedstaat (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Mitgliedstaat u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
]

const column = (name: string) => {
  const index = bookingColumns.indexOf(name)
  if (index < 0) throw new Error(`unknown DATEV column ${name}`)
  return index
}

/** What a text field may hold (format description, field lengths). */
const textLimits = { documentField1: 36, text: 60, infoType: 20, infoContent: 210 } as const

/** A text field: quoted, quotes doubled, line breaks flattened, cut to DATEV's length. */
export function datevText(value: string, maxLength?: number): string {
  const flat = value.replace(/[\r\n\t]+/g, ' ').trim()
  const cut = maxLength === undefined ? flat : [...flat].slice(0, maxLength).join('')
  return `"${cut.replaceAll('"', '""')}"`
}

/** `1234,56`: decimal comma, no thousands separator, always positive. */
export const datevAmount = (cents: number) => {
  const absolute = Math.abs(cents)
  return `${Math.floor(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`
}

/** `YYYY-MM-DD` → `DDMM` (Belegdatum, TTMM). */
const dayMonth = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}`
const compactDay = (day: string) => day.replaceAll('-', '')

export interface DatevHeader {
  settings: BookkeepingSettings
  fiscalYearStart: string
  from: string
  to: string
  /** Berlin wall-clock time of the export, `YYYYMMDDHHMMSSmmm`. */
  createdAt: string
}

/** The header line's 31 fields (format description, "Header"). */
export function headerLine(header: DatevHeader): string {
  const { settings } = header
  const fields: (string | number)[] = [
    datevText('EXTF'), // 1 format mark: made by an external program
    700, // 2 header version
    21, // 3 data category: Buchungsstapel
    datevText('Buchungsstapel'), // 4 format name
    13, // 5 format version
    header.createdAt, // 6 created
    '', // 7 imported: set by DATEV
    datevText('BW'), // 8 origin mark (2 characters)
    datevText('Blattwerk'), // 9 exported by
    '', // 10 imported by: set by DATEV
    settings.consultantNumber, // 11 Beraternummer
    settings.clientNumber, // 12 Mandantennummer
    compactDay(header.fiscalYearStart), // 13 WJ-Beginn
    settings.accountLength, // 14 Sachkontenlänge
    compactDay(header.from), // 15 Datum vom
    compactDay(header.to), // 16 Datum bis
    datevText('Rechnungen und Zahlungen', 30), // 17 label of the batch
    datevText(''), // 18 Diktatkürzel
    1, // 19 Buchungstyp: Finanzbuchführung
    0, // 20 Rechnungslegungszweck: independent
    0, // 21 Festschreibung: no, the accountant checks the batch first
    datevText('EUR'), // 22 currency
    '', // 23 reserved
    datevText(''), // 24 Derivatskennzeichen
    '', // 25 reserved
    '', // 26 reserved
    datevText(settings.chart === 'skr03' ? '03' : '04'), // 27 SKR
    '', // 28 Branchenlösungs-Id
    '', // 29 reserved
    datevText(''), // 30 reserved
    datevText(''), // 31 Anwendungsinformation
  ]
  return fields.join(';')
}

export function bookingLine(booking: DatevBooking): string {
  const fields: string[] = bookingColumns.map(() => '')
  fields[column('Umsatz (ohne Soll/Haben-Kz)')] = datevAmount(booking.amountCents)
  fields[column('Soll/Haben-Kennzeichen')] = datevText(booking.side)
  fields[column('Konto')] = String(booking.account)
  fields[column('Gegenkonto (ohne BU-Schlüssel)')] = String(booking.contraAccount)
  // No tax key: the revenue accounts are automatic accounts with the rate built in.
  fields[column('Belegdatum')] = dayMonth(booking.documentDate)
  fields[column('Belegfeld 1')] = datevText(booking.documentField1, textLimits.documentField1)
  fields[column('Buchungstext')] = datevText(booking.text, textLimits.text)
  if (booking.tillReceipts.length > 0) {
    fields[column('Zusatzinformation - Art 1')] = datevText('Kassenbeleg', textLimits.infoType)
    fields[column('Zusatzinformation - Inhalt 1')] = datevText(
      booking.tillReceipts.join(', '),
      textLimits.infoContent,
    )
  }
  return fields.join(';')
}

/** The whole file as text, lines ended by CRLF. */
export function datevCsvText(header: DatevHeader, bookings: readonly DatevBooking[]): string {
  const lines = [
    headerLine(header),
    bookingColumns.map((name) => datevText(name)).join(';'),
    ...bookings.map(bookingLine),
  ]
  return `${lines.map((line) => `${line}\r\n`).join('')}`
}

const encodable = (text: string) => iconv.decode(iconv.encode(text, 'win1252'), 'win1252') === text

/**
 * Windows-1252 bytes. A character the code page lacks loses its accent where that makes it one
 * (`ő` → `o`, `ł` stays unknown) and becomes `?` otherwise — never a silent drop, so a reader
 * sees where a character was (ADR 072).
 */
export function windows1252(text: string): Buffer {
  let safe = ''
  for (const character of text.normalize('NFC')) {
    if (encodable(character)) safe += character
    else {
      const plain = character.normalize('NFKD').replace(/\p{M}/gu, '')
      safe += plain.length > 0 && encodable(plain) ? plain : '?'
    }
  }
  return iconv.encode(safe, 'win1252')
}

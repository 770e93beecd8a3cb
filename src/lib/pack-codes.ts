/**
 * Reading the codes on a pack (ADR 074): the securPharm DataMatrix in GS1 form (AIs 01, 21, 10,
 * 17) or IFA form (`[)>` format 06 with 9N, 1T, D, S), the PZN barcode of older packs (Code 39)
 * and the code on the club's own hand-out label. Pure: the scan field and the pages share it, tests feed it
 * generated codes. Nothing here checks a pack against the securPharm server.
 */

import { isValidPzn } from './products'

/** What a scan says about a pack; absent parts are null. */
export interface PackCode {
  format: 'gs1' | 'ifa' | 'pzn' | 'label'
  /** PZN8, from the NTIN (GS1), the PPN (IFA) or the barcode. */
  pzn: string | null
  /** GTIN-14 of a GS1 code, for products without a PZN inside. */
  gtin: string | null
  batchNumber: string | null
  /** ISO date; an expiry day `00` is the month's last day. */
  expiryDate: string | null
  serial: string | null
  /** The club label's product: the club's listing (organisation product) id. */
  organisationProductId: string | null
}

export type PackCodeResult = { ok: true; code: PackCode } | { ok: false; message: string }

const groupSeparator = '\x1d'
const recordSeparator = '\x1e'
const endOfTransmission = '\x04'

/** GS1 check digit (mod 10, weights 3 and 1 from the right) of the digits before it. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    const fromRight = digits.length - index
    sum += Number(digits[index]) * (fromRight % 2 === 1 ? 3 : 1)
  }
  return (10 - (sum % 10)) % 10
}

export const isValidGtin = (gtin: string): boolean =>
  /^\d{14}$/.test(gtin) && gs1CheckDigit(gtin.slice(0, 13)) === Number(gtin[13])

/** The PZN inside a German NTIN (`04150` + PZN8 + check digit), otherwise null. */
export const pznOfGtin = (gtin: string): string | null =>
  gtin.startsWith('04150') && isValidPzn(gtin.slice(5, 13)) ? gtin.slice(5, 13) : null

/** The NTIN of a PZN: what a product with only a PZN is found under when a GS1 code is scanned. */
export function gtinOfPzn(pzn: string): string {
  const body = `04150${pzn}`
  return `${body}${gs1CheckDigit(body)}`
}

/** IFA PPN check: each character's ASCII code weighted from 2 upwards, sum modulo 97. */
export function ppnCheck(body: string): string {
  let sum = 0
  for (let index = 0; index < body.length; index++) sum += body.charCodeAt(index) * (index + 2)
  return String(sum % 97).padStart(2, '0')
}

/** YYMMDD → ISO date; day `00` is the month's end. Null for an impossible date. */
export function expiryOf(yymmdd: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null
  const year = 2000 + Number(yymmdd.slice(0, 2))
  const month = Number(yymmdd.slice(2, 4))
  const day = Number(yymmdd.slice(4, 6))
  if (month < 1 || month > 12) return null
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (day > lastDay) return null
  const iso = (value: number) => String(value).padStart(2, '0')
  return `${year}-${iso(month)}-${iso(day === 0 ? lastDay : day)}`
}

/** A data field: fixed length, or variable up to `max` characters. */
interface FieldRule {
  fixed?: number
  max?: number
}

const gs1Fields: Record<string, FieldRule> = {
  '01': { fixed: 14 },
  '17': { fixed: 6 },
  '10': { max: 20 },
  '21': { max: 20 },
}
/** What securPharm requires in every code; with it, most separator-less codes read one way only. */
const securPharmAis = ['01', '17', '10', '21']

const ifaFields: Record<string, FieldRule> = {
  '9N': { fixed: 12 },
  D: { fixed: 6 },
  '1T': { max: 20 },
  S: { max: 20 },
}
const ifaIdentifiers = ['9N', 'D', '1T', 'S']

/** GS1 AI 82 character set, as far as batch and serial may use it. */
const fieldCharacters = /^[!-z]+$/

type Fields = Map<string, string>

/**
 * Every way a separator-free segment splits into fields, each identifier used at most once
 * (`taken`). A fixed field takes its length; a variable one runs to the end of the segment or
 * stops where another known, unused identifier follows (the separator a wedge scanner dropped).
 */
function splits(
  segment: string,
  rules: Record<string, FieldRule>,
  taken: Fields,
  limit: { count: number },
): Fields[] {
  if (segment === '') return [taken]
  const results: Fields[] = []
  for (const [id, rule] of Object.entries(rules)) {
    if (!segment.startsWith(id) || taken.has(id)) continue
    const rest = segment.slice(id.length)
    const lengths = rule.fixed
      ? [rule.fixed]
      : Array.from({ length: Math.min(rule.max ?? 0, rest.length) }, (_, index) => index + 1)
    for (const length of lengths) {
      if (rest.length < length) continue
      const value = rest.slice(0, length)
      const remainder = rest.slice(length)
      // A variable field ends at the segment's end or right before another identifier.
      if (
        !rule.fixed &&
        remainder !== '' &&
        !Object.keys(rules).some((next) => remainder.startsWith(next))
      )
        continue
      if (++limit.count > 10_000) return results
      const next = new Map(taken)
      next.set(id, value)
      results.push(...splits(remainder, rules, next, limit))
    }
  }
  return results
}

/** All readings of the separator-split segments, combined. */
function readings(segments: string[], rules: Record<string, FieldRule>): Fields[] {
  let current: Fields[] = [new Map()]
  const limit = { count: 0 }
  for (const segment of segments) {
    if (segment === '') continue
    current = current.flatMap((taken) => splits(segment, rules, taken, limit))
  }
  return current
}

const sameFields = (a: Fields, b: Fields) =>
  a.size === b.size && [...a].every(([key, value]) => b.get(key) === value)

/**
 * The one reading of a code: a complete one (all required identifiers) wins; two different ones
 * are refused — a batch or serial that may contain another field's identifier cannot be told
 * apart without the separator.
 */
function oneReading(candidates: Fields[], required: string[], mandatory: string): Fields | string {
  const valid = candidates.filter(
    (fields) =>
      fields.has(mandatory) && [...fields.values()].every((value) => fieldCharacters.test(value)),
  )
  const complete = valid.filter((fields) => required.every((id) => fields.has(id)))
  const pool = complete.length > 0 ? complete : valid
  const distinct = pool.filter(
    (fields, index) => pool.findIndex((other) => sameFields(other, fields)) === index,
  )
  if (distinct.length === 0)
    return 'Der Code ist unvollständig oder beschädigt. Bitte erneut scannen.'
  if (distinct.length > 1) {
    return 'Der Code ist ohne Trennzeichen nicht eindeutig lesbar. Bitte mit der Kamera scannen oder den Scanner so einstellen, dass er das Trennzeichen (GS) überträgt.'
  }
  return distinct[0] as Fields
}

function expiryField(value: string | undefined): { expiryDate: string | null } | string {
  if (value === undefined) return { expiryDate: null }
  const expiryDate = expiryOf(value)
  return expiryDate
    ? { expiryDate }
    : `Das Verfallsdatum im Code (${value}) ist kein gültiges Datum.`
}

function parseGs1(data: string): PackCodeResult {
  const reading = oneReading(readings(data.split(groupSeparator), gs1Fields), securPharmAis, '01')
  if (typeof reading === 'string') return { ok: false, message: reading }
  const gtin = reading.get('01') as string
  if (!isValidGtin(gtin)) {
    return { ok: false, message: 'Die Produktnummer (GTIN) im Code hat eine falsche Prüfziffer.' }
  }
  const expiry = expiryField(reading.get('17'))
  if (typeof expiry === 'string') return { ok: false, message: expiry }
  return {
    ok: true,
    code: {
      format: 'gs1',
      pzn: pznOfGtin(gtin),
      gtin,
      batchNumber: reading.get('10') ?? null,
      serial: reading.get('21') ?? null,
      organisationProductId: null,
      ...expiry,
    },
  }
}

function parseIfa(data: string): PackCodeResult {
  const reading = oneReading(readings(data.split(groupSeparator), ifaFields), ifaIdentifiers, '9N')
  if (typeof reading === 'string') return { ok: false, message: reading }
  const ppn = reading.get('9N') as string
  const pzn = ppn.slice(2, 10)
  if (
    !/^11\d{8}[0-9A-Z]{0,2}$/.test(ppn) ||
    ppnCheck(ppn.slice(0, 10)) !== ppn.slice(10) ||
    !isValidPzn(pzn)
  ) {
    return { ok: false, message: 'Die PZN im Code (PPN) hat eine falsche Prüfziffer.' }
  }
  const expiry = expiryField(reading.get('D'))
  if (typeof expiry === 'string') return { ok: false, message: expiry }
  return {
    ok: true,
    code: {
      format: 'ifa',
      pzn,
      gtin: null,
      batchNumber: reading.get('1T') ?? null,
      serial: reading.get('S') ?? null,
      organisationProductId: null,
      ...expiry,
    },
  }
}

const withoutPrefix = (text: string, prefix: string) =>
  text.startsWith(prefix) ? text.slice(prefix.length) : text

/**
 * The data of an IFA code from `9N` on, RS turned into GS and the trailer dropped; null when the
 * text is no IFA code. The envelope `[)>` RS `06` GS is optional: wedges drop the control
 * characters, and some send the data without the envelope.
 */
function ifaBodyOf(text: string): string | null {
  let rest = withoutPrefix(text, '[)>')
  const enveloped = rest !== text
  rest = withoutPrefix(rest, recordSeparator)
  if (enveloped) {
    if (!rest.startsWith('06')) return null
    rest = withoutPrefix(rest.slice(2), groupSeparator)
  }
  if (!rest.startsWith('9N')) return null
  for (const trailer of [endOfTransmission, recordSeparator]) {
    if (rest.endsWith(trailer)) rest = rest.slice(0, -1)
  }
  return rest.replaceAll(recordSeparator, groupSeparator)
}

const noCode = (overrides: Partial<PackCode> & Pick<PackCode, 'format'>): PackCode => ({
  pzn: null,
  gtin: null,
  batchNumber: null,
  expiryDate: null,
  serial: null,
  organisationProductId: null,
  ...overrides,
})

/** The prefix of the code on the club's hand-out label (ADR 074). */
export const batchLabelPrefix = 'BW-CHARGE:'

/** What the club's label code names: the variety (listing), the batch and its best-before date. */
export interface ClubLabelBatch {
  organisationProductId: string
  batchNumber: string
  /** ISO date; harvests recorded before it was required may have none. */
  expiryDate: string | null
}

/**
 * The text of the club's label code: `BW-CHARGE:` + listing id + `/` + best-before YYMMDD (empty
 * when there is none) + `/` + batch number. A batch number is unique only per variety, so the
 * listing comes with it; the batch number goes last, as it may contain any character. Upper
 * case keeps the id inside the QR code's compact alphanumeric mode.
 */
export function batchLabelCode({
  organisationProductId,
  batchNumber,
  expiryDate,
}: ClubLabelBatch): string {
  const yymmdd = expiryDate ? expiryDate.slice(2).replaceAll('-', '') : ''
  return `${batchLabelPrefix}${organisationProductId.toUpperCase()}/${yymmdd}/${batchNumber}`
}

const batchLabelForm =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(\d{6})?\/(.+)$/i

function parseBatchLabel(body: string): PackCodeResult {
  const match = batchLabelForm.exec(body)
  const batchNumber = match?.[3]?.trim()
  if (!match || !batchNumber) {
    return {
      ok: false,
      message:
        'Das Etikett ist unvollständig: Es nennt nicht Sorte und Charge. Bitte erneut scannen.',
    }
  }
  const expiry = expiryField(match[2])
  if (typeof expiry === 'string') return { ok: false, message: expiry }
  return {
    ok: true,
    code: noCode({
      format: 'label',
      organisationProductId: (match[1] as string).toLowerCase(),
      batchNumber,
      ...expiry,
    }),
  }
}

/**
 * Reads a scanned code. Accepted: GS1 with or without separators (FNC1 as ASCII 29, a `]d2`/`]C1`/
 * `]Q3` symbology prefix, the printed `(01)…` form), IFA with or without RS/GS/EOT, a PZN barcode
 * (`-` + PZN, 8 digits, or an old 7-digit PZN) and the club's label code.
 */
export function parsePackCode(raw: string): PackCodeResult {
  const text = raw.replace(/[\r\n\t]+$/, '').trim()
  if (text === '') return { ok: false, message: 'Es wurde kein Code gelesen.' }

  if (text.startsWith(batchLabelPrefix)) return parseBatchLabel(text.slice(batchLabelPrefix.length))

  const pznBarcode = /^-?(\d{7,8})$/.exec(text)
  if (pznBarcode && !(text.length === 14 && text.startsWith('01'))) {
    const pzn = (pznBarcode[1] as string).padStart(8, '0')
    if (!isValidPzn(pzn))
      return { ok: false, message: `Die PZN ${pzn} hat eine falsche Prüfziffer.` }
    return { ok: true, code: noCode({ format: 'pzn', pzn }) }
  }

  const ifaBody = ifaBodyOf(text)
  if (ifaBody !== null) return parseIfa(ifaBody)

  let gs1 = withoutPrefix(text.replace(/^\][dCQ][0-9]/, ''), groupSeparator)
  if (gs1.startsWith('(')) {
    gs1 = withoutPrefix(gs1.replace(/\((\d{2})\)/g, `${groupSeparator}$1`), groupSeparator)
  }
  if (/^01\d{14}/.test(gs1)) return parseGs1(gs1)

  return {
    ok: false,
    message:
      'Der Code ist kein Packungscode (securPharm, PZN) und kein Chargenetikett dieses Systems.',
  }
}

/** Whether a scanned code names this product: by its PZN, or by the NTIN made of it. */
export const codeMatchesPzn = (code: PackCode, pzn: string | null): boolean =>
  pzn !== null && (code.pzn === pzn || code.gtin === gtinOfPzn(pzn))

/** The product part of a code as a message names it. */
export const codeProductText = (code: PackCode): string =>
  code.pzn ? `PZN ${code.pzn}` : code.gtin ? `GTIN ${code.gtin}` : 'ohne Produktnummer'

import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { z } from 'zod'
import {
  type CamtVersion,
  camtVersions,
  maxStatementFileBytes,
  statementFileTooLargeMessage,
} from '../../lib/bank-statements'
import { berlinIsoDate } from '../../lib/format'
import { DomainError } from '../errors.server'
import { openCheckedZip } from '../files/checked-zip.server'

/**
 * Reads ISO 20022 bank-to-customer statements (camt.053, versions .001.02 and .001.08 as German
 * banks export them) from one XML file or a ZIP of several (ADR 071). No DTD or entity is
 * accepted, sizes are capped before anything is parsed, and the shape is checked with zod: what
 * comes out is only what the matching needs.
 */

/** One statement XML, also inside a ZIP. */
const maxStatementXmlBytes = 10 * 1024 * 1024
/** Statements in one ZIP: a year of daily statements and some room. */
const maxZipEntries = 400

export interface ParsedEntry {
  /** The bank's entry reference (AcctSvcrRef), else a hash of the entry (ADR 071). */
  reference: string
  amountCents: number
  currency: string
  credit: boolean
  /** The bank's booking day (`YYYY-MM-DD`). */
  bookedOn: string
  /** The remittance lines (Verwendungszweck), joined by a space. */
  remittance: string
  payerName: string | null
  endToEndId: string | null
}

export interface ParsedStatement {
  version: CamtVersion
  /** The bank's statement id (Stmt/Id). */
  statementId: string
  iban: string
  entries: ParsedEntry[]
}

const refused = (message: string) => new DomainError(422, message)
const notCamtMessage =
  'Die Datei ist kein Kontoauszug im Format camt.053 (erwartet: eine XML-Datei der Version 001.02 oder 001.08 oder eine ZIP-Datei mit solchen).'
const brokenXmlMessage = (name: string, detail: string) =>
  `„${name}“ ist keine gültige XML-Datei (${detail}).`
const dtdMessage = (name: string) =>
  `„${name}“ enthält eine DTD oder Entitäten-Definition; solche Dateien werden aus Sicherheitsgründen nicht eingelesen.`
const xmlTooLargeMessage = (name: string) =>
  `„${name}“ ist zu groß (höchstens 10 MB je Kontoauszug).`
const tooManyEntriesMessage = `Die ZIP-Datei enthält zu viele Dateien (höchstens ${maxZipEntries}).`
const noStatementInZipMessage = 'Die ZIP-Datei enthält keine XML-Datei mit einem Kontoauszug.'
const shapeMessage = (name: string, path: string) =>
  `„${name}“ ist kein vollständiger camt.053-Kontoauszug (fehlerhaft: ${path}).`

const text = z.string().trim().min(1)
const optionalText = z.string().trim().optional()
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}/)

const dateChoice = z
  .object({ Dt: isoDay.optional(), DtTm: isoDay.optional() })
  .refine((value) => value.Dt !== undefined || value.DtTm !== undefined, 'Dt oder DtTm fehlt')

/** v02 names the party directly (`Dbtr/Nm`), v08 through `Dbtr/Pty/Nm`. */
const party = z.object({ Nm: optionalText, Pty: z.object({ Nm: optionalText }).optional() })

const transactionDetails = z.object({
  Refs: z.object({ EndToEndId: optionalText, AcctSvcrRef: optionalText }).optional(),
  RltdPties: z.object({ Dbtr: party.optional() }).optional(),
  RmtInf: z.object({ Ustrd: z.array(z.string()).optional() }).optional(),
})

const entrySchema = z.object({
  Amt: z.object({
    '#text': z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'Betrag'),
    '@_Ccy': z.string().regex(/^[A-Z]{3}$/),
  }),
  CdtDbtInd: z.enum(['CRDT', 'DBIT']),
  BookgDt: dateChoice,
  AcctSvcrRef: optionalText,
  NtryDtls: z.array(z.object({ TxDtls: z.array(transactionDetails).optional() })).optional(),
})

const statementSchema = z.object({
  Id: text,
  Acct: z.object({ Id: z.object({ IBAN: text }) }),
  Ntry: z.array(entrySchema).optional(),
})

const documentSchema = z.object({
  Document: z.object({ BkToCstmrStmt: z.object({ Stmt: z.array(statementSchema).min(1) }) }),
})

const repeated = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd'])

const predefinedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
}

/** XML's five predefined entities and character references: all a camt.053 text may carry. */
const decodedText = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return predefinedEntities[name.toLowerCase()] ?? whole
  })

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Values stay text: amounts are read exactly, references keep their leading zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  // No entity of a document type is ever expanded; the predefined ones are decoded below.
  processEntities: false,
  tagValueProcessor: (_name, value) => decodedText(value),
  isArray: (name) => repeated.has(name),
})

function centsOf(amount: string): number {
  const [euros = '0', cents = ''] = amount.split('.')
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'))
}

/** A date-time with an offset is the bank's moment: its Berlin day; a plain one is local already. */
function dayOf(choice: { Dt?: string; DtTm?: string }): string {
  if (choice.Dt) return choice.Dt.slice(0, 10)
  const moment = choice.DtTm ?? ''
  return /(Z|[+-]\d{2}:?\d{2})$/.test(moment)
    ? berlinIsoDate(new Date(moment))
    : moment.slice(0, 10)
}

const normalisedIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase()

function entryOf(
  entry: z.infer<typeof entrySchema>,
  index: number,
  statement: { statementId: string; iban: string },
): ParsedEntry {
  const details = (entry.NtryDtls ?? []).flatMap((group) => group.TxDtls ?? [])
  const remittance = details
    .flatMap((detail) => detail.RmtInf?.Ustrd ?? [])
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ')
  const debtor = details.map((detail) => detail.RltdPties?.Dbtr).find(Boolean)
  const payerName = debtor?.Nm || debtor?.Pty?.Nm || null
  const endToEndId =
    details.map((detail) => detail.Refs?.EndToEndId).find((id) => id && id !== 'NOTPROVIDED') ??
    null
  const amountCents = centsOf(entry.Amt['#text'])
  const bookedOn = dayOf(entry.BookgDt)
  const bankReference =
    entry.AcctSvcrRef || details.map((detail) => detail.Refs?.AcctSvcrRef).find(Boolean)
  // Without the bank's reference the entry's place in its statement and its content identify it:
  // the same statement read again gives the same hash.
  const reference =
    bankReference ||
    `sha256:${createHash('sha256')
      .update(
        JSON.stringify([
          statement.iban,
          statement.statementId,
          index,
          amountCents,
          bookedOn,
          remittance,
          endToEndId,
        ]),
      )
      .digest('hex')
      .slice(0, 40)}`
  return {
    reference,
    amountCents,
    currency: entry.Amt['@_Ccy'],
    credit: entry.CdtDbtInd === 'CRDT',
    bookedOn,
    remittance,
    payerName,
    endToEndId,
  }
}

function decoded(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200))
  const encoding = /encoding=["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase()
  const latin = encoding === 'iso-8859-1' || encoding === 'latin1' || encoding === 'windows-1252'
  return new TextDecoder(latin ? 'latin1' : 'utf-8').decode(bytes)
}

/** One camt.053 XML document: its statements (usually one). */
export function parseCamt053(bytes: Uint8Array, name: string): ParsedStatement[] {
  if (bytes.byteLength > maxStatementXmlBytes) throw refused(xmlTooLargeMessage(name))
  const xml = decoded(bytes)
  // Entities are not expanded (processEntities: false); a file that declares any is refused
  // outright, so no parser option decides about a billion laughs.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw refused(dtdMessage(name))
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    throw refused(brokenXmlMessage(name, `Zeile ${valid.err.line}: ${valid.err.msg}`))
  }
  const version = /urn:iso:std:iso:20022:tech:xsd:(camt\.053\.001\.\d\d)/.exec(xml)?.[1]
  if (!version || !camtVersions.includes(version as CamtVersion)) throw refused(notCamtMessage)
  const shape = documentSchema.safeParse(parser.parse(xml))
  if (!shape.success) {
    const issue = shape.error.issues[0]
    throw refused(shapeMessage(name, issue?.path.join('/') ?? 'Document'))
  }
  return shape.data.Document.BkToCstmrStmt.Stmt.map((stmt) => {
    const statement = { statementId: stmt.Id, iban: normalisedIban(stmt.Acct.Id.IBAN) }
    return {
      version: version as CamtVersion,
      ...statement,
      entries: (stmt.Ntry ?? []).map((entry, index) => entryOf(entry, index, statement)),
    }
  })
}

async function readCapped(stream: Readable, limit: number, name: string): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).byteLength
    if (size > limit) {
      stream.destroy()
      throw refused(xmlTooLargeMessage(name))
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

const isZip = (bytes: Uint8Array) =>
  bytes.byteLength >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04

/** The statements of an uploaded file: one camt.053 XML or a ZIP of several. */
export async function parseStatementFile(
  bytes: Uint8Array,
  fileName: string,
): Promise<ParsedStatement[]> {
  if (bytes.byteLength > maxStatementFileBytes) {
    throw new DomainError(413, statementFileTooLargeMessage)
  }
  if (!isZip(bytes)) return parseCamt053(bytes, fileName)
  let zip: Awaited<ReturnType<typeof openCheckedZip>>
  try {
    zip = await openCheckedZip(bytes)
  } catch (error) {
    if (error instanceof DomainError) throw error
    throw refused('Die ZIP-Datei ist beschädigt und kann nicht gelesen werden.')
  }
  if (zip.entries.length > maxZipEntries) throw refused(tooManyEntriesMessage)
  const xmlEntries = zip.entries.filter(
    (entry) => /\.xml$/i.test(entry.name) && !entry.name.startsWith('__MACOSX/'),
  )
  if (xmlEntries.length === 0) throw refused(noStatementInZipMessage)
  const statements: ParsedStatement[] = []
  for (const entry of xmlEntries) {
    if (entry.unpackedBytes > maxStatementXmlBytes) throw refused(xmlTooLargeMessage(entry.name))
    // The name comes from the zip's own directory, so the entry is there.
    const stream = (await zip.openEntry(entry.name)) as Readable
    const xml = await readCapped(stream, maxStatementXmlBytes, entry.name)
    statements.push(...parseCamt053(xml, entry.name))
  }
  return statements
}

import { PassThrough, Readable } from 'node:stream'
import { and, asc, between, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { ZipFile } from 'yazl'
import { z } from 'zod'
import {
  type BookkeepingPeriod,
  type BookkeepingSettings,
  bookkeepingPeriodInput,
  bookkeepingSettingsInput,
  datevExportFileName,
  defaultAccounts,
  fiscalYearStartOf,
  revenueAccountField,
} from '../../lib/bookkeeping'
import { vatRates } from '../../lib/products'
import { type Actor, type BusinessActor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import type { Database, Executor } from '../db/client.server'
import { storedFiles } from '../db/core.schema'
import { documents } from '../documents/documents.schema'
import { ConflictError, InvalidError, parseInput } from '../errors.server'
import { orderPayments } from '../payments/payments.schema'
import { bookkeepingSettings } from './bookkeeping.schema'
import { type DatevBooking, datevCsvText, windows1252 } from './datev-format'

/**
 * The bookkeeping export for the accountant (ADR 072): the owner keeps the DATEV settings and
 * exports a period's invoices, credit notes and recorded payments as a DATEV Buchungsstapel, alone
 * or in a ZIP with the documents' PDFs. Cash and card at the till are the till's bookings
 * (§ 146a AO): the export names their receipts and never books that money a second time.
 */

export const bookkeepingAudit = {
  entityType: 'organisation',
  settingsSaved: 'bookkeeping.settings_saved',
  exported: 'bookkeeping.exported',
} as const

export const settingsMissingMessage =
  'Bitte hinterlege zuerst die DATEV-Einstellungen (Berater- und Mandantennummer).'

/** The owner's own organisation: bookkeeping is the owner's, not the staff's (ADR 072). */
const ownerOf = (actor: Actor): BusinessActor => requireRole(actor, 'owner')

export interface BookkeepingSettingsView {
  /** Null: not saved yet; the form starts from the chart's defaults. */
  saved: BookkeepingSettings | null
  defaults: typeof defaultAccounts
}

async function savedSettings(
  executor: Executor,
  organisationId: string,
): Promise<BookkeepingSettings | null> {
  const [row] = await executor
    .select()
    .from(bookkeepingSettings)
    .where(eq(bookkeepingSettings.organisationId, organisationId))
  if (!row) return null
  const { organisationId: _id, updatedAt: _at, updatedBy: _by, ...settings } = row
  return settings
}

export async function getBookkeepingSettings(
  actor: Actor,
  db: Database,
): Promise<BookkeepingSettingsView> {
  const owner = ownerOf(actor)
  return { saved: await savedSettings(db, owner.organisation.id), defaults: defaultAccounts }
}

export async function saveBookkeepingSettings(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<BookkeepingSettings> {
  const owner = ownerOf(actor)
  const settings = parseInput(bookkeepingSettingsInput, input)
  const organisationId = owner.organisation.id
  return db.transaction(async (tx) => {
    const before = await savedSettings(tx, organisationId)
    await tx
      .insert(bookkeepingSettings)
      .values({ organisationId, ...settings, updatedBy: owner.user.id })
      .onConflictDoUpdate({
        target: bookkeepingSettings.organisationId,
        set: { ...settings, updatedAt: sql`now()`, updatedBy: owner.user.id },
      })
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(owner),
      requestId: owner.requestId,
      action: bookkeepingAudit.settingsSaved,
      entity: { type: bookkeepingAudit.entityType, id: organisationId },
      before: before && { ...before },
      after: { ...settings },
    })
    return settings
  })
}

/** The parts of a document's frozen content the export reads. */
const exportedContent = z.object({
  issueDate: z.string(),
  recipient: z.object({ name: z.string() }),
  totals: z.object({
    byRate: z.array(
      z.object({ rate: z.enum(vatRates), netCents: z.number(), vatCents: z.number() }),
    ),
  }),
})

const exportedKinds = ['invoice', 'cancellation_invoice', 'credit_note'] as const
const kindTexts: Record<(typeof exportedKinds)[number], string> = {
  invoice: 'Rechnung',
  cancellation_invoice: 'Stornorechnung',
  credit_note: 'Rechnungskorrektur',
}

/** The documents of the period, in the order they were issued. */
function periodDocuments(executor: Executor, organisationId: string, period: BookkeepingPeriod) {
  const issueDate = sql<string>`${documents.content}->>'issueDate'`
  return executor
    .select({
      id: documents.id,
      kind: documents.kind,
      number: documents.number,
      orderId: documents.orderId,
      content: documents.content,
      pdfFileId: documents.pdfFileId,
    })
    .from(documents)
    .where(
      and(
        eq(documents.organisationId, organisationId),
        inArray(documents.kind, [...exportedKinds]),
        between(issueDate, period.from, period.to),
      ),
    )
    .orderBy(asc(issueDate), asc(documents.issuedAt), asc(documents.number))
}

export const acrossFiscalYearsMessage =
  'Ein DATEV-Buchungsstapel umfasst nur ein Wirtschaftsjahr. Bitte exportiere jedes Wirtschaftsjahr für sich.'

/** "Refuse across fiscal years": one batch is one fiscal year in DATEV (header WJ-Beginn). */
function checkedPeriod(input: unknown, settings: BookkeepingSettings) {
  const period = parseInput(bookkeepingPeriodInput, input)
  const fiscalYearStart = fiscalYearStartOf(period.from, settings.fiscalYearStartMonth)
  if (fiscalYearStartOf(period.to, settings.fiscalYearStartMonth) !== fiscalYearStart)
    throw new InvalidError({ to: acrossFiscalYearsMessage }, acrossFiscalYearsMessage)
  return { period, fiscalYearStart }
}

/** The bookings of a period: invoices and credits per VAT rate, then transfers and online payments. */
async function periodBookings(
  executor: Executor,
  organisationId: string,
  settings: BookkeepingSettings,
  period: BookkeepingPeriod,
) {
  const docs = await periodDocuments(executor, organisationId, period)
  const orderIds = [...new Set(docs.map((doc) => doc.orderId))]
  const tillPayments =
    orderIds.length === 0
      ? []
      : await executor
          .select({ orderId: orderPayments.orderId, reference: orderPayments.reference })
          .from(orderPayments)
          .where(
            and(
              eq(orderPayments.organisationId, organisationId),
              inArray(orderPayments.orderId, orderIds),
              eq(orderPayments.source, 'till'),
              isNotNull(orderPayments.reference),
            ),
          )
          .orderBy(asc(orderPayments.createdAt))
  const receiptsOf = new Map<string, string[]>()
  for (const payment of tillPayments) {
    const receipts = receiptsOf.get(payment.orderId) ?? []
    if (payment.reference && !receipts.includes(payment.reference)) receipts.push(payment.reference)
    receiptsOf.set(payment.orderId, receipts)
  }

  const bookings: DatevBooking[] = []
  for (const doc of docs) {
    const content = exportedContent.parse(doc.content)
    const kind = doc.kind as (typeof exportedKinds)[number]
    for (const line of content.totals.byRate) {
      const gross = line.netCents + line.vatCents
      if (gross === 0) continue
      bookings.push({
        amountCents: Math.abs(gross),
        // The debtor owes an invoice (Soll) and is credited a correction (Haben).
        side: gross > 0 ? 'S' : 'H',
        account: settings.debtorAccount,
        contraAccount: settings[revenueAccountField[line.rate]],
        documentDate: content.issueDate,
        documentField1: doc.number,
        text: `${kindTexts[kind]} ${content.recipient.name}`,
        tillReceipts: kind === 'invoice' ? (receiptsOf.get(doc.orderId) ?? []) : [],
      })
    }
  }

  // Money that came through the bank or Mollie; the till's cash and card are its own bookings.
  const payments = await executor
    .select({
      amountCents: orderPayments.amountCents,
      bookedOn: orderPayments.bookedOn,
      means: orderPayments.means,
      reference: orderPayments.reference,
      orderId: orderPayments.orderId,
      orderNumber: customerOrders.number,
    })
    .from(orderPayments)
    .innerJoin(customerOrders, eq(customerOrders.id, orderPayments.orderId))
    .where(
      and(
        eq(orderPayments.organisationId, organisationId),
        between(orderPayments.bookedOn, period.from, period.to),
        inArray(orderPayments.means, ['transfer', 'online']),
      ),
    )
    .orderBy(asc(orderPayments.bookedOn), asc(orderPayments.createdAt))
  const invoiceNumberOf = await invoiceNumbersOf(
    executor,
    organisationId,
    payments.map((payment) => payment.orderId),
  )
  for (const payment of payments) {
    const online = payment.means === 'online'
    const incoming = payment.amountCents > 0
    const what = online ? 'Online-Zahlung' : 'Überweisung'
    bookings.push({
      amountCents: Math.abs(payment.amountCents),
      side: incoming ? 'S' : 'H',
      account: online ? settings.clearingAccount : settings.bankAccount,
      contraAccount: settings.debtorAccount,
      documentDate: payment.bookedOn,
      documentField1: invoiceNumberOf.get(payment.orderId) ?? payment.orderNumber,
      text: [incoming ? what : `Rückzahlung ${what}`, payment.reference].filter(Boolean).join(' '),
      tillReceipts: [],
    })
  }
  // Day by day; on a day the documents before the payments (a stable sort keeps that order).
  bookings.sort((a, b) => a.documentDate.localeCompare(b.documentDate))
  return { bookings, docs }
}

/** The invoice an order's payment pays: its latest invoice that no Storno reversed. */
async function invoiceNumbersOf(
  executor: Executor,
  organisationId: string,
  orderIds: string[],
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map()
  const rows = await executor
    .select({ orderId: documents.orderId, number: documents.number })
    .from(documents)
    .where(
      and(
        eq(documents.organisationId, organisationId),
        eq(documents.kind, 'invoice'),
        inArray(documents.orderId, [...new Set(orderIds)]),
        sql`not exists (select 1 from ${documents} as storno where storno.cancels_document_id = ${documents.id})`,
      ),
    )
    .orderBy(desc(documents.issuedAt))
  const numbers = new Map<string, string>()
  for (const row of rows) if (!numbers.has(row.orderId)) numbers.set(row.orderId, row.number)
  return numbers
}

const createdStamp = (now: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  const millis = String(now.getMilliseconds()).padStart(3, '0')
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${millis}`
}

interface PreparedExport {
  period: BookkeepingPeriod
  csv: Buffer
  docs: Awaited<ReturnType<typeof periodDocuments>>
}

async function prepareExport(
  actor: Actor,
  input: unknown,
  db: Database,
  now: Date,
  format: 'csv' | 'zip',
): Promise<PreparedExport> {
  const owner = ownerOf(actor)
  const organisationId = owner.organisation.id
  const settings = await savedSettings(db, organisationId)
  if (!settings) throw new ConflictError(settingsMissingMessage)
  const { period, fiscalYearStart } = checkedPeriod(input, settings)
  // One snapshot: the documents and payments read belong to the same moment.
  return db.transaction(
    async (tx) => {
      const { bookings, docs } = await periodBookings(tx, organisationId, settings, period)
      const text = datevCsvText(
        {
          settings,
          fiscalYearStart,
          from: period.from,
          to: period.to,
          createdAt: createdStamp(now),
        },
        bookings,
      )
      await recordAudit(tx, {
        organisationId,
        actor: auditActorOf(owner),
        requestId: owner.requestId,
        action: bookkeepingAudit.exported,
        entity: { type: bookkeepingAudit.entityType, id: organisationId },
        after: { ...period, format, bookings: bookings.length, documents: docs.length },
      })
      return { period, csv: windows1252(text), docs }
    },
    { isolationLevel: 'repeatable read' },
  )
}

export interface DatevCsvFile {
  fileName: string
  bytes: Buffer
}

/** The period's DATEV Buchungsstapel as Windows-1252 bytes. */
export async function datevExportCsv(
  actor: Actor,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<DatevCsvFile> {
  const prepared = await prepareExport(actor, input, db, now, 'csv')
  return { fileName: datevExportFileName(prepared.period, 'csv'), bytes: prepared.csv }
}

export interface DatevZipFile {
  fileName: string
  stream: Readable
}

/**
 * The CSV and the period's invoice and credit-note PDFs as a ZIP. The PDFs are read one at a
 * time while the ZIP is written, so an export of a busy year never holds them all in memory.
 */
export async function datevExportZip(
  actor: Actor,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<DatevZipFile> {
  const prepared = await prepareExport(actor, input, db, now, 'zip')
  const zip = new ZipFile()
  const mtime = now
  zip.addBuffer(prepared.csv, datevExportFileName(prepared.period, 'csv'), { mtime })
  for (const doc of prepared.docs) {
    // Past its period the retention job deleted the PDF (ADR 076): the booking stays, no file.
    const { pdfFileId } = doc
    if (!pdfFileId) continue
    // yazl pulls an entry's stream only when it writes that entry: one PDF in memory at a time.
    const pdf = Readable.from(
      (async function* () {
        const [file] = await db
          .select({ data: storedFiles.data })
          .from(storedFiles)
          .where(eq(storedFiles.id, pdfFileId))
        if (!file) throw new Error(`stored file ${pdfFileId} missing`)
        yield file.data
      })(),
    )
    zip.addReadStream(pdf, `Belege/${doc.number}.pdf`, { mtime, compress: false })
  }
  zip.end()
  const output = new PassThrough()
  zip.outputStream.pipe(output)
  zip.on('error', (error: Error) => output.destroy(error))
  return { fileName: datevExportFileName(prepared.period, 'zip'), stream: output }
}

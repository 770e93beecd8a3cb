import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { isDeepStrictEqual } from 'node:util'
import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { isUuid } from '../../lib/ids'
import {
  analyseImportRow,
  autoMapping,
  type ImportCellError,
  type ImportMapping,
  type ImportRowStatus,
  importFieldLabels,
  importFields,
  importPreviewPageSize,
  missingRequiredFields,
  type ProductImportRowView,
  type ProductImportState,
  type ProductImportSummary,
} from '../../lib/product-import'
import { normalisePzn } from '../../lib/products'
import { type Actor, requireRole } from '../actor.server'
import { type AuditEntry, auditActorOf, recordAudits } from '../audit/audit.server'
import { csvFile } from '../csv.server'
import type { Database, Executor } from '../db/client.server'
import { inSequence } from '../db/in-sequence.server'
import { ConflictError, InvalidError, NotFoundError, parseInput } from '../errors.server'
import type { Logger } from '../logger.server'
import { isMaster, masterProductFieldOrder, masterProductOf } from './master-products.server'
import { auditedProductFields, masterProductAudit, productColumns } from './product-facts.server'
import { changesBetween } from './product-history.server'
import { parseImportFile } from './product-import-file.server'
import { productImportRows, productImports } from './product-imports.schema'
import { products } from './products.schema'

/**
 * The master product import (ADR 017): an upload is parsed and analysed at once (every row
 * checked like the form and compared with the database), the admin adjusts the mapping and
 * confirms, and a job in this process writes the valid rows batch by batch, each batch in one
 * transaction, upserting by PZN.
 */

export const importNotFoundMessage = 'Diesen Import gibt es nicht.'
export const importNotPreviewedMessage =
  'Dieser Import läuft schon oder ist abgeschlossen; die Zuordnung lässt sich nicht mehr ändern.'
export const nothingToImportMessage = 'Die Datei enthält keine gültigen Zeilen.'
export const interruptedImportMessage =
  'Der Import wurde unterbrochen (der Server wurde neu gestartet). Was bis dahin importiert war, bleibt erhalten; lade die Datei erneut hoch, um den Rest zu importieren.'
export const failedBatchMessage = (firstLine: number, lastLine: number) =>
  `Der Import ist bei den Zeilen ${firstLine}–${lastLine} fehlgeschlagen; diese Zeilen wurden nicht gespeichert, die vorher importierten bleiben erhalten. Lade die Datei erneut hoch, um den Rest zu importieren.`

/** Valid rows written per transaction. */
export const importBatchSize = 500
/** A running import without a committed batch for this long has lost its process. */
export const staleImportMillis = 5 * 60 * 1000
/** Rows per insert statement (well below PostgreSQL's 65,535 parameters). */
const insertChunk = 1000

type ImportRecord = typeof productImports.$inferSelect
type ProductRow = typeof products.$inferSelect
type AnalysedRowValues = typeof productImportRows.$inferInsert

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  )

/** The stored master products of these PZNs, by PZN. */
async function masterProductsByPzn(
  executor: Executor,
  pzns: readonly string[],
  { lock }: { lock: boolean },
): Promise<Map<string, ProductRow>> {
  const found = new Map<string, ProductRow>()
  for (const part of chunks([...new Set(pzns)], insertChunk)) {
    const query = executor
      .select()
      .from(products)
      .where(and(isMaster, inArray(products.pzn, part)))
    const rows = lock ? await query.orderBy(products.pzn).for('update') : await query
    for (const row of rows) if (row.pzn) found.set(row.pzn, row)
  }
  return found
}

/** What the stored product's audit row would show after writing `product` over it. */
function changesOf(stored: ProductRow, product: ReturnType<typeof masterProductOf>) {
  return changesBetween(
    auditedProductFields(stored),
    auditedProductFields({ ...stored, ...productColumns(product) }),
    masterProductFieldOrder,
  )
}

/** A row that cannot become a product, with its reasons. */
const invalidRow = (
  importId: string,
  row: { line: number; cells: string[] },
  errors: ImportCellError[],
): AnalysedRowValues => ({
  importId,
  line: row.line,
  cells: row.cells,
  status: 'invalid',
  pzn: null,
  productId: null,
  errors,
  changes: [],
})

const pznCell = (cells: readonly string[], mapping: ImportMapping) =>
  mapping.pzn === undefined ? '' : normalisePzn(cells[mapping.pzn] ?? '')

/**
 * Every row of the file under `mapping`: invalid with its reasons, or new, changed (with the
 * field changes) or unchanged against the stored master product of its PZN. A PZN that appears
 * twice makes each of its rows invalid: nothing ambiguous is written.
 */
async function analyseRows(
  db: Executor,
  importId: string,
  header: readonly string[],
  mapping: ImportMapping,
  rows: readonly { line: number; cells: string[] }[],
): Promise<AnalysedRowValues[]> {
  const missing = missingRequiredFields(mapping)
  if (missing.length > 0) {
    const message = `Es fehlt die Spalte für ${missing.map((field) => `„${importFieldLabels[field]}“`).join(', ')}.`
    return rows.map((row) => invalidRow(importId, row, [{ column: null, message }]))
  }
  const linesByPzn = new Map<string, number[]>()
  for (const row of rows) {
    const pzn = pznCell(row.cells, mapping)
    if (pzn) linesByPzn.set(pzn, [...(linesByPzn.get(pzn) ?? []), row.line])
  }
  const stored = await masterProductsByPzn(db, [...linesByPzn.keys()], { lock: false })
  const pznColumn = mapping.pzn as number
  return rows.map((row): AnalysedRowValues => {
    const invalid = (errors: ImportCellError[]) => invalidRow(importId, row, errors)
    const pzn = pznCell(row.cells, mapping)
    const others = (linesByPzn.get(pzn) ?? []).filter((line) => line !== row.line)
    if (pzn && others.length > 0) {
      return invalid([
        {
          column: pznColumn,
          message: `${header[pznColumn]}: Die PZN ${pzn} steht mehrfach in der Datei (auch in Zeile ${others.join(', ')}).`,
        },
      ])
    }
    const current = stored.get(pzn) ?? null
    const analysed = analyseImportRow(
      row.cells,
      header,
      mapping,
      current && masterProductOf(current),
    )
    if (!analysed.ok) return invalid(analysed.errors)
    const changes = current ? changesOf(current, analysed.product) : []
    const status: ImportRowStatus = !current ? 'new' : changes.length ? 'changed' : 'unchanged'
    return {
      importId,
      line: row.line,
      cells: row.cells,
      status,
      pzn: analysed.product.pzn,
      productId: current?.id ?? null,
      errors: [],
      changes,
    }
  })
}

const countsOf = (rows: readonly AnalysedRowValues[]) => {
  const counts: Record<ImportRowStatus, number> = { new: 0, changed: 0, unchanged: 0, invalid: 0 }
  for (const row of rows) counts[row.status]++
  return {
    newCount: counts.new,
    changedCount: counts.changed,
    unchangedCount: counts.unchanged,
    invalidCount: counts.invalid,
  }
}

async function insertRows(tx: Executor, rows: readonly AnalysedRowValues[]) {
  for (const part of chunks(rows, insertChunk)) await tx.insert(productImportRows).values(part)
}

// ─── Upload ─────────────────────────────────────────────────────────────────────────────────

/**
 * Parses an uploaded file, maps its known headers and analyses every row; stores the import
 * with its rows in one transaction. Any refusal (type, size, rows) happens before anything is
 * written.
 */
export async function createProductImport(
  actor: Actor,
  upload: { fileName: string; bytes: Uint8Array },
  db: Database,
): Promise<{ id: string }> {
  const admin = requireRole(actor, 'admin')
  const file = await parseImportFile(upload.bytes)
  const mapping = autoMapping(file.header)
  const id = crypto.randomUUID()
  const rows = await analyseRows(db, id, file.header, mapping, file.rows)
  await db.transaction(async (tx) => {
    await tx.insert(productImports).values({
      id,
      createdBy: admin.user.id,
      fileName: upload.fileName.slice(0, 255) || 'Datei',
      header: file.header,
      mapping,
      totalRows: rows.length,
      ...countsOf(rows),
    })
    await insertRows(tx, rows)
  })
  return { id }
}

// ─── Reading ────────────────────────────────────────────────────────────────────────────────

/** The confirmed runs of this process: alive while here (tests await them). */
const runningJobs = new Map<string, Promise<void>>()

async function findImport(db: Database, id: string): Promise<ImportRecord> {
  const [found] = isUuid(id)
    ? await db.select().from(productImports).where(eq(productImports.id, id))
    : []
  if (!found) throw new NotFoundError(importNotFoundMessage)
  return found
}

/**
 * A running import no job of this process works on, without progress for `staleImportMillis`,
 * lost its process: it is marked failed (conditionally, so a live one elsewhere that just made
 * progress stays running).
 */
async function settleStaleImport(db: Database, record: ImportRecord): Promise<ImportRecord> {
  if (record.status !== 'running' || runningJobs.has(record.id)) return record
  const lastSign = record.progressAt ?? record.startedAt ?? record.createdAt
  if (Date.now() - lastSign.getTime() < staleImportMillis) return record
  const [settled] = await db
    .update(productImports)
    .set({ status: 'failed', failureMessage: interruptedImportMessage, finishedAt: new Date() })
    .where(
      and(
        eq(productImports.id, record.id),
        eq(productImports.status, 'running'),
        lt(
          sql`coalesce(${productImports.progressAt}, ${productImports.startedAt})`,
          new Date(Date.now() - staleImportMillis),
        ),
      ),
    )
    .returning()
  return settled ?? (await findImport(db, record.id))
}

async function samplesOf(db: Executor, record: ImportRecord): Promise<string[]> {
  const firstRows = await db
    .select({ cells: productImportRows.cells })
    .from(productImportRows)
    .where(eq(productImportRows.importId, record.id))
    .orderBy(asc(productImportRows.line))
    .limit(20)
  return record.header.map(
    (_, column) => firstRows.find((row) => row.cells[column])?.cells[column] ?? '',
  )
}

async function stateOf(db: Executor, record: ImportRecord): Promise<ProductImportState> {
  const counts = {
    new: record.newCount,
    changed: record.changedCount,
    unchanged: record.unchangedCount,
    invalid: record.invalidCount,
  }
  return {
    id: record.id,
    fileName: record.fileName,
    header: record.header,
    samples: await samplesOf(db, record),
    mapping: record.mapping,
    missingFields: missingRequiredFields(record.mapping),
    status: record.status,
    totalRows: record.totalRows,
    counts,
    validRows: record.totalRows - record.invalidCount,
    processedRows: record.processedRows,
    createdCount: record.createdCount,
    updatedCount: record.updatedCount,
    skippedCount: record.skippedCount,
    failureMessage: record.failureMessage,
    createdAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt?.toISOString() ?? null,
  }
}

export async function getProductImport(
  actor: Actor,
  id: string,
  db: Database,
): Promise<ProductImportState> {
  requireRole(actor, 'admin')
  return stateOf(db, await settleStaleImport(db, await findImport(db, id)))
}

/** How many recent imports the upload page lists. */
export const recentImportsLimit = 10

export async function listRecentProductImports(
  actor: Actor,
  db: Database,
): Promise<ProductImportSummary[]> {
  requireRole(actor, 'admin')
  const rows = await db
    .select()
    .from(productImports)
    .orderBy(desc(productImports.createdAt), desc(productImports.id))
    .limit(recentImportsLimit)
  const settled = await inSequence(rows.map((row) => () => settleStaleImport(db, row)))
  return settled.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    createdAt: row.createdAt.toISOString(),
  }))
}

/** One page of the preview, optionally only the rows of one status, in file order. */
export async function listProductImportRows(
  actor: Actor,
  query: { id: string; status?: ImportRowStatus; page: number },
  db: Database,
): Promise<{ items: ProductImportRowView[]; total: number; page: number }> {
  requireRole(actor, 'admin')
  const record = await findImport(db, query.id)
  const where = and(
    eq(productImportRows.importId, record.id),
    query.status ? eq(productImportRows.status, query.status) : undefined,
  )
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(productImportRows)
    .where(where)
  const lastPage = Math.max(1, Math.ceil(total / importPreviewPageSize))
  const page = Math.min(Math.max(1, Math.trunc(query.page) || 1), lastPage)
  const rows = await db
    .select({
      line: productImportRows.line,
      status: productImportRows.status,
      cells: productImportRows.cells,
      errors: productImportRows.errors,
      changes: productImportRows.changes,
    })
    .from(productImportRows)
    .where(where)
    .orderBy(asc(productImportRows.line))
    .limit(importPreviewPageSize)
    .offset((page - 1) * importPreviewPageSize)
  return { items: rows, total, page }
}

// ─── Mapping ────────────────────────────────────────────────────────────────────────────────

const mappingSchema = z.object(
  Object.fromEntries(
    importFields.map((field) => [
      field,
      z.number({ error: 'Unbekannte Spalte.' }).int('Unbekannte Spalte.').min(0).nullish(),
    ]),
  ),
  { error: 'Bitte ordne die Spalten zu.' },
)

/**
 * Changes which column feeds which field and analyses every row again. A column may feed only
 * one field; only an import not yet confirmed can change.
 */
export async function setProductImportMapping(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<ProductImportState> {
  requireRole(actor, 'admin')
  const record = await findImport(db, id)
  const parsed = parseInput(mappingSchema, input)
  const mapping: ImportMapping = {}
  const errors: Record<string, string> = {}
  const usedBy = new Map<number, string>()
  for (const field of importFields) {
    const column = parsed[field]
    if (column === null || column === undefined) continue
    if (column >= record.header.length) errors[field] = 'Unbekannte Spalte.'
    else if (usedBy.has(column)) {
      errors[field] = `Diese Spalte ist schon „${usedBy.get(column)}“ zugeordnet.`
    } else {
      usedBy.set(column, importFieldLabels[field])
      mapping[field] = column
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new InvalidError(errors)
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(productImports)
      .where(eq(productImports.id, record.id))
      .for('update')
    if (locked?.status !== 'previewed') throw new ConflictError(importNotPreviewedMessage)
    const stored = await tx
      .select({ line: productImportRows.line, cells: productImportRows.cells })
      .from(productImportRows)
      .where(eq(productImportRows.importId, record.id))
      .orderBy(asc(productImportRows.line))
    const rows = await analyseRows(tx, record.id, record.header, mapping, stored)
    await tx.delete(productImportRows).where(eq(productImportRows.importId, record.id))
    await insertRows(tx, rows)
    const [updated] = await tx
      .update(productImports)
      .set({ mapping, ...countsOf(rows) })
      .where(eq(productImports.id, record.id))
      .returning()
    if (!updated) throw new NotFoundError(importNotFoundMessage)
    return stateOf(tx, updated)
  })
}

// ─── Error report ───────────────────────────────────────────────────────────────────────────

/**
 * The rejected rows as CSV: line, the file's columns, the reasons. Semicolon-separated, UTF-8
 * with BOM, so German Excel opens it with its umlauts; cells that look like formulas are
 * escaped, so a crafted file cannot run one in the admin's spreadsheet.
 */
export async function productImportErrorReport(
  actor: Actor,
  id: string,
  db: Database,
): Promise<{ fileName: string; content: string }> {
  requireRole(actor, 'admin')
  const record = await findImport(db, id)
  const rows = await db
    .select({
      line: productImportRows.line,
      cells: productImportRows.cells,
      errors: productImportRows.errors,
    })
    .from(productImportRows)
    .where(and(eq(productImportRows.importId, record.id), eq(productImportRows.status, 'invalid')))
    .orderBy(asc(productImportRows.line))
  const content = csvFile(
    ['Zeile', ...record.header, 'Fehler'],
    rows.map((row) => [
      String(row.line),
      ...record.header.map((_, column) => row.cells[column] ?? ''),
      row.errors.map((error) => error.message).join(' | '),
    ]),
  )
  const baseName = record.fileName.replace(/\.[^.]*$/, '') || 'import'
  return { fileName: `${baseName}-fehler.csv`, content }
}

// ─── Confirm and the job ────────────────────────────────────────────────────────────────────

interface BatchResult {
  created: number
  updated: number
  skipped: number
}

/**
 * Writes one batch of valid rows in the caller's transaction: locks the stored products of the
 * batch's PZNs, analyses each row again against what is stored now (another admin may have
 * saved since the preview), inserts new products, updates changed ones with a new revision,
 * leaves unchanged ones alone, and writes the same audit rows the form writes.
 */
async function writeBatch(
  tx: Executor,
  actor: Actor,
  record: ImportRecord,
  rows: readonly { line: number; cells: string[]; pzn: string | null }[],
): Promise<BatchResult> {
  const admin = requireRole(actor, 'admin')
  const stored = await masterProductsByPzn(
    tx,
    rows.flatMap((row) => (row.pzn ? [row.pzn] : [])),
    { lock: true },
  )
  const result: BatchResult = { created: 0, updated: 0, skipped: 0 }
  const inserts: (typeof products.$inferInsert)[] = []
  const audits: AuditEntry[] = []
  const auditOf = (action: string, id: string, before: ProductRow | null, after: ProductRow) => ({
    organisationId: null,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action,
    entity: { type: masterProductAudit.entityType, id },
    before: before && auditedProductFields(before),
    after: auditedProductFields(after),
  })
  for (const row of rows) {
    const current = (row.pzn ? stored.get(row.pzn) : undefined) ?? null
    const analysed = analyseImportRow(
      row.cells,
      record.header,
      record.mapping,
      current && masterProductOf(current),
    )
    if (!analysed.ok) {
      // Valid at the preview, invalid against what another admin saved since: left alone.
      result.skipped++
      continue
    }
    const columns = productColumns(analysed.product)
    if (!current) {
      inserts.push({
        ...columns,
        organisationId: null,
        createdBy: admin.user.id,
        updatedBy: admin.user.id,
      })
      continue
    }
    if (
      isDeepStrictEqual(
        auditedProductFields(current),
        auditedProductFields({ ...current, ...columns }),
      )
    ) {
      result.skipped++
      continue
    }
    const [updated] = await tx
      .update(products)
      .set({ ...columns, revision: current.revision + 1, updatedBy: admin.user.id })
      .where(and(eq(products.id, current.id), isMaster))
      .returning()
    if (!updated) throw new Error('master product vanished while locked')
    audits.push(auditOf(masterProductAudit.updated, updated.id, current, updated))
    result.updated++
  }
  if (inserts.length > 0) {
    const created = await tx.insert(products).values(inserts).returning()
    for (const product of created) {
      audits.push(auditOf(masterProductAudit.created, product.id, null, product))
    }
    result.created += created.length
  }
  await recordAudits(tx, audits)
  return result
}

/** Works through the valid rows in line order, one transaction per batch; stops at a failure. */
async function runImport(
  actor: Actor,
  record: ImportRecord,
  db: Database,
  onFailure: (error: unknown) => void,
): Promise<void> {
  let afterLine = 0
  for (;;) {
    const batch = await db
      .select({
        line: productImportRows.line,
        cells: productImportRows.cells,
        pzn: productImportRows.pzn,
      })
      .from(productImportRows)
      .where(
        and(
          eq(productImportRows.importId, record.id),
          ne(productImportRows.status, 'invalid'),
          gt(productImportRows.line, afterLine),
        ),
      )
      .orderBy(asc(productImportRows.line))
      .limit(importBatchSize)
    const last = batch.at(-1)
    if (!last) break
    try {
      await db.transaction(async (tx) => {
        const done = await writeBatch(tx, actor, record, batch)
        await tx
          .update(productImports)
          .set({
            processedRows: sql`${productImports.processedRows} + ${batch.length}`,
            createdCount: sql`${productImports.createdCount} + ${done.created}`,
            updatedCount: sql`${productImports.updatedCount} + ${done.updated}`,
            skippedCount: sql`${productImports.skippedCount} + ${done.skipped}`,
            progressAt: new Date(),
          })
          .where(eq(productImports.id, record.id))
      })
    } catch (error) {
      onFailure(error)
      await db
        .update(productImports)
        .set({
          status: 'failed',
          failureMessage: failedBatchMessage(batch[0]?.line ?? last.line, last.line),
          finishedAt: new Date(),
        })
        .where(eq(productImports.id, record.id))
      return
    }
    afterLine = last.line
    // PGlite runs in this process and answers without waiting for I/O: without a turn of the
    // event loop between batches, the page's progress requests would wait for the whole run.
    await yieldToEventLoop()
  }
  await db
    .update(productImports)
    .set({ status: 'completed', finishedAt: new Date() })
    .where(eq(productImports.id, record.id))
}

export interface ConfirmedImport {
  /** False when this call did not start the run (another confirm did, or it is over). */
  started: boolean
  /** Settles when the run this call started is over (at once when it started none). */
  finished: Promise<void>
}

/**
 * Starts writing the valid rows. One conditional update `previewed → running` decides which of
 * many simultaneous confirms starts the run; the others change nothing. The run continues in
 * this process after the call answers; the page polls `getProductImport` for its progress.
 */
export async function confirmProductImport(
  actor: Actor,
  id: string,
  db: Database,
  { onFailure = () => {} }: { onFailure?: (error: unknown) => void } = {},
): Promise<ConfirmedImport> {
  requireRole(actor, 'admin')
  const record = await findImport(db, id)
  if (record.status !== 'previewed') {
    return { started: false, finished: runningJobs.get(record.id) ?? Promise.resolve() }
  }
  if (
    missingRequiredFields(record.mapping).length > 0 ||
    record.totalRows === record.invalidCount
  ) {
    throw new ConflictError(nothingToImportMessage)
  }
  const [claimed] = await db
    .update(productImports)
    .set({ status: 'running', startedAt: new Date(), progressAt: new Date() })
    .where(and(eq(productImports.id, record.id), eq(productImports.status, 'previewed')))
    .returning()
  if (!claimed) {
    return { started: false, finished: runningJobs.get(record.id) ?? Promise.resolve() }
  }
  // A failure even to record the failure is reported, never an unhandled rejection.
  const finished = runImport(actor, claimed, db, onFailure)
    .catch(onFailure)
    .finally(() => runningJobs.delete(claimed.id))
  runningJobs.set(claimed.id, finished)
  return { started: true, finished }
}

/** What the callers of `confirmProductImport` pass as `onFailure`: the failed batch in the log. */
export const importFailureLogger =
  (logger: Pick<Logger, 'error'>, requestId: string | null, importId: string) => (error: unknown) =>
    logger.error({ err: error, requestId, importId }, 'product import batch failed')

/** The run of an import this process works on, for tests and shutdown to await. */
export const runningImport = (id: string): Promise<void> | undefined => runningJobs.get(id)

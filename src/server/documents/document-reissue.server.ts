import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib'
import { and, asc, eq, gt } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import type { SystemActor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database } from '../db/client.server'
import { storedFiles } from '../db/core.schema'
import { storeServerFile } from '../files/file-store.server'
import { documentContentOf, type StoredDocumentContent } from './document-content'
import { documentAudit, renderDocument } from './document-issue.server'
import { documents } from './documents.schema'

/**
 * Re-issuing documents whose stored PDF carries the unreadable font (ADR 053). Before the fix,
 * pdf-lib embedded Inter as a fontkit subset named `Inter-Regular-1234`, with most glyphs lacking
 * their outline. A re-issue keeps the document — number, row, frozen content, XRechnung XML — and
 * stores a new PDF drawn from the same content with the note "Neu ausgestellt am … wegen eines
 * Darstellungsfehlers; Inhalt unverändert"; the document then serves the new file. The old file
 * stays stored (§ 147 AO), named in the audit event with the new one.
 */

/** Why, in the audit event. */
const reissueReason = 'Darstellungsfehler der Schrift (ADR 053)'

/** The names pdf-lib gave the fontkit subsets of Inter: family, style, a numeric suffix. */
const brokenFontName = /^Inter-[A-Za-z]+-\d+$/

/** Whether a stored PDF embeds one of the broken fontkit subsets of Inter. */
export async function carriesBrokenFont(bytes: Uint8Array): Promise<boolean> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue
    if (object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue
    const name = object.get(PDFName.of('FontName'))
    if (name instanceof PDFName && brokenFontName.test(name.decodeText())) return true
  }
  return false
}

export interface ReissuedDocument {
  id: string
  organisationId: string
  number: string
  pdfFileId: string
}

export interface ReissueResult {
  /** Documents whose PDF was looked at. */
  checked: number
  reissued: ReissuedDocument[]
}

/** Documents are read in pages of this many, each re-issued in its own transaction. */
const pageSize = 50

/**
 * Re-issues every stored document whose PDF carries the broken font, on the Berlin day of `now`.
 * Idempotent: a re-issued PDF carries the fixed font, so a second run finds nothing.
 */
export async function reissueDocumentsWithBrokenFont(
  db: Database,
  actor: SystemActor,
  now: Date = new Date(),
): Promise<ReissueResult> {
  const reissuedOn = berlinIsoDate(now)
  const result: ReissueResult = { checked: 0, reissued: [] }
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const page = await db
      .select({ id: documents.id, pdfFileId: documents.pdfFileId, data: storedFiles.data })
      .from(documents)
      .innerJoin(storedFiles, eq(storedFiles.id, documents.pdfFileId))
      .where(gt(documents.id, after))
      .orderBy(asc(documents.id))
      .limit(pageSize)
    for (const { pdfFileId, ...document } of page) {
      result.checked++
      // The inner join leaves out documents whose PDF the retention deleted (ADR 076).
      if (!pdfFileId) continue
      if (!(await carriesBrokenFont(document.data))) continue
      const reissued = await reissueDocument(db, actor, { ...document, pdfFileId }, reissuedOn)
      if (reissued) result.reissued.push(reissued)
    }
    const last = page.at(-1)
    if (!last || page.length < pageSize) return result
    after = last.id
  }
}

async function reissueDocument(
  db: Database,
  actor: SystemActor,
  checked: { id: string; pdfFileId: string },
  reissuedOn: string,
): Promise<ReissuedDocument | null> {
  return db.transaction(async (tx) => {
    const [document] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, checked.id), eq(documents.pdfFileId, checked.pdfFileId)))
      .for('update')
    // Re-issued by someone else meanwhile: their file stands.
    if (!document) return null
    const [old] = await tx
      .select({ sha256: storedFiles.sha256 })
      .from(storedFiles)
      .where(eq(storedFiles.id, checked.pdfFileId))
    const issued = documentContentOf(document.content as StoredDocumentContent)
    // Before ADR 054 an e-invoice's PDF carried its XML (Factur-X): the re-issue draws the same.
    const content = {
      ...issued,
      eInvoiceFormat: issued.eInvoiceFormat ?? (document.xmlFileId ? 'zugferd' : null),
    } as const
    const { pdf } = await renderDocument(content, { reissuedOn })
    const stored = await storeServerFile(tx, {
      organisationId: document.organisationId,
      purpose: 'issued_document',
      contentType: 'application/pdf',
      data: pdf,
      createdBy: null,
    })
    await tx.update(documents).set({ pdfFileId: stored.id }).where(eq(documents.id, document.id))
    await recordAudit(tx, {
      organisationId: document.organisationId,
      actor: auditActorOf(actor),
      requestId: actor.requestId,
      action: documentAudit.reissued,
      entity: { type: documentAudit.entityType, id: document.id },
      before: { pdfFileId: document.pdfFileId, pdfSha256: old?.sha256 ?? null },
      after: {
        pdfFileId: stored.id,
        pdfSha256: stored.sha256,
        number: document.number,
        reissuedOn,
        reason: reissueReason,
      },
    })
    return {
      id: document.id,
      organisationId: document.organisationId,
      number: document.number,
      pdfFileId: stored.id,
    }
  })
}

import { readFile } from 'node:fs/promises'
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { storedFiles } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import {
  carriesBrokenFont,
  reissueDocumentsWithBrokenFont,
} from '~/server/documents/document-reissue.server'
import { documents } from '~/server/documents/documents.schema'
import { openDocumentFile } from '~/server/documents/documents.server'
import { storeServerFile } from '~/server/files/file-store.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { describeUndrawn, pageText, undrawnCharacters } from '../support/pdf-rendering'
import { pdfAttachments } from '../support/xml'

/**
 * An invoice the renderer made before ADR 053 (Inter embedded as pdf-lib/fontkit subset): its
 * text layer is complete, most of its letters have no outline.
 */
const brokenPdf = () => readFile('tests/fixtures/pdf/invoice-broken-font.pdf')

describe.each(testDatabaseKinds)('re-issuing documents with the broken font on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const documentRow = async (id: string) => {
    const [row] = await db().select().from(documents).where(eq(documents.id, id))
    if (!row) throw new Error(`document ${id} missing`)
    return row
  }

  /** Makes a document look issued before the fix: its stored PDF is the broken one. */
  async function issuedBeforeTheFix(id: string) {
    const row = await documentRow(id)
    const file = await storeServerFile(db(), {
      organisationId: row.organisationId,
      purpose: 'issued_document',
      contentType: 'application/pdf',
      data: await brokenPdf(),
      createdBy: null,
    })
    await db().update(documents).set({ pdfFileId: file.id }).where(eq(documents.id, id))
    return file.id
  }

  it('finds every demo document readable: the seed issues them through the fixed renderer', async () => {
    const stored = await db()
      .select({ number: documents.number, data: storedFiles.data })
      .from(documents)
      .innerJoin(storedFiles, eq(storedFiles.id, documents.pdfFileId))
    expect(stored.length).toBeGreaterThan(5)
    for (const document of stored) {
      expect(await carriesBrokenFont(document.data), document.number).toBe(false)
      expect(describeUndrawn(undrawnCharacters(document.data)), document.number).toBe('')
    }
    const result = await reissueDocumentsWithBrokenFont(db(), systemActor('test'))
    expect(result).toEqual({ checked: stored.length, reissued: [] })
  })

  it('re-issues a PDF and a Factur-X invoice with the broken font: same number and content, a note, the old file kept, an audit event', async () => {
    expect(await carriesBrokenFont(await brokenPdf())).toBe(true)
    expect(undrawnCharacters(await brokenPdf()).length).toBeGreaterThan(100)

    const invoiceOf = async (organisationId: string, eInvoice: boolean) => {
      const [row] = await db()
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.organisationId, organisationId),
            eq(documents.kind, 'invoice'),
            eInvoice ? isNotNull(documents.xmlFileId) : isNull(documents.xmlFileId),
          ),
        )
        .orderBy(asc(documents.number))
        .limit(1)
      if (!row) throw new Error('demo invoice missing')
      return documentRow(row.id)
    }
    const plain = await invoiceOf(demoIds.pharmacy, false)
    // Issued before ADR 054: the content names no e-invoice format; its PDF carried the XML.
    const { id: hybridId } = await invoiceOf(demoIds.wholesaler, true)
    await db().execute(
      sql`update documents set content = content - 'eInvoiceFormat' where id = ${hybridId}`,
    )
    const hybrid = await documentRow(hybridId)
    const brokenFiles = new Map([
      [plain.id, await issuedBeforeTheFix(plain.id)],
      [hybrid.id, await issuedBeforeTheFix(hybrid.id)],
    ])

    const result = await reissueDocumentsWithBrokenFont(
      db(),
      systemActor('cli:documents:reissue'),
      new Date('2026-12-03T10:00:00Z'),
    )
    expect(result.reissued.map((document) => document.number).sort()).toEqual(
      [plain.number, hybrid.number].sort(),
    )

    for (const before of [plain, hybrid]) {
      const after = await documentRow(before.id)
      const brokenFile = brokenFiles.get(before.id) as string
      // The document is the same — number, content, amounts, XML — only its PDF is new.
      expect(after).toEqual({ ...before, pdfFileId: after.pdfFileId })
      expect(after.pdfFileId).not.toBe(brokenFile)
      const actor =
        before.organisationId === demoIds.pharmacy ? actors.pharmacyOwner : actors.wholesalerOwner
      const served = await openDocumentFile(actor, before.id, 'pdf', db())
      expect(served.id).toBe(after.pdfFileId)
      const bytes = await served.readBytes()
      expect(await carriesBrokenFont(bytes)).toBe(false)
      expect(describeUndrawn(undrawnCharacters(bytes))).toBe('')
      const text = pageText(bytes).replace(/\s+/g, ' ')
      expect(text).toContain(`Rechnung ${before.number}`)
      expect(text).toContain(
        'Neu ausgestellt am 03.12.2026 wegen eines Darstellungsfehlers; Inhalt unverändert.',
      )
      // The file issued first stays stored.
      const [old] = await db()
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.id, brokenFile))
      expect(old).toBeDefined()

      const events = await db()
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.entityId, before.id), eq(auditEvents.action, 'document.reissued')),
        )
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({
        organisationId: before.organisationId,
        actorKind: 'system',
        actorId: 'cli:documents:reissue',
        entityType: 'document',
        before: { pdfFileId: brokenFile },
        after: { pdfFileId: after.pdfFileId, number: before.number, reissuedOn: '2026-12-03' },
      })
    }
    // The e-invoice is still a Factur-X with its XML.
    const hybridBytes = await (
      await openDocumentFile(actors.wholesalerOwner, hybrid.id, 'pdf', db())
    ).readBytes()
    expect((await pdfAttachments(hybridBytes)).get('factur-x.xml')).toContain(hybrid.number)

    // Nothing left to do.
    const again = await reissueDocumentsWithBrokenFont(db(), systemActor('test'))
    expect(again.reissued).toEqual([])
  })
})

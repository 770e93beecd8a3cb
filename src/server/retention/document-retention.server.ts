import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { anonymisedName } from '../../lib/customers'
import { berlinIsoDate } from '../../lib/format'
import { invoiceRetentionYears, tradeLetterRetentionYears } from '../../lib/record-retention'
import type { Database } from '../db/client.server'
import { storedFiles } from '../db/schema'
import type { StoredDocumentContent } from '../documents/document-content'
import { documents } from '../documents/documents.schema'

const batchSize = 50
const maxBatches = 20

/** The Berlin day judged by: never later than the real clock's (a moved test clock asks no more). */
const retentionDay = (now: Date) => berlinIsoDate(new Date(Math.min(now.getTime(), Date.now())))

/**
 * The first Berlin day a document is no longer kept: invoices, cancellation invoices and credit
 * notes eight years from the end of the year of issue (§ 147 Abs. 1 Nr. 4, Abs. 3 AO), delivery
 * notes and order confirmations six (trade letters) — as `recordsFreeFrom` counts them.
 */
const documentFreeFrom = sql`make_date(extract(year from ${documents.issuedAt} at time zone 'Europe/Berlin')::int + 1 + case when ${documents.kind} in ('delivery_note', 'order_confirmation') then ${sql.raw(String(tradeLetterRetentionYears))} else ${sql.raw(String(invoiceRetentionYears))} end, 1, 1)`

/**
 * The frozen content without the person: the recipient's name becomes "Anonymisiert", address,
 * contact, VAT id, customer number, e-mail and e-invoice address are cleared, the insurer's name
 * (it tells the patient was insured there) and the notes go; number, dates, items, totals and the
 * payment stay — the figures the bookkeeping already carries.
 */
export function redactedDocumentContent(stored: StoredDocumentContent): StoredDocumentContent {
  return {
    ...stored,
    recipient: {
      kind: stored.recipient.kind,
      name: anonymisedName,
      contactName: null,
      address: { street: '', postalCode: '', city: '', country: stored.recipient.address.country },
      vatId: null,
      customerNumber: null,
      email: null,
      eInvoiceAddress: null,
    },
    prescription: stored.prescription && { ...stored.prescription, insurerName: anonymisedName },
    notes: null,
  }
}

/**
 * Issued documents past their period (ADR 076): the PDF and XML files are deleted and the frozen
 * content loses the recipient (`redactedDocumentContent`). A document keeps its row, number and
 * amounts. Picked by its PDF still being there, in batches `FOR UPDATE SKIP LOCKED`, one
 * transaction per batch; answers how many documents it redacted.
 */
export async function redactDocumentsPastRetention(db: Database, now: Date): Promise<number> {
  const today = retentionDay(now)
  let redacted = 0
  for (let batch = 0; batch < maxBatches; batch++) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: documents.id,
          content: documents.content,
          pdfFileId: documents.pdfFileId,
          xmlFileId: documents.xmlFileId,
        })
        .from(documents)
        .where(and(isNotNull(documents.pdfFileId), sql`${documentFreeFrom} <= ${today}::date`))
        .limit(batchSize)
        .for('update', { skipLocked: true })
      for (const row of rows) {
        await tx
          .update(documents)
          .set({
            content: redactedDocumentContent(row.content as StoredDocumentContent),
            pdfFileId: null,
            xmlFileId: null,
          })
          .where(eq(documents.id, row.id))
      }
      const fileIds = rows
        .flatMap((row) => [row.pdfFileId, row.xmlFileId])
        .filter((fileId): fileId is string => fileId !== null)
      if (fileIds.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds))
      return rows.length
    })
    redacted += count
    if (count < batchSize) break
  }
  return redacted
}

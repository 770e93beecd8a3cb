import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { type CreditableInvoice, noInvoiceToCreditMessage } from '../../lib/documents'
import { berlinIsoDate } from '../../lib/format'
import type { Actor } from '../actor.server'
import { sellerOf } from '../customer-orders/customer-order-access.server'
import {
  itemsOfOrder,
  lockOrder,
  type OrderRow,
  picksOfOrder,
} from '../customer-orders/customer-order-core.server'
import type { Database, Executor } from '../db/client.server'
import { ConflictError, parseInput } from '../errors.server'
import { stockMovements } from '../stock/stock.schema'
import { appendMovement, lockBatches } from '../stock/stock-ledger.server'
import { CreditRefusal, creditedSoFar, creditNoteLines } from './credit-note-content'
import {
  creditReasons,
  type DocumentContent,
  documentContentOf,
  type StoredDocumentContent,
} from './document-content'
import {
  cancelInvoiceOfLockedOrder,
  type IssuedDocumentResult,
  nextDocumentNumber,
  recordIssued,
  renderDocument,
  validInvoiceOf,
} from './document-issue.server'
import { documents } from './documents.schema'

/**
 * Credit notes (Rechnungskorrektur, ADR 057): part of an issued invoice credited — goods taken back
 * or a price reduced — with its own number series, referring to the invoice (§ 31 Abs. 5 UStDV).
 * The order row is locked for the whole transaction, so parallel credits of one invoice queue and
 * each sees the ones before it: together they never exceed the invoice.
 */

/** A stock movement's source: the credit note that took the goods back. */
export const creditNoteSourceType = 'credit_note'

const positiveInteger = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(100_000_000, message)

export const creditNoteSchema = z
  .object({
    reason: z.enum(creditReasons, {
      error: 'Bitte wähle: Warenrücknahme oder Preiskorrektur.',
    }),
    lines: z
      .array(
        z.object({
          position: positiveInteger('Die Position ist ungültig.'),
          quantity: positiveInteger('Bitte gib eine ganze Menge größer null an.').optional(),
          amountCents: positiveInteger('Bitte gib einen Betrag größer null an.').optional(),
        }),
        { error: 'Bitte wähle mindestens eine Position.' },
      )
      .min(1, 'Bitte wähle mindestens eine Position.')
      .max(200, 'Höchstens 200 Positionen.'),
    /** Returned goods go back into the batches they were picked from (sellable again). */
    restock: z.boolean().default(false),
    note: z
      .string()
      .trim()
      .max(500, 'Bitte höchstens 500 Zeichen.')
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((value, context) => {
    value.lines.forEach((line, index) => {
      const field = value.reason === 'return' ? 'quantity' : 'amountCents'
      if (line[field] === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['lines', index, field],
          message:
            value.reason === 'return'
              ? 'Bitte gib die zurückgenommene Menge an.'
              : 'Bitte gib den gutzuschreibenden Betrag an.',
        })
      }
    })
    if (value.restock && value.reason !== 'return') {
      context.addIssue({
        code: 'custom',
        path: ['restock'],
        message: 'Nur zurückgenommene Ware kann zurück ins Lager.',
      })
    }
  })
export type CreditNoteInput = z.input<typeof creditNoteSchema>

/** The invoice lines that are goods: the order's items (a delivery fee line follows them). */
async function goodsPositionsOf(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'organisationId'>,
) {
  return new Set((await itemsOfOrder(executor, order)).map((item) => item.position))
}

/** The credit notes issued for invoice `invoiceId` so far, oldest first. */
async function creditsOf(tx: Executor, invoiceId: string) {
  const rows = await tx
    .select({ id: documents.id, content: documents.content })
    .from(documents)
    .where(eq(documents.correctsDocumentId, invoiceId))
    .orderBy(asc(documents.issuedAt))
  return rows.map((row) => ({
    id: row.id,
    content: documentContentOf(row.content as StoredDocumentContent),
  }))
}

/**
 * Books returned goods back into the batches they were picked from, after what earlier credit
 * notes of the invoice booked back there (a `return` movement each, sourced to this credit note).
 */
async function restockReturnedGoods(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  content: DocumentContent,
  creditNoteId: string,
  earlierCreditIds: string[],
) {
  const orderItems = await itemsOfOrder(tx, order)
  const picks = await picksOfOrder(tx, order)
  const returnedBefore = new Map<string, number>()
  if (earlierCreditIds.length > 0) {
    const rows = await tx
      .select({
        batchId: stockMovements.batchId,
        quantity: sql<number>`sum(${stockMovements.quantity})::int`,
      })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.organisationId, order.organisationId),
          eq(stockMovements.sourceType, creditNoteSourceType),
          inArray(stockMovements.sourceId, earlierCreditIds),
        ),
      )
      .groupBy(stockMovements.batchId)
    for (const row of rows) returnedBefore.set(row.batchId, row.quantity)
  }
  const bookings: { batchId: string; quantity: number }[] = []
  for (const item of content.items) {
    const orderItem = orderItems.find((candidate) => candidate.position === item.position)
    if (!orderItem) continue
    let left = -item.quantity * orderItem.baseUnitsPerSalesUnit
    for (const pick of picks.filter((candidate) => candidate.itemId === orderItem.id)) {
      const room = pick.quantity - (returnedBefore.get(pick.batchId) ?? 0)
      const quantity = Math.min(room, left)
      if (quantity <= 0) continue
      bookings.push({ batchId: pick.batchId, quantity })
      returnedBefore.set(pick.batchId, (returnedBefore.get(pick.batchId) ?? 0) + quantity)
      left -= quantity
    }
    if (left > 0)
      throw new ConflictError(
        `Position ${item.position} (${item.name}): Für die Rücknahme ins Lager fehlen die entnommenen Chargen.`,
      )
  }
  const batches = new Map(
    (
      await lockBatches(
        tx,
        order.organisationId,
        bookings.map((booking) => booking.batchId),
      )
    ).map((batch) => [batch.id, batch]),
  )
  for (const booking of bookings) {
    const batch = batches.get(booking.batchId)
    if (!batch) throw new Error('picked batch not found')
    await appendMovement(tx, actor, batch, {
      kind: 'return',
      quantity: booking.quantity,
      reason: `Rücknahme, Rechnungskorrektur ${content.number}`,
      source: { type: creditNoteSourceType, id: creditNoteId },
    })
  }
  return bookings.length
}

/**
 * Issues a credit note for part of the order's valid invoice. Refused (409, nothing written) when
 * it would credit more than the invoice has left, goods that were not invoiced, or after a Storno.
 */
export async function issueCreditNote(
  actor: Actor,
  orderId: string,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<IssuedDocumentResult> {
  const seller = sellerOf(actor)
  const request = parseInput(creditNoteSchema, input)
  return db.transaction(async (tx) => {
    // The order's lock serialises every document of the order: "what is left" holds until commit.
    const order = await lockOrder(tx, seller.organisation.id, orderId)
    const original = await validInvoiceOf(tx, order)
    if (!original) throw new ConflictError(noInvoiceToCreditMessage)
    return creditInvoice(tx, actor, order, original, request, now)
  })
}

/**
 * What a full refund of an order's payment issues (Mollie reports it done): the Storno of its
 * invoice — or, when credit notes already corrected part of it, a credit note for the rest (a
 * Storno would credit those parts twice). Null when no valid invoice or nothing is left.
 */
export async function reverseInvoiceOfLockedOrder(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  reason: string,
  now: Date = new Date(),
): Promise<IssuedDocumentResult | null> {
  const original = await validInvoiceOf(tx, order)
  if (!original) return null
  const creditable = await creditableInvoiceOf(tx, order)
  if (!creditable || creditable.creditedGrossCents === 0)
    return cancelInvoiceOfLockedOrder(tx, actor, order, reason, now)
  const rest = creditable.lines.filter((line) => line.netLeftCents > 0)
  if (rest.length === 0) return null
  return creditInvoice(
    tx,
    actor,
    order,
    original,
    {
      reason: 'price_correction',
      lines: rest.map((line) => ({ position: line.position, amountCents: line.netLeftCents })),
      restock: false,
      note: reason,
    },
    now,
  )
}

/** Issues the credit note of `request` for the locked order's valid invoice `original`. */
async function creditInvoice(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  original: NonNullable<Awaited<ReturnType<typeof validInvoiceOf>>>,
  request: z.output<typeof creditNoteSchema>,
  now: Date,
): Promise<IssuedDocumentResult> {
  const [files] = await tx
    .select({ xmlFileId: documents.xmlFileId })
    .from(documents)
    .where(eq(documents.id, original.id))
  const invoice = documentContentOf(original.content as StoredDocumentContent)
  const earlier = await creditsOf(tx, original.id)
  const goods = await goodsPositionsOf(tx, order)
  let lines: Pick<DocumentContent, 'items' | 'totals'>
  try {
    lines = creditNoteLines(
      invoice,
      creditedSoFar(earlier.map((credit) => credit.content)),
      request,
      goods,
    )
  } catch (error) {
    if (error instanceof CreditRefusal) throw new ConflictError(error.message)
    throw error
  }
  const number = await nextDocumentNumber(tx, order.organisationId, 'credit_note', now)
  const content: DocumentContent = {
    ...invoice,
    ...lines,
    kind: 'credit_note',
    // Credits count net, also of a patient's gross-priced invoice (`creditNoteLines`).
    priceBasis: 'net',
    number,
    issueDate: berlinIsoDate(now),
    payment: { kind: 'none' },
    advanceInvoice: false,
    dueDate: null,
    // A credit note asks for no money and was paid nothing (ADR 054, like a Storno).
    paidCents: 0,
    notes: request.note,
    // The insurer's share is settled through the prescription billing, not this document.
    prescription: null,
    // Invoices issued before ADR 054 name no format: those with an XML went out as XRechnung.
    eInvoiceFormat: invoice.eInvoiceFormat ?? (files?.xmlFileId ? 'xrechnung' : null),
    cancels: null,
    corrects: { number: invoice.number, issueDate: invoice.issueDate },
    creditReason: request.reason,
  }
  const rendered = await renderDocument(content)
  const issued = await recordIssued(tx, actor, order, content, rendered, {
    id: original.id,
    number: original.number,
  })
  if (request.restock) {
    await restockReturnedGoods(
      tx,
      actor,
      order,
      content,
      issued.id,
      earlier.map((credit) => credit.id),
    )
  }
  return issued
}

/** The order's valid invoice and what is left of each line, for the credit dialog; null: none. */
export async function creditableInvoiceOf(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'organisationId'>,
): Promise<CreditableInvoice | null> {
  const original = await validInvoiceOf(executor, order)
  if (!original) return null
  const invoice = documentContentOf(original.content as StoredDocumentContent)
  const earlier = creditedSoFar((await creditsOf(executor, original.id)).map((c) => c.content))
  const goods = await goodsPositionsOf(executor, order)
  return {
    invoiceNumber: invoice.number,
    invoiceDate: invoice.issueDate,
    grossCents: invoice.totals.grossCents,
    creditedGrossCents: earlier.grossCents,
    lines: invoice.items.map((item) => ({
      position: item.position,
      name: item.name,
      quantity: item.quantity,
      salesUnit: item.salesUnit,
      unitNetCents: item.unitNetCents,
      vatRate: item.vatRate,
      goods: goods.has(item.position),
      quantityLeft: item.quantity - (earlier.quantityByPosition.get(item.position) ?? 0),
      netLeftCents: item.lineNetCents - (earlier.netByPosition.get(item.position) ?? 0),
    })),
  }
}

import { and, eq, sql } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerOrderAction, SellableProduct } from '~/lib/customer-orders'
import { creditedInvoiceMessage, noInvoiceToCreditMessage } from '~/lib/documents'
import { berlinIsoDate } from '~/lib/format'
import { auditEvents } from '~/server/audit/audit.schema'
import { lockOrder } from '~/server/customer-orders/customer-order-core.server'
import { customerOrderActionServices } from '~/server/customer-orders/customer-order-transitions.server'
import {
  createCustomerOrder,
  getCustomerOrder,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { demoCustomerIds, demoIds } from '~/server/db/seed.server'
import {
  creditNoteSourceType,
  issueCreditNote,
  reverseInvoiceOfLockedOrder,
} from '~/server/documents/credit-notes.server'
import type { StoredDocumentContent } from '~/server/documents/document-content'
import { cancelOrderInvoice, issueOrderDocument } from '~/server/documents/document-issue.server'
import { documents } from '~/server/documents/documents.schema'
import { getOrderDocuments } from '~/server/documents/documents.server'
import { ConflictError, InvalidError } from '~/server/errors.server'
import { openStoredFile } from '~/server/files/file-store.server'
import { batches, stockMovements } from '~/server/stock/stock.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { brokenRules } from '../support/einvoice-rules'
import { parseXml, textsAt } from '../support/xml'

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => error,
  )

const year = berlinIsoDate().slice(0, 4)

describe.each(testDatabaseKinds)('credit notes on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let products: SellableProduct[]
  const db = () => database.handle.db

  const act = async (action: Exclude<CustomerOrderAction, 'expire'>, id: string) =>
    customerOrderActionServices[action](
      actors.pharmacyOwner,
      id,
      { version: (await getCustomerOrder(actors.pharmacyOwner, id, db())).version },
      db(),
    )

  /** A completed order of the business customer with an invoice: two lines, 3 and 2 units. */
  async function invoicedOrder() {
    const [first, second] = products as [SellableProduct, SellableProduct]
    const { id } = await createCustomerOrder(
      actors.pharmacyOwner,
      {
        customerId: demoCustomerIds.lindenApotheke,
        items: [
          { listingId: first.listingId, quantity: 3 },
          { listingId: second.listingId, quantity: 2 },
        ],
        delivery: { method: 'pickup' },
        note: null,
      },
      db(),
    )
    await act('confirm', id)
    await act('markReady', id)
    await act('complete', id)
    const invoice = await issueOrderDocument(actors.pharmacyOwner, id, 'invoice', db())
    const [row] = await db().select().from(documents).where(eq(documents.id, invoice.id))
    return { orderId: id, invoice, content: row?.content as StoredDocumentContent }
  }

  const creditsOf = (invoiceId: string) =>
    db().select().from(documents).where(eq(documents.correctsDocumentId, invoiceId))
  const creditedGross = async (invoiceId: string) =>
    -(await creditsOf(invoiceId)).reduce((sum, row) => sum + row.grossCents, 0)
  const balanceOf = async (batchId: string) =>
    (
      await db().select({ balance: batches.balance }).from(batches).where(eq(batches.id, batchId))
    )[0]?.balance

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    products = (await searchSellableProducts(actors.pharmacyOwner, '', db()))
      .filter(
        (product) =>
          product.orderStep === 1 &&
          product.minOrderQuantity === null &&
          product.availableSalesUnits >= 20,
      )
      .slice(0, 2)
    if (products.length < 2) throw new Error('demo stock missing')
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('credits returned goods with its own number, referring to the invoice, and books them back', async () => {
    const { orderId, invoice, content } = await invoicedOrder()
    const order = await getCustomerOrder(actors.pharmacyOwner, orderId, db())
    const first = order.items.find((item) => item.position === 1)
    const pick = first?.picks[0]
    if (!first || !pick) throw new Error('the order was not picked')
    const before = await balanceOf(pick.batchId)

    const credit = await issueCreditNote(
      actors.pharmacyStaff,
      orderId,
      {
        reason: 'return',
        lines: [{ position: 1, quantity: 2 }],
        restock: true,
        note: 'Beschädigt',
      },
      db(),
    )
    expect(credit.number).toMatch(new RegExp(`^RK-${year}-\\d{5}$`))
    const [row] = await db().select().from(documents).where(eq(documents.id, credit.id))
    const line = content.items.find((item) => item.position === 1)
    expect(row).toMatchObject({ kind: 'credit_note', correctsDocumentId: invoice.id })
    expect(row?.netCents).toBe(-2 * (line?.unitNetCents ?? 0))
    expect(row?.grossCents).toBeLessThan(0)

    const pdf = new Uint8Array(
      await (await openStoredFile(actors.pharmacyOwner, credit.pdfFileId, db())).readBytes(),
    )
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true })
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toContain(`Rechnungskorrektur ${credit.number}`)
    expect(flat).toContain(
      `Zu unserer Rechnung ${invoice.number} vom ${content.issueDate.split('-').reverse().join('.')}`,
    )
    expect(flat).toContain('Beschädigt')

    // The business customer gets it as the invoice's e-invoice: a 381 referring to the invoice.
    const xml = new TextDecoder().decode(
      await (
        await openStoredFile(actors.pharmacyOwner, credit.xmlFileId as string, db())
      ).readBytes(),
    )
    expect(await brokenRules(xml, 'xrechnung')).toEqual([])
    const cii = parseXml(xml)
    expect(textsAt(cii, 'ExchangedDocument', 'TypeCode')).toEqual(['381'])
    expect(textsAt(cii, 'InvoiceReferencedDocument', 'IssuerAssignedID')).toEqual([invoice.number])
    expect(textsAt(cii, 'BilledQuantity').map(Number)).toEqual([2])
    expect(textsAt(cii, 'SpecifiedLegalOrganization', 'ID')[0]).toBe(
      'Amtsgericht Charlottenburg HRA 58213 B',
    )

    // Two units back into the batch they were picked from.
    expect(await balanceOf(pick.batchId)).toBe((before ?? 0) + 2 * first.baseUnitsPerSalesUnit)
    const movements = await db()
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.sourceType, creditNoteSourceType),
          eq(stockMovements.sourceId, credit.id),
        ),
      )
    expect(movements.map((movement) => movement.kind)).toEqual(['return'])

    const listed = await getOrderDocuments(actors.pharmacyOwner, orderId, db())
    expect(listed.documents.find((document) => document.id === credit.id)?.corrects).toBe(
      invoice.number,
    )
    expect(listed.can.cancellation).toBeNull()
    expect(listed.can.credit?.lines.find((entry) => entry.position === 1)?.quantityLeft).toBe(1)

    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'document'), eq(auditEvents.entityId, credit.id)))
    expect(audit?.after).toMatchObject({ kind: 'credit_note', corrects: invoice.number })
  })

  it('refuses more than is left, unknown lines, incomplete input and a Storno after a credit — writing nothing', async () => {
    const { orderId, invoice, content } = await invoicedOrder()
    await issueCreditNote(
      actors.pharmacyOwner,
      orderId,
      { reason: 'return', lines: [{ position: 2, quantity: 1 }] },
      db(),
    )
    const count = async () =>
      (
        await db()
          .select({ id: documents.id })
          .from(documents)
          .where(eq(documents.orderId, orderId))
      ).length
    const documentsBefore = await count()
    const line1 = content.items.find((item) => item.position === 1)
    const refusals: [unknown, typeof ConflictError | typeof InvalidError, RegExp][] = [
      [{ reason: 'return', lines: [{ position: 2, quantity: 2 }] }, ConflictError, /nur noch 1/],
      [
        { reason: 'return', lines: [{ position: 9, quantity: 1 }] },
        ConflictError,
        /keine Position 9/,
      ],
      [
        {
          reason: 'price_correction',
          lines: [{ position: 1, amountCents: (line1?.lineNetCents ?? 0) + 1 }],
        },
        ConflictError,
        /netto offen/,
      ],
      [{ reason: 'price_correction', lines: [{ position: 1 }] }, InvalidError, /./],
      [{ reason: 'return', lines: [] }, InvalidError, /./],
      [
        { reason: 'price_correction', lines: [{ position: 1, amountCents: 10 }], restock: true },
        InvalidError,
        /./,
      ],
    ]
    for (const [input, type, message] of refusals) {
      const error = await failureOf(issueCreditNote(actors.pharmacyOwner, orderId, input, db()))
      expect(error, JSON.stringify(input)).toBeInstanceOf(type)
      expect(
        (error as Error).message + JSON.stringify((error as InvalidError).extra ?? {}),
      ).toMatch(message)
    }
    const storno = await failureOf(cancelOrderInvoice(actors.pharmacyOwner, orderId, {}, db()))
    expect(storno).toBeInstanceOf(ConflictError)
    expect((storno as Error).message).toBe(creditedInvoiceMessage)
    expect(await count()).toBe(documentsBefore)
    expect((await creditsOf(invoice.id)).length).toBe(1)
  })

  it('a full refund of a partly credited invoice credits the rest instead of a Storno', async () => {
    const { orderId, invoice, content } = await invoicedOrder()
    await issueCreditNote(
      actors.pharmacyOwner,
      orderId,
      { reason: 'return', lines: [{ position: 1, quantity: 1 }] },
      db(),
    )
    const rest = await db().transaction(async (tx) =>
      reverseInvoiceOfLockedOrder(
        tx,
        actors.pharmacyOwner,
        await lockOrder(tx, demoIds.pharmacy, orderId),
        'Erstattung der Zahlung',
      ),
    )
    expect(rest?.kind).toBe('credit_note')
    expect(await creditedGross(invoice.id)).toBe(content.totals.grossCents)
    const kinds = await db()
      .select({ kind: documents.kind })
      .from(documents)
      .where(eq(documents.orderId, orderId))
    expect(kinds.map((row) => row.kind).sort()).toEqual(['credit_note', 'credit_note', 'invoice'])

    // Without credit notes it is the Storno, as before.
    const untouched = await invoicedOrder()
    const storno = await db().transaction(async (tx) =>
      reverseInvoiceOfLockedOrder(
        tx,
        actors.pharmacyOwner,
        await lockOrder(tx, demoIds.pharmacy, untouched.orderId),
        'Erstattung der Zahlung',
      ),
    )
    expect(storno?.kind).toBe('cancellation_invoice')
  })

  it('credits nothing of a cancelled invoice', async () => {
    const { orderId } = await invoicedOrder()
    await cancelOrderInvoice(actors.pharmacyOwner, orderId, {}, db())
    const error = await failureOf(
      issueCreditNote(
        actors.pharmacyOwner,
        orderId,
        { reason: 'return', lines: [{ position: 1, quantity: 1 }] },
        db(),
      ),
    )
    expect(error).toBeInstanceOf(ConflictError)
    expect((error as Error).message).toBe(noInvoiceToCreditMessage)
  })

  it('50 parallel credits over the remaining amount never credit more than the invoice', async () => {
    const { orderId, invoice, content } = await invoicedOrder()
    const line = content.items.find((item) => item.position === 1)
    if (!line) throw new Error('no first line')
    // Each asks for a third of the line (rounded up): only three fit, the rest must be refused.
    const amountCents = Math.ceil(line.lineNetCents / 3) - 1
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        issueCreditNote(
          actors.pharmacyOwner,
          orderId,
          { reason: 'price_correction', lines: [{ position: 1, amountCents }] },
          db(),
        ),
      ),
    )
    const issued = results.filter((result) => result.status === 'fulfilled')
    const refused = results.filter((result) => result.status === 'rejected')
    expect(issued).toHaveLength(3)
    for (const result of refused) expect(result.reason).toBeInstanceOf(ConflictError)
    const credits = await creditsOf(invoice.id)
    expect(credits).toHaveLength(3)
    expect(-credits.reduce((sum, row) => sum + row.netCents, 0)).toBe(3 * amountCents)
    expect(await creditedGross(invoice.id)).toBeLessThanOrEqual(content.totals.grossCents)
    // Their numbers are consecutive in their own series.
    const values = credits.map((row) => Number(row.number.slice(-5))).sort((a, b) => a - b)
    expect((values.at(-1) as number) - (values[0] as number)).toBe(2)

    // The rest of the invoice, credited line by line, adds up to the invoice exactly.
    const listed = await getOrderDocuments(actors.pharmacyOwner, orderId, db())
    const left = listed.can.credit?.lines.filter((entry) => entry.netLeftCents > 0) ?? []
    await issueCreditNote(
      actors.pharmacyOwner,
      orderId,
      {
        reason: 'price_correction',
        lines: left.map((entry) => ({ position: entry.position, amountCents: entry.netLeftCents })),
      },
      db(),
    )
    expect(await creditedGross(invoice.id)).toBe(content.totals.grossCents)
    const [vat] = await db()
      .select({ vat: sql<number>`sum(${documents.vatCents})::int` })
      .from(documents)
      .where(eq(documents.correctsDocumentId, invoice.id))
    expect(-(vat?.vat ?? 0)).toBe(content.totals.vatCents)
    expect((await getOrderDocuments(actors.pharmacyOwner, orderId, db())).can.credit).toBeNull()
  }, 120_000)
})

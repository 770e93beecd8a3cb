import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SellableProduct } from '~/lib/customer-orders'
import { berlinIsoDate } from '~/lib/format'
import { customerOrderActionServices } from '~/server/customer-orders/customer-order-transitions.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import {
  createCustomerOrder,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { demoCustomerIds } from '~/server/db/seed.server'
import { issueOrderDocument } from '~/server/documents/document-issue.server'
import { DomainError } from '~/server/errors.server'
import {
  confirmBankEntry,
  ignoreBankEntry,
  importBankStatements,
  listBankEntries,
  searchOpenOrders,
} from '~/server/payments/bank-statements.server'
import { camt053Xml, type StatementEntryDraft } from '~/server/payments/camt053-writer'
import {
  bankEntryAllocations,
  bankStatementEntries,
  bankStatements,
  orderPayments,
} from '~/server/payments/payments.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const pharmacyIban = 'DE89370400440532013000'

/** ADR 071: credits of a camt.053 statement matched to open orders, confirmed once. */
describe.each(testDatabaseKinds)('bank statements on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let products: SellableProduct[]
  let statementNumber = 0
  let entryNumber = 0
  const db = () => database.handle.db

  let created = 0
  /**
   * An open transfer order; with `uniqueAmount` one whose amount no other order of the pharmacy
   * has, so the matching by amount has one answer: an order that comes out at a taken amount is
   * cancelled, the next tried.
   */
  async function transferOrder({ uniqueAmount = false } = {}) {
    const shares = await db()
      .select({
        id: customerOrders.id,
        cents: sql<number>`${customerOrders.grossCents} - ${customerOrders.insurerCents}`,
      })
      .from(customerOrders)
      .where(eq(customerOrders.organisationId, actors.pharmacyOwner.organisation.id))
    const taken = new Set(shares.map((row) => Number(row.cents)))
    for (const quantity of [1, 2]) {
      for (const product of products) {
        created += 1
        const { id } = await createCustomerOrder(
          actors.pharmacyOwner,
          {
            customerId: demoCustomerIds.lindenApotheke,
            items: [
              {
                listingId: uniqueAmount ? product.listingId : at(products, created).listingId,
                quantity,
              },
            ],
            delivery: { method: 'pickup' },
            note: null,
          },
          db(),
        )
        const [order] = await db()
          .update(customerOrders)
          .set({ paymentMethod: 'bank_transfer' })
          .where(eq(customerOrders.id, id))
          .returning()
        if (!order) throw new Error('order missing')
        if (!uniqueAmount || !taken.has(share(order))) return order
        await customerOrderActionServices.cancel(
          actors.pharmacyOwner,
          id,
          { version: order.version, reason: 'Betrag schon vergeben' },
          db(),
        )
        taken.add(share(order))
      }
    }
    throw new Error('no unique amount left')
  }

  const at = <T>(list: T[], index: number): T => list[index % list.length] as T

  const credit = (
    entry: Omit<StatementEntryDraft, 'bookedOn' | 'reference'> & { bookedOn?: string },
  ) => ({
    bookedOn: '2026-11-27',
    reference: `ENTRY-${kind}-${++entryNumber}`,
    ...entry,
  })

  function statementFile(
    entries: StatementEntryDraft[],
    version: 'camt.053.001.02' | 'camt.053.001.08' = 'camt.053.001.08',
  ) {
    const xml = camt053Xml({
      version,
      statementId: `STMT-${kind}-${++statementNumber}`,
      iban: pharmacyIban,
      createdAt: '2026-11-28T08:00:00+01:00',
      entries,
    })
    return { fileName: `auszug-${statementNumber}.xml`, bytes: new TextEncoder().encode(xml) }
  }

  async function read(entries: StatementEntryDraft[]) {
    const file = statementFile(entries)
    const imported = await importBankStatements(actors.pharmacyOwner, file, db())
    const rows = await db()
      .select()
      .from(bankStatementEntries)
      .where(eq(bankStatementEntries.statementId, imported.id))
      .orderBy(bankStatementEntries.createdAt)
    const allocations = await db()
      .select()
      .from(bankEntryAllocations)
      .where(
        inArray(
          bankEntryAllocations.entryId,
          rows.map((row) => row.id),
        ),
      )
    return rows.map((row) => ({
      ...row,
      allocations: allocations.filter((allocation) => allocation.entryId === row.id),
    }))
  }

  const share = (order: { grossCents: number; insurerCents: number }) =>
    order.grossCents - order.insurerCents
  const orderOf = async (id: string) => {
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, id))
    if (!order) throw new Error('order missing')
    return order
  }
  const paymentsOf = (id: string) =>
    db().select().from(orderPayments).where(eq(orderPayments.orderId, id))

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    products = (await searchSellableProducts(actors.pharmacyOwner, '', db()))
      .filter((candidate) => candidate.orderStep === 1 && candidate.minOrderQuantity === null)
      .filter((candidate) => candidate.category !== 'flower' && candidate.availableSalesUnits >= 5)
    if (products.length < 3) throw new Error('demo stock missing')
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('a transfer order matched by its number ends paid on the bank’s booking day', async () => {
    const order = await transferOrder()
    const spaced = order.number.toLowerCase().replace(/-/g, ' ')
    const [entry] = await read([
      credit({
        amountCents: share(order),
        remittance: [`Bestellung ${spaced}`],
        payerName: 'Irgendwer',
      }),
    ])
    expect(entry).toMatchObject({ status: 'matched', surplusCents: 0 })
    expect(entry?.allocations).toMatchObject([
      { orderId: order.id, kind: 'proposed', amountCents: share(order) },
    ])
    if (!entry) throw new Error('entry missing')
    const decided = await confirmBankEntry(
      actors.pharmacyStaff,
      entry.id,
      { orderIds: [order.id] },
      db(),
    )
    expect(decided).toMatchObject({ status: 'booked', alreadyDecided: false })
    const paid = await orderOf(order.id)
    expect(paid.paymentStatus).toBe('paid')
    expect(paid.paymentMeans).toBe('transfer')
    expect(berlinIsoDate(new Date(paid.paidAt ?? 0))).toBe('2026-11-27')
    expect(await paymentsOf(order.id)).toMatchObject([
      {
        amountCents: share(order),
        bookedOn: '2026-11-27',
        source: 'bank_statement',
        means: 'transfer',
        reference: entry.entryReference,
      },
    ])
  })

  it('matches a completed order by the number of its invoice', async () => {
    const order = await transferOrder()
    for (const action of ['confirm', 'markReady', 'complete'] as const) {
      await customerOrderActionServices[action](
        actors.pharmacyOwner,
        order.id,
        { version: (await orderOf(order.id)).version },
        db(),
      )
    }
    const invoice = await issueOrderDocument(actors.pharmacyOwner, order.id, 'invoice', db())
    const [entry] = await read([
      credit({ amountCents: share(order), remittance: [`Rechnung Nr. ${invoice.number}`] }),
    ])
    expect(entry?.status).toBe('matched')
    expect(entry?.allocations).toMatchObject([{ orderId: order.id, kind: 'proposed' }])
  })

  it('matches by amount and the payer’s name, and leaves a nameless one to the pharmacy', async () => {
    const order = await transferOrder({ uniqueAmount: true })
    const [named] = await read([
      credit({
        amountCents: share(order),
        remittance: ['Rechnung'],
        payerName: 'LINDEN APOTHEKE OHG',
      }),
    ])
    expect(named?.status).toBe('matched')
    expect(named?.allocations.map((allocation) => allocation.orderId)).toEqual([order.id])
    const [nameless] = await read([credit({ amountCents: share(order), remittance: ['Danke'] })])
    // One order has the amount but the payer's name does not fit: the pharmacy decides.
    expect(nameless?.status).toBe('ambiguous')
    expect(nameless?.allocations).toMatchObject([{ orderId: order.id, kind: 'candidate' }])
  })

  it('books a partial payment without closing the order, then the rest', async () => {
    const order = await transferOrder()
    const [first] = await read([
      credit({ amountCents: share(order) - 100, remittance: [order.number] }),
    ])
    if (!first) throw new Error('entry missing')
    await confirmBankEntry(actors.pharmacyOwner, first.id, { orderIds: [order.id] }, db())
    expect((await orderOf(order.id)).paymentStatus).toBe('unpaid')
    // The next statement's matching knows only 1 € is still open.
    const [rest] = await read([
      credit({ amountCents: 100, bookedOn: '2026-11-30', remittance: [`Rest ${order.number}`] }),
    ])
    expect(rest?.allocations).toMatchObject([{ orderId: order.id, amountCents: 100 }])
    if (!rest) throw new Error('entry missing')
    await confirmBankEntry(actors.pharmacyOwner, rest.id, { orderIds: [order.id] }, db())
    const paid = await orderOf(order.id)
    expect(paid.paymentStatus).toBe('paid')
    expect(berlinIsoDate(new Date(paid.paidAt ?? 0))).toBe('2026-11-30')
    const payments = await paymentsOf(order.id)
    expect(payments.map((payment) => payment.amountCents).sort((a, b) => a - b)).toEqual([
      100,
      share(order) - 100,
    ])
  })

  it('books an overpayment in full and flags the surplus', async () => {
    const order = await transferOrder()
    const [entry] = await read([
      credit({ amountCents: share(order) + 500, remittance: [order.number] }),
    ])
    expect(entry).toMatchObject({ status: 'matched', surplusCents: 500 })
    if (!entry) throw new Error('entry missing')
    const decided = await confirmBankEntry(
      actors.pharmacyOwner,
      entry.id,
      { orderIds: [order.id] },
      db(),
    )
    expect(decided.surplusCents).toBe(500)
    expect((await orderOf(order.id)).paymentStatus).toBe('paid')
    expect(await paymentsOf(order.id)).toMatchObject([{ amountCents: share(order) + 500 }])
  })

  it('splits one credit over the orders it names when it pays their sum', async () => {
    const first = await transferOrder()
    const second = await transferOrder()
    const [entry] = await read([
      credit({
        amountCents: share(first) + share(second),
        remittance: [`${first.number}, ${second.number}`],
      }),
    ])
    expect(entry?.status).toBe('matched')
    expect(
      entry?.allocations.map((allocation) => [allocation.orderId, allocation.amountCents]).sort(),
    ).toEqual(
      [
        [first.id, share(first)],
        [second.id, share(second)],
      ].sort(),
    )
    if (!entry) throw new Error('entry missing')
    await confirmBankEntry(
      actors.pharmacyOwner,
      entry.id,
      { orderIds: entry.allocations.map((allocation) => allocation.orderId) },
      db(),
    )
    expect((await orderOf(first.id)).paymentStatus).toBe('paid')
    expect((await orderOf(second.id)).paymentStatus).toBe('paid')
  })

  it('leaves an unknown credit to be assigned by search, or ignored', async () => {
    const order = await transferOrder()
    const [unknown, other] = await read([
      credit({ amountCents: 1, remittance: ['Spende'], payerName: 'Niemand' }),
      credit({ amountCents: 2, remittance: ['Erstattung Lieferant'] }),
    ])
    expect(unknown?.status).toBe('unknown')
    expect(unknown?.allocations).toEqual([])
    if (!unknown || !other) throw new Error('entries missing')
    const found = await searchOpenOrders(actors.pharmacyOwner, { query: order.number }, db())
    expect(found).toMatchObject([{ orderId: order.id, openCents: share(order) }])
    await confirmBankEntry(actors.pharmacyOwner, unknown.id, { orderIds: [order.id] }, db())
    expect((await orderOf(order.id)).paymentStatus).toBe('unpaid')
    expect(await paymentsOf(order.id)).toMatchObject([{ amountCents: 1 }])
    await ignoreBankEntry(actors.pharmacyOwner, other.id, db())
    const done = await listBankEntries(actors.pharmacyOwner, { view: 'done' }, db())
    expect(done.items.map((item) => [item.id, item.status])).toEqual(
      expect.arrayContaining([
        [unknown.id, 'booked'],
        [other.id, 'ignored'],
      ]),
    )
    // A booked entry cannot be ignored afterwards, an ignored one not booked.
    await expect(ignoreBankEntry(actors.pharmacyOwner, unknown.id, db())).rejects.toMatchObject({
      status: 409,
    })
    await expect(
      confirmBankEntry(actors.pharmacyOwner, other.id, { orderIds: [order.id] }, db()),
    ).rejects.toMatchObject({ status: 409 })
  })

  it('refuses to book on a cancelled order, and another organisation’s entry is not found', async () => {
    const order = await transferOrder()
    const [entry] = await read([credit({ amountCents: share(order), remittance: ['?'] })])
    if (!entry) throw new Error('entry missing')
    await customerOrderActionServices.cancel(
      actors.pharmacyOwner,
      order.id,
      { version: (await orderOf(order.id)).version, reason: 'Test' },
      db(),
    )
    await expect(
      confirmBankEntry(actors.pharmacyOwner, entry.id, { orderIds: [order.id] }, db()),
    ).rejects.toMatchObject({ status: 409 })
    await expect(
      confirmBankEntry(actors.wholesalerOwner, entry.id, { orderIds: [order.id] }, db()),
    ).rejects.toMatchObject({ status: 404 })
    expect(await paymentsOf(order.id)).toEqual([])
  })

  it('reads the same statement once: a second upload changes nothing', async () => {
    const order = await transferOrder()
    const file = statementFile(
      [credit({ amountCents: share(order), remittance: [order.number] })],
      'camt.053.001.02',
    )
    await importBankStatements(actors.pharmacyOwner, file, db())
    const counts = async () => ({
      statements: await db().$count(bankStatements),
      entries: await db().$count(bankStatementEntries),
      allocations: await db().$count(bankEntryAllocations),
    })
    const before = await counts()
    const again = await importBankStatements(actors.pharmacyOwner, file, db()).catch(
      (error: unknown) => error,
    )
    expect(again).toBeInstanceOf(DomainError)
    expect(again).toMatchObject({
      status: 409,
      message: expect.stringContaining('bereits eingelesen'),
    })
    expect(await counts()).toEqual(before)
  })

  it('reads a statement once when it is uploaded 20 times at once', async () => {
    const order = await transferOrder()
    const file = statementFile([credit({ amountCents: share(order), remittance: [order.number] })])
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => importBankStatements(actors.pharmacyOwner, file, db())),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 409 })
    }
    const entries = await db().select().from(bankStatementEntries)
    expect(entries.filter((entry) => entry.remittance === order.number)).toHaveLength(1)
  })

  it('warns about a statement of another account and skips debits and other currencies', async () => {
    const xml = camt053Xml({
      version: 'camt.053.001.02',
      statementId: `FOREIGN-${kind}`,
      iban: 'DE02120300000000202051',
      createdAt: '2026-11-28T08:00:00+01:00',
      entries: [
        credit({ amountCents: 700, remittance: ['x'] }),
        credit({ amountCents: 800, credit: false }),
        credit({ amountCents: 900, currency: 'CHF' }),
      ],
    })
    const imported = await importBankStatements(
      actors.pharmacyOwner,
      { fileName: 'fremd.xml', bytes: new TextEncoder().encode(xml) },
      db(),
    )
    expect(imported.entries).toBe(1)
    const [statement] = await db()
      .select()
      .from(bankStatements)
      .where(eq(bankStatements.id, imported.id))
    expect(statement).toMatchObject({ ownAccount: false, skippedEntries: 2 })
  })

  it('books an entry once under 50 parallel confirmations', async () => {
    const order = await transferOrder()
    const [entry] = await read([credit({ amountCents: share(order), remittance: [order.number] })])
    if (!entry) throw new Error('entry missing')
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        confirmBankEntry(actors.pharmacyOwner, entry.id, { orderIds: [order.id] }, db()),
      ),
    )
    const decided = results.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    )
    expect(decided).toHaveLength(50)
    expect(decided.filter((result) => !result.alreadyDecided)).toHaveLength(1)
    expect(await paymentsOf(order.id)).toHaveLength(1)
    const booked = await db()
      .select()
      .from(bankEntryAllocations)
      .where(
        and(eq(bankEntryAllocations.entryId, entry.id), eq(bankEntryAllocations.kind, 'booked')),
      )
    expect(booked).toHaveLength(1)
  })
})

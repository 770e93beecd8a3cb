import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SellableProduct } from '~/lib/customer-orders'
import { berlinIsoDate } from '~/lib/format'
import {
  completeCustomerOrder,
  customerOrderActionServices,
  setCustomerOrderPayment,
} from '~/server/customer-orders/customer-order-transitions.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import {
  createCustomerOrder,
  getCustomerOrder,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { demoCustomerIds } from '~/server/db/seed.server'
import { paidCentsOf } from '~/server/payments/order-payments.server'
import { orderPayments } from '~/server/payments/payments.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** ADR 070: every change of an order's payment state books what moved, once. */
describe.each(testDatabaseKinds)('order payments on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let accessory: SellableProduct
  const db = () => database.handle.db

  const versionOf = async (id: string) =>
    (await getCustomerOrder(actors.pharmacyOwner, id, db())).version
  const paymentsOf = (id: string) =>
    db()
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, id))
      .orderBy(asc(orderPayments.createdAt), asc(orderPayments.amountCents))

  async function readyOrder(paymentMethod: 'pickup' | 'bank_transfer') {
    const { id } = await createCustomerOrder(
      actors.pharmacyOwner,
      {
        customerId: demoCustomerIds.lindenApotheke,
        items: [{ listingId: accessory.listingId, quantity: 1 }],
        delivery: { method: 'pickup' },
        note: null,
      },
      db(),
    )
    await db().update(customerOrders).set({ paymentMethod }).where(eq(customerOrders.id, id))
    for (const action of ['confirm', 'markReady'] as const) {
      await customerOrderActionServices[action](
        actors.pharmacyOwner,
        id,
        { version: await versionOf(id) },
        db(),
      )
    }
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, id))
    if (!order) throw new Error('order missing')
    return order
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const product = (await searchSellableProducts(actors.pharmacyOwner, '', db()))
      .filter((candidate) => candidate.orderStep === 1 && candidate.minOrderQuantity === null)
      .filter((candidate) => candidate.category !== 'flower')
      .sort((a, b) => b.availableSalesUnits - a.availableSalesUnits)[0]
    if (!product || product.availableSalesUnits < 10) throw new Error('demo stock missing')
    accessory = product
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('books the cash taken at the hand-over with the till receipt, on the day', async () => {
    const order = await readyOrder('pickup')
    await completeCustomerOrder(
      actors.pharmacyOwner,
      order.id,
      {
        version: await versionOf(order.id),
        payment: { choice: 'cash', tillReceiptNumber: 'B-77' },
      },
      db(),
    )
    const rows = await paymentsOf(order.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      amountCents: order.grossCents - order.insurerCents,
      means: 'cash',
      source: 'till',
      reference: 'B-77',
      bookedOn: berlinIsoDate(),
      recordedBy: actors.pharmacyOwner.user.id,
    })
  })

  it('books a payment set by hand once under 20 parallel requests, and its refund back', async () => {
    const order = await readyOrder('bank_transfer')
    const version = await versionOf(order.id)
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        setCustomerOrderPayment(
          actors.pharmacyOwner,
          order.id,
          { version, paymentStatus: 'paid' },
          db(),
        ),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(await paymentsOf(order.id)).toMatchObject([
      { amountCents: order.grossCents, means: 'transfer', source: 'manual' },
    ])

    await customerOrderActionServices.complete(
      actors.pharmacyOwner,
      order.id,
      { version: await versionOf(order.id) },
      db(),
    )
    await setCustomerOrderPayment(
      actors.pharmacyOwner,
      order.id,
      { version: await versionOf(order.id), paymentStatus: 'refunded' },
      db(),
    )
    const rows = await paymentsOf(order.id)
    expect(rows.map((row) => row.amountCents)).toEqual([order.grossCents, -order.grossCents])
    expect(await paidCentsOf(db(), order)).toBe(0)
  })

  it('books nothing more when partial credits already cover the order', async () => {
    const order = await readyOrder('bank_transfer')
    await db().insert(orderPayments).values({
      organisationId: order.organisationId,
      orderId: order.id,
      amountCents: order.grossCents,
      bookedOn: '2026-11-02',
      means: 'transfer',
      source: 'bank_statement',
      reference: 'ENTRY-1',
    })
    await setCustomerOrderPayment(
      actors.pharmacyOwner,
      order.id,
      { version: await versionOf(order.id), paymentStatus: 'paid' },
      db(),
    )
    expect((await paymentsOf(order.id)).map((row) => row.reference)).toEqual(['ENTRY-1'])
  })

  it('keeps every booking: a change or a deletion is refused by the database', async () => {
    const [row] = await db().select().from(orderPayments).limit(1)
    if (!row) throw new Error('no payment booked')
    await expect(
      db().execute(sql`update order_payments set amount_cents = 1 where id = ${row.id}`),
    ).rejects.toThrow()
    await expect(
      db().execute(sql`delete from order_payments where id = ${row.id}`),
    ).rejects.toThrow()
  })

  it("books the demo's completed shop order as paid in cash at the till", async () => {
    const rows = await db()
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.reference, 'B-2026-004711'))
    expect(rows).toMatchObject([{ source: 'till', means: 'cash' }])
  })
})

import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ShopActor } from '~/server/actor.server'
import {
  checkPrescription,
  recordPrescription,
} from '~/server/customer-orders/customer-order-prescriptions.server'
import {
  cancelCustomerOrder,
  customerOrderActionServices,
} from '~/server/customer-orders/customer-order-transitions.server'
import {
  customerOrderEvents,
  customerOrders,
} from '~/server/customer-orders/customer-orders.schema'
import { demoIds } from '~/server/db/seed.server'
import { issueOrderDocument } from '~/server/documents/document-issue.server'
import { documents } from '~/server/documents/documents.schema'
import { ConflictError, ForbiddenError, NotFoundError } from '~/server/errors.server'
import { outboxMails } from '~/server/mail/mail.schema'
import type { PaymentsApp } from '~/server/payments/mollie-client.server'
import { setTenantMollieKey } from '~/server/payments/mollie-keys.server'
import {
  processMollieRefunds,
  startMolliePayment,
  syncMolliePayment,
} from '~/server/payments/mollie-payments.server'
import { paymentReturnOf } from '~/server/payments/mollie-return.server'
import {
  molliePaymentEvents,
  molliePayments,
  mollieRefunds,
} from '~/server/payments/payments.schema'
import { createSecretBox } from '~/server/secrets.server'
import { expireLapsedReservations } from '~/server/shop/reservation-expiry.server'
import { stockReservations } from '~/server/stock/stock.schema'
import { resolveTenant, type ShopTenant } from '~/server/tenants.server'
import { businessActorOf, newShopCustomer } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { type FakeMollie, startFakeMollie } from '../support/fake-mollie'
import { placeShopOrder } from '../support/shop-orders'

const appDomain = 'blattwerk.localhost'
const secrets = createSecretBox('m'.repeat(43))
const sonnenKey = 'test_SonnenSonnenSonnenSonnen1234'
const marketKey = 'test_MarktMarktMarktMarktMarkt5678'
const origin = 'http://sonnen-apotheke.blattwerk.localhost:3000'
const burst = 50

describe.each(testDatabaseKinds)('Mollie payments on %s', (kind) => {
  let database: TestDatabase
  let fake: FakeMollie
  let shop: ShopTenant
  let market: ShopTenant
  let customer: ShopActor
  const db = () => database.handle.db
  const app = (config: Partial<PaymentsApp['config']> = {}): PaymentsApp => ({
    db: db(),
    secrets,
    config: {
      PUBLIC_SCHEME: 'https',
      APP_DOMAIN: appDomain,
      PORT: 3000,
      MOLLIE_API_ENDPOINT: fake.apiEndpoint,
      ...config,
    },
  })

  const orderNow = async (id: string) => {
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, id))
    if (!order) throw new Error('order vanished')
    return order
  }
  const paymentsOf = (orderId: string) =>
    db()
      .select()
      .from(molliePayments)
      .where(eq(molliePayments.orderId, orderId))
      .orderBy(asc(molliePayments.attempt))
  const eventsOf = (paymentId: string) =>
    db()
      .select()
      .from(molliePaymentEvents)
      .where(eq(molliePaymentEvents.paymentId, paymentId))
      .orderBy(asc(molliePaymentEvents.createdAt))
  const mailsAbout = (kind: 'payment_received' | 'payment_refunded', orderNumber: string) =>
    db()
      .select()
      .from(outboxMails)
      .where(
        and(eq(outboxMails.kind, kind), sql`${outboxMails.subject} like ${`%${orderNumber}%`}`),
      )
  /** An online order with its first payment started: the order and the fake's payment id. */
  const startedOrder = async (options: { holdMinutes?: number } = {}) => {
    const order = await placeShopOrder(app(), shop, customer, options)
    await startMolliePayment(app(), shop, customer, order.id)
    const [payment] = await paymentsOf(order.id)
    return { order, mollieId: payment?.molliePaymentId as string }
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    fake = await startFakeMollie()
    shop = (await resolveTenant(db(), `sonnen-apotheke.${appDomain}`, appDomain)) as ShopTenant
    market = (await resolveTenant(db(), `apotheke-am-markt.${appDomain}`, appDomain)) as ShopTenant
    await setTenantMollieKey(db(), secrets, 'sonnen-apotheke', sonnenKey, 'test')
    await setTenantMollieKey(db(), secrets, 'apotheke-am-markt', marketKey, 'test')
  })
  afterAll(async () => {
    await fake?.close()
    await database?.dispose()
  })
  // A new account per test: the checkout allows an account ten orders an hour.
  let customerCount = 0
  beforeEach(async () => {
    customerCount += 1
    customer = await newShopCustomer(db(), shop, {
      email: `zahlung.${customerCount}@example.org`,
      name: `Zora Zahler${customerCount}`,
    })
  })

  it('creates a Mollie payment for the order: amount, number, return page, order id, one event', async () => {
    const order = await placeShopOrder(app(), shop, customer, { quantity: 2 })
    const { checkoutUrl } = await startMolliePayment(app(), shop, customer, order.id)
    const [payment] = await paymentsOf(order.id)
    expect(payment).toMatchObject({ attempt: 1, status: 'open', mode: 'test', checkoutUrl })
    const created = fake.payments.get(payment?.molliePaymentId as string)
    expect(created).toMatchObject({
      apiKey: sonnenKey,
      amount: {
        currency: 'EUR',
        value: ((order.grossCents - order.insurerCents) / 100).toFixed(2),
      },
      description: order.number,
      redirectUrl: `${origin}/confirmation/mollie?order=${order.number}`,
      // Mollie cannot reach *.localhost: no webhook, the return page syncs.
      webhookUrl: null,
      metadata: { orderId: order.id },
    })
    expect(checkoutUrl).toBe(`${fake.checkoutBase}/checkout/${created?.id}`)
    expect(await eventsOf(payment?.id as string)).toMatchObject([
      { fromStatus: null, toStatus: 'open', source: 'create' },
    ])

    // On a public domain Mollie gets the tenant's webhook.
    const other = await placeShopOrder(app(), shop, customer)
    await startMolliePayment(app({ APP_DOMAIN: 'blattwerk.de' }), shop, customer, other.id)
    const [publicPayment] = fake.paymentsOfOrder(other.id)
    expect(publicPayment?.webhookUrl).toBe(
      'https://sonnen-apotheke.blattwerk.de/api/webhooks/mollie',
    )
  })

  it(`${burst} parallel starts (a double click and more) create one Mollie payment`, async () => {
    const order = await placeShopOrder(app(), shop, customer)
    const before = fake.creations()
    const results = await Promise.all(
      Array.from({ length: burst }, () => startMolliePayment(app(), shop, customer, order.id)),
    )
    expect(fake.creations() - before).toBe(1)
    expect(new Set(results.map((result) => result.checkoutUrl)).size).toBe(1)
    const payments = await paymentsOf(order.id)
    expect(payments).toHaveLength(1)
    expect(await eventsOf(payments[0]?.id as string)).toHaveLength(1)
  })

  it('refuses other shop users, other payment methods, lapsed holds and shops without a key', async () => {
    const order = await placeShopOrder(app(), shop, customer)
    const stranger: ShopActor = {
      ...customer,
      user: { ...customer.user, id: crypto.randomUUID() },
    }
    await expect(startMolliePayment(app(), shop, stranger, order.id)).rejects.toThrow(NotFoundError)
    await expect(startMolliePayment(app(), market, customer, order.id)).rejects.toThrow(
      ForbiddenError,
    )
    const transfer = await placeShopOrder(app(), shop, customer, { paymentMethod: 'bank_transfer' })
    await expect(startMolliePayment(app(), shop, customer, transfer.id)).rejects.toThrow(
      ConflictError,
    )
    const lapsed = await placeShopOrder(app(), shop, customer, { holdMinutes: -1 })
    await expect(startMolliePayment(app(), shop, customer, lapsed.id)).rejects.toThrow(/abgelaufen/)
    await setTenantMollieKey(db(), secrets, 'apotheke-am-markt', null, 'test')
    await expect(startMolliePayment(app(), market, customer, order.id)).rejects.toThrow(
      ForbiddenError,
    )
    await setTenantMollieKey(db(), secrets, 'apotheke-am-markt', marketKey, 'test')
    expect(await paymentsOf(transfer.id)).toHaveLength(0)
    expect(await paymentsOf(lapsed.id)).toHaveLength(0)
  })

  it('a paid webhook replayed 10 times changes the state once and sends one mail', async () => {
    const { order, mollieId } = await startedOrder()
    fake.setStatus(mollieId, 'paid')
    const results = await Promise.all(
      Array.from({ length: 10 }, () => syncMolliePayment(app(), mollieId, 'webhook')),
    )
    expect(results.every((status) => status === 'paid')).toBe(true)
    const paid = await orderNow(order.id)
    expect(paid).toMatchObject({ paymentStatus: 'paid', expiresAt: null })
    const [payment] = await paymentsOf(order.id)
    expect((await eventsOf(payment?.id as string)).map((event) => event.toStatus)).toEqual([
      'open',
      'paid',
    ])
    expect(await mailsAbout('payment_received', order.number)).toHaveLength(1)
    const changes = await db()
      .select()
      .from(customerOrderEvents)
      .where(
        and(
          eq(customerOrderEvents.orderId, order.id),
          eq(customerOrderEvents.kind, 'payment_changed'),
        ),
      )
    expect(changes).toHaveLength(1)
    // The hold became permanent: the reservations no longer lapse.
    const held = await db()
      .select({ expiresAt: stockReservations.expiresAt })
      .from(stockReservations)
      .where(eq(stockReservations.sourceId, order.id))
    expect(held.length).toBeGreaterThan(0)
    expect(held.every((row) => row.expiresAt === null)).toBe(true)
    // A paid order is not paid again.
    await expect(startMolliePayment(app(), shop, customer, order.id)).rejects.toThrow(
      /bereits bezahlt/,
    )
  })

  it("another tenant's payment id, an unknown and a malformed id change nothing and fetch nothing", async () => {
    const { order, mollieId } = await startedOrder()
    fake.setStatus(mollieId, 'paid')
    const reads = fake.paymentReads()
    expect(
      await syncMolliePayment(app(), mollieId, 'webhook', {
        tenantId: demoIds.tenantMarketPharmacy,
      }),
    ).toBeNull()
    expect(await syncMolliePayment(app(), 'tr_unknown12345', 'webhook')).toBeNull()
    expect(await syncMolliePayment(app(), "tr_'; drop table", 'webhook')).toBeNull()
    expect(fake.paymentReads()).toBe(reads)
    expect((await orderNow(order.id)).paymentStatus).toBe('unpaid')
    const [payment] = await paymentsOf(order.id)
    expect(payment?.status).toBe('open')
  })

  it('out of order: a stale pending after paid ends in paid', async () => {
    const { order, mollieId } = await startedOrder()
    fake.setStatus(mollieId, 'paid')
    await syncMolliePayment(app(), mollieId, 'webhook')
    fake.setStatus(mollieId, 'pending')
    expect(await syncMolliePayment(app(), mollieId, 'return_page')).toBe('paid')
    expect((await orderNow(order.id)).paymentStatus).toBe('paid')
    const [payment] = await paymentsOf(order.id)
    expect(payment?.status).toBe('paid')
    expect((await eventsOf(payment?.id as string)).map((event) => event.toStatus)).toEqual([
      'open',
      'paid',
    ])
  })

  it('pending extends the hold to 30 minutes from now, reservations included', async () => {
    const { order, mollieId } = await startedOrder({ holdMinutes: 5 })
    fake.setStatus(mollieId, 'pending')
    await syncMolliePayment(app(), mollieId, 'webhook')
    const pending = await orderNow(order.id)
    expect(pending.paymentStatus).toBe('pending')
    const minutes = ((pending.expiresAt?.getTime() ?? 0) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(29)
    expect(minutes).toBeLessThanOrEqual(30)
    const held = await db()
      .select({ expiresAt: stockReservations.expiresAt })
      .from(stockReservations)
      .where(eq(stockReservations.sourceId, order.id))
    expect(held.every((row) => row.expiresAt?.getTime() === pending.expiresAt?.getTime())).toBe(
      true,
    )
    // Pending is being paid: no second payment meanwhile.
    await expect(startMolliePayment(app(), shop, customer, order.id)).rejects.toThrow(ConflictError)
  })

  it('a failed payment can be paid again: attempt 2 with its own idempotency key', async () => {
    const { order, mollieId } = await startedOrder()
    fake.setStatus(mollieId, 'failed')
    await syncMolliePayment(app(), mollieId, 'return_page')
    expect((await orderNow(order.id)).paymentStatus).toBe('failed')
    const before = fake.creations()
    const again = await startMolliePayment(app(), shop, customer, order.id)
    expect(fake.creations() - before).toBe(1)
    const payments = await paymentsOf(order.id)
    expect(payments.map((payment) => [payment.attempt, payment.status])).toEqual([
      [1, 'failed'],
      [2, 'open'],
    ])
    expect(again.checkoutUrl).toBe(payments[1]?.checkoutUrl)
    expect(payments[1]?.molliePaymentId).not.toBe(mollieId)
    expect((await orderNow(order.id)).paymentStatus).toBe('unpaid')
    // The first attempt's late news no longer speaks for the order.
    fake.setStatus(payments[1]?.molliePaymentId as string, 'paid')
    await syncMolliePayment(app(), payments[1]?.molliePaymentId as string, 'webhook')
    expect((await orderNow(order.id)).paymentStatus).toBe('paid')
  })

  it('the expiry job ends an unpaid online order after its hold; money arriving later is refunded', async () => {
    const { order, mollieId } = await startedOrder()
    await db()
      .update(customerOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerOrders.id, order.id))
    await expireLapsedReservations(db())
    const expired = await orderNow(order.id)
    expect(expired.status).toBe('expired')
    const [event] = await db()
      .select()
      .from(customerOrderEvents)
      .where(
        and(eq(customerOrderEvents.orderId, order.id), eq(customerOrderEvents.kind, 'expired')),
      )
    expect(event?.detail).toBe('Zahlung nicht abgeschlossen')
    await expect(startMolliePayment(app(), shop, customer, order.id)).rejects.toThrow(ConflictError)

    fake.setStatus(mollieId, 'paid')
    await syncMolliePayment(app(), mollieId, 'webhook')
    expect((await orderNow(order.id)).paymentStatus).toBe('paid')
    const [payment] = await paymentsOf(order.id)
    const [refund] = await db()
      .select()
      .from(mollieRefunds)
      .where(eq(mollieRefunds.paymentId, payment?.id as string))
    expect(refund).toMatchObject({ status: 'queued', amountCents: payment?.amountCents })
  })

  it('cancelling a paid order refunds it through Mollie: queued, sent once, refunded once', async () => {
    const { order, mollieId } = await startedOrder()
    fake.setStatus(mollieId, 'paid')
    await syncMolliePayment(app(), mollieId, 'webhook')
    const pharmacist = await businessActorOf(db(), demoIds.userPharmacyOwner)
    const paid = await orderNow(order.id)
    await cancelCustomerOrder(
      pharmacist,
      order.id,
      { version: paid.version, reason: 'Rezept ungültig' },
      db(),
    )
    const [payment] = await paymentsOf(order.id)
    const refundOf = async () => {
      const [refund] = await db()
        .select()
        .from(mollieRefunds)
        .where(eq(mollieRefunds.paymentId, payment?.id as string))
      return refund
    }
    expect(await refundOf()).toMatchObject({ status: 'queued', mollieRefundId: null })

    await Promise.all([processMollieRefunds(app()), processMollieRefunds(app())])
    const refundsAtMollie = [...fake.refunds.values()].filter(
      (refund) => refund.paymentId === mollieId,
    )
    expect(refundsAtMollie).toHaveLength(1)
    const sent = await refundOf()
    expect(sent?.mollieRefundId).toMatch(/^re_/)
    expect(sent?.status).toBe('pending')
    expect((await orderNow(order.id)).paymentStatus).toBe('paid')

    // Mollie calls the payment's webhook when the refund is done, maybe more than once.
    fake.setRefundStatus(sent?.mollieRefundId as string, 'refunded')
    await syncMolliePayment(app(), mollieId, 'webhook')
    await syncMolliePayment(app(), mollieId, 'webhook')
    expect(await refundOf()).toMatchObject({ status: 'refunded' })
    expect(await orderNow(order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    })
    expect(await mailsAbout('payment_refunded', order.number)).toHaveLength(1)
  })

  it("a refund of a ready, invoiced order issues the invoice's cancellation invoice once", async () => {
    const { order, mollieId } = await startedOrder()
    fake.setStatus(mollieId, 'paid')
    await syncMolliePayment(app(), mollieId, 'webhook')
    const pharmacist = await businessActorOf(db(), demoIds.userPharmacyOwner)
    const versionOf = async () => (await orderNow(order.id)).version
    await recordPrescription(
      pharmacist,
      order.id,
      {
        version: await versionOf(),
        payer: 'self_pay',
        form: 'paper',
        prescriberName: 'Dr. med. Felix Hartmann',
        issuedOn: new Date().toISOString().slice(0, 10),
        dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
      },
      db(),
    )
    await checkPrescription(pharmacist, order.id, { version: await versionOf() }, db())
    for (const action of ['confirm', 'markReady'] as const) {
      await customerOrderActionServices[action](
        pharmacist,
        order.id,
        { version: await versionOf() },
        db(),
      )
    }
    // Paid online, not picked up yet: an advance invoice (ADR 055).
    const invoice = await issueOrderDocument(pharmacist, order.id, 'invoice', db(), new Date(), {
      advance: true,
    })
    await cancelCustomerOrder(
      pharmacist,
      order.id,
      { version: await versionOf(), reason: 'Patientin verzichtet' },
      db(),
    )
    const cancellationsOf = () =>
      db()
        .select()
        .from(documents)
        .where(and(eq(documents.orderId, order.id), eq(documents.kind, 'cancellation_invoice')))
    // The Storno waits for the money to be back.
    expect(await cancellationsOf()).toHaveLength(0)

    await processMollieRefunds(app())
    const [refund] = [...fake.refunds.values()].filter((entry) => entry.paymentId === mollieId)
    fake.setRefundStatus(refund?.id as string, 'refunded')
    await Promise.all([
      syncMolliePayment(app(), mollieId, 'webhook'),
      syncMolliePayment(app(), mollieId, 'webhook'),
    ])
    expect(await orderNow(order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    })
    const cancellations = await cancellationsOf()
    expect(cancellations).toHaveLength(1)
    expect(cancellations[0]).toMatchObject({
      cancelsDocumentId: invoice.id,
      grossCents: -order.grossCents,
    })
    expect(await mailsAbout('payment_refunded', order.number)).toHaveLength(1)
  })

  it('the return page syncs an open payment, shows only the server state and offers to pay again', async () => {
    const { order, mollieId } = await startedOrder()
    const view = () => paymentReturnOf(app(), shop, customer, { order: order.number })
    expect(await view()).toMatchObject({
      outcome: 'open',
      canPayAgain: false,
      number: order.number,
    })
    fake.setStatus(mollieId, 'canceled')
    expect(await view()).toMatchObject({ outcome: 'unsuccessful', canPayAgain: true })
    expect((await orderNow(order.id)).paymentStatus).toBe('failed')
    await startMolliePayment(app(), shop, customer, order.id)
    const [, second] = await paymentsOf(order.id)
    fake.setStatus(second?.molliePaymentId as string, 'paid')
    const paid = await view()
    expect(paid).toMatchObject({ outcome: 'paid', orderId: order.id })
    expect(paid.items.length).toBeGreaterThan(0)
    // Someone else's order, or an unknown number, is not found.
    const stranger: ShopActor = { ...customer, user: { ...customer.user, id: crypto.randomUUID() } }
    await expect(paymentReturnOf(app(), shop, stranger, { order: order.number })).rejects.toThrow(
      NotFoundError,
    )
    await expect(
      paymentReturnOf(app(), shop, customer, { order: 'AU-1999-99999' }),
    ).rejects.toThrow(NotFoundError)
  })
})

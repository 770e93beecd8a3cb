import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConfiguratorProduct } from '~/lib/prescription-configurator'
import { type ShopActor, visitorActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import {
  customerOrderEvents,
  customerOrderItems,
  customerOrders,
} from '~/server/customer-orders/customer-orders.schema'
import { customers } from '~/server/customers/customers.schema'
import { tenants } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import {
  ConflictError,
  type DomainError,
  InvalidError,
  NotFoundError,
} from '~/server/errors.server'
import { organisationProducts } from '~/server/products/products.schema'
import { configuratorProducts } from '~/server/shop/configurator-products.server'
import { prescriptionSample } from '~/server/shop/prescription-sample.server'
import { expireLapsedReservations } from '~/server/shop/reservation-expiry.server'
import { getReservationConfirmation, reservePrescription } from '~/server/shop/reservations.server'
import { stockReservations } from '~/server/stock/stock.schema'
import { resolveTenant, type Tenant } from '~/server/tenants.server'
import { shopActorOf } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const appDomain = 'blattwerk.localhost'
const burst = 50

describe.each(testDatabaseKinds)('shop reservations on %s', (kind) => {
  let database: TestDatabase
  let shop: Tenant
  let shopCustomer: ShopActor
  /** A visible flower with stock: every test reserves one gram of it unless it says otherwise. */
  let flower: ConfiguratorProduct
  const db = () => database.handle.db
  let addressCounter = 0
  /** Each test reserves from its own client addresses, so the hourly limit of one never bites another. */
  const freshAddress = () => `203.0.113.${++addressCounter}`
  let emailCounter = 0
  const freshGuest = () => ({
    name: 'Erika Mustermann',
    email: `erika.${++emailCounter}@example.org`,
    phone: '+49 30 555 0101',
  })

  const flowerConfiguration = (fields: Record<string, unknown> = {}) => ({
    produkt: flower.id,
    menge: 1,
    form: 'zerkleinert',
    ed: 0.05,
    td: 0.15,
    ...fields,
  })
  const reserveAsGuest = (
    options: { configuration?: Record<string, unknown>; guest?: object; address?: string } = {},
  ) =>
    reservePrescription(
      db(),
      shop,
      visitorActor(),
      {
        configuration: options.configuration ?? flowerConfiguration(),
        guest: options.guest ?? freshGuest(),
      },
      options.address ?? freshAddress(),
    )
  const settled = <T>(attempts: Promise<T>[]) => Promise.allSettled(attempts)
  const rejectedWith = (
    results: PromiseSettledResult<unknown>[],
    type: abstract new (...args: never[]) => DomainError,
  ) =>
    results.filter((result) => result.status === 'rejected' && result.reason instanceof type).length
  const fulfilled = (results: PromiseSettledResult<unknown>[]) =>
    results.filter((result) => result.status === 'fulfilled').length

  const productNow = async (id: string) => {
    const [product] = await configuratorProducts(db(), shop as never, [id])
    if (!product) throw new Error('product vanished')
    return product
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    shop = (await resolveTenant(db(), `sonnen-apotheke.${appDomain}`, appDomain)) as Tenant
    shopCustomer = await shopActorOf(db())
    const products = await configuratorProducts(db(), shop as never)
    const candidate = products.find(
      (product) =>
        product.category === 'flower' &&
        product.baseUnitsPerSalesUnit === 1000 &&
        product.orderStep === 1 &&
        product.availableSalesUnits >= 20,
    )
    if (!candidate) throw new Error('no flower with stock in the demo shop')
    flower = candidate
  })
  afterAll(async () => {
    await database?.dispose()
  })
  it('a guest reservation creates a shop reservation order that holds the stock for 72 hours', async () => {
    const before = await productNow(flower.id)
    const guest = freshGuest()
    const { id, number } = await reserveAsGuest({
      configuration: flowerConfiguration({ menge: 3 }),
      guest,
    })
    expect(number).toMatch(/^AU-\d{4}-\d{5}$/)
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, id))
    expect(order).toMatchObject({
      channel: 'shop',
      type: 'reservation',
      status: 'new',
      tenantId: shop.id,
      organisationId: shop.organisationId,
    })
    const hours = ((order?.expiresAt?.getTime() ?? 0) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(71.9)
    expect(hours).toBeLessThanOrEqual(72)
    expect(order?.note).toMatch(/^Rp\. Cannabisblüten „.+“ .* 3 g, zerkleinert/)
    const items = await db()
      .select()
      .from(customerOrderItems)
      .where(eq(customerOrderItems.orderId, id))
    expect(items).toMatchObject([
      { organisationProductId: flower.id, quantity: 3, requiresPrescription: true },
    ])
    const held = await db()
      .select({ quantity: stockReservations.quantity, expiresAt: stockReservations.expiresAt })
      .from(stockReservations)
      .where(eq(stockReservations.sourceId, id))
    expect(held.reduce((sum, row) => sum + row.quantity, 0)).toBe(3000)
    expect(held.every((row) => row.expiresAt?.getTime() === order?.expiresAt?.getTime())).toBe(true)
    expect((await productNow(flower.id)).availableSalesUnits).toBe(before.availableSalesUnits - 3)

    const [customer] = await db()
      .select()
      .from(customers)
      .where(eq(customers.id, order?.customerId as string))
    expect(customer).toMatchObject({
      kind: 'patient',
      firstName: 'Erika',
      lastName: 'Mustermann',
      email: guest.email,
      phone: guest.phone,
    })
    // The same guest again: the same customer, no second one.
    const again = await reserveAsGuest({ guest })
    const [second] = await db().select().from(customerOrders).where(eq(customerOrders.id, again.id))
    expect(second?.customerId).toBe(customer?.id)

    const [event] = await db()
      .select()
      .from(customerOrderEvents)
      .where(eq(customerOrderEvents.orderId, id))
    expect(event).toMatchObject({ kind: 'created', toStatus: 'new', actorKind: 'visitor' })
    const confirmation = await getReservationConfirmation(db(), shop, id)
    expect(confirmation).toMatchObject({ number, status: 'new', productName: flower.name })
    expect(confirmation.pharmacy.name).toBe('Sonnen-Apotheke')
  })

  it('a logged-in shop customer reserves for their customer, created and linked once', async () => {
    const results = await settled(
      Array.from({ length: 3 }, () =>
        reservePrescription(
          db(),
          shop,
          shopCustomer,
          { configuration: flowerConfiguration() },
          freshAddress(),
        ),
      ),
    )
    expect(fulfilled(results)).toBe(3)
    const linked = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.shopUserId, shopCustomer.user.id))
    expect(linked).toHaveLength(1)
    const orders = await db()
      .select({ customerId: customerOrders.customerId })
      .from(customerOrders)
      .where(
        and(
          eq(customerOrders.channel, 'shop'),
          eq(customerOrders.type, 'reservation'),
          eq(customerOrders.customerId, linked[0]?.id as string),
        ),
      )
    // The demo patient's shop orders (seed) are orders, not reservations.
    expect(orders).toHaveLength(3)
    // Its fourth open reservation is one too many.
    await expect(
      reservePrescription(
        db(),
        shop,
        shopCustomer,
        { configuration: flowerConfiguration() },
        freshAddress(),
      ),
    ).rejects.toBeInstanceOf(ConflictError)
  })

  it('checks the configuration again: incomplete, no guest, not of this shop, not a shop', async () => {
    await expect(
      reserveAsGuest({ configuration: flowerConfiguration({ ed: undefined, td: undefined }) }),
    ).rejects.toMatchObject({ extra: { errors: { singleDose: expect.any(String) } } })
    await expect(
      reservePrescription(
        db(),
        shop,
        visitorActor(),
        { configuration: flowerConfiguration() },
        freshAddress(),
      ),
    ).rejects.toBeInstanceOf(InvalidError)
    await expect(
      reserveAsGuest({ configuration: flowerConfiguration({ produkt: undefined, name: 'Frei' }) }),
    ).rejects.toBeInstanceOf(InvalidError)
    await expect(
      reserveAsGuest({ guest: { name: 'Erika', email: 'kein-at', phone: 'x' } }),
    ).rejects.toBeInstanceOf(InvalidError)

    // A product of another tenant, by id: not found here.
    const [foreign] = await db()
      .select({ id: organisationProducts.id })
      .from(organisationProducts)
      .innerJoin(tenants, eq(tenants.organisationId, organisationProducts.organisationId))
      .where(eq(tenants.id, demoIds.tenantMarketPharmacy))
      .limit(1)
    expect(foreign).toBeDefined()
    await expect(
      reserveAsGuest({ configuration: flowerConfiguration({ produkt: foreign?.id }) }),
    ).rejects.toBeInstanceOf(NotFoundError)

    // A club's host gets no reservation, even with a shop config.
    await db()
      .update(tenants)
      .set({ config: sql`(select config from tenants where id = ${shop.id})` })
      .where(eq(tenants.id, demoIds.tenantClub))
    const club = await resolveTenant(
      db(),
      `${await slugOf(demoIds.tenantClub)}.${appDomain}`,
      appDomain,
    )
    expect(club?.config).not.toBeNull()
    expect(club?.hasShop).toBe(false)
    await expect(
      reservePrescription(
        db(),
        club,
        visitorActor(),
        { configuration: flowerConfiguration(), guest: freshGuest() },
        freshAddress(),
      ),
    ).rejects.toBeInstanceOf(NotFoundError)
    // Nor a sample prescription; the shop's host gets one.
    await expect(
      prescriptionSample(db(), club, new URLSearchParams({ produkt: flower.id })),
    ).rejects.toBeInstanceOf(NotFoundError)
    const sample = await prescriptionSample(
      db(),
      shop,
      new URLSearchParams({ produkt: flower.id, menge: '30' }),
    )
    expect(new TextDecoder().decode(sample.slice(0, 5))).toBe('%PDF-')
    await expect(
      reservePrescription(
        db(),
        null,
        visitorActor(),
        { configuration: flowerConfiguration(), guest: freshGuest() },
        freshAddress(),
      ),
    ).rejects.toBeInstanceOf(NotFoundError)
  })

  const slugOf = async (tenantId: string) => {
    const [row] = await db()
      .select({ slug: tenants.slug })
      .from(tenants)
      .where(eq(tenants.id, tenantId))
    return row?.slug as string
  }

  it(`${burst} parallel guest reservations from one address: 5 pass, the rest 429`, async () => {
    const address = freshAddress()
    const results = await settled(Array.from({ length: burst }, () => reserveAsGuest({ address })))
    expect(fulfilled(results)).toBe(5)
    const refused = results.filter(
      (result) => result.status === 'rejected' && (result.reason as DomainError).status === 429,
    )
    expect(refused).toHaveLength(burst - 5)
  })

  it(`${burst} parallel reservations for one e-mail address: 3 open at most`, async () => {
    const guest = freshGuest()
    const results = await settled(Array.from({ length: burst }, () => reserveAsGuest({ guest })))
    expect(fulfilled(results)).toBe(3)
    expect(rejectedWith(results, ConflictError)).toBe(burst - 3)
    const ofGuest = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(eq(sql`lower(${customers.email})`, guest.email))
    expect(ofGuest).toHaveLength(1)
  })

  it(`${burst} parallel reservations over the maximum per order: none`, async () => {
    await db()
      .update(organisationProducts)
      .set({ maxOrderQuantity: 5 })
      .where(eq(organisationProducts.id, flower.id))
    const before = await productNow(flower.id)
    const results = await settled(
      Array.from({ length: burst }, () =>
        reserveAsGuest({ configuration: flowerConfiguration({ menge: 6 }) }),
      ),
    )
    expect(rejectedWith(results, InvalidError)).toBe(burst)
    expect((results[0] as PromiseRejectedResult).reason.extra.errors).toEqual({
      amount: 'Reservieren lassen sich höchstens 5 g je Bestellung.',
    })
    expect((await productNow(flower.id)).availableSalesUnits).toBe(before.availableSalesUnits)
  })

  it(`${burst} parallel reservations never hold more than is available`, async () => {
    const before = await productNow(flower.id)
    const each = Math.max(1, Math.min(5, Math.ceil(before.availableSalesUnits / 20)))
    const results = await settled(
      Array.from({ length: burst }, () =>
        reserveAsGuest({ configuration: flowerConfiguration({ menge: each }) }),
      ),
    )
    const expected = Math.min(burst, Math.floor(before.availableSalesUnits / each))
    expect(fulfilled(results)).toBe(expected)
    expect(rejectedWith(results, ConflictError)).toBe(burst - expected)
    expect((await productNow(flower.id)).availableSalesUnits).toBe(
      before.availableSalesUnits - expected * each,
    )
  })

  it('the expiry job, run by two workers at once, expires each lapsed hold exactly once', async () => {
    await db()
      .update(organisationProducts)
      .set({ maxOrderQuantity: null })
      .where(eq(organisationProducts.id, flower.id))
    // Whatever earlier tests reserved is given back first, so the pass below sees only its own.
    await db()
      .update(customerOrders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(customerOrders.channel, 'shop'), eq(customerOrders.status, 'new')))
    await expireLapsedReservations(db())

    const before = await productNow(flower.id)
    const ids: string[] = []
    for (let index = 0; index < 25; index++) ids.push((await reserveAsGuest()).id)
    const open = await reserveAsGuest()
    expect((await productNow(flower.id)).availableSalesUnits).toBe(before.availableSalesUnits - 26)
    await db()
      .update(customerOrders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(inArray(customerOrders.id, ids))
    await db()
      .update(stockReservations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(inArray(stockReservations.sourceId, ids))

    const [first, second] = await Promise.all([
      expireLapsedReservations(db()),
      expireLapsedReservations(db()),
    ])
    expect((first ?? 0) + (second ?? 0)).toBe(25)
    const statuses = await db()
      .select({ status: customerOrders.status })
      .from(customerOrders)
      .where(inArray(customerOrders.id, ids))
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(['expired']))
    const events = await db()
      .select({ orderId: customerOrderEvents.orderId })
      .from(customerOrderEvents)
      .where(
        and(inArray(customerOrderEvents.orderId, ids), eq(customerOrderEvents.kind, 'expired')),
      )
    expect(events).toHaveLength(25)
    expect(new Set(events.map((event) => event.orderId)).size).toBe(25)
    const audits = await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'customer_order.expired'), inArray(auditEvents.entityId, ids)),
      )
    expect(audits).toHaveLength(25)
    expect((await productNow(flower.id)).availableSalesUnits).toBe(before.availableSalesUnits - 1)
    // The one still within its 72 hours stays.
    const [kept] = await db()
      .select({ status: customerOrders.status })
      .from(customerOrders)
      .where(eq(customerOrders.id, open.id))
    expect(kept?.status).toBe('new')
    expect(await expireLapsedReservations(db())).toBe(0)
  })
})

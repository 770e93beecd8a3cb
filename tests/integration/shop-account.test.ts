import { and, desc, eq, isNull } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerOrderStatusLabels, orderTypeLabels } from '~/lib/customer-orders'
import { readableShopAccountExport } from '~/lib/data-export'
import { salesUnitLabels } from '~/lib/products'
import { customerCancelReason } from '~/lib/shop-account'
import { emailChangeRequestedMessage, openOrdersBlockDeletionMessage } from '~/lib/shop-accounts'
import type { ShopActor } from '~/server/actor.server'
import { getActiveShopUser, loginShopUser } from '~/server/auth.server'
import { setCustomerOrderPayment } from '~/server/customer-orders/customer-order-transitions.server'
import {
  customerOrderEvents,
  customerOrders,
} from '~/server/customer-orders/customer-orders.schema'
import { customers } from '~/server/customers/customers.schema'
import { authSessions, shopUsers } from '~/server/db/schema'
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
} from '~/server/errors.server'
import { createMailTransport, deliverDueMails } from '~/server/mail/outbox.server'
import { verifyPassword } from '~/server/password.server'
import { configuratorProducts } from '~/server/shop/configurator-products.server'
import { reservePrescription } from '~/server/shop/reservations.server'
import {
  cancelShopOrder,
  getShopOrder,
  listShopOrders,
} from '~/server/shop-accounts/shop-account-orders.server'
import {
  changeShopPassword,
  deleteShopAccount,
  exportShopAccount,
  getShopAccountOverview,
  getShopProfile,
  updateShopProfile,
} from '~/server/shop-accounts/shop-account-profile.server'
import { shopAddresses } from '~/server/shop-accounts/shop-accounts.schema'
import {
  type AccountRequest,
  confirmEmailChange,
  confirmRegistration,
  registerShopUser,
  requestEmailChange,
  tokenMessages,
} from '~/server/shop-accounts/shop-accounts.server'
import { stockReservations } from '~/server/stock/stock.schema'
import { findTenantBySlug, isShopTenant, type ShopTenant } from '~/server/tenants.server'
import { demoActors } from '../support/actors'
import {
  authDepsFor,
  createSeededDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../support/databases'
import { type CapturedMail, type MailCapture, startMailCapture } from '../support/mail-capture'

const password = 'ein-gutes-passwort-2026'
const burst = 50

const tokenOf = (mail: CapturedMail) => {
  const match = mail.text.match(/\/confirmation\/([A-Za-z0-9_-]{43})/)
  if (!match?.[1]) throw new Error(`no confirmation link in: ${mail.text}`)
  return match[1]
}

describe.each(testDatabaseKinds)('shop customer account on %s', (kind) => {
  let database: TestDatabase
  let capture: MailCapture
  let sonnen: ShopTenant
  let markt: ShopTenant
  let deps: Awaited<ReturnType<typeof authDepsFor>>
  let actors: Awaited<ReturnType<typeof demoActors>>
  let flowerId: string
  const db = () => database.handle.db
  const silent = pino({ level: 'silent' })
  let counter = 0
  const nextIp = () => `203.0.113.${(++counter % 250) + 1}`
  const requestOf = (shop: ShopTenant): AccountRequest => ({
    shop,
    origin: `https://${shop.slug}.blattwerk.de`,
    ip: nextIp(),
  })
  const mailTo = async (to: string, subject: string) => {
    await deliverDueMails(
      {
        db: db(),
        transport: createMailTransport({
          smtpUrl: capture.url,
          appDomain: 'blattwerk.de',
          logger: silent,
        }),
        logger: silent,
      },
      { limit: 200 },
    )
    return capture.waitFor((mail) => mail.to.includes(to) && mail.subject.startsWith(subject))
  }
  const shop = async (slug: string) => {
    const tenant = await findTenantBySlug(db(), slug)
    if (!isShopTenant(tenant)) throw new Error(`${slug} has no shop`)
    return tenant
  }
  const logIn = (tenant: ShopTenant, email: string, secret = password) =>
    loginShopUser(deps, { email, password: secret }, tenant, {
      ip: nextIp(),
      userAgent: 'test',
    } as never)

  /** A confirmed shop customer of `tenant`, logged in once; the actor carries that session. */
  async function newCustomer(tenant: ShopTenant, name = 'Rita Rezept'): Promise<ShopActor> {
    const email = `kunde.${++counter}.${kind}@example.org`
    await registerShopUser(db(), requestOf(tenant), {
      name,
      email,
      password,
      birthDate: '1990-04-12',
      phone: '+49 30 555 0101',
      privacyConsent: true,
    })
    await confirmRegistration(
      deps,
      tenant,
      tokenOf(await mailTo(email, 'Bitte bestätigen Sie Ihre Registrierung')),
    )
    const { user } = await logIn(tenant, email)
    const [session] = await db()
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.subjectId, user.id))
      .orderBy(desc(authSessions.createdAt))
    const active = await getActiveShopUser(db(), user.id)
    if (!active || !session) throw new Error('new customer missing')
    return { kind: 'shop', user: active, tenant, sessionId: session.id, requestId: null }
  }

  const reserve = (actor: ShopActor, grams = 1) =>
    reservePrescription(
      db(),
      actor.tenant,
      actor,
      {
        configuration: { produkt: flowerId, menge: grams, form: 'zerkleinert', ed: 0.05, td: 0.15 },
      },
      nextIp(),
    )

  const settledCount = (
    results: PromiseSettledResult<unknown>[],
    type?: abstract new (...args: never[]) => DomainError,
  ) =>
    results.filter((result) =>
      type
        ? result.status === 'rejected' && result.reason instanceof type
        : result.status === 'fulfilled',
    ).length

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    capture = await startMailCapture()
    deps = await authDepsFor(database)
    sonnen = await shop('sonnen-apotheke')
    markt = await shop('apotheke-am-markt')
    actors = await demoActors(db())
    const products = await configuratorProducts(db(), sonnen)
    const flower = products.find(
      (product) =>
        product.category === 'flower' &&
        product.baseUnitsPerSalesUnit === 1000 &&
        product.orderStep === 1 &&
        product.availableSalesUnits >= 20,
    )
    if (!flower) throw new Error('no flower with stock in the demo shop')
    flowerId = flower.id
  })
  afterAll(async () => {
    await capture?.close()
    await database?.dispose()
  })

  it('refuses business users and other callers', async () => {
    const order = await reserve(await newCustomer(sonnen))
    for (const call of [
      () => listShopOrders(actors.pharmacyOwner, 1, db()),
      () => getShopOrder(actors.pharmacyOwner, order.id, db()),
      () => cancelShopOrder(actors.pharmacyStaff, order.id, db()),
      () => getShopProfile(actors.admin, db()),
      () => exportShopAccount(actors.pharmacyOwner, db()),
      () => deleteShopAccount(actors.pharmacyOwner, db()),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(ForbiddenError)
    }
  })

  it('lists only the own orders of this shop, newest first, paged; others are 404', async () => {
    const rita = await newCustomer(sonnen)
    const other = await newCustomer(sonnen, 'Otto Anders')
    const first = await reserve(rita)
    const second = await reserve(rita)
    const foreign = await reserve(other)

    const list = await listShopOrders(rita, 1, db())
    expect(list.total).toBe(2)
    expect(list.items.map((row) => row.number)).toEqual([second.number, first.number])
    expect(list.items[0]).toMatchObject({ type: 'reservation', status: 'new', itemCount: 1 })
    const paged = await listShopOrders(rita, 2, db(), 1)
    expect(paged).toMatchObject({ page: 2, total: 2, items: [{ number: first.number }] })
    expect((await listShopOrders(rita, 99, db(), 1)).page).toBe(2)

    await expect(getShopOrder(rita, foreign.id, db())).rejects.toBeInstanceOf(NotFoundError)
    await expect(cancelShopOrder(rita, foreign.id, db())).rejects.toBeInstanceOf(NotFoundError)
    await expect(getShopOrder(rita, 'not-a-uuid', db())).rejects.toBeInstanceOf(NotFoundError)

    // The same customer row seen from another shop's host: not this shop's order.
    const elsewhere: ShopActor = { ...rita, tenant: markt }
    await expect(getShopOrder(elsewhere, first.id, db())).rejects.toBeInstanceOf(NotFoundError)
    expect((await listShopOrders(elsewhere, 1, db())).total).toBe(0)

    const detail = await getShopOrder(rita, first.id, db())
    expect(detail).toMatchObject({ number: first.number, canCancel: true, invoice: null })
    expect(detail.items).toHaveLength(1)
    expect(detail.timeline.map((entry) => entry.text)).toEqual(['Reservierung eingegangen'])
    expect(JSON.stringify(detail.timeline)).not.toMatch(/actor|Kunde \(/)

    const overview = await getShopAccountOverview(rita, db())
    expect(overview.recentOrders.map((row) => row.number)).toEqual([second.number, first.number])
    expect(overview.profile.name).toBe('Rita Rezept')
  })

  it('cancels a new unpaid order once under parallel requests and releases its stock', async () => {
    const rita = await newCustomer(sonnen)
    const order = await reserve(rita, 2)
    const results = await Promise.allSettled(
      Array.from({ length: burst }, () => cancelShopOrder(rita, order.id, db())),
    )
    expect(settledCount(results)).toBe(1)
    expect(settledCount(results, ConflictError)).toBe(burst - 1)

    const [row] = await db().select().from(customerOrders).where(eq(customerOrders.id, order.id))
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelReason: customerCancelReason,
      cancelledByOrganisationId: null,
    })
    const events = await db()
      .select()
      .from(customerOrderEvents)
      .where(
        and(eq(customerOrderEvents.orderId, order.id), eq(customerOrderEvents.kind, 'cancelled')),
      )
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ actorKind: 'shop_user', actorId: rita.user.id })
    const held = await db()
      .select()
      .from(stockReservations)
      .where(and(eq(stockReservations.sourceId, order.id), isNull(stockReservations.releasedAt)))
    expect(held).toHaveLength(0)
    const detail = await getShopOrder(rita, order.id, db())
    expect(detail.canCancel).toBe(false)
    expect(detail.timeline.at(-1)?.text).toBe(`Storniert: ${customerCancelReason}`)
  })

  it('refuses to cancel what the pharmacy has confirmed or what is paid', async () => {
    const rita = await newCustomer(sonnen)
    const order = await reserve(rita)
    await db()
      .update(customerOrders)
      .set({ paymentStatus: 'paid' })
      .where(eq(customerOrders.id, order.id))
    await expect(cancelShopOrder(rita, order.id, db())).rejects.toBeInstanceOf(ConflictError)
    const [row] = await db().select().from(customerOrders).where(eq(customerOrders.id, order.id))
    expect(row?.status).toBe('new')
  })

  it('shows the transfer details on the order until it is paid, also once handed over', async () => {
    const rita = await newCustomer(sonnen)
    const order = await reserve(rita)
    await db()
      .update(customerOrders)
      .set({ paymentMethod: 'bank_transfer' })
      .where(eq(customerOrders.id, order.id))
    const open = await getShopOrder(rita, order.id, db())
    expect(open.paymentStatus).toBe('unpaid')
    expect(open.transfer).toMatchObject({
      accountHolder: expect.stringContaining('Sonnen'),
      iban: expect.stringMatching(/^DE\d{2} /),
      amountCents: open.grossCents - open.insurerCents,
      reference: open.number,
    })
    // Handed over before the money came: the patient still sees where to send it.
    await db()
      .update(customerOrders)
      .set({ status: 'completed' })
      .where(eq(customerOrders.id, order.id))
    expect((await getShopOrder(rita, order.id, db())).transfer).toMatchObject({
      amountCents: open.grossCents - open.insurerCents,
    })
    const [row] = await db().select().from(customerOrders).where(eq(customerOrders.id, order.id))
    await setCustomerOrderPayment(
      actors.pharmacyOwner,
      order.id,
      { version: row?.version ?? 0, paymentStatus: 'paid' },
      db(),
    )
    const paid = await getShopOrder(rita, order.id, db())
    expect(paid.paymentStatus).toBe('paid')
    expect(paid.transfer).toBeNull()
  })

  it('changes name and phone with field messages for bad input', async () => {
    const rita = await newCustomer(sonnen)
    await expect(updateShopProfile(rita, { name: ' ', phone: 'abc' }, db())).rejects.toMatchObject({
      extra: { errors: { name: expect.any(String), phone: expect.any(String) } },
    })
    const profile = await updateShopProfile(rita, { name: 'Rita Neu', phone: '' }, db())
    expect(profile).toMatchObject({ name: 'Rita Neu', phone: null })
  })

  it('changes the password with the current one and ends the other sessions', async () => {
    const rita = await newCustomer(sonnen)
    await logIn(sonnen, rita.user.email)
    await expect(
      changeShopPassword(
        rita,
        {
          currentPassword: 'falsch-falsch-falsch',
          password: 'neues-passwort-2026',
          repeat: 'neues-passwort-2026',
        },
        db(),
      ),
    ).rejects.toMatchObject({ extra: { errors: { currentPassword: expect.any(String) } } })
    await expect(
      changeShopPassword(
        rita,
        { currentPassword: password, password: 'kurz', repeat: 'kurz' },
        db(),
      ),
    ).rejects.toBeInstanceOf(InvalidError)

    await changeShopPassword(
      rita,
      { currentPassword: password, password: 'neues-passwort-2026', repeat: 'neues-passwort-2026' },
      db(),
    )
    const [user] = await db().select().from(shopUsers).where(eq(shopUsers.id, rita.user.id))
    expect(await verifyPassword(user?.passwordHash ?? '', 'neues-passwort-2026')).toBe(true)
    const sessions = await db()
      .select({ id: authSessions.id, revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.subjectId, rita.user.id))
    expect(sessions).toHaveLength(2)
    for (const session of sessions) {
      expect(session.revokedAt === null).toBe(session.id === rita.sessionId)
    }
    await expect(logIn(sonnen, rita.user.email)).rejects.toBeTruthy()
    await expect(logIn(sonnen, rita.user.email, 'neues-passwort-2026')).resolves.toBeTruthy()
  })

  it('changes the e-mail address through a link to the new one and tells the old one', async () => {
    const rita = await newCustomer(sonnen)
    const oldEmail = rita.user.email
    const newEmail = `neu.${++counter}.${kind}@example.org`
    await expect(
      requestEmailChange(db(), rita, requestOf(sonnen), {
        email: newEmail,
        currentPassword: 'falsch-falsch-falsch',
      }),
    ).rejects.toMatchObject({ extra: { errors: { currentPassword: expect.any(String) } } })
    const answer = await requestEmailChange(db(), rita, requestOf(sonnen), {
      email: newEmail,
      currentPassword: password,
    })
    expect(answer.message).toBe(emailChangeRequestedMessage)
    expect((await getShopProfile(rita, db())).pendingEmail).toBe(newEmail)
    const token = tokenOf(await mailTo(newEmail, 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse'))

    // Until confirmed, the old address stays; another shop cannot use the link.
    expect((await getShopProfile(rita, db())).email).toBe(oldEmail)
    await expect(
      confirmEmailChange(db(), { shop: markt, origin: 'https://x' }, token),
    ).rejects.toMatchObject({ message: tokenMessages.otherShop })

    await expect(confirmEmailChange(db(), requestOf(sonnen), token)).resolves.toEqual({
      email: newEmail,
    })
    expect(await getShopProfile(rita, db())).toMatchObject({ email: newEmail, pendingEmail: null })
    const notice = await mailTo(oldEmail, 'Ihre E-Mail-Adresse wurde geändert')
    expect(notice.text).toContain(newEmail)
    await expect(confirmEmailChange(db(), requestOf(sonnen), token)).rejects.toMatchObject({
      message: tokenMessages.used,
    })
    await expect(logIn(sonnen, newEmail)).resolves.toBeTruthy()
  })

  it('answers the same for a taken address, sends it nothing, and refuses it at confirmation', async () => {
    const rita = await newCustomer(sonnen)
    const otto = await newCustomer(sonnen, 'Otto Anders')
    const answer = await requestEmailChange(db(), rita, requestOf(sonnen), {
      email: otto.user.email.toUpperCase(),
      currentPassword: password,
    })
    expect(answer.message).toBe(emailChangeRequestedMessage)
    expect((await getShopProfile(rita, db())).pendingEmail).toBeNull()

    // A free address requested, then taken by someone else before the link is used.
    const contested = `umstritten.${++counter}.${kind}@example.org`
    await requestEmailChange(db(), rita, requestOf(sonnen), {
      email: contested,
      currentPassword: password,
    })
    const token = tokenOf(await mailTo(contested, 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse'))
    await db().update(shopUsers).set({ email: contested }).where(eq(shopUsers.id, otto.user.id))
    await expect(confirmEmailChange(db(), requestOf(sonnen), token)).rejects.toBeInstanceOf(
      ConflictError,
    )
    expect((await getShopProfile(rita, db())).email).toBe(rita.user.email)
  })

  it('exports account, consent, addresses and orders with items', async () => {
    const rita = await newCustomer(sonnen)
    const order = await reserve(rita, 3)
    await db().insert(shopAddresses).values({
      tenantId: sonnen.id,
      shopUserId: rita.user.id,
      name: 'Rita Rezept',
      street: 'Sonnenweg 1',
      postalCode: '10115',
      city: 'Berlin',
      defaultShipping: true,
    })
    const data = await exportShopAccount(rita, db())
    expect(data.account).toMatchObject({ name: 'Rita Rezept', email: rita.user.email })
    expect(data.consents).toEqual([
      { kind: 'privacy_policy', at: expect.any(String), version: expect.any(String) },
    ])
    expect(data.addresses).toMatchObject([{ street: 'Sonnenweg 1', defaultShipping: true }])
    expect(data.orders).toMatchObject([
      { number: order.number, items: [{ quantity: 3, salesUnit: 'gram' }] },
    ])
    expect((await getShopAccountOverview(rita, db())).defaultAddress).toMatchObject({
      street: 'Sonnenweg 1',
    })
    // The download a person reads: German keys and labels, not codes.
    const readable = readableShopAccountExport(data)
    expect(readable.Kundenkonto).toMatchObject({ Name: 'Rita Rezept', 'E-Mail': rita.user.email })
    expect(readable.Adressen).toMatchObject([
      { 'Straße und Hausnummer': 'Sonnenweg 1', 'Standard-Lieferadresse': 'ja' },
    ])
    expect(readable.Bestellungen).toMatchObject([
      {
        Nummer: order.number,
        Art: orderTypeLabels.reservation,
        Status: customerOrderStatusLabels.new,
        Positionen: [{ Menge: 3, Einheit: salesUnitLabels.gram }],
      },
    ])
    const json = JSON.stringify(readable)
    for (const code of ['"salesUnit"', '"gram"', '"reservation"', '"privacy_policy"']) {
      expect(json).not.toContain(code)
    }
  })

  it('refuses deletion while an order is open, and otherwise anonymises but keeps the orders', async () => {
    const rita = await newCustomer(sonnen)
    const order = await reserve(rita)
    await expect(deleteShopAccount(rita, db())).rejects.toMatchObject({
      status: 409,
      message: openOrdersBlockDeletionMessage([order.number]),
    })
    const [still] = await db().select().from(shopUsers).where(eq(shopUsers.id, rita.user.id))
    expect(still?.active).toBe(true)

    await cancelShopOrder(rita, order.id, db())
    await db().insert(shopAddresses).values({
      tenantId: sonnen.id,
      shopUserId: rita.user.id,
      name: 'Rita Rezept',
      street: 'Sonnenweg 1',
      postalCode: '10115',
      city: 'Berlin',
    })
    const [linked] = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.shopUserId, rita.user.id))
    await deleteShopAccount(rita, db())

    const [user] = await db().select().from(shopUsers).where(eq(shopUsers.id, rita.user.id))
    expect(user).toMatchObject({
      name: 'Anonymisiert',
      phone: null,
      birthDate: null,
      active: false,
    })
    expect(user?.email).not.toBe(rita.user.email)
    expect(await verifyPassword(user?.passwordHash ?? '', password)).toBe(false)
    const sessions = await db()
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.subjectId, rita.user.id), isNull(authSessions.revokedAt)))
    expect(sessions).toHaveLength(0)
    const addresses = await db()
      .select()
      .from(shopAddresses)
      .where(eq(shopAddresses.shopUserId, rita.user.id))
    expect(addresses).toHaveLength(0)
    const [customer] = await db()
      .select()
      .from(customers)
      .where(eq(customers.id, linked?.id ?? ''))
    expect(customer).toMatchObject({ lastName: 'Anonymisiert', email: null, shopUserId: null })
    expect(customer?.anonymisedAt).not.toBeNull()
    const [kept] = await db().select().from(customerOrders).where(eq(customerOrders.id, order.id))
    expect(kept).toMatchObject({ number: order.number, customerId: linked?.id })
    await expect(logIn(sonnen, rita.user.email)).rejects.toBeTruthy()
  })
})

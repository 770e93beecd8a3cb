import { eq, inArray, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { visitorActor } from '~/server/actor.server'
import {
  checkPrescription,
  recordPrescription,
  recordPrescriptionOriginal,
} from '~/server/customer-orders/customer-order-prescriptions.server'
import { customerOrderActionServices } from '~/server/customer-orders/customer-order-transitions.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import { createMailTransport, deliverDueMails } from '~/server/mail/outbox.server'
import { configuratorProducts } from '~/server/shop/configurator-products.server'
import { remindLapsingReservations } from '~/server/shop/reservation-expiry.server'
import { reservePrescription } from '~/server/shop/reservations.server'
import { resolveTenant, type Tenant } from '~/server/tenants.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { type MailCapture, startMailCapture } from '../support/mail-capture'

const appDomain = 'blattwerk.localhost'
const silent = pino({ level: 'silent' })

/**
 * The back-office side of a shop order (issue 12): each step the pharmacy takes sends the
 * customer the matching mail, and a reservation's customer is reminded once before it lapses.
 * Mails are read from the SMTP capture server, as the customer would receive them.
 */
describe.each(testDatabaseKinds)('shop order mails on %s', (kind) => {
  let database: TestDatabase
  let capture: MailCapture
  let shop: Tenant
  let actors: Awaited<ReturnType<typeof demoActors>>
  let flowerId: string
  const db = () => database.handle.db
  let counter = 0

  const deliver = () =>
    deliverDueMails({
      db: db(),
      transport: createMailTransport({ smtpUrl: capture.url, appDomain, logger: silent }),
      logger: silent,
    })

  const reserve = async () => {
    const email = `mails.${++counter}@example.org`
    const { id } = await reservePrescription(
      db(),
      shop,
      visitorActor(),
      {
        configuration: { produkt: flowerId, menge: 1, form: 'zerkleinert', ed: 0.05, td: 0.15 },
        guest: { name: 'Erika Mustermann', email, phone: '+49 30 555 0101' },
      },
      `198.51.100.${counter}`,
    )
    return { id, email }
  }
  const versionOf = async (id: string) => {
    const [row] = await db()
      .select({ version: customerOrders.version })
      .from(customerOrders)
      .where(eq(customerOrders.id, id))
    return row?.version ?? 0
  }
  /** What reached `email` so far: delivery resolves once the capture server has kept the mail. */
  const mailsTo = async (email: string) => {
    await deliver()
    return capture.mails.filter((mail) => mail.to.includes(email))
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    capture = await startMailCapture()
    shop = (await resolveTenant(db(), `sonnen-apotheke.${appDomain}`, appDomain)) as Tenant
    actors = await demoActors(db())
    const products = await configuratorProducts(db(), shop as never)
    const flower = products.find(
      (product) =>
        product.category === 'flower' &&
        product.baseUnitsPerSalesUnit === 1000 &&
        product.orderStep === 1 &&
        product.availableSalesUnits >= 10,
    )
    if (!flower) throw new Error('no flower with stock in the demo shop')
    flowerId = flower.id
  })
  afterAll(async () => {
    await capture?.close()
    await database?.dispose()
  })

  it('confirm, ready and complete each send the customer their mail, with the shop as sender', async () => {
    const { id, email } = await reserve()
    await recordPrescription(
      actors.pharmacyStaff,
      id,
      {
        version: await versionOf(id),
        payer: 'self_pay',
        form: 'paper',
        prescriberName: 'Dr. med. Felix Hartmann',
        issuedOn: new Date().toISOString().slice(0, 10),
        dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
      },
      db(),
    )
    await checkPrescription(actors.pharmacyOwner, id, { version: await versionOf(id) }, db())
    await recordPrescriptionOriginal(
      actors.pharmacyStaff,
      id,
      { version: await versionOf(id) },
      db(),
    )
    const act = async (action: 'confirm' | 'markReady' | 'complete') =>
      customerOrderActionServices[action](
        actors.pharmacyOwner,
        id,
        { version: await versionOf(id) },
        db(),
      )
    await act('confirm')
    await act('markReady')
    await act('complete')
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, id))
    const mails = await mailsTo(email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Ihre Bestellung ${order?.number} ist bestätigt – Sonnen-Apotheke`,
      `Ihre Bestellung ${order?.number} ist abholbereit – Sonnen-Apotheke`,
      `Ihre Bestellung ${order?.number} ist abgeschlossen – Sonnen-Apotheke`,
    ])
    const ready = mails[1]
    expect(ready?.from).toContain('Sonnen-Apotheke')
    // The shop's configured address (the default APP_DOMAIN, localhost), never a request's host.
    expect(ready?.text).toContain(`http://sonnen-apotheke.localhost:3000/reservierung/${id}`)
  })

  it('a cancellation tells the customer the reason', async () => {
    const { id, email } = await reserve()
    await customerOrderActionServices.cancel(
      actors.pharmacyOwner,
      id,
      { version: await versionOf(id), reason: 'Produkt nicht lieferbar' },
      db(),
    )
    const [mail, ...more] = await mailsTo(email)
    expect(more).toEqual([])
    expect(mail?.subject).toMatch(/wurde storniert – Sonnen-Apotheke$/)
    expect(mail?.text).toContain('Grund: Produkt nicht lieferbar')
  })

  it('two reminder workers at once remind each lapsing reservation exactly once', async () => {
    const soon = await Promise.all([reserve(), reserve(), reserve()])
    const later = await reserve()
    await db()
      .update(customerOrders)
      .set({ expiresAt: sql`now() + interval '6 hours'` })
      .where(
        inArray(
          customerOrders.id,
          soon.map((reservation) => reservation.id),
        ),
      )
    const [first, second] = await Promise.all([
      remindLapsingReservations(db()),
      remindLapsingReservations(db()),
    ])
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(3)
    expect(await remindLapsingReservations(db())).toBe(0)
    for (const reservation of soon) {
      const mails = await mailsTo(reservation.email)
      expect(mails.map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/^Ihre Reservierung AU-\d{4}-\d{5} läuft bald ab – Sonnen-Apotheke$/),
      ])
    }
    const [untouched] = await db()
      .select({ reminded: customerOrders.expiryReminderSentAt })
      .from(customerOrders)
      .where(eq(customerOrders.id, later.id))
    expect(untouched?.reminded).toBeNull()
    expect(await mailsTo(later.email)).toEqual([])
  })
})

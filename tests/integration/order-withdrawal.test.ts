import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { berlinIsoDate } from '~/lib/format'
import { withdrawalMessages } from '~/lib/withdrawal'
import type { BusinessActor, ShopActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import {
  checkPrescription,
  recordPrescription,
} from '~/server/customer-orders/customer-order-prescriptions.server'
import { customerOrderActionServices } from '~/server/customer-orders/customer-order-transitions.server'
import { withdrawGuestOrder } from '~/server/customer-orders/customer-order-withdrawals.server'
import {
  customerOrderPrescriptions,
  customerOrders,
  customerOrderWithdrawals,
} from '~/server/customer-orders/customer-orders.schema'
import { getCustomerOrder } from '~/server/customer-orders/customer-orders.server'
import { outboxMails } from '~/server/db/schema'
import { ConflictError, InvalidError, NotFoundError } from '~/server/errors.server'
import { getShopOrder, withdrawShopOrder } from '~/server/shop-accounts/shop-account-orders.server'
import type { ShopTenant } from '~/server/tenants.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const burst = 50
const patientEmail = 'kunde@example.com'

describe.each(testDatabaseKinds)('consumer withdrawal from a shop order on %s', (kind) => {
  let database: TestDatabase
  let patient: ShopActor
  let pharmacist: BusinessActor
  let shop: ShopTenant
  const db = () => database.handle.db
  let counter = 0
  const client = () => ({ ip: `198.51.100.${(++counter % 250) + 1}`, requestId: null })

  /** The demo patient's shop orders by status, newest first. */
  const orderOf = async (status: 'new' | 'completed') => {
    const [row] = await db()
      .select()
      .from(customerOrders)
      .where(and(eq(customerOrders.channel, 'shop'), eq(customerOrders.status, status)))
      .orderBy(desc(customerOrders.createdAt))
    if (!row) throw new Error(`no ${status} shop order in the seed`)
    return row
  }
  const mailsOf = (kindOfMail: 'order_confirmed' | 'withdrawal_received', to: string) =>
    db()
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.kind, kindOfMail), eq(outboxMails.toAddress, to)))

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    const actors = await demoActors(db())
    patient = actors.shopCustomer
    pharmacist = actors.pharmacyOwner
    shop = patient.tenant as ShopTenant
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('confirms a ground-flower order with the contract and says the right does not apply', async () => {
    const order = await orderOf('new')
    await recordPrescription(
      pharmacist,
      order.id,
      {
        version: order.version,
        payer: 'self_pay',
        form: 'paper',
        prescriberName: 'Dr. med. Felix Hartmann',
        issuedOn: berlinIsoDate(),
        dosage: '0,1 g verdampfen',
        preparation: 'ground',
      },
      db(),
    )
    const recorded = await getCustomerOrder(pharmacist, order.id, db())
    await checkPrescription(pharmacist, order.id, { version: recorded.version }, db())
    const checked = await getCustomerOrder(pharmacist, order.id, db())
    await customerOrderActionServices.confirm(
      pharmacist,
      order.id,
      { version: checked.version },
      db(),
    )
    const mail = (await mailsOf('order_confirmed', patientEmail)).find((candidate) =>
      candidate.subject.includes(order.number),
    )
    expect(mail?.textBody).toContain('Verkäufer:')
    expect(mail?.textBody).toContain('Sonnen-Apotheke')
    expect(mail?.textBody).toContain(`Bestellung ${order.number}`)
    expect(mail?.textBody).toContain('Gesamtbetrag:')
    expect(mail?.textBody).toContain('Zahlungsart:')
    expect(mail?.textBody).toContain('Kein Widerrufsrecht: nach Ihrer ärztlichen Verschreibung')
    expect(mail?.textBody).toContain('§ 312g Abs. 2 Nr. 1 BGB')
    expect(mail?.textBody).not.toContain('Muster-Widerrufsformular')

    const view = (await getShopOrder(patient, order.id, db())).withdrawal
    expect(view.lines.every((line) => !line.applies)).toBe(true)
    expect(view.canWithdraw).toBe(false)
    await expect(
      withdrawShopOrder(patient, order.id, { name: 'Petra Patientin', email: patientEmail }, db()),
    ).rejects.toThrow(new ConflictError(withdrawalMessages.noRight))
  })

  it('refuses after the period and records once when 50 confirmations arrive together', async () => {
    const order = await orderOf('completed')
    // The demo's completed order was ground; as unground flowers in their pack the right applies.
    await db()
      .update(customerOrderPrescriptions)
      .set({ preparation: 'unground' })
      .where(eq(customerOrderPrescriptions.orderId, order.id))
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
    await db()
      .update(customerOrders)
      .set({ completedAt: daysAgo(30) })
      .where(eq(customerOrders.id, order.id))
    const declared = { name: 'Petra Patientin', email: patientEmail }
    await expect(withdrawShopOrder(patient, order.id, declared, db())).rejects.toThrow(
      /Die Widerrufsfrist ist am .* abgelaufen/,
    )
    await expect(
      withdrawShopOrder(patient, order.id, { name: '', email: 'x' }, db()),
    ).rejects.toThrow(InvalidError)
    await expect(
      withdrawGuestOrder(
        db(),
        shop,
        { ...declared, orderNumber: order.number, email: 'jemand@example.org' },
        client(),
      ),
    ).rejects.toThrow(new NotFoundError(withdrawalMessages.notFound))

    await db()
      .update(customerOrders)
      .set({ completedAt: daysAgo(3) })
      .where(eq(customerOrders.id, order.id))
    const before = (await mailsOf('withdrawal_received', patientEmail)).length
    const results = await Promise.allSettled(
      Array.from({ length: burst }, (_, index) =>
        index % 2 === 0
          ? withdrawShopOrder(patient, order.id, declared, db())
          : withdrawGuestOrder(
              db(),
              shop,
              { ...declared, orderNumber: order.number, email: 'KUNDE@example.com' },
              client(),
            ),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ConflictError)
    }
    const rows = await db()
      .select()
      .from(customerOrderWithdrawals)
      .where(eq(customerOrderWithdrawals.orderId, order.id))
    expect(rows).toHaveLength(1)
    const receipts = await mailsOf('withdrawal_received', patientEmail)
    expect(receipts).toHaveLength(before + 1)
    expect(receipts.at(-1)?.textBody).toMatch(
      new RegExp(
        `Eingang Ihres Widerrufs .*${order.number} am \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d Uhr`,
      ),
    )
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'customer_order.withdrawn'), eq(auditEvents.entityId, order.id)),
      )
    expect(audits).toHaveLength(1)

    const backOffice = await getCustomerOrder(pharmacist, order.id, db())
    expect(backOffice.withdrawal?.withdrawal).toMatchObject({
      name: 'Petra Patientin',
      email: patientEmail,
    })
    await expect(withdrawShopOrder(patient, order.id, declared, db())).rejects.toThrow(
      /bereits am .* widerrufen/,
    )
  })
})

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerOrderListSearch } from '~/lib/customer-order-lists'
import type { SellableProduct } from '~/lib/customer-orders'
import { formatMoney } from '~/lib/format'
import {
  customerOrderActionServices,
  setCustomerOrderPayment,
} from '~/server/customer-orders/customer-order-transitions.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import {
  createCustomerOrder,
  getCustomerOrder,
  listCustomerOrders,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { getDashboard } from '~/server/dashboard/dashboard.server'
import { demoCustomerIds } from '~/server/db/seed.server'
import { issueOrderDocument } from '~/server/documents/document-issue.server'
import { ConflictError, NotFoundError } from '~/server/errors.server'
import { outboxMails } from '~/server/mail/mail.schema'
import {
  getPaymentReminderState,
  sendPaymentReminder,
} from '~/server/payments/payment-reminders.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const day = 24 * 60 * 60 * 1000

/** ADR 073, issue 33: unpaid and overdue orders counted and listed; reminders at most once per interval. */
describe.each(testDatabaseKinds)('payment reminders on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let product: SellableProduct
  const db = () => database.handle.db
  const owner = () => actors.pharmacyOwner

  const act = async (action: 'confirm' | 'markReady' | 'complete', id: string) =>
    customerOrderActionServices[action](
      owner(),
      id,
      { version: (await getCustomerOrder(owner(), id, db())).version },
      db(),
    )

  /** A business customer's transfer order, handed over, invoiced `invoicedDaysAgo` days ago. */
  async function invoicedTransferOrder(invoicedDaysAgo: number) {
    const { id } = await createCustomerOrder(
      owner(),
      {
        customerId: demoCustomerIds.lindenApotheke,
        items: [{ listingId: product.listingId, quantity: 1 }],
        delivery: { method: 'pickup' },
        note: null,
      },
      db(),
    )
    await db()
      .update(customerOrders)
      .set({ paymentMethod: 'bank_transfer' })
      .where(eq(customerOrders.id, id))
    await act('confirm', id)
    await act('markReady', id)
    await act('complete', id)
    await issueOrderDocument(
      owner(),
      id,
      'invoice',
      db(),
      new Date(Date.now() - invoicedDaysAgo * day),
    )
    return id
  }
  const todoIds = async (todo: 'unpaid' | 'payment_overdue') =>
    (
      await listCustomerOrders(
        owner(),
        customerOrderListSearch.parse({ todo, pageSize: 100 }),
        db(),
      )
    ).items.map((item) => item.id)
  const figure = async (key: string) =>
    (await getDashboard(owner(), db())).figures.find((entry) => entry.key === key)?.value
  const reminderMails = (to: string) =>
    db()
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.kind, 'payment_reminder'), eq(outboxMails.toAddress, to)))

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const found = (await searchSellableProducts(owner(), '', db()))
      .filter((candidate) => candidate.orderStep === 1 && candidate.minOrderQuantity === null)
      .filter((candidate) => candidate.category !== 'flower')
      .sort((a, b) => b.availableSalesUnits - a.availableSalesUnits)[0]
    if (!found || found.availableSalesUnits < 10) throw new Error('demo stock missing')
    product = found
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('lists and counts a completed unpaid order, and an overdue invoice once its date has passed', async () => {
    const unpaidBefore = await figure('unpaid')
    const overdueBefore = await figure('payment_overdue')
    const recent = await invoicedTransferOrder(3)
    const late = await invoicedTransferOrder(20)
    expect(await todoIds('unpaid')).toEqual(expect.arrayContaining([recent, late]))
    const overdue = await todoIds('payment_overdue')
    expect(overdue).toContain(late)
    expect(overdue).not.toContain(recent)
    expect(await figure('unpaid')).toBe((unpaidBefore ?? 0) + 2)
    expect(await figure('payment_overdue')).toBe((overdueBefore ?? 0) + 1)

    // A reminder for the invoice not yet due is refused, and says when it is due.
    const early = await sendPaymentReminder(owner(), recent, db()).catch((error) => error)
    expect(early).toBeInstanceOf(ConflictError)
    expect(early.message).toMatch(/ist erst am \d\d\.\d\d\.\d{4} fällig/)

    // Paid: off both lists.
    await setCustomerOrderPayment(
      owner(),
      late,
      { version: (await getCustomerOrder(owner(), late, db())).version, paymentStatus: 'paid' },
      db(),
    )
    expect(await todoIds('unpaid')).not.toContain(late)
    expect(await todoIds('payment_overdue')).not.toContain(late)
    const paid = await sendPaymentReminder(owner(), late, db()).catch((error) => error)
    expect(paid.message).toBe('Die Bestellung ist bezahlt.')
  })

  it('sends one reminder for 50 parallel clicks, with the account and the open amount, then waits the interval', async () => {
    const id = await invoicedTransferOrder(20)
    const to = 'bestellung@linden-apotheke.example'
    const mailsBefore = (await reminderMails(to)).length
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => sendPaymentReminder(owner(), id, db())),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((result) => result.status === 'rejected')
    expect(refused?.status === 'rejected' && refused.reason.message).toMatch(
      /die nächste ist ab dem \d\d\.\d\d\.\d{4} möglich/,
    )
    const mails = await reminderMails(to)
    expect(mails).toHaveLength(mailsBefore + 1)
    const mail = mails.at(-1)
    const order = await getCustomerOrder(owner(), id, db())
    expect(mail?.subject).toMatch(/^Zahlungserinnerung zur Rechnung RE-/)
    expect(mail?.textBody).toContain('IBAN: DE')
    expect(mail?.textBody).toContain('Verwendungszweck: RE-')
    expect(mail?.textBody).toContain(`Offen sind ${formatMoney(order.grossCents)}.`)
    const state = await getPaymentReminderState(owner(), id, db())
    expect(state?.reminders).toHaveLength(1)
    expect(order.timeline.some((entry) => entry.kind === 'payment_reminded')).toBe(true)

    // Six days later still refused (the demo's interval is 7 days); seven days later it goes.
    const sixDays = await sendPaymentReminder(
      owner(),
      id,
      db(),
      new Date(Date.now() + 6 * day),
    ).catch((error) => error)
    expect(sixDays).toBeInstanceOf(ConflictError)
    const again = await sendPaymentReminder(owner(), id, db(), new Date(Date.now() + 7 * day))
    expect(again?.reminders).toHaveLength(2)
  })

  it("refuses another organisation's order and staff outside a selling organisation", async () => {
    const id = await invoicedTransferOrder(20)
    await expect(sendPaymentReminder(actors.wholesalerOwner, id, db())).rejects.toBeInstanceOf(
      NotFoundError,
    )
    await expect(getPaymentReminderState(actors.wholesalerOwner, id, db())).rejects.toBeInstanceOf(
      NotFoundError,
    )
  })
})

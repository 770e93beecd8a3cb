import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { berlinIsoDate, formatMoney } from '~/lib/format'
import type { ShopActor } from '~/server/actor.server'
import {
  checkPrescription,
  recordPrescription,
  recordPrescriptionOriginal,
} from '~/server/customer-orders/customer-order-prescriptions.server'
import {
  customerOrderActionServices,
  setCustomerOrderPayment,
} from '~/server/customer-orders/customer-order-transitions.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import { getCustomerOrder } from '~/server/customer-orders/customer-orders.server'
import { demoIds } from '~/server/db/seed.server'
import { documentContentOf, type StoredDocumentContent } from '~/server/documents/document-content'
import { issueOrderDocument, validInvoiceOf } from '~/server/documents/document-issue.server'
import { paymentStatementOf } from '~/server/documents/payment-statement'
import { outboxMails } from '~/server/mail/mail.schema'
import { recordOrderPayment } from '~/server/payments/order-payments.server'
import { createSecretBox } from '~/server/secrets.server'
import { getShopOrderConfirmation } from '~/server/shop/checkout.server'
import { getShopOrder, listShopOrders } from '~/server/shop-accounts/shop-account-orders.server'
import { resolveTenant, type ShopTenant } from '~/server/tenants.server'
import { businessActorOf, newShopCustomer } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { placeShopOrder } from '../support/shop-orders'

const appDomain = 'blattwerk.localhost'
const secrets = createSecretBox('t'.repeat(43))
/** Sonnen-Apotheke's demo account, printed in groups of four. */
const iban = 'DE89 3704 0044 0532 0130 00'

/**
 * Issue 33, "Payments that close": a bank-transfer order carries the account, what the patient
 * still owes (the co-payment on a statutory prescription, less what is booked) and the reference
 * — the order number until an invoice is issued, then the invoice number — in the receipt and
 * confirmation mails, on the confirmation page and on the account's order page.
 */
describe.each(testDatabaseKinds)('transfer instructions on %s', (kind) => {
  let database: TestDatabase
  let shop: ShopTenant
  let customer: ShopActor
  const db = () => database.handle.db
  const app = () => ({ db: db(), secrets, config: {} })
  const owner = () => businessActorOf(db(), demoIds.userPharmacyOwner)
  const versionOf = async (id: string) => (await getCustomerOrder(await owner(), id, db())).version
  const lastMail = async (kind: 'order_received' | 'order_confirmed') => {
    const [mail] = await db()
      .select({ text: outboxMails.textBody })
      .from(outboxMails)
      .where(and(eq(outboxMails.toAddress, customer.user.email), eq(outboxMails.kind, kind)))
      .orderBy(desc(outboxMails.createdAt))
    return mail?.text ?? ''
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    shop = (await resolveTenant(db(), `sonnen-apotheke.${appDomain}`, appDomain)) as ShopTenant
    customer = await newShopCustomer(db(), shop, {
      email: 'ueberweisung@example.org',
      name: 'Uwe Überweiser',
    })
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('names account, owed amount and reference from the receipt to the paid order', async () => {
    const order = await placeShopOrder(app(), shop, customer, { paymentMethod: 'bank_transfer' })

    // At checkout the patient pays for themselves: the whole amount, the order number as reference.
    const received = await lastMail('order_received')
    expect(received).toContain(`IBAN: ${iban}`)
    expect(received).toContain(`Betrag: ${formatMoney(order.grossCents)}`)
    expect(received).toContain(`Verwendungszweck: ${order.number}`)
    const page = await getShopOrderConfirmation(db(), shop, customer, order.id)
    expect(page.transfer).toEqual({
      accountHolder: expect.stringContaining('Sonnen'),
      iban,
      bic: expect.any(String),
      bankName: expect.any(String),
      amountCents: order.grossCents,
      reference: order.number,
    })

    // The pharmacy records a statutory prescription: the patient owes the co-payment only.
    const pharmacist = await owner()
    const recorded = await recordPrescription(
      pharmacist,
      order.id,
      {
        version: await versionOf(order.id),
        payer: 'statutory',
        form: 'paper',
        prescriberName: 'Dr. med. Felix Hartmann',
        issuedOn: berlinIsoDate(),
        dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
        insurerName: 'AOK Nordost',
        insuranceNumber: 'A123456780',
      },
      db(),
    )
    const [statutory] = await db()
      .select()
      .from(customerOrders)
      .where(eq(customerOrders.id, order.id))
    if (!statutory) throw new Error('order vanished')
    const share = statutory.grossCents - statutory.insurerCents
    expect(statutory.insurerCents).toBeGreaterThan(0)
    expect(share).toBeLessThan(statutory.grossCents)
    const listed = await listShopOrders(customer, 1, db())
    expect(listed.items.find((row) => row.id === order.id)?.customerShareCents).toBe(share)

    // A partial credit is booked: what is still owed shrinks by it.
    await recordOrderPayment(db(), pharmacist, statutory, {
      amountCents: 100,
      means: 'transfer',
      source: 'manual',
    })
    const detail = await getShopOrder(customer, order.id, db())
    expect(detail.transfer).toMatchObject({ amountCents: share - 100, reference: order.number })

    // The acceptance mail carries the same request.
    const checked = await checkPrescription(
      pharmacist,
      order.id,
      { version: recorded.version },
      db(),
    )
    await recordPrescriptionOriginal(pharmacist, order.id, { version: checked.version }, db())
    for (const action of ['confirm', 'markReady', 'complete'] as const) {
      await customerOrderActionServices[action](
        pharmacist,
        order.id,
        { version: await versionOf(order.id) },
        db(),
      )
    }
    const confirmed = await lastMail('order_confirmed')
    expect(confirmed).toContain(`Betrag: ${formatMoney(share - 100)}`)
    expect(confirmed).toContain(`Verwendungszweck: ${order.number}`)

    // Once the invoice is issued its number is the reference, as its payment statement asks.
    await issueOrderDocument(pharmacist, order.id, 'invoice', db())
    const invoice = await validInvoiceOf(db(), statutory)
    if (!invoice) throw new Error('no invoice')
    const afterInvoice = await getShopOrder(customer, order.id, db())
    expect(afterInvoice.transfer).toMatchObject({
      amountCents: share - 100,
      reference: invoice.number,
      iban,
    })
    expect(
      (await getShopOrderConfirmation(db(), shop, customer, order.id)).transfer?.reference,
    ).toBe(invoice.number)
    const statement = paymentStatementOf(
      documentContentOf(invoice.content as StoredDocumentContent),
    )
    expect(statement.sentences.join(' ')).toContain(`Rechnungsnummer ${invoice.number}`)

    // Paid: nothing is asked for any more.
    await setCustomerOrderPayment(
      pharmacist,
      order.id,
      { version: await versionOf(order.id), paymentStatus: 'paid' },
      db(),
    )
    expect((await getShopOrder(customer, order.id, db())).transfer).toBeNull()
  })

  it('asks nothing of an order not paid by transfer', async () => {
    const order = await placeShopOrder(app(), shop, customer, { paymentMethod: 'pickup' })
    expect((await getShopOrder(customer, order.id, db())).transfer).toBeNull()
    expect(await lastMail('order_received')).not.toContain('Verwendungszweck')
  })
})

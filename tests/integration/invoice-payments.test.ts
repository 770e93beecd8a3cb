import { and, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  alreadyPaidMessage,
  type CustomerOrderAction,
  notPaidYetMessage,
  pickupPaymentMissingMessage,
  pickupPaymentNotApplicableMessage,
  type SellableProduct,
} from '~/lib/customer-orders'
import { berlinIsoDate, formatMoney } from '~/lib/format'
import { auditEvents } from '~/server/audit/audit.schema'
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
import { documentContentOf, type StoredDocumentContent } from '~/server/documents/document-content'
import { issueOrderDocument } from '~/server/documents/document-issue.server'
import { documents } from '~/server/documents/documents.schema'
import { ConflictError, InvalidError } from '~/server/errors.server'
import { openStoredFile } from '~/server/files/file-store.server'
import { stockMovements } from '~/server/stock/stock.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { checkedStatutoryPickupOrder } from '../support/prescription-orders'

/** Text of a PDF, whitespace (including no-break spaces) collapsed to one space. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const proxy = await getDocumentProxy(new Uint8Array(bytes))
  const { text } = await extractText(proxy, { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

const euro = (cents: number) => formatMoney(cents).replace(/\s/g, ' ')
const day = (at: Date) => berlinIsoDate(at).split('-').reverse().join('.')
const transferRequest = 'Bitte überweisen Sie'

/**
 * ADR 055: the payment statement of an invoice, the payment recorded at the hand-over of a
 * pay-at-pickup order, the statutory patient's share, and the delivery date / advance invoice rule.
 */
describe.each(testDatabaseKinds)('invoice payments on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let accessory: SellableProduct
  let flower: SellableProduct
  const db = () => database.handle.db

  const versionOf = async (id: string) =>
    (await getCustomerOrder(actors.pharmacyOwner, id, db())).version
  const act = async (action: Exclude<CustomerOrderAction, 'expire'>, id: string) =>
    customerOrderActionServices[action](
      actors.pharmacyOwner,
      id,
      { version: await versionOf(id) },
      db(),
    )
  const orderRow = async (id: string) => {
    const [row] = await db().select().from(customerOrders).where(eq(customerOrders.id, id))
    if (!row) throw new Error('order missing')
    return row
  }

  /** A confirmed order of one accessory; `payAtPickup`: as the shop's "Zahlung bei Abholung". */
  async function confirmedOrder(
    options: { delivery?: 'pickup' | 'courier'; payAtPickup?: boolean; customerId?: string } = {},
  ) {
    const { id } = await createCustomerOrder(
      actors.pharmacyOwner,
      {
        customerId: options.customerId ?? demoCustomerIds.lindenApotheke,
        items: [{ listingId: accessory.listingId, quantity: 1 }],
        delivery: { method: options.delivery ?? 'pickup' },
        note: null,
      },
      db(),
    )
    // The back-office has no payment method; the shop's checkout sets this one.
    if (options.payAtPickup)
      await db()
        .update(customerOrders)
        .set({ paymentMethod: 'pickup' })
        .where(eq(customerOrders.id, id))
    await act('confirm', id)
    return id
  }
  const readyPayAtPickup = async () => {
    const id = await confirmedOrder({ payAtPickup: true })
    await act('markReady', id)
    return id
  }
  const complete = async (id: string, payment?: Record<string, unknown>) =>
    completeCustomerOrder(
      actors.pharmacyOwner,
      id,
      { version: await versionOf(id), ...(payment && { payment }) },
      db(),
    )
  const invoiceOf = async (id: string, options: { advance?: boolean } = {}) => {
    const issued = await issueOrderDocument(
      actors.pharmacyOwner,
      id,
      'invoice',
      db(),
      new Date(),
      options,
    )
    const [row] = await db().select().from(documents).where(eq(documents.id, issued.id))
    const bytes = await (
      await openStoredFile(actors.pharmacyOwner, issued.pdfFileId, db())
    ).readBytes()
    return {
      issued,
      content: documentContentOf(row?.content as StoredDocumentContent),
      text: await pdfText(new Uint8Array(bytes)),
    }
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const sellable = (await searchSellableProducts(actors.pharmacyOwner, '', db()))
      .filter((product) => product.orderStep === 1 && product.minOrderQuantity === null)
      .sort((a, b) => b.availableSalesUnits - a.availableSalesUnits)
    const flowerFound = sellable.find((product) => product.category === 'flower')
    // Whatever else has the most stock: each order here takes one unit of it.
    const accessoryFound = sellable.find((product) => product !== flowerFound)
    if (!accessoryFound || !flowerFound || accessoryFound.availableSalesUnits < 20)
      throw new Error('demo stock missing')
    accessory = accessoryFound
    flower = flowerFound
  })
  afterAll(async () => {
    await database?.dispose()
  })

  describe('payment at pickup (ADR 055)', () => {
    it('refuses to hand over a pay-at-pickup order without saying how it was paid', async () => {
      const id = await readyPayAtPickup()
      const before = await orderRow(id)
      const refused = await complete(id).catch((error) => error)
      expect(refused).toBeInstanceOf(ConflictError)
      expect(refused.message).toBe(pickupPaymentMissingMessage)
      // Cash or card need the till receipt's number.
      const noReceipt = await complete(id, { choice: 'cash' }).catch((error) => error)
      expect(noReceipt).toBeInstanceOf(InvalidError)
      expect(noReceipt.extra.errors['payment.tillReceiptNumber']).toContain('Kassenbons')
      // "Already paid" is no way around it while nothing was paid.
      const notPaid = await complete(id, { choice: 'already_paid' }).catch((error) => error)
      expect(notPaid.message).toBe(notPaidYetMessage)
      // Nothing was written.
      const after = await orderRow(id)
      expect(after).toMatchObject({
        status: 'ready',
        paymentStatus: 'unpaid',
        version: before.version,
        paidAt: null,
      })
    })

    it('records cash at the till with the receipt in the completion; the invoice says paid, once', async () => {
      const id = await readyPayAtPickup()
      const completed = await complete(id, { choice: 'cash', tillReceiptNumber: ' B-4711 ' })
      expect(completed.status).toBe('completed')
      const row = await orderRow(id)
      expect(row).toMatchObject({
        status: 'completed',
        paymentStatus: 'paid',
        paymentMeans: 'cash',
        tillReceiptNumber: 'B-4711',
      })
      expect(row.paidAt?.getTime()).toBe(row.completedAt?.getTime())
      const detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
      expect(detail.paymentStatus).toBe('paid')
      expect(detail.payment).toMatchObject({ means: 'cash', tillReceiptNumber: 'B-4711' })
      const completedEntry = detail.timeline.find((entry) => entry.kind === 'completed')
      expect(completedEntry?.detail).toBe('Bezahlt bar an der Kasse, Bon B-4711')

      const { content, text } = await invoiceOf(id)
      expect(content.payment).toEqual({
        kind: 'paid',
        means: 'cash',
        paidOn: berlinIsoDate(row.paidAt as Date),
        tillReceiptNumber: 'B-4711',
      })
      expect(content.paidCents).toBe(row.grossCents)
      expect(text).toContain(
        `Bezahlt bar an der Kasse am ${day(row.paidAt as Date)} (Kassenbon Nr. B-4711): ${euro(row.grossCents)}. Vielen Dank.`,
      )
      expect(text).not.toContain(transferRequest)
      expect(text).not.toContain('beglichen')
    })

    it('card, already paid and on invoice: each recorded as chosen, and the invoice follows', async () => {
      const card = await readyPayAtPickup()
      await complete(card, { choice: 'card', tillReceiptNumber: '0815' })
      expect(await orderRow(card)).toMatchObject({ paymentMeans: 'card', paymentStatus: 'paid' })
      expect((await invoiceOf(card)).text).toContain('Bezahlt mit Karte an der Kasse am')

      // Paid beforehand by transfer, set by hand: "already paid" is the only choice left.
      const prepaid = await readyPayAtPickup()
      await setCustomerOrderPayment(
        actors.pharmacyOwner,
        prepaid,
        { version: await versionOf(prepaid), paymentStatus: 'paid' },
        db(),
      )
      const twice = await complete(prepaid, { choice: 'cash', tillReceiptNumber: '1' }).catch(
        (error) => error,
      )
      expect(twice.message).toBe(alreadyPaidMessage)
      await complete(prepaid, { choice: 'already_paid' })
      expect(await orderRow(prepaid)).toMatchObject({
        status: 'completed',
        paymentStatus: 'paid',
        tillReceiptNumber: null,
      })

      // On invoice: stays unpaid, to be paid by transfer; the invoice asks for it, with the account.
      const onInvoice = await readyPayAtPickup()
      await complete(onInvoice, { choice: 'on_invoice' })
      const row = await orderRow(onInvoice)
      expect(row).toMatchObject({ paymentStatus: 'unpaid', paymentMethod: 'bank_transfer' })
      const { content, text } = await invoiceOf(onInvoice)
      expect(content.payment).toEqual({ kind: 'transfer' })
      expect(text).toContain(`${transferRequest} ${euro(row.grossCents)} bis zum`)
      expect(text).toContain(`Rechnungsnummer ${content.number} auf das Konto IBAN`)
      expect(text).not.toContain('Bezahlt')
    })

    it('other orders complete without a payment choice and refuse one', async () => {
      const id = await confirmedOrder()
      await act('markReady', id)
      const refused = await complete(id, { choice: 'cash', tillReceiptNumber: '1' }).catch(
        (error) => error,
      )
      expect(refused.message).toBe(pickupPaymentNotApplicableMessage)
      await complete(id)
      expect(await orderRow(id)).toMatchObject({ status: 'completed', paymentStatus: 'unpaid' })
    })

    it('20 parallel hand-overs of one order record one payment and one sale', async () => {
      const id = await readyPayAtPickup()
      const version = await versionOf(id)
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          completeCustomerOrder(
            actors.pharmacyStaff,
            id,
            { version, payment: { choice: 'cash', tillReceiptNumber: `B-${index}` } },
            db(),
          ),
        ),
      )
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      for (const result of results)
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ConflictError)
      const row = await orderRow(id)
      expect(row.version).toBe(version + 1)
      const completedAudits = await db()
        .select({ after: auditEvents.after })
        .from(auditEvents)
        .where(
          and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'customer_order.completed')),
        )
      expect(completedAudits).toHaveLength(1)
      expect(JSON.stringify(completedAudits[0]?.after)).toContain(`Bon ${row.tillReceiptNumber}`)
      const sales = await db()
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.sourceId, id), eq(stockMovements.kind, 'sale')))
      expect(sales.length).toBeGreaterThan(0)
      expect(sales.reduce((sum, movement) => sum + movement.quantity, 0)).toBe(
        -accessory.baseUnitsPerSalesUnit,
      )
    })
  })

  it("asks a statutory patient for their share only, not the insurer's (§ 61 SGB V)", async () => {
    const id = await checkedStatutoryPickupOrder(actors.pharmacyOwner, db(), {
      listingId: flower.listingId,
      quantity: 5,
      eRezeptToken: '160.000.000.000.001.02',
    })
    await act('confirm', id)
    await act('markReady', id)
    await act('complete', id)
    const order = await getCustomerOrder(actors.pharmacyOwner, id, db())
    expect(order.insurerCents).toBeGreaterThan(0)
    const share = order.grossCents - order.insurerCents
    expect(order.customerShareCents).toBe(share)

    const { content, text } = await invoiceOf(id)
    expect(text).toContain(`Gesamtbetrag brutto ${euro(order.grossCents)}`)
    expect(text).toContain(`davon Anteil AOK Nordost ${euro(order.insurerCents)}`)
    expect(text).toContain(`Ihr Anteil ${euro(share)}`)
    expect(text).toContain(`AOK Nordost zahlt ${euro(order.insurerCents)} direkt an uns`)
    expect(text).toContain(`${transferRequest} ${euro(share)} bis zum`)
    expect(text).not.toContain(`${transferRequest} ${euro(order.grossCents)}`)
    expect(content.prescription?.insurerShareCents).toBe(order.insurerCents)
  })

  describe('delivery date and advance invoices (§ 3 Abs. 6 UStG, ADR 055)', () => {
    it('refuses an invoice before the pickup, unless explicitly as an advance invoice', async () => {
      const id = await confirmedOrder({ payAtPickup: true })
      await act('markReady', id)
      const refused = await issueOrderDocument(actors.pharmacyOwner, id, 'invoice', db()).catch(
        (error) => error,
      )
      expect(refused).toBeInstanceOf(ConflictError)
      expect(refused.message).toContain('Die Ware ist noch nicht übergeben')
      expect(refused.message).toContain('Vorausrechnung')
      expect(await db().select().from(documents).where(eq(documents.orderId, id))).toHaveLength(0)

      const { content, text } = await invoiceOf(id, { advance: true })
      expect(content).toMatchObject({ advanceInvoice: true, deliveryDate: null })
      expect(content.payment).toEqual({ kind: 'at_pickup' })
      expect(text).toContain(`Vorausrechnung ${content.number}`)
      expect(text).toContain('Liefer-/Leistungsdatum noch offen')
      expect(text).toContain('bei der Abholung in der Apotheke')
      expect(text).not.toContain(transferRequest)
    })

    it('dates a pickup invoice on the hand-over, and refuses an advance invoice after it', async () => {
      const id = await readyPayAtPickup()
      // Made ready days ago: the hand-over today is the delivery, not the day it was ready.
      await db()
        .update(customerOrders)
        .set({ readyAt: new Date(Date.now() - 4 * 86_400_000) })
        .where(eq(customerOrders.id, id))
      await complete(id, { choice: 'card', tillReceiptNumber: '77' })
      const row = await orderRow(id)
      const late = await issueOrderDocument(actors.pharmacyOwner, id, 'invoice', db(), new Date(), {
        advance: true,
      }).catch((error) => error)
      expect(late.message).toContain('bereits verlassen')
      const { content, text } = await invoiceOf(id)
      expect(content.advanceInvoice).toBe(false)
      expect(content.deliveryDate).toBe(berlinIsoDate(row.completedAt as Date))
      expect(text).toContain(`Liefer-/Leistungsdatum ${day(row.completedAt as Date)}`)
    })

    it('dates a courier invoice on the day of dispatch, not of completion', async () => {
      const id = await confirmedOrder({ delivery: 'courier' })
      const early = await issueOrderDocument(actors.pharmacyOwner, id, 'invoice', db()).catch(
        (error) => error,
      )
      expect(early.message).toContain('Die Ware ist noch nicht versandt')
      await act('ship', id)
      const dispatched = new Date(Date.now() - 3 * 86_400_000)
      await db()
        .update(customerOrders)
        .set({ shippedAt: dispatched })
        .where(eq(customerOrders.id, id))
      await act('complete', id)
      const { content, text } = await invoiceOf(id)
      expect(content.deliveryDate).toBe(berlinIsoDate(dispatched))
      expect(text).toContain(`Liefer-/Leistungsdatum ${day(dispatched)}`)
    })
  })
})

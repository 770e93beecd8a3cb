import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { customerOrderListSearch } from '~/lib/customer-order-lists'
import {
  type CustomerOrderAction,
  type CustomerOrderStatus,
  customerOrderActions,
  customerOrderStatuses,
  customerOrderTransitions,
  type DeliveryMethod,
  type PaymentStatus,
  paymentStatuses,
  prescriptionLapsedMessage,
  prescriptionMissingMessage,
  prescriptionOriginalMissingMessages,
  prescriptionOriginalRecordedMessages,
  prescriptionUncheckedMessage,
  refusedActionMessage,
  refusedPaymentMessage,
  type SellableProduct,
  staleCustomerOrderMessage,
  validUntil,
} from '~/lib/customer-orders'
import { berlinIsoDate } from '~/lib/format'
import { pharmacistOnlyMessages } from '~/lib/organisation'
import { type Actor, systemActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import {
  checkPrescription,
  recordPrescription,
  recordPrescriptionOriginal,
} from '~/server/customer-orders/customer-order-prescriptions.server'
import {
  cancelCustomerOrder,
  completeCustomerOrder,
  confirmCustomerOrder,
  customerOrderActionServices,
  expireCustomerOrder,
  markCustomerOrderReady,
  setCustomerOrderPayment,
  shipCustomerOrder,
} from '~/server/customer-orders/customer-order-transitions.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import {
  createCustomerOrder,
  getCustomerOrder,
  listCustomerOrders,
  listPickableBatches,
  type SavedCustomerOrder,
  searchSellableProducts,
  updateCustomerOrder,
} from '~/server/customer-orders/customer-orders.server'
import { anonymiseCustomer } from '~/server/customers/customer-privacy.server'
import { customers } from '~/server/customers/customers.schema'
import { createCustomer } from '~/server/customers/customers.server'
import { users } from '~/server/db/schema'
import { demoIds, demoProductIds } from '~/server/db/seed.server'
import { demoOrderCustomerIds, seedDemoOrders } from '~/server/db/seed-orders.server'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/server/errors.server'
import { storeFile } from '~/server/files/file-store.server'
import { organisationProducts } from '~/server/products/products.schema'
import { batches, stockMovements, stockReservations } from '~/server/stock/stock.schema'
import { blockBatch, receiveGoods, releaseBatch } from '~/server/stock/stock.server'
import { reserveStock } from '~/server/stock/stock-reservations.server'
import { businessActorOf, demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { outcomeOf } from '../support/outcome'

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
const daysAgo = (days: number) => berlinIsoDate(new Date(Date.now() - days * 86_400_000))
const daysAhead = (days: number) => berlinIsoDate(new Date(Date.now() + days * 86_400_000))

describe.each(testDatabaseKinds)('customer orders on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  /** Loose flowers with plenty of stock, one gram per order: the state-table orders. */
  let flower: SellableProduct
  const db = () => database.handle.db
  const { statutoryPatient, privatePatient, business } = demoOrderCustomerIds

  const create = (
    items: { listingId: string; quantity: number }[],
    options: { customerId?: string; delivery?: DeliveryMethod; actor?: Actor } = {},
  ) =>
    createCustomerOrder(
      options.actor ?? actors.pharmacyOwner,
      {
        customerId: options.customerId ?? business,
        items,
        delivery: { method: options.delivery ?? 'pickup' },
        note: null,
      },
      db(),
    )
  const versionOf = async (id: string) =>
    (await getCustomerOrder(actors.pharmacyOwner, id, db())).version
  const act = async (action: Exclude<CustomerOrderAction, 'expire'>, id: string) =>
    customerOrderActionServices[action](
      actors.pharmacyOwner,
      id,
      { version: await versionOf(id), reason: 'Test-Storno' },
      db(),
    )

  /** An order of one gram for the business customer, moved to `status` through the services. */
  async function orderIn(status: CustomerOrderStatus, delivery: DeliveryMethod = 'pickup') {
    const { id } = await create([{ listingId: flower.listingId, quantity: 1 }], { delivery })
    if (status === 'new') return id
    if (status === 'expired') {
      await expireCustomerOrder(systemActor('test'), id, db())
      return id
    }
    if (status === 'cancelled') {
      await act('cancel', id)
      return id
    }
    await act('confirm', id)
    if (status === 'confirmed') return id
    await act(delivery === 'pickup' ? 'markReady' : 'ship', id)
    if (status === 'ready' || status === 'shipped') return id
    await act('complete', id)
    return id
  }

  const activeReservations = (id: string) =>
    db()
      .select({ batchId: stockReservations.batchId, quantity: stockReservations.quantity })
      .from(stockReservations)
      .where(
        and(
          eq(stockReservations.sourceType, 'customer_order'),
          eq(stockReservations.sourceId, id),
          sql`${stockReservations.releasedAt} is null and ${stockReservations.consumedAt} is null`,
        ),
      )
  const saleMovements = (id: string) =>
    db()
      .select({ batchId: stockMovements.batchId, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.sourceType, 'customer_order'),
          eq(stockMovements.sourceId, id),
          eq(stockMovements.kind, 'sale'),
        ),
      )
  const sum = (rows: { quantity: number }[]) => rows.reduce((total, row) => total + row.quantity, 0)

  /** The listing's released, unexpired batches with stock, first-expiring first. */
  const searchPickable = async (listingId: string) => {
    const rows = await db()
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(
          eq(batches.organisationProductId, listingId),
          eq(batches.status, 'released'),
          sql`${batches.balance} > 5000`,
          sql`(${batches.expiryDate} is null or ${batches.expiryDate} >= current_date)`,
        ),
      )
      .orderBy(sql`${batches.expiryDate} asc nulls last`)
    return rows.map((row) => row.id)
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const sellable = await searchSellableProducts(actors.pharmacyOwner, '', db())
    const byGram = sellable
      .filter((product) => product.salesUnit === 'gram' && product.orderStep === 1)
      .filter((product) => product.minOrderQuantity === null)
      .sort((a, b) => b.availableSalesUnits - a.availableSalesUnits)
    if (!byGram[0] || byGram[0].availableSalesUnits < 60) throw new Error('demo flowers missing')
    flower = byGram[0]
  })
  afterAll(async () => {
    await database?.dispose()
  })

  describe('state table', () => {
    it.each(customerOrderActions)('%s from every status', async (action) => {
      const delivery: DeliveryMethod = action === 'ship' ? 'courier' : 'pickup'
      for (const status of customerOrderStatuses) {
        // ready needs a pickup order, shipped a courier one.
        const orderDelivery: DeliveryMethod =
          status === 'shipped' ? 'courier' : status === 'ready' ? 'pickup' : delivery
        const id = await orderIn(status, orderDelivery)
        const allowed = refusedActionMessage(action, status, orderDelivery) === null
        const run =
          action === 'expire' ? expireCustomerOrder(systemActor('test'), id, db()) : act(action, id)
        if (allowed) {
          const saved = await run
          expect(saved.status, `${action} from ${status}`).toBe(customerOrderTransitions[action].to)
        } else {
          const refused = await run.catch((error) => error)
          expect(refused, `${action} from ${status}`).toBeInstanceOf(ConflictError)
          expect(refused.message).toBe(refusedActionMessage(action, status, orderDelivery))
          expect((await getCustomerOrder(actors.pharmacyOwner, id, db())).status).toBe(status)
        }
      }
    })

    it('refuses ready for courier orders and shipping for pickup ones', async () => {
      const courier = await orderIn('confirmed', 'courier')
      const refused = await act('markReady', courier).catch((error) => error)
      expect(refused).toBeInstanceOf(ConflictError)
      expect(refused.message).toContain('Botendienst')
      const pickup = await orderIn('confirmed', 'pickup')
      await expect(act('ship', pickup)).rejects.toThrow('zur Abholung')
    })

    it('walks the payment graph by hand, and only refunds once closed', async () => {
      const paths: Record<PaymentStatus, PaymentStatus[]> = {
        unpaid: [],
        pending: ['pending'],
        paid: ['paid'],
        failed: ['failed'],
        refunded: ['paid', 'refunded'],
      }
      const setPayment = async (id: string, paymentStatus: PaymentStatus) =>
        setCustomerOrderPayment(
          actors.pharmacyStaff,
          id,
          { version: await versionOf(id), paymentStatus },
          db(),
        )
      for (const from of paymentStatuses) {
        const id = await orderIn('new')
        for (const step of paths[from]) await setPayment(id, step)
        for (const to of paymentStatuses) {
          const expected = refusedPaymentMessage(from, to, 'new')
          if (expected === null) continue
          await expect(setPayment(id, to), `${from} → ${to}`).rejects.toThrow(expected)
        }
        const allowed = paymentStatuses.find(
          (to) => refusedPaymentMessage(from, to, 'new') === null,
        )
        if (allowed) {
          await setPayment(id, allowed)
          const detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
          expect(detail.paymentStatus).toBe(allowed)
          expect(detail.timeline.at(-1)).toMatchObject({ kind: 'payment_changed' })
        }
      }
      const cancelled = await orderIn('new')
      await setPayment(cancelled, 'paid')
      await act('cancel', cancelled)
      await expect(setPayment(cancelled, 'failed')).rejects.toBeInstanceOf(ConflictError)
      await setPayment(cancelled, 'refunded')
    })
  })

  describe('new orders', () => {
    it('freezes prices, numbers AU-<year>-NNNNN and keeps totals in cents', async () => {
      const saved = await create([{ listingId: flower.listingId, quantity: 3 }], {
        delivery: 'courier',
      })
      expect(saved.number).toMatch(new RegExp(`^AU-${berlinIsoDate().slice(0, 4)}-\\d{5}$`))
      const detail = await getCustomerOrder(actors.pharmacyOwner, saved.id, db())
      const [item] = detail.items
      expect(item).toMatchObject({ quantity: 3, unitPriceCents: flower.priceCents })
      expect(detail.netCents).toBe(3 * flower.priceCents)
      expect(detail.grossCents).toBe(detail.netCents + detail.vatCents)
      // The business customer's address fills the courier's delivery.
      expect(detail.delivery).toMatchObject({ method: 'courier', city: 'Berlin' })
      expect(detail.actions).toEqual(['confirm', 'cancel'])
      expect(detail.timeline.map((entry) => entry.kind)).toEqual(['created'])
      expect(detail.timeline[0]?.actorName).toBe('Dr. Clara Sonnberg')
    })

    it('refuses other organisations’ customers, order rules and archived listings', async () => {
      const foreign = await create([{ listingId: flower.listingId, quantity: 1 }], {
        customerId: demoOrderCustomerIds.pharmacyAtWholesaler,
      }).catch((error) => error)
      expect(foreign).toBeInstanceOf(InvalidError)
      expect(foreign.extra.errors).toHaveProperty('customerId')
      const refused = await create([
        { listingId: demoProductIds.pharmacyPackFlower, quantity: 11 },
        { listingId: demoProductIds.pharmacyArchived, quantity: 1 },
      ]).catch((error) => error)
      expect(refused).toBeInstanceOf(InvalidError)
      expect(refused.extra.errors).toMatchObject({
        'items.0.quantity': 'Höchstens 10 je Bestellung.',
        'items.1.listingId': expect.stringContaining('nicht (mehr)'),
      })
    })

    it('changes items while new against its version, and not after confirming', async () => {
      const { id, version } = await create([{ listingId: flower.listingId, quantity: 1 }])
      const updated = await updateCustomerOrder(
        actors.pharmacyStaff,
        id,
        { version, items: [{ listingId: flower.listingId, quantity: 2 }], note: 'Bitte wiegen' },
        db(),
      )
      expect(updated.version).toBe(version + 1)
      const stale = await updateCustomerOrder(
        actors.pharmacyStaff,
        id,
        { version, note: 'alt' },
        db(),
      ).catch((error) => error)
      expect(stale).toBeInstanceOf(ConflictError)
      expect(stale.message).toBe(staleCustomerOrderMessage)
      await act('confirm', id)
      await expect(
        updateCustomerOrder(
          actors.pharmacyStaff,
          id,
          { version: await versionOf(id), note: 'x' },
          db(),
        ),
      ).rejects.toThrow('nicht mehr geändert')
    })

    it('never leaves an anonymised customer with an open order, however the two meet', async () => {
      for (let round = 0; round < 5; round += 1) {
        const customer = await createCustomer(
          actors.pharmacyOwner,
          {
            kind: 'patient',
            firstName: 'Paula',
            lastName: `Gleichzeitig ${round}`,
            birthDate: '1980-01-01',
            postalCode: '12045',
            city: 'Berlin',
            country: 'DE',
            payerKind: 'self_pay',
          },
          db(),
        )
        const [ordered, anonymised] = await Promise.allSettled([
          create([{ listingId: flower.listingId, quantity: 1 }], { customerId: customer.id }),
          anonymiseCustomer(actors.pharmacyOwner, customer.id, { revision: 1 }, db()),
        ])
        // Exactly one wins: the order (then anonymising is refused for it) or the anonymising
        // (then the order is refused for an anonymised customer).
        expect([ordered.status, anonymised.status].sort()).toEqual(['fulfilled', 'rejected'])
        const refusal = [ordered, anonymised].find((result) => result.status === 'rejected')
        expect((refusal as PromiseRejectedResult).reason).toBeInstanceOf(
          ordered.status === 'rejected' ? InvalidError : ConflictError,
        )
        const [row] = await db().select().from(customers).where(eq(customers.id, customer.id))
        const orders = await db()
          .select({ id: customerOrders.id })
          .from(customerOrders)
          .where(eq(customerOrders.customerId, customer.id))
        expect(row?.anonymisedAt !== null && orders.length > 0).toBe(false)
      }
    })

    it('searches by number and customer name and filters by status, payment and channel', async () => {
      const saved = await create([{ listingId: flower.listingId, quantity: 1 }], {
        customerId: privatePatient,
      })
      const search = (params: Record<string, unknown>) =>
        listCustomerOrders(
          actors.pharmacyOwner,
          customerOrderListSearch.parse({ pageSize: 100, ...params }),
          db(),
        )
      expect((await search({ q: saved.number })).items.map((row) => row.id)).toEqual([saved.id])
      const byName = await search({ q: 'krüger' })
      expect(byName.items.map((row) => row.id)).toContain(saved.id)
      expect(byName.items.every((row) => row.customerName === 'Sabine Krüger')).toBe(true)
      const confirmed = await search({ status: 'confirmed' })
      expect(confirmed.items.every((row) => row.status === 'confirmed')).toBe(true)
      const unpaid = await search({ payment: 'unpaid', channel: 'back_office' })
      expect(unpaid.total).toBeGreaterThan(0)
      const wholesaler = await listCustomerOrders(
        actors.wholesalerOwner,
        customerOrderListSearch.parse({ q: saved.number }),
        db(),
      )
      expect(wholesaler.total).toBe(0)
    })
  })

  describe('prescriptions', () => {
    const prescription = (version: number, overrides: Record<string, unknown> = {}) => ({
      version,
      payer: 'statutory',
      form: 'e_rezept',
      prescriberName: 'Dr. med. Felix Hartmann',
      issuedOn: daysAgo(2),
      dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
      insurerName: 'AOK Nordost',
      insuranceNumber: 'A123456780',
      copaymentExempt: false,
      eRezeptToken: '160.000.100.000.001.42',
      ...overrides,
    })

    it('needs a checked prescription for flowers to a patient; computes the co-payment', async () => {
      // 12 g: 10 % is more than 10 €, capped; 1 g of a cheaper flower: at least 5 €.
      const { id } = await create([{ listingId: flower.listingId, quantity: 12 }], {
        customerId: statutoryPatient,
      })
      await expect(act('confirm', id)).rejects.toThrow(prescriptionMissingMessage)
      await recordPrescription(actors.pharmacyStaff, id, prescription(await versionOf(id)), db())
      await expect(act('confirm', id)).rejects.toThrow(prescriptionUncheckedMessage)
      let detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
      const [line] = detail.items
      expect(line?.requiresPrescription).toBe(true)
      expect(line?.copaymentCents).toBe(1000)
      expect(detail.copaymentCents).toBe(1000)
      expect(detail.insurerCents).toBe(detail.grossCents - 1000)
      expect(detail.prescription).toMatchObject({
        payer: 'statutory',
        validUntil: berlinIsoDate(
          new Date(Date.parse(`${daysAgo(2)}T00:00:00Z`) + 28 * 86_400_000),
        ),
        validToday: true,
        checkedAt: null,
      })
      await checkPrescription(actors.pharmacyOwner, id, { version: await versionOf(id) }, db())
      detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
      expect(detail.prescription?.checkedByName).toBe('Dr. Clara Sonnberg')
      await act('confirm', id)
      // An exemption: no co-payment at all, the insurer pays everything.
      const exempt = await create([{ listingId: flower.listingId, quantity: 1 }], {
        customerId: statutoryPatient,
      })
      await recordPrescription(
        actors.pharmacyStaff,
        exempt.id,
        prescription(exempt.version, { copaymentExempt: true }),
        db(),
      )
      const exemptDetail = await getCustomerOrder(actors.pharmacyOwner, exempt.id, db())
      expect(exemptDetail.copaymentCents).toBe(0)
      expect(exemptDetail.insurerCents).toBe(exemptDetail.grossCents)
    })

    it('lets only a pharmacist check the prescription; a PTA records it (§ 7 Abs. 1b ApBetrO)', async () => {
      const { id, version } = await create([{ listingId: flower.listingId, quantity: 1 }], {
        customerId: statutoryPatient,
      })
      await recordPrescription(actors.pharmacyStaff, id, prescription(version), db())
      const [pka] = await db()
        .insert(users)
        .values({
          organisationId: demoIds.pharmacy,
          username: `pka-${kind}`,
          email: `pka-${kind}@sonnen-apotheke.example`,
          name: 'Paul Kaufmann',
          role: 'staff',
          qualification: 'pka',
          passwordHash: 'not-a-login',
        })
        .returning({ id: users.id })
      for (const preparer of [
        actors.pharmacyStaff,
        await businessActorOf(db(), pka?.id as string),
      ]) {
        const refused = await checkPrescription(
          preparer,
          id,
          { version: await versionOf(id) },
          db(),
        ).catch((error) => error)
        expect(refused).toBeInstanceOf(ForbiddenError)
        expect(refused.message).toBe(pharmacistOnlyMessages.prescriptionCheck)
      }
      expect((await getCustomerOrder(actors.pharmacyOwner, id, db())).prescription?.checkedAt).toBe(
        null,
      )
      await expect(act('confirm', id)).rejects.toThrow(prescriptionUncheckedMessage)
      await checkPrescription(actors.pharmacyPharmacist, id, { version: await versionOf(id) }, db())
      const detail = await getCustomerOrder(actors.pharmacyStaff, id, db())
      expect(detail.prescription?.checkedByName).toBe('Ayla Kern')
    })

    it('refuses to check an expired prescription and accepts a paper scan of its own', async () => {
      const { id, version } = await create([{ listingId: flower.listingId, quantity: 1 }], {
        customerId: statutoryPatient,
      })
      await recordPrescription(
        actors.pharmacyStaff,
        id,
        prescription(version, { issuedOn: daysAgo(40) }),
        db(),
      )
      await expect(
        checkPrescription(actors.pharmacyOwner, id, { version: await versionOf(id) }, db()),
      ).rejects.toThrow('nicht mehr gültig')
      const future = await recordPrescription(
        actors.pharmacyStaff,
        id,
        prescription(await versionOf(id), { issuedOn: daysAhead(3) }),
        db(),
      ).catch((error) => error)
      expect(future).toBeInstanceOf(InvalidError)
      const scan = await storeFile(actors.pharmacyStaff, 'prescription_scan', pdf, db())
      await recordPrescription(
        actors.pharmacyStaff,
        id,
        prescription(await versionOf(id), { form: 'paper', payer: 'private', scanFileId: scan.id }),
        db(),
      )
      const detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
      expect(detail.prescription).toMatchObject({ form: 'paper', scanFileId: scan.id })
      // A private prescription 40 days old is still valid (three months).
      expect(detail.prescription?.validToday).toBe(true)
      expect(detail.copaymentCents).toBe(0)
      const unknownScan = await recordPrescription(
        actors.pharmacyStaff,
        id,
        prescription(await versionOf(id), { form: 'paper', scanFileId: crypto.randomUUID() }),
        db(),
      ).catch((error) => error)
      expect(unknownScan).toBeInstanceOf(InvalidError)
      expect(unknownScan.extra.errors).toHaveProperty('scanFileId')
    })

    /** A patient's order of one gram with its prescription recorded and checked. */
    async function checkedOrder(delivery: DeliveryMethod, overrides: Record<string, unknown> = {}) {
      const { id, version } = await create([{ listingId: flower.listingId, quantity: 1 }], {
        customerId: statutoryPatient,
        delivery,
      })
      await recordPrescription(actors.pharmacyStaff, id, prescription(version, overrides), db())
      await checkPrescription(actors.pharmacyOwner, id, { version: await versionOf(id) }, db())
      return id
    }
    const recordOriginal = async (id: string) =>
      recordPrescriptionOriginal(actors.pharmacyOwner, id, { version: await versionOf(id) }, db())

    it('hands over a paper prescription’s goods only once the original is there', async () => {
      const scan = await storeFile(actors.pharmacyStaff, 'prescription_scan', pdf, db())
      const id = await checkedOrder('pickup', {
        form: 'paper',
        payer: 'private',
        scanFileId: scan.id,
        eRezeptToken: undefined,
      })
      // The scan is enough to confirm and prepare.
      await act('confirm', id)
      await act('markReady', id)
      const refused = await act('complete', id).catch((error) => error)
      expect(refused).toBeInstanceOf(ConflictError)
      expect(refused.message).toBe(prescriptionOriginalMissingMessages.paper)
      await recordOriginal(id)
      const detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
      expect(detail.prescription?.originalByName).toBe('Dr. Clara Sonnberg')
      expect(detail.prescription?.originalAt).toBeTruthy()
      expect(detail.timeline.at(-1)).toMatchObject({
        kind: 'prescription_original',
        detail: 'Original liegt vor',
      })
      await expect(recordOriginal(id)).rejects.toThrow(prescriptionOriginalRecordedMessages.paper)
      expect((await act('complete', id)).status).toBe('completed')
      const audit = await db()
        .select({ after: auditEvents.after })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entityId, id),
            eq(auditEvents.action, 'customer_order.prescription_original'),
          ),
        )
      expect(audit).toHaveLength(1)
      // Once completed, nothing is recorded any more.
      await expect(recordOriginal(id)).rejects.toBeInstanceOf(ConflictError)
    })

    it('ships an e-prescription’s goods only once it is redeemed', async () => {
      const id = await checkedOrder('courier')
      await act('confirm', id)
      await expect(act('ship', id)).rejects.toThrow(prescriptionOriginalMissingMessages.e_rezept)
      await recordOriginal(id)
      const detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
      expect(detail.timeline.at(-1)?.detail).toBe('E-Rezept eingelöst')
      expect((await act('ship', id)).status).toBe('shipped')
      expect((await act('complete', id)).status).toBe('completed')
    })

    it('a new recording of the prescription asks for the original again', async () => {
      const id = await checkedOrder('pickup')
      await recordOriginal(id)
      await recordPrescription(actors.pharmacyStaff, id, prescription(await versionOf(id)), db())
      const detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
      expect(detail.prescription).toMatchObject({ checkedAt: null, originalAt: null })
    })

    it('50 parallel recordings of the original: one wins, the rest are refused', async () => {
      const id = await checkedOrder('pickup')
      const version = await versionOf(id)
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () =>
          outcomeOf(recordPrescriptionOriginal(actors.pharmacyOwner, id, { version }, db())),
        ),
      )
      expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome !== 'ok').every((status) => status === 409)).toBe(
        true,
      )
      const events = await getCustomerOrder(actors.pharmacyOwner, id, db())
      expect(
        events.timeline.filter((event) => event.kind === 'prescription_original'),
      ).toHaveLength(1)
    })

    it('refuses hand-over and shipping once the prescription lapsed after confirming', async () => {
      // Statutory: valid 28 days from issue; issued 27 days ago, it lapses in two days.
      const issuedOn = daysAgo(27)
      const pickup = await checkedOrder('pickup', { issuedOn })
      const courier = await checkedOrder('courier', { issuedOn })
      for (const id of [pickup, courier]) {
        await recordOriginal(id)
        await act('confirm', id)
      }
      await act('markReady', pickup)
      const lapsed = prescriptionLapsedMessage(validUntil(issuedOn, 'statutory'))
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 86_400_000 })
      try {
        await expect(act('complete', pickup)).rejects.toThrow(lapsed)
        await expect(act('ship', courier)).rejects.toThrow(lapsed)
      } finally {
        vi.useRealTimers()
      }
      expect((await getCustomerOrder(actors.pharmacyOwner, pickup, db())).status).toBe('ready')
      expect((await act('complete', pickup)).status).toBe('completed')
    })

    it('keeps prescriber and insurance out of the audit log', async () => {
      const rows = await db()
        .select({ after: auditEvents.after })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'customer_order.prescription_recorded'))
      expect(rows.length).toBeGreaterThan(0)
      const text = JSON.stringify(rows)
      expect(text).not.toContain('Hartmann')
      expect(text).not.toContain('A123456780')
    })
  })

  describe('stock', () => {
    it('reserves only what an order does not hold yet, and sells exactly what it held', async () => {
      const { id } = await create([{ listingId: flower.listingId, quantity: 4 }])
      // As a shop order would arrive: half of it already held.
      await db().transaction((tx) =>
        reserveStock(tx, {
          organisationId: demoIds.pharmacy,
          organisationProductId: flower.listingId,
          quantity: 2000,
          source: { type: 'customer_order', id },
          expiresAt: new Date(Date.now() + 3_600_000),
        }),
      )
      await act('confirm', id)
      const held = await activeReservations(id)
      expect(sum(held)).toBe(4000)
      await act('markReady', id)
      const detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
      expect(sum(detail.items[0]?.picks ?? [])).toBe(4000)
      expect(detail.items[0]?.picks[0]?.batchNumber).toBeTruthy()
      await act('complete', id)
      expect(await activeReservations(id)).toEqual([])
      const sales = await saleMovements(id)
      expect(sum(sales)).toBe(-4000)
      // Two reservations of one batch (the shop's and the confirmation's) are two movements.
      expect([...new Set(sales.map((row) => row.batchId))].sort()).toEqual(
        detail.items[0]?.picks.map((pick) => pick.batchId).sort(),
      )
    })

    it('releases on cancel and expiry', async () => {
      const cancelled = await orderIn('confirmed')
      expect(sum(await activeReservations(cancelled))).toBe(1000)
      await act('cancel', cancelled)
      expect(await activeReservations(cancelled)).toEqual([])
      const expired = await orderIn('new')
      await db().transaction((tx) =>
        reserveStock(tx, {
          organisationId: demoIds.pharmacy,
          organisationProductId: flower.listingId,
          quantity: 1000,
          source: { type: 'customer_order', id: expired },
        }),
      )
      await expireCustomerOrder(systemActor('shop-expiry'), expired, db())
      expect(await activeReservations(expired)).toEqual([])
      // Only the platform's jobs let an order lapse.
      for (const actor of Object.values(actors)) {
        await expect(expireCustomerOrder(actor, expired, db())).rejects.toBeInstanceOf(
          ForbiddenError,
        )
      }
    })

    it('of two orders needing more than the stock together, confirms exactly one', async () => {
      // A product whose stock one order may take more than half of.
      const product = (await searchSellableProducts(actors.pharmacyOwner, '', db())).find(
        (candidate) =>
          candidate.orderStep === 1 &&
          candidate.minOrderQuantity === null &&
          candidate.availableSalesUnits >= 4 &&
          (candidate.maxOrderQuantity === null ||
            candidate.maxOrderQuantity > candidate.availableSalesUnits / 2 + 1),
      )
      if (!product) throw new Error('no product for the race')
      const half = Math.floor(product.availableSalesUnits / 2) + 1
      const first = await create([{ listingId: product.listingId, quantity: half }])
      const second = await create([{ listingId: product.listingId, quantity: half }])
      const results = await Promise.allSettled([
        act('confirm', first.id),
        act('confirm', second.id),
      ])
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      const [refused] = results.filter((result) => result.status === 'rejected')
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError)
      expect((refused as PromiseRejectedResult).reason.message).toContain('verfügbar')
      const held = [
        ...(await activeReservations(first.id)),
        ...(await activeReservations(second.id)),
      ]
      expect(sum(held)).toBe(half * product.baseUnitsPerSalesUnit)
      // Give the goods back for the tests after this one.
      for (const id of [first.id, second.id]) {
        const detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
        if (detail.actions.includes('cancel')) await act('cancel', id)
      }
    })

    it('20 parallel confirms of one order make one set of reservations', async () => {
      const { id, version } = await create([{ listingId: flower.listingId, quantity: 3 }])
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          confirmCustomerOrder(actors.pharmacyStaff, id, { version }, db()),
        ),
      )
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      for (const result of results) {
        if (result.status === 'rejected') {
          expect(result.reason).toBeInstanceOf(ConflictError)
          expect(result.reason.message).toBe(staleCustomerOrderMessage)
        }
      }
      expect(sum(await activeReservations(id))).toBe(3000)
      const detail = await getCustomerOrder(actors.pharmacyOwner, id, db())
      expect(detail.timeline.filter((entry) => entry.kind === 'confirmed')).toHaveLength(1)
      expect(detail.version).toBe(version + 1)
    })

    it('completes and confirms orders of the same batches in parallel without deadlocks', async () => {
      const listingId = demoProductIds.pharmacyLooseFlower
      const [first, second] = (await searchPickable(listingId)).slice(0, 2)
      if (!first || !second) throw new Error('two sellable batches of the loose flower needed')
      // Orders picked from both batches: completing locks both, as confirming does.
      const ready: string[] = []
      for (let index = 0; index < 4; index++) {
        const { id } = await create([{ listingId, quantity: 2 }])
        await act('confirm', id)
        const [item] = (await getCustomerOrder(actors.pharmacyOwner, id, db())).items
        await markCustomerOrderReady(
          actors.pharmacyOwner,
          id,
          {
            version: await versionOf(id),
            picks: [
              {
                itemId: item?.id,
                batches: [
                  { batchId: first, quantity: 1000 },
                  { batchId: second, quantity: 1000 },
                ],
              },
            ],
          },
          db(),
        )
        ready.push(id)
      }
      const fresh: string[] = []
      for (let index = 0; index < 4; index++) {
        fresh.push((await create([{ listingId, quantity: 1 }])).id)
      }
      const versions = new Map<string, number>()
      for (const id of [...ready, ...fresh]) versions.set(id, await versionOf(id))
      const results = await Promise.allSettled([
        ...ready.map((id) =>
          completeCustomerOrder(actors.pharmacyStaff, id, { version: versions.get(id) }, db()),
        ),
        ...fresh.map((id) =>
          confirmCustomerOrder(actors.pharmacyStaff, id, { version: versions.get(id) }, db()),
        ),
      ])
      expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    })

    it('picks chosen batches, refuses unsellable ones and re-plans around a blocked batch', async () => {
      // Two fresh batches of the vaporiser: the earlier-expiring one is reserved first.
      const certificate = await storeFile(actors.pharmacyOwner, 'batch_certificate', pdf, db())
      const receive = async (batchNumber: string, expiryDate: string) => {
        const received = await receiveGoods(
          actors.pharmacyOwner,
          {
            organisationProductId: demoProductIds.pharmacyVaporiser,
            supplierId: null,
            batchNumber,
            quantity: 5,
            expiryDate,
            thcContent: null,
            cbdContent: null,
            coaFileId: certificate.id,
          },
          db(),
        )
        await releaseBatch(
          actors.pharmacyOwner,
          { batchId: received.batchId, testNumber: `PR-${batchNumber}` },
          db(),
        )
        return received.batchId
      }
      const early = await receive(`VAP-E-${kind}`, daysAhead(30))
      const late = await receive(`VAP-L-${kind}`, daysAhead(3000))
      const { id } = await create([{ listingId: demoProductIds.pharmacyVaporiser, quantity: 2 }])
      await act('confirm', id)
      const [item] = (await getCustomerOrder(actors.pharmacyOwner, id, db())).items
      if (!item) throw new Error('item missing')
      const pickWith = async (batches: { batchId: string; quantity: number }[]) =>
        markCustomerOrderReady(
          actors.pharmacyOwner,
          id,
          { version: await versionOf(id), picks: [{ itemId: item.id, batches }] },
          db(),
        )
      await expect(pickWith([{ batchId: late, quantity: 1 }])).rejects.toBeInstanceOf(InvalidError)
      await expect(pickWith([{ batchId: late, quantity: 6 }])).rejects.toBeInstanceOf(InvalidError)
      const blockedElsewhere = await pickWith([
        { batchId: crypto.randomUUID(), quantity: 2 },
      ]).catch((error) => error)
      expect(blockedElsewhere).toBeInstanceOf(ConflictError)
      await pickWith([
        { batchId: late, quantity: 1 },
        { batchId: early, quantity: 1 },
      ])
      const picked = (await getCustomerOrder(actors.pharmacyOwner, id, db())).items[0]?.picks
      expect(picked?.map((pick) => [pick.batchId, pick.quantity]).sort()).toEqual(
        [
          [early, 1],
          [late, 1],
        ].sort(),
      )
      await act('complete', id)
      expect((await saleMovements(id)).map((row) => [row.batchId, row.quantity]).sort()).toEqual(
        [
          [early, -1],
          [late, -1],
        ].sort(),
      )

      // Never more than a batch holds: 5 from the late batch, which has 4 left.
      const more = await create([{ listingId: demoProductIds.pharmacyVaporiser, quantity: 5 }])
      await act('confirm', more.id)
      const [moreItem] = (await getCustomerOrder(actors.pharmacyOwner, more.id, db())).items
      const tooMuch = await markCustomerOrderReady(
        actors.pharmacyOwner,
        more.id,
        {
          version: await versionOf(more.id),
          picks: [{ itemId: moreItem?.id, batches: [{ batchId: late, quantity: 5 }] }],
        },
        db(),
      ).catch((error) => error)
      expect(tooMuch).toBeInstanceOf(ConflictError)
      expect(tooMuch.message).toContain('nur noch 4')
      expect(sum(await activeReservations(more.id))).toBe(5)
      await act('cancel', more.id)

      // Blocked after confirming: marking ready reserves elsewhere instead of failing.
      const second = await create([{ listingId: demoProductIds.pharmacyVaporiser, quantity: 2 }])
      await act('confirm', second.id)
      const heldOn = (await activeReservations(second.id)).map((row) => row.batchId)
      expect(heldOn).toContain(early)
      await blockBatch(actors.pharmacyOwner, { batchId: early, reason: 'Rückruf (Test)' }, db())
      const refused = await markCustomerOrderReady(
        actors.pharmacyOwner,
        second.id,
        {
          version: await versionOf(second.id),
          picks: [
            {
              itemId: (await getCustomerOrder(actors.pharmacyOwner, second.id, db())).items[0]?.id,
              batches: [{ batchId: early, quantity: 2 }],
            },
          ],
        },
        db(),
      ).catch((error) => error)
      expect(refused).toBeInstanceOf(ConflictError)
      expect(refused.message).toContain('nicht freigegeben')
      await act('markReady', second.id)
      const replanned = await activeReservations(second.id)
      expect(sum(replanned)).toBe(2)
      expect(replanned.every((row) => row.batchId !== early)).toBe(true)

      // A shop order's hold on a batch blocked before confirming: confirm reserves elsewhere.
      const third = await create([{ listingId: demoProductIds.pharmacyVaporiser, quantity: 1 }])
      await db().transaction((tx) =>
        reserveStock(tx, {
          organisationId: demoIds.pharmacy,
          organisationProductId: demoProductIds.pharmacyVaporiser,
          quantity: 1,
          source: { type: 'customer_order', id: third.id },
          expiresAt: new Date(Date.now() + 3_600_000),
        }),
      )
      const [shopHold] = await activeReservations(third.id)
      if (!shopHold) throw new Error('hold missing')
      await blockBatch(actors.pharmacyOwner, { batchId: shopHold.batchId, reason: 'Rückruf' }, db())
      await act('confirm', third.id)
      const moved = await activeReservations(third.id)
      expect(sum(moved)).toBe(1)
      expect(moved.every((row) => row.batchId !== shopHold.batchId)).toBe(true)
    })
  })

  describe('authorisation', () => {
    it('matrix per service function', async () => {
      const calls: Record<string, (actor: Actor, id: string) => Promise<unknown>> = {
        listCustomerOrders: (actor) =>
          listCustomerOrders(actor, customerOrderListSearch.parse({}), db()),
        getCustomerOrder: (actor, id) => getCustomerOrder(actor, id, db()),
        searchSellableProducts: (actor) => searchSellableProducts(actor, '', db()),
        listPickableBatches: (actor, id) => listPickableBatches(actor, id, db()),

        createCustomerOrder: (actor) =>
          createCustomerOrder(
            actor,
            { customerId: business, items: [{ listingId: flower.listingId, quantity: 1 }] },
            db(),
          ),
        updateCustomerOrder: async (actor, id) =>
          updateCustomerOrder(actor, id, { version: await versionOf(id), note: 'x' }, db()),
        recordPrescription: async (actor, id) =>
          recordPrescription(
            actor,
            id,
            {
              version: await versionOf(id),
              payer: 'private',
              form: 'paper',
              prescriberName: 'Dr. Test',
              issuedOn: daysAgo(1),
              dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
            },
            db(),
          ),
        checkPrescription: async (actor, id) => {
          await recordPrescription(
            actors.pharmacyOwner,
            id,
            {
              version: await versionOf(id),
              payer: 'private',
              form: 'paper',
              prescriberName: 'Dr. Test',
              issuedOn: daysAgo(1),
              dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
            },
            db(),
          )
          return checkPrescription(actor, id, { version: await versionOf(id) }, db())
        },
        recordPrescriptionOriginal: async (actor, id) => {
          await recordPrescription(
            actors.pharmacyOwner,
            id,
            {
              version: await versionOf(id),
              payer: 'private',
              form: 'paper',
              prescriberName: 'Dr. Test',
              issuedOn: daysAgo(1),
              dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
            },
            db(),
          )
          return recordPrescriptionOriginal(actor, id, { version: await versionOf(id) }, db())
        },
        confirmCustomerOrder: async (actor, id) =>
          confirmCustomerOrder(actor, id, { version: await versionOf(id) }, db()),
        markCustomerOrderReady: async (actor) => {
          const id = await orderIn('confirmed')
          return markCustomerOrderReady(actor, id, { version: await versionOf(id) }, db())
        },
        shipCustomerOrder: async (actor) => {
          const id = await orderIn('confirmed', 'courier')
          return shipCustomerOrder(actor, id, { version: await versionOf(id) }, db())
        },
        completeCustomerOrder: async (actor) => {
          const id = await orderIn('ready')
          return completeCustomerOrder(actor, id, { version: await versionOf(id) }, db())
        },
        cancelCustomerOrder: async (actor, id) =>
          cancelCustomerOrder(actor, id, { version: await versionOf(id), reason: 'Test' }, db()),
        setCustomerOrderPayment: async (actor, id) =>
          setCustomerOrderPayment(
            actor,
            id,
            { version: await versionOf(id), paymentStatus: 'pending' },
            db(),
          ),
      }
      const pharmacyOrderIds = async () =>
        (
          await db()
            .select({ id: customerOrders.id })
            .from(customerOrders)
            .where(eq(customerOrders.organisationId, demoIds.pharmacy))
        ).map((row) => row.id)
      const pharmacyListingIds = (
        await db()
          .select({ id: organisationProducts.id })
          .from(organisationProducts)
          .where(eq(organisationProducts.organisationId, demoIds.pharmacy))
      ).map((row) => row.id)
      /** Which of a list's or search's rows are the pharmacy's. */
      const ofPharmacy = {
        listCustomerOrders: async (answer: unknown) => {
          const ids = await pharmacyOrderIds()
          const { items } = answer as Awaited<ReturnType<typeof listCustomerOrders>>
          return {
            rows: items.length,
            pharmacy: items.filter((row) => ids.includes(row.id)).length,
          }
        },
        searchSellableProducts: async (answer: unknown) => {
          const picks = answer as Awaited<ReturnType<typeof searchSellableProducts>>
          return {
            rows: picks.length,
            pharmacy: picks.filter((pick) => pharmacyListingIds.includes(pick.listingId)).length,
          }
        },
      }
      /** The pharmacy's own rows only, at least one. */
      const onlyPharmacy = (list: keyof typeof ofPharmacy) => async (answer: unknown) => {
        const { rows, pharmacy } = await ofPharmacy[list](answer)
        expect(rows).toBeGreaterThan(0)
        expect(pharmacy).toBe(rows)
      }
      /** A change that leaves the order (`id`, or a new one) in `status`, stored for the pharmacy. */
      const leaves =
        (status: CustomerOrderStatus, { sameOrder = true } = {}) =>
        async (answer: unknown, id: string) => {
          const saved = answer as SavedCustomerOrder
          if (sameOrder) expect(saved.id).toBe(id)
          expect(saved.status).toBe(status)
          const stored = await db()
            .select({ status: customerOrders.status, seller: customerOrders.organisationId })
            .from(customerOrders)
            .where(eq(customerOrders.id, saved.id))
          expect(stored).toEqual([{ status, seller: demoIds.pharmacy }])
        }
      /** What each call answers the pharmacy's owner or staff for an order `id` in status new. */
      const answers: Record<keyof typeof calls, (answer: unknown, id: string) => Promise<void>> = {
        listCustomerOrders: onlyPharmacy('listCustomerOrders'),
        getCustomerOrder: async (answer, id) => {
          expect(answer).toMatchObject({ id, status: 'new', customer: { id: business } })
        },
        searchSellableProducts: onlyPharmacy('searchSellableProducts'),
        listPickableBatches: async (answer, id) => {
          // Per line of the order, batches of the pharmacy's own listing.
          const picks = answer as Awaited<ReturnType<typeof listPickableBatches>>
          const order = await getCustomerOrder(actors.pharmacyOwner, id, db())
          expect(Object.keys(picks)).toEqual(order.items.map((item) => item.id))
          const flowerBatches = (
            await db()
              .select({ id: batches.id })
              .from(batches)
              .where(
                and(
                  eq(batches.organisationId, demoIds.pharmacy),
                  eq(batches.organisationProductId, flower.listingId),
                ),
              )
          ).map((row) => row.id)
          const offered = Object.values(picks).flat()
          expect(offered.length).toBeGreaterThan(0)
          expect(offered.filter((pick) => !flowerBatches.includes(pick.batchId))).toEqual([])
        },
        createCustomerOrder: leaves('new', { sameOrder: false }),
        updateCustomerOrder: leaves('new'),
        recordPrescription: leaves('new'),
        checkPrescription: leaves('new'),
        recordPrescriptionOriginal: leaves('new'),
        confirmCustomerOrder: leaves('confirmed'),
        markCustomerOrderReady: leaves('ready', { sameOrder: false }),
        shipCustomerOrder: leaves('shipped', { sameOrder: false }),
        completeCustomerOrder: leaves('completed', { sameOrder: false }),
        cancelCustomerOrder: leaves('cancelled'),
        setCustomerOrderPayment: leaves('new'),
      }
      for (const [name, call] of Object.entries(calls)) {
        const expectAnswer = answers[name]
        if (!expectAnswer) throw new Error(`no expected answer for ${name}`)
        // The prescription check is a pharmacist's: staff here is the second pharmacist for it.
        const staff =
          name === 'checkPrescription' ? actors.pharmacyPharmacist : actors.pharmacyStaff
        for (const actor of [actors.pharmacyOwner, staff]) {
          const id = await orderIn('new')
          await expectAnswer(await call(actor, id), id)
        }
        const other = await call(actors.wholesalerOwner, await orderIn('new')).catch(
          (error) => error,
        )
        // Another organisation does not see the order (404) or the customer (400); its own
        // lists and searches answer with its own rows only.
        if (!(other instanceof NotFoundError || other instanceof InvalidError)) {
          expect(Object.keys(ofPharmacy), `${name} other organisation`).toContain(name)
          const { pharmacy } = await ofPharmacy[name as keyof typeof ofPharmacy](other)
          expect(pharmacy, `${name} other organisation`).toBe(0)
        }
        for (const refused of [actors.clubOwner, actors.admin, actors.shopCustomer]) {
          await expect(
            call(refused, await orderIn('new')),
            `${name} ${refused.kind}`,
          ).rejects.toBeInstanceOf(ForbiddenError)
        }
      }
    })
  })
})

describe.each(testDatabaseKinds)('customer order audit on %s', (kind) => {
  let database: TestDatabase
  afterAll(async () => {
    await database?.dispose()
  })

  it('writes one audit row per change and no personal values', async () => {
    database = await createSeededDatabase(kind)
    const db = database.handle.db
    const actors = await demoActors(db)
    const [product] = await searchSellableProducts(actors.pharmacyOwner, '', db)
    if (!product) throw new Error('no product')
    const saved = await createCustomerOrder(
      actors.pharmacyOwner,
      {
        customerId: demoOrderCustomerIds.business,
        items: [
          { listingId: product.listingId, quantity: product.minOrderQuantity ?? product.orderStep },
        ],
        delivery: { method: 'courier', street: 'Geheimweg 7' },
        note: 'Hinterhof, 3. Stock',
      },
      db,
    )
    await cancelCustomerOrder(
      actors.pharmacyOwner,
      saved.id,
      { version: saved.version, reason: 'Frau Beispiel ruft zurück' },
      db,
    )
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'customer_order'), eq(auditEvents.entityId, saved.id)))
    expect(rows.map((row) => row.action).sort()).toEqual([
      'customer_order.cancelled',
      'customer_order.created',
    ])
    const text = JSON.stringify(rows)
    for (const personal of ['Geheimweg', 'Hinterhof', 'Beispiel'])
      expect(text).not.toContain(personal)
    const [order] = await db.select().from(customerOrders).where(eq(customerOrders.id, saved.id))
    expect(order).toMatchObject({ status: 'cancelled', version: 2 })
    const [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, demoOrderCustomerIds.business))
    expect(customer).toBeDefined()
  })
})

describe.each(testDatabaseKinds)('demo customer orders on %s', (kind) => {
  let database: TestDatabase
  afterAll(async () => {
    await database?.dispose()
  })

  it('seeds every status and payment state, consistent with the stock, once', async () => {
    database = await createSeededDatabase(kind)
    const db = database.handle.db
    const count = () => db.$count(customerOrders)
    const before = await count()
    await seedDemoOrders(db)
    expect(await count()).toBe(before)
    const orders = await db.select().from(customerOrders)
    const at = (organisationId: string) =>
      orders.filter((order) => order.organisationId === organisationId)
    const pharmacy = at(demoIds.pharmacy)
    const nordhanf = at(demoIds.wholesaler)
    expect(pharmacy.length).toBeGreaterThanOrEqual(15)
    expect(nordhanf.length).toBeGreaterThanOrEqual(6)
    expect(new Set(pharmacy.map((order) => order.status))).toEqual(new Set(customerOrderStatuses))
    expect(new Set(orders.map((order) => order.paymentStatus))).toEqual(new Set(paymentStatuses))
    expect(pharmacy.some((order) => order.copaymentCents > 0 && order.insurerCents > 0)).toBe(true)
    const items = await db
      .select({
        orderId: sql<string>`order_id`,
        baseUnits: sql<number>`sum(quantity * base_units_per_sales_unit)::int`,
      })
      .from(sql`customer_order_items`)
      .groupBy(sql`order_id`)
    const need = new Map(items.map((row) => [row.orderId, Number(row.baseUnits)]))
    for (const order of orders) {
      const held = await db
        .select({ quantity: stockReservations.quantity })
        .from(stockReservations)
        .where(
          and(
            eq(stockReservations.sourceId, order.id),
            sql`${stockReservations.releasedAt} is null and ${stockReservations.consumedAt} is null`,
          ),
        )
      const sold = await db
        .select({ quantity: stockMovements.quantity })
        .from(stockMovements)
        .where(and(eq(stockMovements.sourceId, order.id), eq(stockMovements.kind, 'sale')))
      // A shop order arrives with its reservations; a back-office order reserves at confirmation.
      const holds =
        ['confirmed', 'ready', 'shipped'].includes(order.status) ||
        (order.status === 'new' && order.channel === 'shop')
      const total = (rows: { quantity: number }[]) =>
        rows.reduce((sum, row) => sum + row.quantity, 0)
      expect(total(held), `${order.number} held`).toBe(holds ? need.get(order.id) : 0)
      expect(Math.abs(total(sold)), `${order.number} sold`).toBe(
        order.status === 'completed' ? need.get(order.id) : 0,
      )
    }
  })
})

import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkedItemsMessage, refusedActionMessage } from '~/lib/customer-orders'
import { refusedTransitionMessage } from '~/lib/purchase-orders'
import {
  cancelCustomerOrder,
  confirmCustomerOrder,
  shipCustomerOrder,
} from '~/server/customer-orders/customer-order-transitions.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import {
  getCustomerOrder,
  updateCustomerOrder,
} from '~/server/customer-orders/customer-orders.server'
import { customers } from '~/server/customers/customers.schema'
import { demoIds } from '~/server/db/seed.server'
import { sellerOrderOf } from '~/server/db/seed-purchase-orders.server'
import { ConflictError, NotFoundError } from '~/server/errors.server'
import { openStoredFile } from '~/server/files/file-store.server'
import { receivePurchaseOrder } from '~/server/purchase-orders/purchase-order-receipts.server'
import { suppliers } from '~/server/purchase-orders/purchase-orders.schema'
import {
  cancelPurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrderHistory,
  orderPurchaseOrder,
  searchOrderableProducts,
} from '~/server/purchase-orders/purchase-orders.server'
import { createSupplier } from '~/server/purchase-orders/suppliers.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** Nordhanf's 10 g pack (demo listing 4010): at least 10, in steps of 5. */
const nordhanfPack = '00000000-0000-4000-8000-000000004010'

describe.each(testDatabaseKinds)('purchase order ↔ customer order on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let nordhanf: string
  const db = () => database.handle.db

  /** Sonnen-Apotheke orders 10 packs from Nordhanf; answers both sides' ids. */
  async function ordered(note: string | null = null) {
    const draft = await createPurchaseOrder(
      actors.pharmacyOwner,
      {
        supplierId: nordhanf,
        note,
        items: [{ listingId: nordhanfPack, quantity: 10, unitPriceCents: null }],
      },
      db(),
    )
    await orderPurchaseOrder(actors.pharmacyOwner, draft.id, {}, db())
    const sellerOrder = await sellerOrderOf(db(), draft.id)
    return { purchaseOrderId: draft.id, sellerOrderId: sellerOrder.id }
  }

  const sellerView = (id: string) => getCustomerOrder(actors.wholesalerOwner, id, db())
  const buyerView = (id: string) => getPurchaseOrder(actors.pharmacyOwner, id, db())

  async function confirm(sellerOrderId: string) {
    const { version } = await sellerView(sellerOrderId)
    return confirmCustomerOrder(actors.wholesalerOwner, sellerOrderId, { version }, db())
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const [supplier] = await db()
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.organisationId, demoIds.pharmacy),
          eq(suppliers.supplierOrganisationId, demoIds.wholesaler),
        ),
      )
    if (!supplier) throw new Error('demo supplier Nordhanf missing')
    nordhanf = supplier.id
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('ordering from Nordhanf opens its customer order with the lines and prices ordered', async () => {
    const { purchaseOrderId, sellerOrderId } = await ordered('Bitte mit Kühlakku')
    const purchaseOrder = await buyerView(purchaseOrderId)
    const sellerOrder = await sellerView(sellerOrderId)
    expect(sellerOrder).toMatchObject({
      status: 'new',
      channel: 'purchase_order',
      customer: { name: 'Sonnen-Apotheke', kind: 'business' },
      delivery: { method: 'shipping', city: 'Berlin' },
      note: 'Bitte mit Kühlakku',
      netCents: purchaseOrder.netCents,
      grossCents: purchaseOrder.grossCents,
    })
    expect(sellerOrder.number).toMatch(/^AU-\d{4}-\d{5}$/)
    expect(
      sellerOrder.items.map((item) => [item.name, item.quantity, item.unitPriceCents]),
    ).toEqual(purchaseOrder.items.map((item) => [item.name, item.quantity, item.unitPriceCents]))
    expect(sellerOrder.timeline.find((event) => event.kind === 'created')?.detail).toBe(
      `Bestellung ${purchaseOrder.number} von Sonnen-Apotheke`,
    )
    // The buyer is Nordhanf's one customer for it, not a new one per order.
    const partners = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.organisationId, demoIds.wholesaler),
          eq(customers.partnerOrganisationId, demoIds.pharmacy),
        ),
      )
    expect(partners).toHaveLength(1)
  })

  it('shows each organisation only its own side', async () => {
    const { purchaseOrderId, sellerOrderId } = await ordered()
    await expect(
      getCustomerOrder(actors.pharmacyOwner, sellerOrderId, db()),
    ).rejects.toBeInstanceOf(NotFoundError)
    await expect(
      getPurchaseOrder(actors.wholesalerOwner, purchaseOrderId, db()),
    ).rejects.toBeInstanceOf(NotFoundError)
  })

  it('opens nothing for an order to an external supplier', async () => {
    const external = await createSupplier(
      actors.pharmacyOwner,
      {
        kind: 'external',
        name: 'Hanfhaus Kiel',
        street: 'Holstenstraße 1',
        postalCode: '24103',
        city: 'Kiel',
        country: 'DE',
        licenceType: 'amg_52a',
        licenceNumber: 'SH-52a-0007',
        contactName: null,
        email: null,
        phone: null,
      },
      db(),
    )
    const [product] = await searchOrderableProducts(actors.pharmacyOwner, external.id, '', db())
    if (!product) throw new Error('the pharmacy lists nothing to order externally')
    const draft = await createPurchaseOrder(
      actors.pharmacyOwner,
      {
        supplierId: external.id,
        note: null,
        items: [
          {
            listingId: product.listingId,
            quantity: product.minOrderQuantity ?? product.orderStep,
            unitPriceCents: 1000,
          },
        ],
      },
      db(),
    )
    await orderPurchaseOrder(actors.pharmacyOwner, draft.id, {}, db())
    const linked = await db()
      .select({ id: customerOrders.id })
      .from(customerOrders)
      .where(eq(customerOrders.purchaseOrderId, draft.id))
    expect(linked).toEqual([])
  })

  it("Nordhanf's confirm confirms the purchase order; the pharmacy can no longer cancel", async () => {
    const { purchaseOrderId, sellerOrderId } = await ordered()
    await confirm(sellerOrderId)
    expect((await buyerView(purchaseOrderId)).status).toBe('confirmed')
    const history = await listPurchaseOrderHistory(actors.pharmacyOwner, purchaseOrderId, db())
    expect(history[0]?.action).toBe('confirmed')
    const refused = await cancelPurchaseOrder(
      actors.pharmacyOwner,
      purchaseOrderId,
      { reason: 'Doch nicht nötig' },
      db(),
    ).catch((error) => error)
    expect(refused).toBeInstanceOf(ConflictError)
    expect(refused.message).toBe(refusedTransitionMessage('confirmed', 'cancel'))
    expect((await sellerView(sellerOrderId)).status).toBe('confirmed')
  })

  it('shipping reports the batches, expiry and a CoA copy the pharmacy books in with', async () => {
    const { purchaseOrderId, sellerOrderId } = await ordered()
    const confirmed = await confirm(sellerOrderId)
    await shipCustomerOrder(
      actors.wholesalerOwner,
      sellerOrderId,
      { version: confirmed.version },
      db(),
    )
    const sellerOrder = await sellerView(sellerOrderId)
    const purchaseOrder = await buyerView(purchaseOrderId)
    expect(purchaseOrder.status).toBe('shipped')
    const [line] = purchaseOrder.items
    const picks = sellerOrder.items[0]?.picks ?? []
    expect(line?.shipped.map((batch) => [batch.batchNumber, batch.quantity])).toEqual(
      picks.map((pick) => [pick.batchNumber, pick.quantity]),
    )
    const shipped = line?.shipped[0]
    expect(shipped?.expiryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // The CoA travels as the pharmacy's own file; Nordhanf's stays Nordhanf's.
    const certificate = await openStoredFile(
      actors.pharmacyOwner,
      shipped?.certificateFileId as string,
      db(),
    )
    expect(certificate.purpose).toBe('batch_certificate')
    // The demo's CoA bytes certify several of the pharmacy's batches: the copy names none of them.
    expect(certificate.fileName).toBeNull()

    const received = await receivePurchaseOrder(
      actors.pharmacyOwner,
      purchaseOrderId,
      {
        items: [
          {
            itemId: line?.id,
            batches: (line?.shipped ?? []).map((batch) => ({
              batchNumber: batch.batchNumber,
              quantity: batch.quantity / (line?.baseUnitsPerSalesUnit ?? 1),
              expiryDate: batch.expiryDate,
              thcContent: 18,
              cbdContent: 0.5,
              coaFileId: batch.certificateFileId,
            })),
          },
        ],
      },
      db(),
    )
    expect(received.status).toBe('received')
  })

  it('Nordhanf may cancel until it ships; the pharmacy sees the reason', async () => {
    const { purchaseOrderId, sellerOrderId } = await ordered()
    const confirmed = await confirm(sellerOrderId)
    await cancelCustomerOrder(
      actors.wholesalerOwner,
      sellerOrderId,
      { version: confirmed.version, reason: 'Charge zurückgerufen' },
      db(),
    )
    const purchaseOrder = await buyerView(purchaseOrderId)
    expect(purchaseOrder.status).toBe('cancelled')
    expect(purchaseOrder.cancelReason).toBe('Vom Lieferanten storniert: Charge zurückgerufen')

    const later = await ordered()
    const laterConfirmed = await confirm(later.sellerOrderId)
    const shipped = await shipCustomerOrder(
      actors.wholesalerOwner,
      later.sellerOrderId,
      { version: laterConfirmed.version },
      db(),
    )
    const refused = await cancelCustomerOrder(
      actors.wholesalerOwner,
      later.sellerOrderId,
      { version: shipped.version, reason: 'Zu spät' },
      db(),
    ).catch((error) => error)
    expect(refused).toBeInstanceOf(ConflictError)
    expect(refused.message).toBe(
      refusedActionMessage('cancel', 'shipped', 'shipping', 'purchase_order'),
    )
    expect((await sellerView(later.sellerOrderId)).actions).not.toContain('cancel')
    expect((await buyerView(later.purchaseOrderId)).status).toBe('shipped')
  })

  it('the pharmacy may cancel until Nordhanf confirms; Nordhanf sees the reason', async () => {
    const { purchaseOrderId, sellerOrderId } = await ordered()
    await cancelPurchaseOrder(
      actors.pharmacyOwner,
      purchaseOrderId,
      { reason: 'Versehentlich bestellt' },
      db(),
    )
    const sellerOrder = await sellerView(sellerOrderId)
    expect(sellerOrder.status).toBe('cancelled')
    expect(sellerOrder.cancelReason).toBe('Versehentlich bestellt')
    const cancellation = sellerOrder.timeline.find((event) => event.kind === 'cancelled')
    expect(cancellation?.detail).toBe('Vom Kunden storniert: Versehentlich bestellt')
    const refused = await confirmCustomerOrder(
      actors.wholesalerOwner,
      sellerOrderId,
      { version: sellerOrder.version },
      db(),
    ).catch((error) => error)
    expect(refused).toBeInstanceOf(ConflictError)
  })

  it('keeps the lines the pharmacy ordered: Nordhanf cannot change them', async () => {
    const { sellerOrderId } = await ordered()
    const { version } = await sellerView(sellerOrderId)
    const refused = await updateCustomerOrder(
      actors.wholesalerOwner,
      sellerOrderId,
      { version, items: [{ listingId: nordhanfPack, quantity: 20 }] },
      db(),
    ).catch((error) => error)
    expect(refused).toBeInstanceOf(ConflictError)
    expect(refused.message).toBe(linkedItemsMessage)
  })

  it('creates the buyer as customer once, also when its first orders arrive at once', async () => {
    // Forget the demo link, so the next orders find no business customer for Sonnen-Apotheke.
    const partnerOf = and(
      eq(customers.organisationId, demoIds.wholesaler),
      eq(customers.partnerOrganisationId, demoIds.pharmacy),
    )
    await db().update(customers).set({ partnerOrganisationId: null }).where(partnerOf)
    const drafts = []
    for (let index = 0; index < 10; index += 1) {
      drafts.push(
        await createPurchaseOrder(
          actors.pharmacyOwner,
          {
            supplierId: nordhanf,
            note: null,
            items: [{ listingId: nordhanfPack, quantity: 10, unitPriceCents: null }],
          },
          db(),
        ),
      )
    }
    const results = await Promise.allSettled(
      drafts.map((draft) => orderPurchaseOrder(actors.pharmacyOwner, draft.id, {}, db())),
    )
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    const partners = await db().select({ id: customers.id }).from(customers).where(partnerOf)
    expect(partners).toHaveLength(1)
    const sellerOrders = await db()
      .select({ customerId: customerOrders.customerId })
      .from(customerOrders)
      .where(
        inArray(
          customerOrders.purchaseOrderId,
          drafts.map((draft) => draft.id),
        ),
      )
    expect(sellerOrders.map((order) => order.customerId)).toEqual(drafts.map(() => partners[0]?.id))
    // § 47 AMG: the new customer starts with the pharmacy's operating licence from its profile,
    // but Nordhanf has not recorded its validity yet: the order is taken, flagged, and not
    // confirmed until it has.
    const [partner] = await db().select().from(customers).where(partnerOf)
    expect(partner).toMatchObject({
      licenceType: 'pharmacy',
      licenceNumber: 'BE-APO-2019-0412',
      licenceValidUntil: null,
    })
    const sellerOrder = await sellerOrderOf(db(), drafts[0]?.id as string)
    const flagged = await sellerView(sellerOrder.id)
    expect(JSON.stringify(flagged)).toMatch(/keine vollständige Erlaubnis/)
    const refused = await confirm(sellerOrder.id).catch((caught) => caught)
    expect(refused).toBeInstanceOf(ConflictError)
    expect(refused.message).toMatch(/keine vollständige Erlaubnis/)
    await db()
      .update(customers)
      .set({ licenceAuthority: 'LAGeSo Berlin', licenceValidUntil: '2099-12-31' })
      .where(partnerOf)
    expect((await confirm(sellerOrder.id)).status).toBe('confirmed')
  })

  it('of a cancel by the pharmacy and a confirm by Nordhanf at once, exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { purchaseOrderId, sellerOrderId } = await ordered()
      const { version } = await sellerView(sellerOrderId)
      const [cancelled, confirmed] = await Promise.allSettled([
        cancelPurchaseOrder(actors.pharmacyOwner, purchaseOrderId, { reason: 'Storno' }, db()),
        confirmCustomerOrder(actors.wholesalerOwner, sellerOrderId, { version }, db()),
      ])
      expect([cancelled.status, confirmed.status].sort()).toEqual(['fulfilled', 'rejected'])
      const loser = cancelled.status === 'rejected' ? cancelled : confirmed
      expect((loser as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError)
      const expected = cancelled.status === 'fulfilled' ? 'cancelled' : 'confirmed'
      expect((await buyerView(purchaseOrderId)).status).toBe(expected)
      expect((await sellerView(sellerOrderId)).status).toBe(expected)
    }
  })
})

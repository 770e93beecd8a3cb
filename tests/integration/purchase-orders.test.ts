import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vatCents } from '~/lib/products'
import type { PurchaseOrderLineInput, ReceiptBatchInput } from '~/lib/purchase-order-schemas'
import {
  clubCannabisMessage,
  overDeliveryMessage,
  type PurchaseOrderStatus,
  purchaseOrderListSearch,
  purchaseOrderStatuses,
  refusedTransitionMessage,
  stalePurchaseOrderMessage,
} from '~/lib/purchase-orders'
import type { Actor, BusinessActor } from '~/server/actor.server'
import { demoIds } from '~/server/db/seed.server'
import { demoProductIds } from '~/server/db/seed-data/products'
import { seedDemoPurchaseOrders } from '~/server/db/seed-purchase-orders.server'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/server/errors.server'
import { storeFile } from '~/server/files/file-store.server'
import { createOrganisationProduct } from '~/server/products/organisation-products.server'
import { organisationProducts } from '~/server/products/products.schema'
import { receivePurchaseOrder } from '~/server/purchase-orders/purchase-order-receipts.server'
import { purchaseOrderItems, suppliers } from '~/server/purchase-orders/purchase-orders.schema'
import {
  cancelPurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrderHistory,
  listPurchaseOrders,
  orderPurchaseOrder,
  searchOrderableProducts,
  updatePurchaseOrder,
} from '~/server/purchase-orders/purchase-orders.server'
import { createSupplier } from '~/server/purchase-orders/suppliers.server'
import { batches, stockMovements } from '~/server/stock/stock.schema'
import { correctStock } from '~/server/stock/stock.server'
import { getBatch } from '~/server/stock/stock-lists.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { supplierStep } from '../support/supplier-orders'

/** A demo listing by its serial (seed-data/products.ts numbers Nordhanf's 4001–4040). */
const demoListing = (serial: number) =>
  `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`

const nordhanf = {
  /** 100 g bulk pack, 520,00 €, at most 20. */
  bulk: demoProductIds.wholesalerBulkFlower,
  /** 10 g pack, 56,00 €, at least 10 in steps of 5. */
  pack: demoListing(4010),
  /** 10 g pack of a product Sonnen-Apotheke does not list yet, 55,00 €. */
  notListedByPharmacy: demoListing(4030),
  archived: demoListing(4024),
}

const externalSupplier = {
  kind: 'external',
  name: 'Hanfkontor Bremen GmbH',
  street: 'Am Speicher 4',
  postalCode: '28195',
  city: 'Bremen',
  country: 'DE',
  licenceType: 'amg_52a',
  licenceNumber: 'HB-52a-0042',
  contactName: 'Jana Meyer',
  email: 'einkauf@hanfkontor.example',
  phone: null,
} as const

const futureDate = '2028-06-30'
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

const line = (listingId: string, quantity: number, unitPriceCents: number | null = null) =>
  ({ listingId, quantity, unitPriceCents }) satisfies PurchaseOrderLineInput

const batch = (batchNumber: string, quantity: number, coaFileId: string | null = null) =>
  ({
    batchNumber,
    quantity,
    expiryDate: futureDate,
    thcContent: 21.5,
    cbdContent: 0.4,
    coaFileId,
  }) satisfies ReceiptBatchInput

describe.each(testDatabaseKinds)('purchase orders on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let platformSupplier: string
  let external: string
  const db = () => database.handle.db

  const draft = (
    items: PurchaseOrderLineInput[],
    actor: Actor = actors.pharmacyOwner,
    supplierId = platformSupplier,
  ) => createPurchaseOrder(actor, { supplierId, note: null, items }, db())
  const order = async (items = [line(nordhanf.bulk, 2)]) => {
    const created = await draft(items)
    return orderPurchaseOrder(actors.pharmacyOwner, created.id, {}, db())
  }

  /** A purchase order from Nordhanf in `status`, moved there through the services. */
  async function orderIn(status: PurchaseOrderStatus): Promise<string> {
    const { id } = await draft([line(nordhanf.bulk, 2)])
    if (status === 'draft') return id
    if (status === 'cancelled') {
      await cancelPurchaseOrder(actors.pharmacyOwner, id, { reason: 'Doppelt angelegt' }, db())
      return id
    }
    await orderPurchaseOrder(actors.pharmacyOwner, id, {}, db())
    if (status === 'ordered') return id
    await supplierStep(db(), actors.wholesalerOwner, id, 'confirm')
    if (status === 'confirmed') return id
    await supplierStep(db(), actors.wholesalerOwner, id, 'ship')
    if (status === 'shipped') return id
    const [item] = (await getPurchaseOrder(actors.pharmacyOwner, id, db())).items
    const quantity = status === 'received' ? 2 : 1
    await receivePurchaseOrder(
      actors.pharmacyOwner,
      id,
      { items: [{ itemId: item?.id, batches: [batch(`S-${id.slice(0, 8)}`, quantity)] }] },
      db(),
    )
    return id
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    // The demo purchasing already keeps Nordhanf as Sonnen-Apotheke's supplier.
    const [nordhanfSupplier] = await db()
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.organisationId, demoIds.pharmacy),
          eq(suppliers.supplierOrganisationId, demoIds.wholesaler),
        ),
      )
    if (!nordhanfSupplier) throw new Error('demo supplier Nordhanf missing')
    platformSupplier = nordhanfSupplier.id
    external = (await createSupplier(actors.pharmacyOwner, externalSupplier, db())).id
    // Nordhanf confirms many of these orders, each reserving two bulk packs: stock it up.
    const [bulkBatch] = await db()
      .select({ id: batches.id, perPack: organisationProducts.baseUnitsPerSalesUnit })
      .from(batches)
      .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
      .where(
        and(
          eq(batches.organisationId, demoIds.wholesaler),
          eq(organisationProducts.id, nordhanf.bulk),
        ),
      )
    if (!bulkBatch) throw new Error('Nordhanf bulk batch missing')
    await correctStock(
      actors.wholesalerOwner,
      { batchId: bulkBatch.id, quantity: 200 * bulkBatch.perPack, reason: 'Nachlieferung (Test)' },
      db(),
    )
  })
  afterAll(async () => {
    await database?.dispose()
  })

  describe('drafts', () => {
    it('prices platform lines from the supplier and keeps totals in cents per VAT rate', async () => {
      const created = await draft([line(nordhanf.bulk, 2), line(nordhanf.pack, 15)])
      const detail = await getPurchaseOrder(actors.pharmacyOwner, created.id, db())
      expect(detail.status).toBe('draft')
      expect(detail.number).toBeNull()
      expect(detail.items.map((item) => [item.quantity, item.unitPriceCents])).toEqual([
        [2, 52000],
        [15, 5600],
      ])
      const net = 2 * 52000 + 15 * 5600
      expect(detail.netCents).toBe(net)
      expect(detail.vatCents).toBe(vatCents(net, '19'))
      expect(detail.grossCents).toBe(net + vatCents(net, '19'))
      expect(detail.actions).toEqual(['edit', 'order', 'cancel'])
    })

    it("offers the platform supplier's price list and the buyer's own products for an external one", async () => {
      const fromNordhanf = await searchOrderableProducts(
        actors.pharmacyOwner,
        platformSupplier,
        'Hafenlicht',
        db(),
      )
      expect(fromNordhanf.map((pick) => pick.listingId)).toContain(nordhanf.notListedByPharmacy)
      const archived = await searchOrderableProducts(
        actors.pharmacyOwner,
        platformSupplier,
        '',
        db(),
      )
      expect(archived.map((pick) => pick.listingId)).not.toContain(nordhanf.archived)
      const own = await searchOrderableProducts(actors.pharmacyOwner, external, '', db())
      expect(own.length).toBeGreaterThan(0)
      expect(own.every((pick) => pick.listingId !== nordhanf.bulk)).toBe(true)
    })

    it("refuses lines against the supplier's rules, archived offers and missing agreed prices", async () => {
      const refused = await draft([
        line(nordhanf.pack, 3),
        line(nordhanf.archived, 10),
        line(demoProductIds.pharmacyVaporiser, 1),
      ]).catch((error) => error)
      expect(refused).toBeInstanceOf(InvalidError)
      expect(refused.extra.errors).toMatchObject({
        'items.0.quantity': 'Der Lieferant liefert mindestens 10.',
        'items.1.listingId': expect.stringContaining('nicht (mehr) an'),
        'items.2.listingId': expect.stringContaining('nicht (mehr) an'),
      })
      const noPrice = await draft(
        [line(demoProductIds.pharmacyVaporiser, 1)],
        actors.pharmacyOwner,
        external,
      ).catch((error) => error)
      expect(noPrice.extra.errors).toEqual({
        'items.0.unitPriceCents': 'Bitte gib den vereinbarten Preis an.',
      })
      const priced = await draft(
        [line(demoProductIds.pharmacyVaporiser, 2, 18990)],
        actors.pharmacyOwner,
        external,
      )
      const detail = await getPurchaseOrder(actors.pharmacyOwner, priced.id, db())
      expect(detail.netCents).toBe(37980)
    })

    it('lets a club order accessories only', async () => {
      const clubSupplier = await createSupplier(
        actors.clubOwner,
        { ...externalSupplier, licenceType: 'medcang' },
        db(),
      )
      const variety = await draft(
        [line(demoProductIds.clubListing, 100, 300)],
        actors.clubOwner,
        clubSupplier.id,
      ).catch((error) => error)
      expect(variety.extra.errors).toEqual({ 'items.0.listingId': clubCannabisMessage })
      const grinder = await createOrganisationProduct(
        actors.clubOwner,
        {
          source: 'custom',
          product: {
            pzn: null,
            name: 'Vereinsmühle',
            manufacturer: 'Grüne Ecke e. V.',
            brand: null,
            category: 'accessory',
            cultivar: null,
            genetics: null,
            dominance: null,
            thcContent: null,
            cbdContent: null,
            cannabinoidUnit: null,
            terpenes: [],
            irradiated: false,
            countryOfCultivation: null,
            packSize: 1,
            packUnit: 'piece',
            description: null,
          },
          offer: {
            salesUnit: 'pack',
            priceCents: 1200,
            vatRate: '19',
            visibleInShop: false,
            orderStep: 1,
            minOrderQuantity: null,
            maxOrderQuantity: null,
            lowStockThreshold: null,
          },
        },
        db(),
      )
      const picks = await searchOrderableProducts(actors.clubOwner, clubSupplier.id, '', db())
      expect(picks.map((pick) => pick.listingId)).toEqual([grinder.id])
      const ordered = await draft([line(grinder.id, 5, 700)], actors.clubOwner, clubSupplier.id)
      expect(ordered.status).toBe('draft')
    })

    it('saves a draft against its revision and refuses an older one', async () => {
      const created = await draft([line(nordhanf.bulk, 1)])
      const saved = await updatePurchaseOrder(
        actors.pharmacyStaff,
        created.id,
        {
          revision: created.revision,
          supplierId: platformSupplier,
          note: 'Lieferung bitte vormittags',
          items: [line(nordhanf.bulk, 3)],
        },
        db(),
      )
      expect(saved).toMatchObject({ changed: true, revision: created.revision + 1 })
      const stale = await updatePurchaseOrder(
        actors.pharmacyOwner,
        created.id,
        { revision: created.revision, supplierId: platformSupplier, note: null, items: [] },
        db(),
      ).catch((error) => error)
      expect(stale).toBeInstanceOf(ConflictError)
      expect(stale.message).toBe(stalePurchaseOrderMessage)
      const detail = await getPurchaseOrder(actors.pharmacyOwner, created.id, db())
      expect(detail.items.map((item) => item.quantity)).toEqual([3])
      expect(detail.note).toBe('Lieferung bitte vormittags')
    })
  })

  describe('state machine', () => {
    // The buyer's steps; the supplier's confirm and ship are its customer order's
    // (purchase-order-links.test.ts).
    type Step = 'edit' | 'order' | 'cancel' | 'receive'
    const allowed: Record<PurchaseOrderStatus, Step[]> = {
      draft: ['edit', 'order', 'cancel'],
      ordered: ['cancel', 'receive'],
      confirmed: ['receive'],
      shipped: ['receive'],
      partially_received: ['receive'],
      received: [],
      cancelled: [],
    }
    const next: Record<Step, PurchaseOrderStatus> = {
      edit: 'draft',
      order: 'ordered',
      cancel: 'cancelled',
      receive: 'partially_received',
    }

    async function run(step: Step, id: string) {
      const [item] = (await getPurchaseOrder(actors.pharmacyOwner, id, db())).items
      switch (step) {
        case 'edit':
          return updatePurchaseOrder(
            actors.pharmacyOwner,
            id,
            {
              revision: (await getPurchaseOrder(actors.pharmacyOwner, id, db())).revision,
              supplierId: platformSupplier,
              note: 'geändert',
              items: [line(nordhanf.bulk, 4)],
            },
            db(),
          )
        case 'order':
          return orderPurchaseOrder(actors.pharmacyOwner, id, {}, db())
        case 'cancel':
          return cancelPurchaseOrder(actors.pharmacyOwner, id, { reason: 'Nicht mehr nötig' }, db())
        case 'receive':
          return receivePurchaseOrder(
            actors.pharmacyOwner,
            id,
            {
              items: [{ itemId: item?.id, batches: [batch(`T-${id.slice(0, 8)}`, 1)] }],
            },
            db(),
          )
      }
    }

    const statuses = Object.keys(allowed) as PurchaseOrderStatus[]
    const steps = Object.keys(next) as Step[]

    it.each(statuses)(
      'from %s: allowed steps work, every other is refused with a message',
      async (status) => {
        for (const step of steps) {
          const id = await orderIn(status)
          if (allowed[status].includes(step)) {
            const result = await run(step, id)
            const expected =
              step === 'receive' && status === 'partially_received' ? 'received' : next[step]
            expect(result.status, `${status} → ${step}`).toBe(expected)
          } else {
            const refused = await run(step, id).catch((error) => error)
            expect(refused, `${status} → ${step}`).toBeInstanceOf(ConflictError)
            expect(refused.message).toBe(refusedTransitionMessage(status, step))
            expect((await getPurchaseOrder(actors.pharmacyOwner, id, db())).status).toBe(status)
          }
        }
      },
    )

    it('numbers an order EK-<year>-00001 onwards and keeps the timeline', async () => {
      const ordered = await order()
      expect(ordered.number).toMatch(/^EK-\d{4}-\d{5}$/)
      const history = await listPurchaseOrderHistory(actors.pharmacyOwner, ordered.id, db())
      expect(history.map((entry) => entry.action)).toEqual(['ordered', 'created'])
      expect(history[0]?.changes).toEqual(
        expect.arrayContaining([
          { field: 'status', before: 'draft', after: 'ordered' },
          { field: 'number', before: null, after: ordered.number },
        ]),
      )
    })

    it('refuses to order an empty draft and to cancel without a reason', async () => {
      const empty = await draft([])
      const refused = await orderPurchaseOrder(actors.pharmacyOwner, empty.id, {}, db()).catch(
        (error) => error,
      )
      expect(refused).toBeInstanceOf(ConflictError)
      expect(refused.message).toBe('Eine Bestellung ohne Positionen kann nicht bestellt werden.')
      const noReason = await cancelPurchaseOrder(
        actors.pharmacyOwner,
        empty.id,
        { reason: ' ' },
        db(),
      ).catch((error) => error)
      expect(noReason).toBeInstanceOf(InvalidError)
      expect(noReason.extra.errors.reason).toBe('Bitte gib einen Grund an.')
    })

    it('gives 20 parallel orders the numbers 1 to 20 exactly', async () => {
      // Nordhanf buys too (from an external supplier, its own products): a counter of its own.
      const wholesaler = actors.wholesalerOwner
      const supplier = await createSupplier(wholesaler, externalSupplier, db())
      const drafts = []
      for (let index = 0; index < 20; index += 1) {
        drafts.push(await draft([line(nordhanf.pack, 10, 4000)], wholesaler, supplier.id))
      }
      const results = await Promise.all(
        drafts.map((created) => orderPurchaseOrder(wholesaler, created.id, {}, db())),
      )
      const numbers = results
        .map((result) => Number(result.number?.slice(-5)))
        .sort((a, b) => a - b)
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1))
      expect(new Set(results.map((result) => result.number)).size).toBe(20)
    })
  })

  describe('receipt', () => {
    it('books batches with movements referring to the lines and moves the state', async () => {
      const coa = await storeFile(actors.pharmacyOwner, 'batch_certificate', pdf, db())
      const created = await draft([line(nordhanf.bulk, 2), line(nordhanf.notListedByPharmacy, 10)])
      await orderPurchaseOrder(actors.pharmacyOwner, created.id, {}, db())
      const [bulk, hafenlicht] = (await getPurchaseOrder(actors.pharmacyOwner, created.id, db()))
        .items
      const first = await receivePurchaseOrder(
        actors.pharmacyStaff,
        created.id,
        {
          items: [
            { itemId: bulk?.id, batches: [batch('NS-2411-A', 1, coa.id), batch('NS-2411-B', 1)] },
            { itemId: hafenlicht?.id, batches: [batch('HL-77', 4)] },
          ],
        },
        db(),
      )
      expect(first.status).toBe('partially_received')
      expect(first.batches).toHaveLength(3)
      expect(first.batches.every((booked) => booked.status === 'quarantine')).toBe(true)

      const movements = await db()
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.sourceId, hafenlicht?.id as string))
      expect(movements).toMatchObject([
        { kind: 'receipt', quantity: 40_000, sourceType: 'purchase_order_item' },
      ])
      const [hafenlichtBatch] = await db()
        .select()
        .from(batches)
        .where(eq(batches.id, first.batches[2]?.batchId as string))
      expect(hafenlichtBatch).toMatchObject({
        supplierId: platformSupplier,
        batchNumber: 'HL-77',
        expiryDate: futureDate,
      })
      // The pharmacy did not list Hafenlicht: it does now, hidden from the shop.
      const [listing] = await db()
        .select()
        .from(organisationProducts)
        .where(eq(organisationProducts.id, hafenlichtBatch?.organisationProductId as string))
      expect(listing).toMatchObject({ organisationId: demoIds.pharmacy, visibleInShop: false })
      // The batch's history names the purchase order it came with.
      const ordered = await getPurchaseOrder(actors.pharmacyOwner, created.id, db())
      const batchPage = await getBatch(actors.pharmacyOwner, hafenlichtBatch?.id as string, db())
      expect(batchPage.movements[0]?.purchaseOrder).toEqual({
        id: created.id,
        number: ordered.number,
      })
      const [bulkItem] = await db()
        .select()
        .from(purchaseOrderItems)
        .where(eq(purchaseOrderItems.id, bulk?.id as string))
      expect(bulkItem?.receivedBaseUnits).toBe(200_000)
      expect(bulkItem?.organisationProductId).toBe(demoProductIds.pharmacyLooseFlower)

      const rest = await receivePurchaseOrder(
        actors.pharmacyOwner,
        created.id,
        { items: [{ itemId: hafenlicht?.id, batches: [batch('HL-77', 6)] }] },
        db(),
      )
      expect(rest.status).toBe('received')
      expect(rest.batches[0]).toMatchObject({ batchNumber: 'HL-77', created: false })
      const history = await listPurchaseOrderHistory(actors.pharmacyOwner, created.id, db())
      expect(history[0]?.action).toBe('received')
      const receipts = history[0]?.changes.find((change) => change.field === 'receipts')
      expect(receipts?.after).toEqual([expect.stringContaining('Charge HL-77, 6\u00a0Packungen')])
    })

    it('refuses over-delivery unless confirmed, and books nothing on refusal', async () => {
      const created = await order([line(nordhanf.bulk, 1)])
      const [item] = (await getPurchaseOrder(actors.pharmacyOwner, created.id, db())).items
      const receipt = { items: [{ itemId: item?.id, batches: [batch('OV-1', 2)] }] }
      const refused = await receivePurchaseOrder(
        actors.pharmacyOwner,
        created.id,
        receipt,
        db(),
      ).catch((error) => error)
      expect(refused).toBeInstanceOf(ConflictError)
      expect(refused.message).toBe(overDeliveryMessage)
      expect(refused.extra.errors['items.0.batches']).toBe(overDeliveryMessage)
      expect(
        await db()
          .select()
          .from(batches)
          .where(and(eq(batches.batchNumber, 'OV-1'))),
      ).toHaveLength(0)
      const booked = await receivePurchaseOrder(
        actors.pharmacyOwner,
        created.id,
        { ...receipt, overDeliveryConfirmed: true },
        db(),
      )
      expect(booked.status).toBe('received')
    })

    it("names the batch's field when the receipt refuses it", async () => {
      const created = await order([line(nordhanf.bulk, 2)])
      const [item] = (await getPurchaseOrder(actors.pharmacyOwner, created.id, db())).items
      const refused = await receivePurchaseOrder(
        actors.pharmacyOwner,
        created.id,
        {
          items: [
            {
              itemId: item?.id,
              batches: [{ ...batch('EXP-1', 1), expiryDate: '2020-01-31' }],
            },
          ],
        },
        db(),
      ).catch((error) => error)
      expect(refused).toBeInstanceOf(InvalidError)
      expect(refused.extra.errors).toEqual({
        'items.0.batches.0.expiryDate':
          'Die Ware ist bereits abgelaufen und darf nicht eingelagert werden.',
      })
    })
  })

  describe('authorisation', () => {
    it('lists for owner and staff, reads for the admin, refuses others', async () => {
      const search = purchaseOrderListSearch.parse({ pageSize: 100 })
      const mine = await listPurchaseOrders(actors.pharmacyStaff, search, db())
      expect(mine.total).toBeGreaterThan(0)
      expect(mine.owner.canManage).toBe(true)
      const admin = await listPurchaseOrders(
        actors.admin,
        purchaseOrderListSearch.parse({ organisation: demoIds.pharmacy }),
        db(),
      )
      expect(admin.total).toBe(mine.total)
      expect(admin.owner.canManage).toBe(false)
      await expect(
        listPurchaseOrders(
          actors.clubOwner,
          purchaseOrderListSearch.parse({ organisation: demoIds.pharmacy }),
          db(),
        ),
      ).rejects.toBeInstanceOf(ForbiddenError)
      await expect(listPurchaseOrders(actors.shopCustomer, search, db())).rejects.toBeInstanceOf(
        ForbiddenError,
      )
    })

    it('filters by status and supplier and searches number and supplier', async () => {
      const ordered = await order()
      const search = (params: Record<string, unknown>) =>
        listPurchaseOrders(
          actors.pharmacyOwner,
          purchaseOrderListSearch.parse({ pageSize: 100, ...params }),
          db(),
        )
      const byNumber = await search({ q: ordered.number })
      expect(byNumber.items.map((row) => row.id)).toEqual([ordered.id])
      expect(byNumber.items[0]).toMatchObject({ supplierName: 'Nordhanf Großhandel GmbH' })
      const drafts = await search({ status: 'draft' })
      expect(drafts.items.every((row) => row.status === 'draft')).toBe(true)
      const fromExternal = await search({ supplier: external })
      expect(fromExternal.total).toBeGreaterThan(0)
      expect(fromExternal.items.every((row) => row.supplierName === 'Hanfkontor Bremen GmbH')).toBe(
        true,
      )
      // The demo data keeps a supplier of the same name: the search finds both.
      const byName = await search({ q: 'hanfkontor' })
      expect(byName.total).toBeGreaterThanOrEqual(fromExternal.total)
      expect(byName.items.every((row) => row.supplierName === 'Hanfkontor Bremen GmbH')).toBe(true)
    })

    it('matrix per service function', async () => {
      const draftId = (await draft([line(nordhanf.bulk, 1)])).id
      const itemOf = async (id: string) =>
        (await getPurchaseOrder(actors.pharmacyOwner, id, db())).items[0]?.id
      const receiptOf = async (id: string) => ({
        items: [{ itemId: await itemOf(id), batches: [batch(`M-${id.slice(0, 6)}`, 1)] }],
      })
      const nameOf = (actor: Actor) => (actor as BusinessActor).user?.name ?? 'jemand'
      /** A changed order as its pharmacy reads it back: its status, owner, supplier and note. */
      const readBack = async ({ id, status }: { id: string; status: PurchaseOrderStatus }) => {
        const stored = await getPurchaseOrder(actors.pharmacyOwner, id, db())
        return { status, owner: stored.owner.id, supplier: stored.supplier.id, note: stored.note }
      }
      const pharmacyOrder = (status: PurchaseOrderStatus, note: string | null = null) => ({
        status,
        owner: demoIds.pharmacy,
        supplier: platformSupplier,
        note,
      })
      /** Each call, and what it answers the pharmacy's owner or staff member `actor`. */
      const calls: Record<
        string,
        { call: (actor: Actor) => Promise<unknown>; answer: (actor: Actor) => unknown }
      > = {
        getPurchaseOrder: {
          call: async (actor) => {
            const order = await getPurchaseOrder(actor, draftId, db())
            return { id: order.id, ...(await readBack(order)), lines: order.items.length }
          },
          answer: () => ({ id: draftId, ...pharmacyOrder('draft'), lines: 1 }),
        },
        listPurchaseOrderHistory: {
          call: async (actor) =>
            (await listPurchaseOrderHistory(actor, draftId, db())).map((entry) => entry.action),
          answer: () => ['created'],
        },
        searchOrderableProducts: {
          // Nordhanf's price list, including what the pharmacy does not list itself.
          call: async (actor) =>
            (await searchOrderableProducts(actor, platformSupplier, 'Hafenlicht', db())).some(
              (pick) => pick.listingId === nordhanf.notListedByPharmacy,
            ),
          answer: () => true,
        },
        createPurchaseOrder: {
          call: async (actor) =>
            readBack(
              await createPurchaseOrder(
                actor,
                { supplierId: platformSupplier, note: null, items: [] },
                db(),
              ),
            ),
          answer: () => pharmacyOrder('draft'),
        },
        updatePurchaseOrder: {
          call: async (actor) =>
            readBack(
              await updatePurchaseOrder(
                actor,
                draftId,
                {
                  revision: (await getPurchaseOrder(actors.pharmacyOwner, draftId, db())).revision,
                  supplierId: platformSupplier,
                  note: `von ${nameOf(actor)}`,
                  items: [line(nordhanf.bulk, 1)],
                },
                db(),
              ),
            ),
          answer: (actor) => pharmacyOrder('draft', `von ${nameOf(actor)}`),
        },
        orderPurchaseOrder: {
          call: async (actor) => {
            const ordered = await orderPurchaseOrder(
              actor,
              (await draft([line(nordhanf.bulk, 1)])).id,
              {},
              db(),
            )
            return { ...(await readBack(ordered)), number: ordered.number }
          },
          answer: () => ({ ...pharmacyOrder('ordered'), number: expect.stringMatching(/^EK-/) }),
        },
        cancelPurchaseOrder: {
          call: async (actor) =>
            readBack(
              await cancelPurchaseOrder(actor, await orderIn('ordered'), { reason: 'Test' }, db()),
            ),
          answer: () => pharmacyOrder('cancelled'),
        },
        receivePurchaseOrder: {
          call: async (actor) => {
            const id = await orderIn('ordered')
            const receipt = await receivePurchaseOrder(actor, id, await receiptOf(id), db())
            return { ...(await readBack(receipt)), batches: receipt.batches.length }
          },
          answer: () => ({ ...pharmacyOrder('partially_received'), batches: 1 }),
        },
      }
      const reads = ['getPurchaseOrder', 'listPurchaseOrderHistory']
      for (const [name, { call, answer }] of Object.entries(calls)) {
        for (const [role, actor] of [
          ['owner', actors.pharmacyOwner],
          ['staff', actors.pharmacyStaff],
        ] as const) {
          expect(await call(actor), `${name} ${role}`).toEqual(answer(actor))
        }
        const other = await call(actors.wholesalerOwner).catch((error) => error)
        // Another organisation does not see the order (404) or has no such supplier (400).
        expect(
          other instanceof NotFoundError || other instanceof InvalidError,
          `${name} other organisation`,
        ).toBe(true)
        const admin = call(actors.admin)
        if (reads.includes(name)) {
          await expect(admin, `${name} admin`).resolves.toEqual(answer(actors.admin))
        } else await expect(admin, `${name} admin`).rejects.toBeInstanceOf(ForbiddenError)
        await expect(call(actors.shopCustomer), `${name} b2c`).rejects.toBeInstanceOf(
          ForbiddenError,
        )
      }
    })
  })
})

describe.each(testDatabaseKinds)('demo purchasing on %s', (kind) => {
  let database: TestDatabase
  afterAll(async () => {
    await database?.dispose()
  })

  it('seeds a purchase order in every state, once', async () => {
    database = await createSeededDatabase(kind)
    const db = database.handle.db
    const pharmacyListings = () =>
      db.$count(organisationProducts, eq(organisationProducts.organisationId, demoIds.pharmacy))
    const listingsBefore = await pharmacyListings()
    await seedDemoPurchaseOrders(db)
    await seedDemoPurchaseOrders(db)
    // Receipts book into the pharmacy's own listings: the catalogue's demo data stays as it is.
    expect(await pharmacyListings()).toBe(listingsBefore)
    const actors = await demoActors(db)
    const list = await listPurchaseOrders(
      actors.pharmacyOwner,
      purchaseOrderListSearch.parse({ pageSize: 100 }),
      db,
    )
    expect(new Set(list.items.map((row) => row.status))).toEqual(new Set(purchaseOrderStatuses))
    expect(new Set(list.items.map((row) => row.supplierName)).size).toBe(2)
    const received = list.items.filter((row) => row.status === 'received')
    const movements = await db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.sourceType, 'purchase_order_item'))
    expect(received.length).toBeGreaterThan(0)
    expect(movements.length).toBeGreaterThanOrEqual(received.length)
  })
})

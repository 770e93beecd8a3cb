import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Offer } from '~/lib/product-schemas'
import { reorderQuantity, reorderTarget } from '~/lib/reorder'
import { demoIds } from '~/server/db/seed.server'
import { demoProductIds } from '~/server/db/seed-data/products'
import { ForbiddenError, InvalidError } from '~/server/errors.server'
import {
  createOrganisationProduct,
  updateOrganisationProduct,
} from '~/server/products/organisation-products.server'
import { organisationProducts } from '~/server/products/products.schema'
import {
  purchaseOrderItems,
  purchaseOrders,
  suppliers,
} from '~/server/purchase-orders/purchase-orders.schema'
import {
  createPurchaseOrder,
  getPurchaseOrder,
  orderPurchaseOrder,
} from '~/server/purchase-orders/purchase-orders.server'
import { reorderLowStock } from '~/server/purchase-orders/reorder.server'
import { createSupplier } from '~/server/purchase-orders/suppliers.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** Nordhanf's 10 g pack of Hafenlicht (a product Sonnen-Apotheke does not list yet): 55,00 €, at least 10 in steps of 5. */
const nordhanfHafenlicht = '00000000-0000-4000-8000-000000004030'

const offer = (overrides: Partial<Offer>): Offer => ({
  salesUnit: 'pack',
  priceCents: 900,
  vatRate: '19',
  visibleInShop: false,
  orderStep: 1,
  minOrderQuantity: null,
  maxOrderQuantity: null,
  lowStockThreshold: null,
  targetStock: null,
  ...overrides,
})

const accessory = (name: string) => ({
  pzn: null,
  name,
  manufacturer: 'Sonnen-Apotheke',
  brand: null,
  category: 'accessory' as const,
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
  packUnit: 'piece' as const,
  description: null,
})

describe('reorder quantities', () => {
  it('fills up to the target, in whole units, steps and at least the minimum, at most the maximum', () => {
    expect(reorderTarget({ lowStockThreshold: 5, targetStock: 23 })).toBe(23)
    expect(reorderTarget({ lowStockThreshold: 4, targetStock: null })).toBe(8)
    const rules = { orderStep: 5, minOrderQuantity: 10, maxOrderQuantity: null }
    expect(reorderQuantity(130_000, 10_000, rules)).toBe(15)
    expect(reorderQuantity(1, 10_000, rules)).toBe(10)
    expect(reorderQuantity(0, 10_000, rules)).toBe(0)
    expect(reorderQuantity(2_500, 1_000, { ...rules, minOrderQuantity: null })).toBe(5)
    expect(reorderQuantity(990_000, 10_000, { ...rules, maxOrderQuantity: 22 })).toBe(20)
  })
})

describe.each(testDatabaseKinds)('Nachbestellen on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let nordhanf: string
  let external: string
  let hafenlicht: string
  let spoons: string
  let labels: string
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
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
    nordhanf = nordhanfSupplier.id
    external = (
      await createSupplier(
        actors.pharmacyOwner,
        {
          kind: 'external',
          name: 'Praxisbedarf Weser GmbH',
          street: 'Hafenstraße 1',
          postalCode: '28195',
          city: 'Bremen',
          country: 'DE',
          licenceType: 'amg_52a',
          licenceNumber: 'HB-52a-0077',
          contactName: null,
          email: null,
          phone: null,
        },
        db(),
      )
    ).id

    // Hafenlicht 10 g, sold by the pack: below 5, up to 23; 10 packs already ordered.
    hafenlicht = (
      await createOrganisationProduct(
        actors.pharmacyOwner,
        {
          source: 'master',
          masterProductId: demoProductIds.masterNotListedByPharmacy,
          offer: offer({ priceCents: 9900, lowStockThreshold: 5, targetStock: 23 }),
        },
        db(),
      )
    ).id
    const ordered = await createPurchaseOrder(
      actors.pharmacyOwner,
      {
        supplierId: nordhanf,
        note: null,
        items: [{ listingId: nordhanfHafenlicht, quantity: 10, unitPriceCents: null }],
      },
      db(),
    )
    await orderPurchaseOrder(actors.pharmacyOwner, ordered.id, {}, db())

    // Dosing spoons, bought from the external supplier at 2,50 €: below 4, no target; 3 on order.
    spoons = (
      await createOrganisationProduct(
        actors.pharmacyOwner,
        {
          source: 'custom',
          product: accessory('Dosierlöffel (Test)'),
          offer: offer({ lowStockThreshold: 4 }),
        },
        db(),
      )
    ).id
    const bought = await createPurchaseOrder(
      actors.pharmacyOwner,
      {
        supplierId: external,
        note: null,
        items: [{ listingId: spoons, quantity: 3, unitPriceCents: 250 }],
      },
      db(),
    )
    await orderPurchaseOrder(actors.pharmacyOwner, bought.id, {}, db())

    // Labels nobody has ever supplied.
    labels = (
      await createOrganisationProduct(
        actors.pharmacyOwner,
        {
          source: 'custom',
          product: accessory('Etikettenrolle (Test)'),
          offer: offer({ lowStockThreshold: 2, targetStock: 6 }),
        },
        db(),
      )
    ).id
  })
  afterAll(async () => {
    await database?.dispose()
  })

  /** The open drafts' lines of Hafenlicht and the spoons. */
  async function draftLines() {
    return db()
      .select({
        orderId: purchaseOrders.id,
        supplierId: purchaseOrders.supplierId,
        listingId: organisationProducts.id,
        quantity: purchaseOrderItems.quantity,
        unitPriceCents: purchaseOrderItems.unitPriceCents,
      })
      .from(purchaseOrderItems)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderItems.purchaseOrderId))
      .innerJoin(
        organisationProducts,
        and(
          eq(organisationProducts.productId, purchaseOrderItems.productId),
          eq(organisationProducts.organisationId, demoIds.pharmacy),
        ),
      )
      .where(
        and(
          eq(purchaseOrders.organisationId, demoIds.pharmacy),
          eq(purchaseOrders.status, 'draft'),
          inArray(organisationProducts.id, [hafenlicht, spoons]),
        ),
      )
  }

  it('refuses a target stock below the threshold, in German', async () => {
    const refused = await updateOrganisationProduct(
      actors.pharmacyOwner,
      labels,
      { revision: 1, offer: offer({ lowStockThreshold: 2, targetStock: 1 }) },
      db(),
    ).catch((error) => error)
    expect(refused).toBeInstanceOf(InvalidError)
    expect(refused.extra.errors).toEqual({
      'offer.targetStock': 'Der Zielbestand muss mindestens so hoch sein wie der Meldebestand.',
    })
  })

  it('puts the quantities that reach the target into one draft per supplier, however often it is clicked', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => reorderLowStock(actors.pharmacyStaff, db())),
    )
    // Hafenlicht: 23 − 0 available − 10 ordered = 13 packs → steps of 5 → 15 (≥ minimum 10), at
    // Nordhanf's 55,00 €. Spoons: 2 × 4 − 0 − 3 = 5 at the last purchase price of 2,50 €.
    const lines = await draftLines()
    const hafenlichtLines = lines.filter((line) => line.listingId === hafenlicht)
    expect(hafenlichtLines).toEqual([
      expect.objectContaining({ supplierId: nordhanf, quantity: 15, unitPriceCents: 5500 }),
    ])
    expect(lines.filter((line) => line.listingId === spoons)).toEqual([
      expect.objectContaining({ supplierId: external, quantity: 5, unitPriceCents: 250 }),
    ])
    const drafted = results.flatMap((result) => result.drafts)
    const perSupplier = new Map<string, Set<string>>()
    for (const draft of drafted) {
      const ids = perSupplier.get(draft.supplierName) ?? new Set()
      ids.add(draft.purchaseOrderId)
      perSupplier.set(draft.supplierName, ids)
    }
    expect([...perSupplier.values()].every((ids) => ids.size === 1)).toBe(true)
    // Only the first click found anything to add; the others found it on order.
    expect(results.filter((result) => result.drafts.length > 0)).toHaveLength(1)
    const [first] = results.filter((result) => result.drafts.length > 0)
    expect(first?.skipped).toContainEqual(
      expect.objectContaining({
        listingId: labels,
        name: 'Etikettenrolle (Test)',
        reason: 'no_supplier',
      }),
    )
    expect(
      results.every((result) =>
        result.skipped.some(
          (entry) => entry.listingId === labels && entry.reason === 'no_supplier',
        ),
      ),
    ).toBe(true)
    const hafenlichtDraft = hafenlichtLines[0]?.orderId as string
    const detail = await getPurchaseOrder(actors.pharmacyOwner, hafenlichtDraft, db())
    expect(detail.status).toBe('draft')
    expect(detail.netCents).toBe(
      detail.items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0),
    )
  })

  it('names what is already on order and leaves the drafts as they are', async () => {
    const again = await reorderLowStock(actors.pharmacyOwner, db())
    expect(again.drafts).toEqual([])
    expect(again.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ listingId: hafenlicht, reason: 'on_order' }),
        expect.objectContaining({
          listingId: spoons,
          name: 'Dosierlöffel (Test)',
          pzn: expect.toBeOneOf([null, expect.any(String)]),
          packBaseUnits: expect.any(Number),
          reason: 'on_order',
        }),
      ]),
    )
    expect(await draftLines()).toHaveLength(2)
  })

  it('is for the owner and staff of a buying organisation only', async () => {
    await expect(reorderLowStock(actors.admin, db())).rejects.toBeInstanceOf(ForbiddenError)
  })
})

import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { customProductSchema, masterProductSchema, offerSchema } from '~/lib/product-schemas'
import {
  baseUnitsPerSalesUnit,
  canSellByGram,
  isValidPzn,
  productCategories,
  productStatuses,
} from '~/lib/products'
import { demoIds, demoProductIds, seedDemoData } from '~/server/db/seed.server'
import { productFactsOf } from '~/server/products/product-facts.server'
import { organisationProducts, products } from '~/server/products/products.schema'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

describe.each(testDatabaseKinds)('demo product catalogue on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const snapshot = async () => {
    const db = database.handle.db
    return {
      products: await db.select().from(products).orderBy(asc(products.id)),
      listings: await db.select().from(organisationProducts).orderBy(asc(organisationProducts.id)),
    }
  }

  const productById = async () =>
    new Map((await snapshot()).products.map((product) => [product.id, product]))

  const listingsOf = async (organisationId: string) =>
    (await snapshot()).listings.filter((listing) => listing.organisationId === organisationId)

  it('holds about sixty master products of every category and status, with valid PZNs', async () => {
    const masters = (await snapshot()).products.filter((row) => row.organisationId === null)
    expect(masters.length).toBeGreaterThanOrEqual(55)
    expect(masters.length).toBeLessThanOrEqual(65)
    expect(new Set(masters.map((row) => row.category))).toEqual(new Set(productCategories))
    expect(new Set(masters.map((row) => row.status))).toEqual(new Set(productStatuses))
    expect(masters.filter((row) => row.status === 'withdrawn').length).toBeGreaterThanOrEqual(2)
    const flowers = masters.filter((row) => row.category === 'flower')
    expect(flowers.length).toBeGreaterThan(masters.length / 2)

    for (const row of masters) {
      expect(row.revision).toBe(1)
      // What is stored is what the admin form would save.
      expect(
        masterProductSchema.safeParse({
          ...productFactsOf(row),
          status: row.status,
          imageFileId: row.imageFileId,
        }).success,
        row.name,
      ).toBe(true)
      if (row.pzn === null) {
        expect(row.category).toBe('accessory')
        continue
      }
      expect(isValidPzn(row.pzn), row.pzn).toBe(true)
      expect(row.pzn.startsWith('1'), row.pzn).toBe(true)
    }
    expect(new Set(masters.map((row) => row.pzn)).size).toBe(masters.length)
  })

  it('has flowers with realistic facts and bulk packs next to patient packs', async () => {
    const flowers = (await snapshot()).products.filter(
      (row) => row.organisationId === null && row.category === 'flower',
    )
    for (const flower of flowers) {
      expect(flower.cultivar).toBeTruthy()
      expect(flower.cannabinoidUnit).toBe('percent')
      expect(flower.terpenes.length).toBeGreaterThanOrEqual(2)
      expect(flower.terpenes.length).toBeLessThanOrEqual(4)
      const cbdRich = (flower.cbdContent ?? 0) >= 1
      if (!cbdRich) {
        expect(flower.thcContent).toBeGreaterThanOrEqual(12)
        expect(flower.thcContent).toBeLessThanOrEqual(30)
      }
      expect(flower.genetics === 'hybrid').toBe(flower.dominance !== null)
    }
    const packSizes = new Set(flowers.map((row) => row.packBaseUnits / 1000))
    for (const grams of [5, 10, 15, 100]) expect(packSizes).toContain(grams)
    expect(new Set(flowers.map((row) => row.irradiated))).toEqual(new Set([true, false]))
    expect(new Set(flowers.map((row) => row.countryOfCultivation)).size).toBeGreaterThanOrEqual(8)
  })

  it('lists about three dozen products for Sonnen-Apotheke, loose flowers at 6–14 € per g', async () => {
    const byId = await productById()
    const listings = await listingsOf(demoIds.pharmacy)
    expect(listings.length).toBeGreaterThanOrEqual(34)
    expect(listings.length).toBeLessThanOrEqual(38)

    const categories = new Set(listings.map((listing) => byId.get(listing.productId)?.category))
    expect(categories).toEqual(new Set(productCategories))
    const vaporisers = listings.filter(
      (listing) => byId.get(listing.productId)?.category === 'accessory',
    )
    expect(vaporisers).toHaveLength(2)

    const loose = listings.filter((listing) => listing.salesUnit === 'gram')
    const packedFlowers = listings.filter(
      (listing) =>
        listing.salesUnit === 'pack' && byId.get(listing.productId)?.category === 'flower',
    )
    expect(loose.length).toBeGreaterThanOrEqual(5)
    expect(packedFlowers.length).toBeGreaterThanOrEqual(3)
    for (const listing of loose) {
      expect(listing.priceCents).toBeGreaterThanOrEqual(600)
      expect(listing.priceCents).toBeLessThanOrEqual(1400)
      expect([1, 5]).toContain(listing.orderStep)
    }
    for (const listing of packedFlowers) {
      const grams = listing.baseUnitsPerSalesUnit / 1000
      expect(listing.priceCents / grams).toBeGreaterThanOrEqual(600)
      expect(listing.priceCents / grams).toBeLessThanOrEqual(1400)
    }
    // Loose flowers come from bulk packs too, not only from patient packs.
    expect(
      loose.some((listing) => (byId.get(listing.productId)?.packBaseUnits ?? 0) >= 100_000),
    ).toBe(true)

    expect(listings.every((listing) => listing.vatRate === '19')).toBe(true)
    const active = listings.filter((listing) => listing.archivedAt === null)
    expect(active.filter((listing) => listing.visibleInShop).length).toBeGreaterThan(
      active.length / 2,
    )
    const archived = listings.filter((listing) => listing.archivedAt !== null)
    expect(archived.length).toBeGreaterThanOrEqual(2)
    expect(archived.length).toBeLessThanOrEqual(3)
    expect(archived.every((listing) => !listing.visibleInShop)).toBe(true)
    expect(
      listings.filter((listing) => byId.get(listing.productId)?.status === 'withdrawn'),
    ).toHaveLength(1)
  })

  it('lists about forty products for Nordhanf at wholesale prices, none in a shop', async () => {
    const byId = await productById()
    const listings = await listingsOf(demoIds.wholesaler)
    expect(listings.length).toBeGreaterThanOrEqual(36)
    expect(listings.length).toBeLessThanOrEqual(44)
    expect(listings.every((listing) => !listing.visibleInShop)).toBe(true)
    expect(listings.filter((listing) => listing.archivedAt !== null).length).toBeGreaterThanOrEqual(
      2,
    )

    // Cheaper per gram than the pharmacy sells the same flowers loose.
    const pharmacyGramPrice = new Map(
      (await listingsOf(demoIds.pharmacy))
        .filter((listing) => listing.salesUnit === 'gram')
        .map((listing) => [listing.productId, listing.priceCents]),
    )
    let compared = 0
    for (const listing of listings) {
      const retail = pharmacyGramPrice.get(listing.productId)
      if (retail === undefined) continue
      compared++
      const grams = listing.baseUnitsPerSalesUnit / 1000
      expect(listing.priceCents / grams).toBeLessThan(retail)
    }
    expect(compared).toBeGreaterThanOrEqual(3)
    expect(
      listings.some((listing) => (byId.get(listing.productId)?.packBaseUnits ?? 0) >= 100_000),
    ).toBe(true)
  })

  it("lists Grüne Ecke's six own varieties by the gram, custom and never in a shop", async () => {
    const byId = await productById()
    const clubListings = await listingsOf(demoIds.club)
    // Besides, the 5 g units its demo filling created (seed-fillings): a pack of its own too.
    const packs = clubListings.filter((listing) => listing.salesUnit === 'pack')
    expect(packs.map((listing) => byId.get(listing.productId)?.name)).toEqual(['Auwald, 5 g'])
    const listings = clubListings.filter((listing) => listing.salesUnit === 'gram')
    expect(listings).toHaveLength(6)
    for (const listing of listings) {
      const product = byId.get(listing.productId)
      expect(product?.organisationId).toBe(demoIds.club)
      expect(product?.pzn).toBeNull()
      expect(product?.category).toBe('flower')
      expect(product?.manufacturer).toBe('Grüne Ecke e.V.')
      expect(product?.thcContent).not.toBeNull()
      expect(product?.cbdContent).not.toBeNull()
      expect(product && customProductSchema.safeParse(productFactsOf(product)).success).toBe(true)
      expect(listing.salesUnit).toBe('gram')
      expect(listing.visibleInShop).toBe(false)
      expect(listing.priceCents).toBeGreaterThanOrEqual(700)
      expect(listing.priceCents).toBeLessThanOrEqual(900)
    }
    // Own products: the club's, and the pack Sonnen-Apotheke's confirmed demo filling created.
    const custom = (await snapshot()).products.filter(
      (row) => row.organisationId !== null && row.organisationId !== demoIds.pharmacy,
    )
    expect(custom.map((row) => row.organisationId)).toEqual(custom.map(() => demoIds.club))
    expect(
      (await snapshot()).products
        .filter((row) => row.organisationId === demoIds.pharmacy)
        .map((row) => row.name),
    ).toEqual(['Salbeistern, 5 g'])
    // No other organisation lists the club's products.
    const clubProductIds = new Set(custom.map((row) => row.id))
    const foreign = (await snapshot()).listings.filter(
      (listing) => clubProductIds.has(listing.productId) && listing.organisationId !== demoIds.club,
    )
    expect(foreign).toEqual([])
  })

  it('keeps every listing to the sales-unit and offer rules', async () => {
    const { listings, products: rows } = await snapshot()
    const byId = new Map(rows.map((product) => [product.id, product]))
    for (const listing of listings) {
      const product = byId.get(listing.productId)
      if (!product) throw new Error(`listing ${listing.id} without product`)
      if (listing.salesUnit === 'gram') {
        expect(canSellByGram(product.category, product.packUnit)).toBe(true)
      }
      expect(listing.baseUnitsPerSalesUnit).toBe(
        baseUnitsPerSalesUnit(listing.salesUnit, product.packBaseUnits),
      )
      expect(listing.productRevisionSeen).toBe(product.revision)
      expect(listing.revision).toBe(1)
      expect(Number.isInteger(listing.priceCents)).toBe(true)
      expect(
        offerSchema.safeParse({
          salesUnit: listing.salesUnit,
          priceCents: listing.priceCents,
          vatRate: listing.vatRate,
          visibleInShop: listing.visibleInShop,
          orderStep: listing.orderStep,
          minOrderQuantity: listing.minOrderQuantity,
          maxOrderQuantity: listing.maxOrderQuantity,
          lowStockThreshold: listing.lowStockThreshold,
        }).success,
        listing.id,
      ).toBe(true)
    }
  })

  it('names the fixed demo ids it exports', async () => {
    const { listings, products: rows } = await snapshot()
    const byId = new Map(rows.map((product) => [product.id, product]))
    const listingById = new Map(listings.map((listing) => [listing.id, listing]))
    // The schemas take them: a form or a call can name every demo row.
    for (const id of Object.values(demoProductIds))
      expect(z.uuid().safeParse(id).success).toBe(true)
    expect(byId.get(demoProductIds.masterBulkFlower)?.packBaseUnits).toBe(100_000)
    expect(byId.get(demoProductIds.masterWithdrawnListed)?.status).toBe('withdrawn')
    expect(byId.get(demoProductIds.masterWithdrawnExtract)?.status).toBe('withdrawn')
    expect(byId.get(demoProductIds.masterGrinder)?.pzn).toBeNull()
    expect(listingById.get(demoProductIds.pharmacyLooseFlower)).toMatchObject({
      organisationId: demoIds.pharmacy,
      productId: demoProductIds.masterBulkFlower,
      salesUnit: 'gram',
      baseUnitsPerSalesUnit: 1000,
    })
    expect(listingById.get(demoProductIds.pharmacyPackFlower)).toMatchObject({
      productId: demoProductIds.masterPackFlower,
      salesUnit: 'pack',
      baseUnitsPerSalesUnit: 10_000,
    })
    expect(listingById.get(demoProductIds.pharmacyWithdrawnListing)?.productId).toBe(
      demoProductIds.masterWithdrawnListed,
    )
    expect(listingById.get(demoProductIds.pharmacyArchived)?.archivedAt).not.toBeNull()
    expect(listingById.get(demoProductIds.wholesalerArchived)?.archivedAt).not.toBeNull()
    expect(listingById.get(demoProductIds.clubListing)?.productId).toBe(demoProductIds.clubProduct)
    const pharmacyProducts = new Set(
      listings
        .filter((listing) => listing.organisationId === demoIds.pharmacy)
        .map((listing) => listing.productId),
    )
    expect(pharmacyProducts.has(demoProductIds.masterNotListedByPharmacy)).toBe(false)
    expect(byId.get(demoProductIds.masterNotListedByPharmacy)?.status).toBe('active')
    expect(listings.some((listing) => listing.productId === demoProductIds.masterUnlisted)).toBe(
      false,
    )
  })

  it('changes nothing when seeded a second time', async () => {
    const first = await snapshot()
    await seedDemoData(database.handle.db)
    expect(await snapshot()).toEqual(first)
  })
})

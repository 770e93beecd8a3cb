import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { berlinIsoDate } from '~/lib/format'
import { parseCatalogueSearch } from '~/lib/shop-catalogue'
import { shopFinderSearch } from '~/lib/shop-finder'
import { organisations, tenants } from '~/server/db/schema'
import { demoIds, demoProductIds } from '~/server/db/seed.server'
import { demoTenantConfigs } from '~/server/db/seed-tenants.server'
import { catalogueViewOf, listCatalogue } from '~/server/shop/catalogue.server'
import { cachedAvailableProductsByCategory } from '~/server/shop/catalogue-cache.server'
import { findShops } from '~/server/shop/shop-finder.server'
import { availableProductsByCategory } from '~/server/shop/storefront.server'
import { stockByProduct } from '~/server/stock/stock-levels.server'
import { reserveStock } from '~/server/stock/stock-reservations.server'
import { findTenantBySlug, isShopTenant, type ShopTenant } from '~/server/tenants.server'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const where = { PUBLIC_SCHEME: 'https', APP_DOMAIN: 'blattwerk.de', PORT: 3000 } as const

describe.each(testDatabaseKinds)('storefront and shop finder on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const shop = async (slug: string): Promise<ShopTenant> => {
    const tenant = await findTenantBySlug(db(), slug)
    if (!isShopTenant(tenant)) throw new Error(`${slug} runs no shop`)
    return tenant
  }
  const find = (search: Record<string, unknown>) =>
    findShops(db(), shopFinderSearch.parse(search as never), where)

  it('counts the available products per category, each shop its own', async () => {
    const sonnen = (await availableProductsByCategory(db(), await shop('sonnen-apotheke'))).counts
      .available
    const markt = (await availableProductsByCategory(db(), await shop('apotheke-am-markt'))).counts
      .available
    // Sonnen-Apotheke lists about twenty flowers, a few without stock, and six extracts.
    expect(sonnen.flower).toBeGreaterThanOrEqual(14)
    expect(sonnen.flower).toBeLessThanOrEqual(20)
    expect(sonnen.extract).toBe(6)
    expect(markt.flower).toBeLessThan(sonnen.flower)
    expect(markt).not.toEqual(sonnen)
  })

  it("counts each catalogue category with the list's own query: listed and available", async () => {
    for (const slug of ['sonnen-apotheke', 'apotheke-am-markt']) {
      const tenant = await shop(slug)
      const { catalogue, available } = (await availableProductsByCategory(db(), tenant)).counts
      for (const category of ['flower', 'extract'] as const) {
        const { page } = await listCatalogue(db(), tenant, catalogueViewOf(tenant, false), {
          category,
          search: parseCatalogueSearch({}),
        })
        expect(catalogue[category]).toEqual({
          listed: page.total,
          available: page.facets.available,
        })
        expect(available[category]).toBe(page.facets.available)
      }
    }
    // Apotheke am Markt lists eight flowers, one of them out of stock ("8 Sorten, davon 7").
    const markt = (await availableProductsByCategory(db(), await shop('apotheke-am-markt'))).counts
    expect(markt.catalogue.flower).toEqual({ listed: 8, available: 7 })
  })

  it('stops counting a product once reservations hold all it has, also in the cache', async () => {
    const sonnen = await shop('sonnen-apotheke')
    const before = (await availableProductsByCategory(db(), sonnen)).counts.available
    const cached = await cachedAvailableProductsByCategory(database.handle, sonnen)
    expect(cached.available).toEqual(before)
    expect(await cachedAvailableProductsByCategory(database.handle, sonnen)).toBe(cached)
    const listingId = demoProductIds.pharmacyLooseFlower
    const stock = stockByProduct(db(), demoIds.pharmacy, berlinIsoDate())
    const [row] = await db().select().from(stock).where(eq(stock.productId, listingId))
    const available = Number(row?.available)
    expect(available).toBeGreaterThan(0)
    await db().transaction((tx) =>
      reserveStock(tx, {
        organisationId: demoIds.pharmacy,
        organisationProductId: listingId,
        quantity: available,
        source: { type: 'customer_order', id: randomUUID() },
      }),
    )
    const after = await availableProductsByCategory(db(), sonnen)
    expect(after.counts.available.flower).toBe(before.flower - 1)
    expect(after.counts.catalogue.flower.available).toBe(before.flower - 1)
    // Held without an end: no lapse to wait for.
    expect(after.nextLapse).toBeNull()
    // The reservation's trigger announces the change; the cached counts follow.
    await vi.waitFor(async () =>
      expect(
        (await cachedAvailableProductsByCategory(database.handle, sonnen)).available.flower,
      ).toBe(before.flower - 1),
    )
  })

  it('finds the pharmacies with a shop by name, city or postal code, never a club', async () => {
    // Even with a config, a club has no shop (KCanG § 6).
    await db()
      .update(tenants)
      .set({ config: demoTenantConfigs.sonnenApotheke })
      .where(eq(tenants.id, demoIds.tenantClub))

    const all = await find({})
    expect(all.items.map((found) => found.name)).toEqual(['Apotheke am Markt', 'Sonnen-Apotheke'])
    expect(all.items[1]).toMatchObject({
      slug: 'sonnen-apotheke',
      street: 'Sonnenallee 12',
      postalCode: '12045',
      city: 'Berlin',
      origin: 'https://sonnen-apotheke.blattwerk.de',
    })
    const names = async (q: string) => (await find({ q })).items.map((found) => found.name)
    // Around a place: Potsdam's courier first, then the Berlin counter (shop-finder.test.ts).
    expect(await names('Potsdam')).toEqual(['Apotheke am Markt', 'Sonnen-Apotheke'])
    expect(await names('12045')).toEqual(['Sonnen-Apotheke'])
    expect(await names('sonnen')).toEqual(['Sonnen-Apotheke'])
    expect(await names('APOTHEKE')).toEqual(['Apotheke am Markt', 'Sonnen-Apotheke'])
    expect(await names('Grüne Ecke')).toEqual([])
    expect(await names('%')).toEqual([])
  })

  it('folds umlauts and pages on the server', async () => {
    const organisationRows = Array.from({ length: 30 }, (_, index) => ({
      id: randomUUID(),
      name: `Löwen-Apotheke ${String(index + 1).padStart(2, '0')}`,
      category: 'pharmacy' as const,
      city: 'Köln',
      postalCode: '50667',
    }))
    await db().insert(organisations).values(organisationRows)
    await db()
      .insert(tenants)
      .values(
        organisationRows.map((organisation, index) => ({
          slug: `loewen-${index + 1}`,
          organisationId: organisation.id,
          config: {
            ...demoTenantConfigs.apothekeAmMarkt,
            shopName: organisation.name,
            contact: {
              ...demoTenantConfigs.apothekeAmMarkt.contact,
              city: 'Köln',
              postalCode: '50667',
            },
          },
        })),
      )
    // Köln as a place: Sonnen-Apotheke ships there, then the 30 shops in Köln (whose courier
    // serves Potsdam only) by their town.
    const first = await find({ q: 'Koln' })
    expect(first.total).toBe(31)
    expect(first.items).toHaveLength(25)
    expect(first.items.slice(0, 2).map((found) => found.name)).toEqual([
      'Sonnen-Apotheke',
      'Löwen-Apotheke 01',
    ])
    const second = await find({ q: 'loewen', page: 2 })
    expect(second.items.map((found) => found.name)).toEqual(
      organisationRows.slice(25).map((organisation) => organisation.name),
    )
  })
})

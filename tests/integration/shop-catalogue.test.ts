import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { berlinIsoDate } from '~/lib/format'
import {
  type CatalogueCategory,
  type CatalogueItem,
  type CatalogueSearch,
  parseCatalogueSearch,
} from '~/lib/shop-catalogue'
import { tenants } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { demoProductIds } from '~/server/db/seed-data/products'
import { NotFoundError } from '~/server/errors.server'
import { organisationProducts } from '~/server/products/products.schema'
import {
  type CatalogueView,
  catalogueSitemapEntries,
  catalogueViewOf,
  getCatalogueProduct,
  listCatalogue,
} from '~/server/shop/catalogue.server'
import { cachedCatalogueList } from '~/server/shop/catalogue-cache.server'
import { shopOfRequest } from '~/server/shop/shop.server'
import { batches, stockReservations } from '~/server/stock/stock.schema'
import { reserveStock } from '~/server/stock/stock-reservations.server'
import { findTenantBySlug, isShopTenant, type ShopTenant } from '~/server/tenants.server'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const appDomain = 'blattwerk.localhost'
const requestOn = (slug: string) => new Request(`http://${slug}.${appDomain}/blueten`)

/** Sonnen-Apotheke's Nebelwald (loose flowers): listed and visible, but no stock at all. */
const emptyListing = '00000000-0000-4000-8000-000000003011'
/** Apotheke am Markt's listing of the Nordlicht extract. */
const marketExtract = '00000000-0000-4000-8000-000000003109'

describe.each(testDatabaseKinds)('shop catalogue on %s', (kind) => {
  let database: TestDatabase
  let sonnen: ShopTenant
  let markt: ShopTenant
  const db = () => database.handle.db
  const publicView = (): CatalogueView => catalogueViewOf(sonnen, false)

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    const shopOf = async (slug: string) => {
      const tenant = await findTenantBySlug(db(), slug)
      if (!isShopTenant(tenant)) throw new Error(`${slug} runs no shop`)
      return tenant
    }
    sonnen = await shopOf('sonnen-apotheke')
    markt = await shopOf('apotheke-am-markt')
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const list = async (
    search: Partial<Record<keyof CatalogueSearch, unknown>> = {},
    { shop = sonnen, view = publicView(), category = 'flower' as CatalogueCategory } = {},
  ) =>
    (
      await listCatalogue(db(), shop, view, {
        category,
        search: parseCatalogueSearch(search as never),
      })
    ).page
  const everything = () => list({}, { view: catalogueViewOf(sonnen, false) })

  it("lists the organisation's visible, non-archived products of the category", async () => {
    const page = await everything()
    const ids = page.items.map((item) => item.id)
    expect(page.total).toBe(20)
    expect(ids).toContain(demoProductIds.pharmacyLooseFlower)
    expect(ids).toContain(demoProductIds.pharmacyPackFlower)
    expect(ids).not.toContain(demoProductIds.pharmacyArchived)
    // Invisible in the shop (Lavendeltal) and invisible and withdrawn (Sonnenkamm).
    expect(ids).not.toContain('00000000-0000-4000-8000-000000003012')
    expect(ids).not.toContain(demoProductIds.pharmacyWithdrawnListing)
    expect(ids).not.toContain(demoProductIds.pharmacyExtract)
    const extracts = await list({}, { category: 'extract' })
    expect(extracts.items.map((item) => item.id)).toContain(demoProductIds.pharmacyExtract)
    expect(extracts.items.every((item) => item.cannabinoidUnit !== 'percent')).toBe(true)
  })

  it('shows gross prices per sales unit and per gram', async () => {
    const page = await everything()
    const loose = page.items.find((item) => item.id === demoProductIds.pharmacyLooseFlower)
    // 11.50 € net + 19 % VAT.
    expect(loose?.price).toEqual({ grossCents: 1369, unitPriceCents: 1369 })
    const pack = page.items.find((item) => item.id === demoProductIds.pharmacyPackFlower)
    // 119.00 € net per 10 g pack → 141.61 € gross, 14.16 € per g.
    expect(pack?.price).toEqual({ grossCents: 14161, unitPriceCents: 1416 })
  })

  describe('filters', () => {
    const every = (items: CatalogueItem[], check: (item: CatalogueItem) => boolean) =>
      expect(items.length > 0 && items.every(check)).toBe(true)

    it('by THC and CBD range', async () => {
      const all = await everything()
      const page = await list({ thcMin: 20, thcMax: 25 })
      every(page.items, (item) => item.thc !== null && item.thc >= 20 && item.thc <= 25)
      expect(page.total).toBe(
        all.items.filter((item) => item.thc !== null && item.thc >= 20 && item.thc <= 25).length,
      )
      const cbd = await list({ cbdMin: 5 })
      every(cbd.items, (item) => (item.cbd ?? 0) >= 5)
      // Upside down is turned round.
      expect((await list({ thcMin: 25, thcMax: 20 })).total).toBe(page.total)
    })

    it('by genetics, producer, terpene and irradiation', async () => {
      const genetics = await list({ genetics: ['indica', 'sativa'] })
      every(genetics.items, (item) => item.genetics === 'indica' || item.genetics === 'sativa')
      const producer = await list({ producer: 'Polderveld B.V.' })
      every(producer.items, (item) => item.producer === 'Polderveld B.V.')
      const terpene = await list({ terpene: 'Linalool' })
      every(terpene.items, (item) => item.terpenes.includes('Linalool'))
      const irradiated = await list({ irradiated: 'yes' })
      every(irradiated.items, (item) => item.irradiated)
      const notIrradiated = await list({ irradiated: 'no' })
      expect(irradiated.total + notIrradiated.total).toBe(20)
    })

    it('by gross price per gram and availability', async () => {
      const page = await list({ priceMin: 12, priceMax: 14 })
      every(
        page.items,
        (item) =>
          item.price !== null &&
          item.price.unitPriceCents >= 1200 &&
          item.price.unitPriceCents <= 1400,
      )
      const available = await list({ available: 'yes' })
      every(available.items, (item) => item.availability.level !== 'out_of_stock')
      expect(available.items.map((item) => item.id)).not.toContain(emptyListing)
    })

    it('by text in the name, cultivar, genetics, manufacturer or PZN', async () => {
      const all = await everything()
      const byPzn = await list({ q: '13354455' })
      every(byPzn.items, (item) => item.name.includes('Granitmond'))
      // A cultivar, in capitals.
      const withCultivar = all.items.find((item) => item.cultivar)
      const byCultivar = await list({ q: withCultivar?.cultivar?.toUpperCase() ?? '' })
      expect(byCultivar.total).toBeLessThan(all.total)
      expect(byCultivar.items.map((item) => item.id)).toContain(withCultivar?.id)
      const producer = all.items[0]?.producer ?? ''
      every((await list({ q: producer.slice(0, 6) })).items, (item) =>
        [item.name, item.producer, item.brand, item.cultivar]
          .join(' ')
          .includes(producer.slice(0, 6)),
      )
      const indica = await list({ q: 'indica' })
      expect(indica.total).toBe(all.items.filter((item) => item.genetics === 'indica').length)
      // A search narrows the facets' counts like any filter, and `%` is a character, not a wildcard.
      expect(indica.facets.genetics.map((option) => option.value)).toContain('indica')
      expect((await list({ q: '%' })).total).toBe(0)
      expect((await list({ q: 'Kein solches Produkt' })).total).toBe(0)
    })

    it('counts what each option would leave, against the other filters', async () => {
      const search = { genetics: ['indica'], thcMin: 20 }
      const page = await list(search)
      for (const option of page.facets.genetics) {
        const alone = await list({ ...search, genetics: [option.value] })
        expect(option.count, option.value).toBe(alone.total)
      }
      for (const option of page.facets.producers) {
        const narrowed = await list({ ...search, producer: option.value })
        expect(option.count, option.value).toBe(narrowed.total)
      }
      for (const option of page.facets.terpenes) {
        const narrowed = await list({ ...search, terpene: option.value })
        expect(option.count, option.value).toBe(narrowed.total)
      }
      const [yes, no] = page.facets.irradiated
      expect((yes?.count ?? 0) + (no?.count ?? 0)).toBe(page.total)
      expect(page.facets.available).toBe((await list({ ...search, available: true })).total)
      expect(page.facets.thc).toEqual({
        min: expect.any(Number),
        max: 30,
      })
    })
  })

  describe('sort', () => {
    const sorted = (values: number[], direction: 1 | -1) =>
      values.every(
        (value, index) => index === 0 || direction * (value - (values[index - 1] ?? 0)) >= 0,
      )

    it('by price and by name', async () => {
      const prices = (await list({ sort: 'price-asc' })).items.map(
        (item) => item.price?.unitPriceCents ?? 0,
      )
      expect(sorted(prices, 1)).toBe(true)
      const descending = (await list({ sort: 'price-desc' })).items.map(
        (item) => item.price?.unitPriceCents ?? 0,
      )
      expect(sorted(descending, -1)).toBe(true)
      const names = (await list({ sort: 'name' })).items.map((item) => item.name)
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    })

    // § 10 HWG: no ranking by potency or novelty, whatever an old link asks for (domain.md).
    it.each(['thc-desc', 'thc-asc', 'thc_desc', 'newest'])(
      'answers ?sort=%s with the list by name',
      async (sort) => {
        const byName = await list({ sort: 'name' })
        const page = await list({ sort })
        expect(page.search.sort).toBe('name')
        expect(page.items.map((item) => item.id)).toEqual(byName.items.map((item) => item.id))
      },
    )

    it('pages by 48 and shows the last page for a page past the end', async () => {
      const page = await list({ page: 7 })
      expect(page.page).toBe(1)
      expect(page.pageCount).toBe(1)
      expect(page.items).toHaveLength(20)
    })
  })

  describe('availability', () => {
    // The batches this test adds; the listing's sold-out batches of the demo's year (ADR 047) stay.
    const added = ['Q-1', 'B-1', 'E-1', 'R-1', 'T-1']
    const addedBatches = and(
      eq(batches.organisationProductId, emptyListing),
      inArray(batches.batchNumber, added),
    )
    const cleanUp = async () => {
      await db()
        .delete(stockReservations)
        .where(
          inArray(
            stockReservations.batchId,
            db().select({ id: batches.id }).from(batches).where(addedBatches),
          ),
        )
      await db().delete(batches).where(addedBatches)
    }
    afterAll(cleanUp)

    const nebelwald = async () =>
      (await getCatalogueProduct(db(), sonnen, publicView(), 'flower', emptyListing)).product

    it('counts only released, unexpired batches beyond their active reservations', async () => {
      const today = berlinIsoDate()
      const yesterday = berlinIsoDate(new Date(Date.now() - 86_400_000))
      const nextYear = berlinIsoDate(new Date(Date.now() + 365 * 86_400_000))
      const batch = (number: string, values: Partial<typeof batches.$inferInsert>) => ({
        organisationId: demoIds.pharmacy,
        organisationProductId: emptyListing,
        batchNumber: number,
        expiryDate: nextYear,
        balance: 50_000,
        thcContent: 6.5,
        cbdContent: 8.5,
        ...values,
      })
      const released = { status: 'released' as const, releasedAt: new Date() }
      const [, , , reservedBatch] = await db()
        .insert(batches)
        .values([
          batch('Q-1', { status: 'quarantine' }),
          batch('B-1', { status: 'blocked', blockedAt: new Date(), blockedReason: 'Rückruf' }),
          batch('E-1', { ...released, expiryDate: yesterday }),
          batch('R-1', { ...released }),
        ])
        .returning()
      await db()
        .insert(stockReservations)
        .values({
          organisationId: demoIds.pharmacy,
          batchId: reservedBatch?.id as string,
          quantity: 50_000,
          sourceType: 'customer_order',
          sourceId: crypto.randomUUID(),
        })
      const before = await nebelwald()
      expect(before.availability.level).toBe('out_of_stock')
      expect(before.currentBatch).toBeNull()
      expect(before.measured).toBe(false)
      expect(before.thc).toBe(7)
      expect((await list({ available: true })).items.map((item) => item.id)).not.toContain(
        emptyListing,
      )

      // A batch that expires today is still good today (AMG § 8: past its date, not on it).
      await db()
        .insert(batches)
        .values(batch('T-1', { ...released, expiryDate: today, thcContent: 6.8 }))
      const after = await nebelwald()
      expect(after.availability.level).toBe('in_stock')
      expect(after.currentBatch).toEqual({ thc: 6.8, cbd: 8.5, expiryDate: today })
      expect(after.thc).toBe(6.8)
      expect(after.measured).toBe(true)
    })

    it('shows exact amounts only where the pharmacy says so', async () => {
      const page = await list({}, { shop: markt, view: catalogueViewOf(markt, false) })
      expect(page.items.every((item) => item.availability.salesUnits !== null)).toBe(true)
      expect(
        (await everything()).items.every((item) => item.availability.salesUnits === null),
      ).toBe(true)
    })
  })

  it('never sends prices to visitors where they are for customers only', async () => {
    const visitor = catalogueViewOf(markt, false)
    expect(visitor.pricesShown).toBe(false)
    const page = await list(
      { sort: 'price-desc', priceMin: 1, priceMax: 5 },
      { shop: markt, view: visitor },
    )
    expect(page.total).toBeGreaterThan(0)
    expect(page.items.every((item) => item.price === null)).toBe(true)
    expect(page.facets.price).toBeNull()
    expect(page.search).toEqual({ page: 1, sort: 'name' })
    expect(JSON.stringify(page)).not.toMatch(/grossCents|unitPriceCents/)
    const product = await getCatalogueProduct(db(), markt, visitor, 'extract', marketExtract)
    expect(product.product.price).toBeNull()
    expect(JSON.stringify(product)).not.toMatch(/grossCents|unitPriceCents/)

    const customer = catalogueViewOf(markt, true)
    const priced = await list({}, { shop: markt, view: customer })
    expect(priced.items.every((item) => item.price !== null)).toBe(true)
  })

  describe('tenant isolation', () => {
    it("never shows one tenant's product on another's host, by list or by id", async () => {
      const sonnenIds = new Set([
        ...(await everything()).items.map((item) => item.id),
        ...(await list({}, { category: 'extract' })).items.map((item) => item.id),
      ])
      const marktPage = await list({}, { shop: markt, view: catalogueViewOf(markt, true) })
      expect(marktPage.items.some((item) => sonnenIds.has(item.id))).toBe(false)
      await expect(
        getCatalogueProduct(db(), sonnen, publicView(), 'extract', marketExtract),
      ).rejects.toBeInstanceOf(NotFoundError)
      await expect(
        getCatalogueProduct(
          db(),
          markt,
          catalogueViewOf(markt, true),
          'flower',
          demoProductIds.pharmacyLooseFlower,
        ),
      ).rejects.toBeInstanceOf(NotFoundError)
    })

    it('answers 404 for a wrong category, an invisible or archived product and a non-id', async () => {
      for (const [category, id] of [
        ['extract', demoProductIds.pharmacyLooseFlower],
        ['flower', demoProductIds.pharmacyArchived],
        ['flower', '00000000-0000-4000-8000-000000003012'],
        ['flower', 'not-an-id'],
      ] as const) {
        await expect(
          getCatalogueProduct(db(), sonnen, publicView(), category, id),
          `${category} ${id}`,
        ).rejects.toBeInstanceOf(NotFoundError)
      }
    })

    it("a club's host shows nothing, even with a config", async () => {
      await db()
        .update(tenants)
        .set({ config: sonnen.config })
        .where(eq(tenants.id, demoIds.tenantClub))
      const app = { systemDb: db(), config: { APP_DOMAIN: appDomain } }
      await expect(shopOfRequest(app as never, requestOn('gruene-ecke'))).rejects.toBeInstanceOf(
        NotFoundError,
      )
      await expect(
        shopOfRequest(app as never, requestOn('sonnen-apotheke')),
      ).resolves.toMatchObject({ slug: 'sonnen-apotheke' })
    })
  })

  it('a product page names the product and its availability, and recommends nothing', async () => {
    const { product } = await getCatalogueProduct(
      db(),
      sonnen,
      publicView(),
      'flower',
      demoProductIds.pharmacyLooseFlower,
    )
    expect(product.prescriptionRequired).toBe(true)
    expect(product.availability.level).toBe('in_stock')
    // § 10 HWG: no "Vergleichbare Produkte", no free text that may praise aroma or effect.
    expect(Object.keys(product)).not.toContain('alternatives')
    expect(Object.keys(product)).not.toContain('description')
    const empty = (await getCatalogueProduct(db(), sonnen, publicView(), 'flower', emptyListing))
      .product
    expect(empty.availability.level).toBe('out_of_stock')
  })

  it("lists every visible product page in the shop's sitemap", async () => {
    const entries = await catalogueSitemapEntries(db(), sonnen)
    expect(entries.filter((entry) => entry.category === 'flower')).toHaveLength(20)
    expect(entries.filter((entry) => entry.category === 'extract')).toHaveLength(6)
  })

  describe('per-process cache', () => {
    const search = parseCatalogueSearch({})
    const cachedList = () =>
      cachedCatalogueList(database.handle, sonnen, publicView(), { category: 'flower', search })
    const priceOf = (page: { items: CatalogueItem[] }) =>
      page.items.find((item) => item.id === demoProductIds.pharmacyLooseFlower)?.price?.grossCents

    it('answers from memory until a price changes', async () => {
      const first = await cachedList()
      expect(await cachedList()).toBe(first)
      await db()
        .update(organisationProducts)
        .set({ priceCents: 1200 })
        .where(eq(organisationProducts.id, demoProductIds.pharmacyLooseFlower))
      // PostgreSQL delivers the notification on the listening connection right after the commit.
      await vi.waitFor(async () => expect(priceOf(await cachedList())).toBe(1428))
    })

    it('forgets the availability when a reservation takes the stock', async () => {
      const before = await cachedList()
      expect(await cachedList()).toBe(before)
      const level = (page: { items: CatalogueItem[] }) =>
        page.items.find((item) => item.id === demoProductIds.pharmacyPackFlower)?.availability.level
      expect(level(before)).toBe('in_stock')
      await db().transaction(async (tx) => {
        const [row] = await tx
          .select({ free: sql<number>`sum(${batches.balance})::int` })
          .from(batches)
          .where(
            sql`${batches.organisationProductId} = ${demoProductIds.pharmacyPackFlower}
              and ${batches.status} = 'released' and ${batches.expiryDate} >= ${berlinIsoDate()}::date`,
          )
        await reserveStock(tx, {
          organisationId: demoIds.pharmacy,
          organisationProductId: demoProductIds.pharmacyPackFlower,
          quantity: (row?.free ?? 0) - (await reservedOfPackFlower(tx)),
          source: { type: 'customer_order', id: crypto.randomUUID() },
          expiresAt: new Date(Date.now() + 72 * 3_600_000),
        })
      })
      await vi.waitFor(async () => expect(level(await cachedList())).toBe('out_of_stock'))
    })

    it('shows nothing from memory that changed in another organisation', async () => {
      const first = await cachedList()
      await db()
        .update(organisationProducts)
        .set({ priceCents: 999 })
        .where(eq(organisationProducts.id, marketExtract))
      // Markt's change leaves Sonnen's answer cached.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await cachedList()).toBe(first)
    })
  })
})

/** What active reservations already hold of the pack flower's batches, in base units. */
async function reservedOfPackFlower(tx: Parameters<typeof reserveStock>[0]): Promise<number> {
  const [row] = await tx
    .select({ held: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
    .from(stockReservations)
    .innerJoin(batches, eq(batches.id, stockReservations.batchId))
    .where(
      sql`${batches.organisationProductId} = ${demoProductIds.pharmacyPackFlower}
        and ${stockReservations.releasedAt} is null and ${stockReservations.consumedAt} is null
        and (${stockReservations.expiresAt} is null or ${stockReservations.expiresAt} > now())`,
    )
  return row?.held ?? 0
}

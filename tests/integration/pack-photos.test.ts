import { and, count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packPhotoUnconfirmedMessage } from '~/lib/master-product-schemas'
import { packPhotoSide } from '~/lib/shop'
import { parseCatalogueSearch } from '~/lib/shop-catalogue'
import type { BusinessActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { storedFiles } from '~/server/db/core.schema'
import { demoProductIds } from '~/server/db/seed-data/products'
import { InvalidError, NotFoundError } from '~/server/errors.server'
import { openStoredFile, storeFile } from '~/server/files/file-store.server'
import {
  createMasterProduct,
  getMasterProduct,
  listMasterProductHistory,
  updateMasterProduct,
} from '~/server/products/master-products.server'
import { organisationProducts, products } from '~/server/products/products.schema'
import { catalogueViewOf, getCatalogueProduct, listCatalogue } from '~/server/shop/catalogue.server'
import { configuratorProducts } from '~/server/shop/configurator-products.server'
import { openShopPackPhoto } from '~/server/shop/pack-photos.server'
import { findTenantBySlug, isShopTenant, type ShopTenant } from '~/server/tenants.server'
import { demoActors } from '../support/actors'
import { callApi } from '../support/api-client'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

describe.each(testDatabaseKinds)('pack photos on %s', (kind) => {
  let database: TestDatabase
  let admin: BusinessActor
  let actors: Awaited<ReturnType<typeof demoActors>>
  let sonnen: ShopTenant
  let markt: ShopTenant
  const db = () => database.handle.db
  /** A visitor of `shop`: the database in the scope the shop's routes use (ADR 050). */
  const visitorDb = (shop: ShopTenant) =>
    database.handle.scoped({ kind: 'organisation', organisationId: shop.organisationId })

  const image = async (colour: string) =>
    storeFile(
      admin,
      'product_image',
      await sharp({ create: { width: 300, height: 500, channels: 3, background: colour } })
        .png()
        .toBuffer(),
      db(),
    )

  const productRow = async (id: string) => {
    const [row] = await db().select().from(products).where(eq(products.id, id))
    if (!row) throw new Error(`no product ${id}`)
    return row
  }
  const masterIdOf = async (listingId: string) => {
    const [listing] = await db()
      .select({ productId: organisationProducts.productId })
      .from(organisationProducts)
      .where(eq(organisationProducts.id, listingId))
    if (!listing) throw new Error(`no listing ${listingId}`)
    return listing.productId
  }
  /** Saves the master product `id` as the form would, with `changes` over its stored values. */
  const saveMaster = async (id: string, changes: Record<string, unknown>) => {
    const detail = await getMasterProduct(admin, id, db())
    return updateMasterProduct(
      admin,
      id,
      { ...detail.product, ...changes, revision: detail.revision },
      db(),
    )
  }
  const fileCount = async () => (await db().select({ n: count() }).from(storedFiles))[0]?.n
  const catalogueItem = async (listingId: string) => {
    const { page } = await listCatalogue(db(), sonnen, catalogueViewOf(sonnen, false), {
      category: 'flower',
      search: parseCatalogueSearch({}),
    })
    return page.items.find((item) => item.id === listingId)
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    admin = actors.admin
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

  it('refuses an image saved without the pack photo confirmation, writing nothing', async () => {
    const stored = await image('#2f855a')
    const files = await fileCount()
    // A new accessory (no PZN) like the demo's grinder, with an image but no confirmation.
    const grinder = await getMasterProduct(admin, demoProductIds.masterGrinder, db())
    const name = 'Qvist Bildprobe'
    const refusal = await createMasterProduct(
      admin,
      { ...grinder.product, name, imageFileId: stored.id, imageIsPackPhoto: false },
      db(),
    ).catch((error) => error)
    expect(refusal).toBeInstanceOf(InvalidError)
    expect(refusal.status).toBe(400)
    expect(refusal.extra.errors).toEqual({ imageIsPackPhoto: packPhotoUnconfirmedMessage })
    expect(await db().select().from(products).where(eq(products.name, name))).toEqual([])
    expect(await fileCount()).toBe(files)

    // A product with a confirmed pack photo: another image needs its own confirmation.
    const packFlower = await masterIdOf(demoProductIds.pharmacyPackFlower)
    const before = await productRow(packFlower)
    expect(before.imageIsPackPhoto).toBe(true)
    const audits = async () =>
      (
        await db()
          .select({ n: count() })
          .from(auditEvents)
          .where(
            and(eq(auditEvents.entityType, 'master_product'), eq(auditEvents.entityId, packFlower)),
          )
      )[0]?.n
    const auditsBefore = await audits()
    const changed = await saveMaster(packFlower, {
      imageFileId: stored.id,
      imageIsPackPhoto: false,
    }).catch((error) => error)
    expect(changed).toBeInstanceOf(InvalidError)
    expect(changed.extra.errors).toEqual({ imageIsPackPhoto: packPhotoUnconfirmedMessage })
    expect(await productRow(packFlower)).toEqual(before)
    expect(await audits()).toBe(auditsBefore)
    expect(await fileCount()).toBe(files)
  })

  it('shows an image stored before the rule only once it is confirmed, as a small rendition', async () => {
    const listingId = demoProductIds.pharmacyLooseFlower
    const productId = await masterIdOf(listingId)
    const old = await image('#553c9a')
    // As migration 0054 leaves an image stored earlier: there, but not confirmed.
    await db().update(products).set({ imageFileId: old.id }).where(eq(products.id, productId))

    expect(await catalogueItem(listingId)).toMatchObject({ packPhotoId: null })
    const page = await getCatalogueProduct(
      db(),
      sonnen,
      catalogueViewOf(sonnen, false),
      'flower',
      listingId,
    )
    expect(page.product.packPhotoId).toBeNull()
    const offered = await configuratorProducts(db(), sonnen, [listingId])
    expect(offered[0]?.packPhotoId).toBeNull()
    // Neither the original nor anything else of it loads on the shop's host.
    await expect(openShopPackPhoto(visitorDb(sonnen), sonnen, old.id)).rejects.toBeInstanceOf(
      NotFoundError,
    )

    expect(await saveMaster(productId, { imageIsPackPhoto: true })).toMatchObject({
      changed: true,
    })
    const confirmed = await productRow(productId)
    expect(confirmed).toMatchObject({ imageFileId: old.id, imageIsPackPhoto: true })
    const renditionId = confirmed.packPhotoFileId as string
    expect(renditionId).not.toBe(old.id)
    expect(await catalogueItem(listingId)).toMatchObject({ packPhotoId: renditionId })
    expect((await configuratorProducts(db(), sonnen, [listingId]))[0]?.packPhotoId).toBe(
      renditionId,
    )

    const served = await openShopPackPhoto(visitorDb(sonnen), sonnen, renditionId)
    expect(served).toMatchObject({ contentType: 'image/webp', public: true })
    const { width, height, format } = await sharp(await served.readBytes()).metadata()
    expect({ width, height, format }).toEqual({
      width: packPhotoSide,
      height: packPhotoSide,
      format: 'webp',
    })
    // The original stays the back office's.
    await expect(openShopPackPhoto(visitorDb(sonnen), sonnen, old.id)).rejects.toBeInstanceOf(
      NotFoundError,
    )

    const history = await listMasterProductHistory(admin, productId, db())
    expect(history[0]?.changes).toEqual([{ field: 'imageIsPackPhoto', before: false, after: true }])

    // Saved again unchanged: the same rendition, nothing written.
    expect(await saveMaster(productId, {})).toMatchObject({ changed: false })
    // Another image, confirmed: a rendition of its own.
    const next = await image('#c05621')
    await saveMaster(productId, { imageFileId: next.id, imageIsPackPhoto: true })
    const replaced = await productRow(productId)
    expect(replaced.packPhotoFileId).not.toBe(renditionId)
    expect((await listMasterProductHistory(admin, productId, db()))[0]?.changes).toEqual([
      { field: 'imageFileId', before: old.id, after: next.id },
    ])
    // The image removed (a tick left behind confirms nothing): nothing left for the shop.
    await saveMaster(productId, { imageFileId: null, imageIsPackPhoto: true })
    expect(await productRow(productId)).toMatchObject({
      imageFileId: null,
      imageIsPackPhoto: false,
      packPhotoFileId: null,
    })
    expect(await catalogueItem(listingId)).toMatchObject({ packPhotoId: null })
  })

  it('serves a rendition only on the host of a shop that lists the product', async () => {
    const listingId = demoProductIds.pharmacyPackFlower
    const seeded = (await catalogueItem(listingId))?.packPhotoId
    expect(seeded).toEqual(expect.any(String))
    const renditionId = seeded as string
    expect(await openShopPackPhoto(visitorDb(sonnen), sonnen, renditionId)).toMatchObject({
      id: renditionId,
    })
    // Apotheke am Markt does not list that pack.
    await expect(openShopPackPhoto(visitorDb(markt), markt, renditionId)).rejects.toBeInstanceOf(
      NotFoundError,
    )

    // A confirmed pack photo of a product no shop lists.
    const unlisted = demoProductIds.masterUnlisted
    await saveMaster(unlisted, { imageFileId: (await image('#2b6cb0')).id, imageIsPackPhoto: true })
    const unlistedRendition = (await productRow(unlisted)).packPhotoFileId as string
    for (const shop of [sonnen, markt]) {
      await expect(
        openShopPackPhoto(visitorDb(shop), shop, unlistedRendition),
      ).rejects.toBeInstanceOf(NotFoundError)
    }

    // Hidden from the shop, the listed pack's photo is gone too.
    await db()
      .update(organisationProducts)
      .set({ visibleInShop: false })
      .where(eq(organisationProducts.id, listingId))
    await expect(openShopPackPhoto(visitorDb(sonnen), sonnen, renditionId)).rejects.toBeInstanceOf(
      NotFoundError,
    )
    await db()
      .update(organisationProducts)
      .set({ visibleInShop: true })
      .where(eq(organisationProducts.id, listingId))
    for (const id of ['kein-uuid', crypto.randomUUID()]) {
      await expect(openShopPackPhoto(visitorDb(sonnen), sonnen, id)).rejects.toBeInstanceOf(
        NotFoundError,
      )
    }
  })

  it('keeps product images (originals and renditions) from anyone but business users', async () => {
    const renditionId = (await catalogueItem(demoProductIds.pharmacyPackFlower))
      ?.packPhotoId as string
    const original = (await productRow(await masterIdOf(demoProductIds.pharmacyPackFlower)))
      .imageFileId as string
    for (const id of [original, renditionId]) {
      for (const viewer of [null, actors.shopCustomer]) {
        await expect(openStoredFile(viewer, id, db())).rejects.toBeInstanceOf(NotFoundError)
      }
      for (const viewer of [actors.admin, actors.pharmacyOwner]) {
        expect(await openStoredFile(viewer, id, db())).toMatchObject({ id, public: false })
      }
    }
  })
})

describe.each(testDatabaseKinds)('pack photos over HTTP on %s', (kind) => {
  let server: TestServer
  const get = (path: string, host?: string) => callApi(server.baseUrl, path, { host })

  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('renders the pack photo into the product page and serves it to visitors of that shop only', async () => {
    const sonnenHost = 'sonnen-apotheke.localhost'
    const page = await get(`/blueten/${demoProductIds.pharmacyPackFlower}`, sonnenHost)
    expect(page.status).toBe(200)
    const img = String(page.body).match(
      /<img[^>]*src="(\/api\/shop\/pack-photos\/[0-9a-f-]{36})"[^>]*>/,
    )
    expect(img?.[0]).toMatch(/alt="Packung von [^"]*Küstennebel[^"]*"/)
    expect(img?.[0]).toContain(`width="${packPhotoSide}"`)
    expect(img?.[0]).toContain(`height="${packPhotoSide}"`)
    const path = img?.[1] as string

    const photo = await get(path, sonnenHost)
    expect(photo.status).toBe(200)
    expect(Object.fromEntries(photo.headers)).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    })
    // Another shop's host, the platform's host: as if there were no such file.
    expect((await get(path, 'apotheke-am-markt.localhost')).status).toBe(404)
    expect((await get(path)).status).toBe(404)
    // The rendition is no file the general route hands to visitors either.
    expect(
      (await get(path.replace('/api/shop/pack-photos/', '/api/files/'), sonnenHost)).status,
    ).toBe(404)
  })
})

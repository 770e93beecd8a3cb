import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staleMasterProductMessage } from '~/lib/master-products'
import type { MasterProductInput } from '~/lib/product-schemas'
import { masterProductListSearch, pznCheckDigit } from '~/lib/products'
import { type Actor, type BusinessActor, systemActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { queryRows } from '~/server/db/query-rows.server'
import { demoIds } from '~/server/db/seed.server'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/server/errors.server'
import { storeFile } from '~/server/files/file-store.server'
import {
  createMasterProduct,
  duplicatePznMessage,
  getMasterProduct,
  listManufacturers,
  listMasterProductHistory,
  listMasterProducts,
  updateMasterProduct,
} from '~/server/products/master-products.server'
import { organisationProducts, products } from '~/server/products/products.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** Fixture manufacturers: words no demo product uses, so every assertion can scope to them. */
const maker = 'Prüfwerk Qvist GmbH'
const oilMill = 'Qvist Ölmühle KG'

const base = {
  brand: null,
  genetics: null,
  dominance: null,
  thcContent: null,
  cbdContent: null,
  cannabinoidUnit: null,
  terpenes: [] as string[],
  irradiated: false,
  countryOfCultivation: null,
  description: null,
  status: 'active',
  imageFileId: null,
} as const satisfies Partial<MasterProductInput>

const fixtures = (pzns: string[]): MasterProductInput[] => [
  {
    ...base,
    pzn: pzns[0] as string,
    name: 'Qvist Grüne Überraschung 22/1',
    manufacturer: maker,
    brand: 'Qvist Select',
    category: 'flower',
    cultivar: 'Ölberg Haze',
    genetics: 'hybrid',
    dominance: 'sativa',
    thcContent: 22,
    cbdContent: 1,
    cannabinoidUnit: 'percent',
    terpenes: ['Myrcen', 'Limonen'],
    irradiated: true,
    countryOfCultivation: 'CA',
    packSize: 10,
    packUnit: 'g',
    description: 'Getrocknete Blüten.',
  },
  {
    ...base,
    pzn: pzns[1] as string,
    name: 'Qvist Sonnenstrahl 18/1',
    manufacturer: maker,
    category: 'flower',
    cultivar: 'Sunshine Kush',
    thcContent: 18,
    cbdContent: 1,
    cannabinoidUnit: 'percent',
    packSize: 5,
    packUnit: 'g',
  },
  {
    ...base,
    pzn: pzns[2] as string,
    name: 'Qvist Extrakt Balance 10:10',
    manufacturer: oilMill,
    category: 'extract',
    cultivar: null,
    thcContent: 10,
    cbdContent: 10,
    cannabinoidUnit: 'mg_per_ml',
    packSize: 25,
    packUnit: 'ml',
  },
  {
    ...base,
    pzn: pzns[3] as string,
    name: 'Qvist CBD-Öl 50',
    manufacturer: oilMill,
    category: 'cbd_solution',
    cultivar: null,
    cbdContent: 50,
    cannabinoidUnit: 'mg_per_ml',
    packSize: 10,
    packUnit: 'ml',
  },
  {
    ...base,
    pzn: '',
    name: 'Qvist Vaporisator Mücke',
    manufacturer: maker,
    category: 'accessory',
    cultivar: null,
    packSize: 1,
    packUnit: 'piece',
  },
]

describe.each(testDatabaseKinds)('master product database on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let admin: BusinessActor
  let ids: string[]
  let pzns: string[]
  const db = () => database.handle.db

  /** Valid PZNs (check digit right, remainder 10 skipped) that no product holds yet. */
  async function freshPzns(count: number): Promise<string[]> {
    const taken = new Set(
      (await db().select({ pzn: products.pzn }).from(products)).map((row) => row.pzn),
    )
    const found: string[] = []
    for (let number = 9_712_000; found.length < count; number++) {
      const firstSeven = String(number).padStart(7, '0')
      const check = pznCheckDigit(firstSeven)
      const pzn = `${firstSeven}${check}`
      if (check !== null && !taken.has(pzn)) found.push(pzn)
      taken.add(pzn)
    }
    return found
  }

  const list = (actor: Actor, search: Record<string, unknown> = {}) =>
    listMasterProducts(actor, masterProductListSearch.parse(search as never), db())
  const names = async (search: Record<string, unknown>) =>
    (await list(admin, search)).items.map((row) => row.name)
  const auditRowsOf = (id: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'master_product'), eq(auditEvents.entityId, id)))
      .orderBy(auditEvents.createdAt)
  /** The row's system columns: any write (or row lock) of the row changes one of them. */
  const rowVersion = async (id: string) =>
    (
      await queryRows<{ xmin: string; xmax: string }>(
        db(),
        sql`select xmin::text, xmax::text from products where id = ${id}`,
      )
    )[0]
  const pngImage = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f855a' } })
      .png()
      .toBuffer()

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    admin = actors.admin
    pzns = await freshPzns(4)
    ids = []
    for (const input of fixtures(pzns)) ids.push((await createMasterProduct(admin, input, db())).id)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  describe('search', () => {
    it('finds name, cultivar and manufacturer regardless of case and umlauts', async () => {
      const surprise = ['Qvist Grüne Überraschung 22/1']
      expect(await names({ q: 'Grüne Überraschung' })).toEqual(surprise)
      expect(await names({ q: 'gruene ueberraschung' })).toEqual(surprise)
      expect(await names({ q: 'GRUNE UBERRASCHUNG' })).toEqual(surprise)
      // The cultivar, written with and without the umlaut.
      expect(await names({ q: 'ölberg' })).toEqual(surprise)
      expect(await names({ q: 'Oelberg' })).toEqual(surprise)
      // The brand and the manufacturer are searched too.
      expect(await names({ q: 'qvist select' })).toEqual(surprise)
      expect(await names({ q: 'OELMUEHLE', sort: 'name' })).toEqual([
        'Qvist CBD-Öl 50',
        'Qvist Extrakt Balance 10:10',
      ])
    })

    it('matches prefixes and substrings, and PZNs in full or in part', async () => {
      const sunshine = ['Qvist Sonnenstrahl 18/1']
      expect(await names({ q: 'Sonnenstr' })).toEqual(sunshine)
      expect(await names({ q: 'nnenstrah' })).toEqual(sunshine)
      expect(await names({ q: 'sunshine k' })).toEqual(sunshine)
      expect(await names({ q: pzns[1] })).toEqual(sunshine)
      expect(await names({ q: pzns[1]?.slice(2, 7) })).toContain(sunshine[0])
      // LIKE wildcards are plain characters.
      expect(await names({ q: 'Qvist_Sonnen' })).toEqual([])
      expect(await names({ q: 'Qvist%' })).toEqual([])
    })
  })

  describe('filters, sorting and paging', () => {
    it('filters by category, status, manufacturer, irradiation and THC range', async () => {
      const scoped = { q: 'qvist', sort: 'name' }
      expect(await names({ ...scoped, category: 'flower' })).toEqual([
        'Qvist Grüne Überraschung 22/1',
        'Qvist Sonnenstrahl 18/1',
      ])
      expect(await names({ ...scoped, category: 'accessory' })).toEqual(['Qvist Vaporisator Mücke'])
      expect(await names({ ...scoped, manufacturer: oilMill })).toEqual([
        'Qvist CBD-Öl 50',
        'Qvist Extrakt Balance 10:10',
      ])
      // The manufacturer filter is exact: the list offers the stored names.
      expect(await names({ ...scoped, manufacturer: 'qvist ölmühle kg' })).toEqual([])
      expect(await names({ ...scoped, irradiated: 'yes' })).toEqual([
        'Qvist Grüne Überraschung 22/1',
      ])
      expect(await names({ ...scoped, irradiated: 'no' })).toHaveLength(4)
      expect(await names({ ...scoped, thcMin: 15 })).toEqual([
        'Qvist Grüne Überraschung 22/1',
        'Qvist Sonnenstrahl 18/1',
      ])
      expect(await names({ ...scoped, thcMax: 18 })).toEqual([
        'Qvist Extrakt Balance 10:10',
        'Qvist Sonnenstrahl 18/1',
      ])
      expect(await names({ ...scoped, thcMin: 15, thcMax: '19' })).toEqual([
        'Qvist Sonnenstrahl 18/1',
      ])
      expect(await names({ ...scoped, status: 'active' })).toHaveLength(5)
      expect(await names({ ...scoped, status: 'withdrawn' })).toEqual([])
      // Filters combine.
      expect(await names({ ...scoped, category: 'flower', irradiated: 'no' })).toEqual([
        'Qvist Sonnenstrahl 18/1',
      ])
    })

    it('answers rows with the list columns', async () => {
      const [row] = (await list(admin, { q: 'Grüne Überraschung' })).items
      expect(row).toEqual({
        id: ids[0],
        pzn: pzns[0],
        name: 'Qvist Grüne Überraschung 22/1',
        manufacturer: maker,
        brand: 'Qvist Select',
        category: 'flower',
        cultivar: 'Ölberg Haze',
        thcContent: 22,
        cbdContent: 1,
        cannabinoidUnit: 'percent',
        irradiated: true,
        packBaseUnits: 10_000,
        packUnit: 'g',
        status: 'active',
        updatedAt: expect.any(String),
      })
    })

    it('sorts by every sort key in both directions', async () => {
      const scoped = { q: 'qvist' }
      expect(await names({ ...scoped, sort: 'name', dir: 'desc' })).toEqual([
        'Qvist Vaporisator Mücke',
        'Qvist Sonnenstrahl 18/1',
        'Qvist Grüne Überraschung 22/1',
        'Qvist Extrakt Balance 10:10',
        'Qvist CBD-Öl 50',
      ])
      const byThc = await list(admin, { ...scoped, sort: 'thc', dir: 'asc' })
      expect(byThc.items.map((row) => row.thcContent)).toEqual([10, 18, 22, null, null])
      const byPzn = await list(admin, { ...scoped, sort: 'pzn' })
      expect(byPzn.items.map((row) => row.pzn)).toEqual([...[...pzns].sort(), null])
      const byManufacturer = await list(admin, { ...scoped, sort: 'manufacturer', dir: 'desc' })
      expect(byManufacturer.items.map((row) => row.manufacturer)).toEqual([
        oilMill,
        oilMill,
        maker,
        maker,
        maker,
      ])
      const byCategory = await list(admin, { ...scoped, sort: 'category' })
      // Enum order: flower, extract, cbd_solution, dronabinol, accessory.
      expect(byCategory.items.map((row) => row.category)).toEqual([
        'flower',
        'flower',
        'extract',
        'cbd_solution',
        'accessory',
      ])
      const byUpdate = await list(admin, { ...scoped, sort: 'updatedAt', dir: 'desc' })
      expect(byUpdate.items[0]?.name).toBe('Qvist Vaporisator Mücke')
    })

    it('pages on the server with a stable order; a page past the end shows the last', async () => {
      const manufacturer = 'Qvist Seitenweise AG'
      const morePzns = await freshPzns(27)
      for (const [index, pzn] of morePzns.entries()) {
        await createMasterProduct(
          admin,
          {
            ...base,
            pzn,
            name: `Qvist Seite ${String(index).padStart(2, '0')}`,
            manufacturer,
            category: 'extract',
            cultivar: null,
            thcContent: 25,
            cannabinoidUnit: 'mg_per_ml',
            packSize: 30,
            packUnit: 'ml',
          },
          db(),
        )
      }
      const first = await list(admin, { manufacturer, sort: 'thc' })
      const second = await list(admin, { manufacturer, sort: 'thc', page: 2 })
      expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 })
      expect(first.items).toHaveLength(25)
      expect(second.items).toHaveLength(2)
      const seen = new Set([...first.items, ...second.items].map((row) => row.id))
      expect(seen.size).toBe(27)
      const beyond = await list(admin, { manufacturer, page: 9 })
      expect(beyond.page).toBe(2)
      expect(beyond.items).toHaveLength(2)
      expect((await list(admin, { manufacturer, pageSize: 50 })).items).toHaveLength(27)
    })

    it('offers every manufacturer once, sorted', async () => {
      const manufacturers = await listManufacturers(admin, db())
      expect(manufacturers).toEqual(expect.arrayContaining([maker, oilMill]))
      expect(new Set(manufacturers).size).toBe(manufacturers.length)
      expect(manufacturers.filter((name) => name.includes('Qvist'))).toEqual(
        [maker, oilMill, 'Qvist Seitenweise AG'].filter((name) => manufacturers.includes(name)),
      )
    })
  })

  describe('an organisation’s own products are not master products', () => {
    it('never lists, shows, changes or counts them', async () => {
      const [own] = await db()
        .insert(products)
        .values({
          organisationId: demoIds.club,
          name: 'Qvist Vereinssorte Eigenanbau',
          manufacturer: 'Qvist Vereinsgarten',
          category: 'flower',
          cultivar: 'Eigenanbau',
          packBaseUnits: 1000,
          packUnit: 'g',
        })
        .returning({ id: products.id })
      const id = own?.id as string
      expect(await names({ q: 'Vereinssorte' })).toEqual([])
      expect(await listManufacturers(admin, db())).not.toContain('Qvist Vereinsgarten')
      await expect(getMasterProduct(admin, id, db())).rejects.toBeInstanceOf(NotFoundError)
      await expect(listMasterProductHistory(admin, id, db())).rejects.toBeInstanceOf(NotFoundError)
      await expect(
        updateMasterProduct(admin, id, { ...fixtures(pzns)[4], revision: 1 }, db()),
      ).rejects.toBeInstanceOf(NotFoundError)
      await expect(getMasterProduct(admin, 'kein-uuid', db())).rejects.toBeInstanceOf(NotFoundError)
      await expect(getMasterProduct(admin, crypto.randomUUID(), db())).rejects.toBeInstanceOf(
        NotFoundError,
      )
    })
  })

  describe('create and update', () => {
    it('creates with the facts as given, one audit row, and shows them in the detail', async () => {
      const [pzn] = await freshPzns(1)
      const image = await storeFile(admin, 'product_image', await pngImage(), db())
      const input: MasterProductInput = {
        ...fixtures(pzns)[0],
        pzn: `PZN ${pzn}`,
        name: '  Qvist Neuanlage  ',
        thcContent: 24.5,
        imageFileId: image.id,
        imageIsPackPhoto: true,
      } as MasterProductInput
      const created = await createMasterProduct(admin, input, db())
      expect(created).toMatchObject({ revision: 1, changed: true })

      const detail = await getMasterProduct(admin, created.id, db())
      expect(detail).toMatchObject({
        id: created.id,
        revision: 1,
        activeListings: 0,
        archivedListings: 0,
        product: {
          pzn,
          name: 'Qvist Neuanlage',
          thcContent: 24.5,
          packSize: 10,
          packUnit: 'g',
          terpenes: ['Myrcen', 'Limonen'],
          imageFileId: image.id,
          imageIsPackPhoto: true,
          status: 'active',
        },
      })

      const [row] = await db().select().from(products).where(eq(products.id, created.id))
      expect(row).toMatchObject({
        organisationId: null,
        createdBy: demoIds.userAdmin,
        updatedBy: demoIds.userAdmin,
      })
      const audit = await auditRowsOf(created.id)
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({
        action: 'master_product.created',
        organisationId: null,
        actorKind: 'business_user',
        actorId: demoIds.userAdmin,
        before: null,
        after: expect.objectContaining({ name: 'Qvist Neuanlage', thcContent: 24.5, pzn }),
      })
    })

    it('refuses invalid input with field errors and an unknown image', async () => {
      const invalid = { ...fixtures(pzns)[1], pzn: '12345679', cultivar: '', thcContent: 55 }
      const refusal = await createMasterProduct(admin, invalid, db()).catch((error) => error)
      expect(refusal).toBeInstanceOf(InvalidError)
      expect(refusal.extra.errors).toMatchObject({
        pzn: 'Die Prüfziffer der PZN stimmt nicht.',
      })
      const [pzn] = await freshPzns(1)
      const withoutCultivar = await createMasterProduct(
        admin,
        { ...fixtures(pzns)[1], pzn, cultivar: '', thcContent: 55 },
        db(),
      ).catch((error) => error)
      expect(withoutCultivar.extra.errors).toEqual({
        cultivar: 'Blüten brauchen eine Sorte: ein Rezept muss sie nennen.',
        thcContent: 'Mehr als 40 ist nicht plausibel.',
      })
      const unknownImage = await createMasterProduct(
        admin,
        { ...fixtures(pzns)[1], pzn, imageFileId: crypto.randomUUID(), imageIsPackPhoto: true },
        db(),
      ).catch((error) => error)
      expect(unknownImage).toBeInstanceOf(InvalidError)
      expect(unknownImage.extra.errors).toEqual({
        imageFileId: 'Das Bild wurde nicht gefunden. Bitte lade es noch einmal hoch.',
      })
      expect(await names({ q: pzn })).toEqual([])
    })

    it('updates: bumps the revision, records who, writes one audit row with before and after', async () => {
      const id = ids[1] as string
      const before = await getMasterProduct(admin, id, db())
      const saved = await updateMasterProduct(
        admin,
        id,
        { ...before.product, thcContent: 19.5, terpenes: ['Pinen'], revision: before.revision },
        db(),
      )
      expect(saved).toEqual({ id, revision: before.revision + 1, changed: true })
      const after = await getMasterProduct(admin, id, db())
      expect(after.product).toEqual({ ...before.product, thcContent: 19.5, terpenes: ['Pinen'] })
      expect(after.revision).toBe(before.revision + 1)

      const audit = await auditRowsOf(id)
      const update = audit.at(-1)
      expect(audit.map((row) => row.action)).toEqual([
        'master_product.created',
        'master_product.updated',
      ])
      expect(update?.before).toMatchObject({ thcContent: 18, terpenes: [] })
      expect(update?.after).toMatchObject({ thcContent: 19.5, terpenes: ['Pinen'] })

      const history = await listMasterProductHistory(admin, id, db())
      expect(history[0]).toMatchObject({
        action: 'updated',
        actorName: 'Plattform-Admin',
        changes: [
          { field: 'thcContent', before: 18, after: 19.5 },
          { field: 'terpenes', before: [], after: ['Pinen'] },
        ],
      })
      expect(history[1]).toMatchObject({ action: 'created', actorName: 'Plattform-Admin' })
      expect(history[1]?.changes).toContainEqual({
        field: 'name',
        before: null,
        after: 'Qvist Sonnenstrahl 18/1',
      })
    })

    it('writes nothing — no row version, no audit row — for a save that changes nothing', async () => {
      const id = ids[2] as string
      const detail = await getMasterProduct(admin, id, db())
      const versionBefore = await rowVersion(id)
      const auditBefore = (await auditRowsOf(id)).length
      const saved = await updateMasterProduct(
        admin,
        id,
        // The same facts as a form sends them back: texts padded, PZN written with prefix.
        {
          ...detail.product,
          name: ` ${detail.product.name} `,
          pzn: `PZN-${detail.product.pzn}`,
          revision: detail.revision,
        },
        db(),
      )
      expect(saved).toEqual({ id, revision: detail.revision, changed: false })
      expect(await rowVersion(id)).toEqual(versionBefore)
      expect(await auditRowsOf(id)).toHaveLength(auditBefore)
      expect((await getMasterProduct(admin, id, db())).updatedAt).toBe(detail.updatedAt)
    })

    it('withdraws through the same save; listings keep the product and count', async () => {
      const id = ids[3] as string
      await db()
        .insert(organisationProducts)
        .values([
          {
            organisationId: demoIds.pharmacy,
            productId: id,
            salesUnit: 'pack',
            baseUnitsPerSalesUnit: 10_000,
            priceCents: 4990,
            productRevisionSeen: 1,
          },
          {
            organisationId: demoIds.wholesaler,
            productId: id,
            salesUnit: 'pack',
            baseUnitsPerSalesUnit: 10_000,
            priceCents: 3990,
            productRevisionSeen: 1,
            archivedAt: new Date(),
          },
        ])
      const detail = await getMasterProduct(admin, id, db())
      expect(detail).toMatchObject({ activeListings: 1, archivedListings: 1 })
      await updateMasterProduct(
        admin,
        id,
        { ...detail.product, status: 'withdrawn', revision: detail.revision },
        db(),
      )
      const withdrawn = await getMasterProduct(admin, id, db())
      expect(withdrawn).toMatchObject({
        product: { status: 'withdrawn' },
        activeListings: 1,
        archivedListings: 1,
      })
      expect(await names({ q: 'qvist', status: 'withdrawn' })).toEqual(['Qvist CBD-Öl 50'])
      const audit = await auditRowsOf(id)
      expect(audit.at(-1)).toMatchObject({
        before: expect.objectContaining({ status: 'active' }),
        after: expect.objectContaining({ status: 'withdrawn' }),
      })
      // And back: withdrawing is no dead end.
      await updateMasterProduct(
        admin,
        id,
        { ...withdrawn.product, status: 'active', revision: withdrawn.revision },
        db(),
      )
      expect((await getMasterProduct(admin, id, db())).product.status).toBe('active')
    })

    it('refuses a PZN another master product holds, naming that product', async () => {
      const taken = pzns[0] as string
      const [pzn] = await freshPzns(1)
      const created = await createMasterProduct(
        admin,
        { ...fixtures(pzns)[1], pzn: taken },
        db(),
      ).catch((error) => error)
      expect(created).toBeInstanceOf(ConflictError)
      expect(created.message).toBe(duplicatePznMessage)
      expect(created.extra.errors).toEqual({
        pzn: `Diese PZN hat schon „Qvist Grüne Überraschung 22/1“ von ${maker}.`,
      })

      const other = await getMasterProduct(admin, ids[1] as string, db())
      const updated = await updateMasterProduct(
        admin,
        ids[1] as string,
        { ...other.product, pzn: taken, revision: other.revision },
        db(),
      ).catch((error) => error)
      expect(updated).toBeInstanceOf(ConflictError)
      expect(updated.extra.errors.pzn).toContain('Qvist Grüne Überraschung 22/1')
      expect((await getMasterProduct(admin, ids[1] as string, db())).revision).toBe(other.revision)

      // 50 saves of one new PZN at once: the unique index lets exactly one through.
      const attempts = await Promise.allSettled(
        Array.from({ length: 50 }, (_, index) =>
          createMasterProduct(
            admin,
            { ...fixtures(pzns)[1], pzn, name: `Qvist Doppelt ${index}` },
            db(),
          ),
        ),
      )
      const fulfilled = attempts.filter((attempt) => attempt.status === 'fulfilled')
      const rejected = attempts.flatMap((attempt) =>
        attempt.status === 'rejected' ? [attempt.reason] : [],
      )
      expect(fulfilled).toHaveLength(1)
      expect(rejected).toHaveLength(49)
      for (const reason of rejected) {
        expect(reason).toBeInstanceOf(ConflictError)
        expect(reason.extra.errors.pzn).toMatch(/^Diese PZN hat schon „Qvist Doppelt \d+“/)
      }
      expect(await names({ q: pzn })).toHaveLength(1)
    })
  })

  describe('two admins saving the same product (optimistic locking)', () => {
    it('refuses a save based on an older revision', async () => {
      const id = ids[0] as string
      const loaded = await getMasterProduct(admin, id, db())
      await updateMasterProduct(
        admin,
        id,
        { ...loaded.product, brand: 'Qvist Erstes', revision: loaded.revision },
        db(),
      )
      const stale = await updateMasterProduct(
        admin,
        id,
        { ...loaded.product, brand: 'Qvist Zweites', revision: loaded.revision },
        db(),
      ).catch((error) => error)
      expect(stale).toBeInstanceOf(ConflictError)
      expect(stale.status).toBe(409)
      expect(stale.message).toBe(staleMasterProductMessage)
      expect((await getMasterProduct(admin, id, db())).product.brand).toBe('Qvist Erstes')
    })

    it('of 50 parallel saves with the same revision exactly one wins, with one audit row', async () => {
      const id = ids[4] as string
      const loaded = await getMasterProduct(admin, id, db())
      const auditBefore = (await auditRowsOf(id)).length
      const attempts = await Promise.allSettled(
        Array.from({ length: 50 }, (_, index) =>
          updateMasterProduct(
            admin,
            id,
            {
              ...loaded.product,
              name: `Qvist Vaporisator Version ${index}`,
              revision: loaded.revision,
            },
            db(),
          ),
        ),
      )
      const winners = attempts.flatMap((attempt, index) =>
        attempt.status === 'fulfilled' ? [index] : [],
      )
      expect(winners).toHaveLength(1)
      for (const attempt of attempts) {
        if (attempt.status === 'rejected') {
          expect(attempt.reason).toBeInstanceOf(ConflictError)
          expect(attempt.reason.message).toBe(staleMasterProductMessage)
        }
      }
      const after = await getMasterProduct(admin, id, db())
      expect(after.revision).toBe(loaded.revision + 1)
      expect(after.product.name).toBe(`Qvist Vaporisator Version ${winners[0]}`)
      expect(await auditRowsOf(id)).toHaveLength(auditBefore + 1)
    })
  })

  describe('authorisation', () => {
    it('refuses everyone but platform admins in every service function', async () => {
      const id = ids[0] as string
      const detail = await getMasterProduct(admin, id, db())
      const update = { ...detail.product, brand: 'Fremd', revision: detail.revision }
      const callers: [string, Actor][] = [
        ['pharmacy owner', actors.pharmacyOwner],
        ['pharmacy staff', actors.pharmacyStaff],
        ['wholesaler owner', actors.wholesalerOwner],
        ['club owner', actors.clubOwner],
        ['shop customer', actors.shopCustomer],
        ['platform job', systemActor('product-import')],
      ]
      const image = await pngImage()
      for (const [who, actor] of callers) {
        const calls: [string, () => Promise<unknown>][] = [
          ['listMasterProducts', () => list(actor)],
          ['listManufacturers', () => listManufacturers(actor, db())],
          ['getMasterProduct', () => getMasterProduct(actor, id, db())],
          ['listMasterProductHistory', () => listMasterProductHistory(actor, id, db())],
          ['createMasterProduct', () => createMasterProduct(actor, fixtures(pzns)[4], db())],
          ['updateMasterProduct', () => updateMasterProduct(actor, id, update, db())],
          ['storeFile(product_image)', () => storeFile(actor, 'product_image', image, db())],
        ]
        for (const [name, call] of calls) {
          await expect(call(), `${who}: ${name}`).rejects.toBeInstanceOf(ForbiddenError)
        }
      }
      expect((await getMasterProduct(admin, id, db())).revision).toBe(detail.revision)
    })
  })
})

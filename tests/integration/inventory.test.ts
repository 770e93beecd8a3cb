import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCalendarDays, berlinIsoDate } from '~/lib/format'
import type { CustomProduct, Offer } from '~/lib/product-schemas'
import { organisationProductListSearch } from '~/lib/products'
import { stockListSearch } from '~/lib/stock-lists'
import type { Actor } from '~/server/actor.server'
import { demoIds, demoProductIds } from '~/server/db/seed.server'
import { ForbiddenError, InvalidError, NotFoundError } from '~/server/errors.server'
import { storeFile } from '~/server/files/file-store.server'
import {
  createOrganisationProduct,
  getOrganisationProduct,
  listOrganisationProducts,
} from '~/server/products/organisation-products.server'
import { batches } from '~/server/stock/stock.schema'
import {
  blockBatch,
  correctStock,
  receiveGoods,
  recordHarvest,
  releaseBatch,
} from '~/server/stock/stock.server'
import {
  getBatch,
  getReceiptFormContext,
  listStock,
  searchReceivableProducts,
} from '~/server/stock/stock-lists.server'
import { reserveStock } from '~/server/stock/stock-reservations.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** The pharmacy's own test flowers, 10 g packs: the only stock under this name (no demo stock). */
const testFlower = (name: string): CustomProduct => ({
  pzn: null,
  name,
  manufacturer: 'Prüfhain GmbH',
  brand: null,
  category: 'flower',
  cultivar: name,
  genetics: 'hybrid',
  dominance: null,
  thcContent: 22,
  cbdContent: 1,
  cannabinoidUnit: 'percent',
  terpenes: [],
  irradiated: false,
  countryOfCultivation: 'DE',
  packSize: 10,
  packUnit: 'g',
  description: null,
})

const offer = (salesUnit: Offer['salesUnit'], lowStockThreshold: number): Offer => ({
  salesUnit,
  priceCents: 1000,
  vatRate: '19',
  visibleInShop: false,
  orderStep: 1,
  minOrderQuantity: null,
  maxOrderQuantity: null,
  lowStockThreshold,
  targetStock: null,
})

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

/** `YYYY-MM-DD`, `days` from today in Berlin. */
const daysFromToday = (days: number) => addCalendarDays(berlinIsoDate(), days)

describe.each(testDatabaseKinds)('inventory on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db
  const batchIds: Record<string, string> = {}
  /** Loose by the gram (threshold 50 g), per 10 g pack (threshold 5 packs), and one without stock. */
  const ids = { loose: '', pack: '', empty: '' }

  const list = (actor: Actor, search: Record<string, unknown> = {}) =>
    listStock(actor, stockListSearch.parse(search as never), db())
  const rowOf = async (id: string, search: Record<string, unknown> = {}) =>
    (await list(actors.pharmacyOwner, { pageSize: 100, ...search })).items.find(
      (row) => row.id === id,
    )

  async function receive(
    productId: string,
    batchNumber: string,
    quantity: number,
    expiryDate: string,
    withCertificate = true,
  ) {
    const certificate = withCertificate
      ? await storeFile(actors.pharmacyOwner, 'batch_certificate', pdf, db())
      : null
    const received = await receiveGoods(
      actors.pharmacyOwner,
      {
        organisationProductId: productId,
        supplierId: null,
        batchNumber,
        quantity,
        expiryDate,
        thcContent: 22,
        cbdContent: 0.5,
        coaFileId: certificate?.id ?? null,
      },
      db(),
    )
    batchIds[batchNumber] = received.batchId
    return received
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const create = async (name: string, salesUnit: Offer['salesUnit'], threshold: number) =>
      (
        await createOrganisationProduct(
          actors.pharmacyOwner,
          { source: 'custom', product: testFlower(name), offer: offer(salesUnit, threshold) },
          db(),
        )
      ).id
    ids.loose = await create('Prüfhain Lose', 'gram', 50)
    ids.pack = await create('Prüfhain Packung', 'pack', 5)
    ids.empty = await create('Prüfhain Leer', 'gram', 10)
    const { loose, pack } = ids
    // Loose flowers (threshold 50 g): 100 g released, 20 g in quarantine expiring in 30 days,
    // 5 g released but expired since, 7 g blocked; 10 g of the released batch reserved.
    await receive(loose, 'A-100', 100_000, daysFromToday(365))
    await releaseBatch(
      actors.pharmacyOwner,
      { batchId: batchIds['A-100'], testNumber: 'P-1' },
      db(),
    )
    await receive(loose, 'B-20', 20_000, daysFromToday(30), false)
    await receive(loose, 'C-5', 5_000, daysFromToday(200))
    await releaseBatch(actors.pharmacyOwner, { batchId: batchIds['C-5'], testNumber: 'P-2' }, db())
    await db()
      .update(batches)
      .set({ expiryDate: daysFromToday(-1) })
      .where(eq(batches.id, batchIds['C-5'] as string))
    await receive(loose, 'D-7', 7_000, daysFromToday(300))
    await blockBatch(
      actors.pharmacyOwner,
      { batchId: batchIds['D-7'], reason: 'Rückruf des Herstellers' },
      db(),
    )
    await db().transaction((tx) =>
      reserveStock(tx, {
        organisationId: demoIds.pharmacy,
        organisationProductId: loose,
        quantity: 10_000,
        source: { type: 'customer_order', id: crypto.randomUUID() },
        expiresAt: null,
      }),
    )
    await correctStock(
      actors.pharmacyStaff,
      { batchId: batchIds['A-100'], quantity: -1_000, reason: 'Inventur: 1 g fehlt' },
      db(),
    )
    // Packs of 10 g (threshold 5 packs): 3 packs released.
    await receive(pack, 'K-3', 30_000, daysFromToday(400))
    await releaseBatch(actors.pharmacyOwner, { batchId: batchIds['K-3'], testNumber: 'P-3' }, db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  describe('the list', () => {
    it('counts stock by state from the batches and reservations', async () => {
      const loose = await rowOf(ids.loose)
      expect(loose).toMatchObject({
        available: 89_000,
        quarantine: 20_000,
        reserved: 10_000,
        expired: 5_000,
        blocked: 7_000,
        nextExpiry: daysFromToday(30),
        lowStock: false,
        expiringSoon: true,
        archived: false,
      })
      expect(
        loose?.batches.map((batch) => [batch.batchNumber, batch.status, batch.expired]),
      ).toEqual([
        ['C-5', 'released', true],
        ['B-20', 'quarantine', false],
        ['D-7', 'blocked', false],
        ['A-100', 'released', false],
      ])
      expect(loose?.batches.find((batch) => batch.batchNumber === 'A-100')).toMatchObject({
        balance: 99_000,
        reserved: 10_000,
      })
      const pack = await rowOf(ids.pack)
      expect(pack).toMatchObject({ available: 30_000, lowStock: true, expiringSoon: false })
    })

    it('lists products without stock too', async () => {
      expect(await rowOf(ids.empty)).toMatchObject({
        available: 0,
        quarantine: 0,
        nextExpiry: null,
        lowStock: true,
        expiringSoon: false,
        batches: [],
      })
    })

    it('filters by warning, stock, category and search, and sorts by available', async () => {
      const idsOf = async (search: Record<string, unknown>) =>
        (await list(actors.pharmacyOwner, { pageSize: 100, q: 'Prüfhain', ...search })).items.map(
          (row) => row.id,
        )
      expect(new Set(await idsOf({ inStock: 'yes' }))).toEqual(new Set([ids.loose, ids.pack]))
      expect(await idsOf({ warning: 'expiring' })).toEqual([ids.loose])
      const low = await idsOf({ warning: 'low' })
      expect(low).toContain(ids.pack)
      expect(low).not.toContain(ids.loose)
      const any = await idsOf({ warning: 'any' })
      expect(any).toEqual(expect.arrayContaining([...low, ids.loose]))
      expect(await idsOf({ inStock: 'yes', category: 'extract' })).toEqual([])
      const sorted = await list(actors.pharmacyOwner, {
        q: 'Prüfhain',
        sort: 'available',
        dir: 'desc',
      })
      expect(sorted.items[0]?.id).toBe(ids.loose)
      const searched = await list(actors.pharmacyOwner, { q: 'prüfhain packung', inStock: 'yes' })
      expect(searched.items.map((row) => row.id)).toEqual([ids.pack])
      const paged = await list(actors.pharmacyOwner, { pageSize: 25, page: 2 })
      expect(paged.page).toBe(2)
      expect(paged.items.length).toBeGreaterThan(0)
    })

    it('shows the stock on the product list and the product page', async () => {
      const products = await listOrganisationProducts(
        actors.pharmacyOwner,
        organisationProductListSearch.parse({ pageSize: 100, q: 'Prüfhain' }),
        db(),
      )
      const byId = new Map(products.items.map((row) => [row.id, row]))
      expect(byId.get(ids.loose)?.available).toBe(89_000)
      expect(byId.get(ids.pack)?.available).toBe(30_000)
      expect(byId.get(ids.empty)?.available).toBe(0)
      const detail = await getOrganisationProduct(actors.pharmacyStaff, ids.loose, db())
      expect(detail.stock).toEqual({ available: 89_000, quarantine: 20_000 })
      expect((await getOrganisationProduct(actors.pharmacyOwner, ids.empty, db())).stock).toEqual({
        available: 0,
        quarantine: 0,
      })
    })
  })

  describe('a batch', () => {
    it('shows the history newest first with the running balance, and the reservations', async () => {
      const batch = await getBatch(actors.pharmacyOwner, batchIds['A-100'] as string, db())
      expect(batch).toMatchObject({
        batchNumber: 'A-100',
        status: 'released',
        testNumber: 'P-1',
        releasedByName: expect.any(String),
        balance: 99_000,
        reserved: 10_000,
        thcContent: 22,
        certificate: { contentType: 'application/pdf' },
        product: { name: expect.any(String), cannabinoidUnit: 'percent' },
        owner: { id: demoIds.pharmacy, canManage: true },
      })
      expect(batch.movements.map((movement) => [movement.kind, movement.quantity])).toEqual([
        ['correction', -1_000],
        ['receipt', 100_000],
      ])
      expect(batch.movements[0]).toMatchObject({
        balanceAfter: 99_000,
        reason: 'Inventur: 1 g fehlt',
        actorName: expect.any(String),
      })
      expect(batch.movementTotal).toBe(2)
      expect(batch.reservations).toEqual([
        expect.objectContaining({
          quantity: 10_000,
          sourceType: 'customer_order',
          expiresAt: null,
        }),
      ])
      expect(batch.actions).toEqual({
        release: false,
        block: true,
        correct: true,
        destroy: true,
        attachCertificate: false,
        correctCannabinoids: true,
      })
    })

    it('offers release and a certificate for a batch in quarantine, nothing more for a blocked one', async () => {
      const quarantined = await getBatch(
        actors.pharmacyPharmacist,
        batchIds['B-20'] as string,
        db(),
      )
      expect(quarantined.certificate).toBeNull()
      expect(quarantined.actions).toMatchObject({ release: true, attachCertificate: true })
      // The PTA attaches the certificate; the release is a pharmacist's (ApBetrO § 7).
      const prepared = await getBatch(actors.pharmacyStaff, batchIds['B-20'] as string, db())
      expect(prepared.actions).toMatchObject({ release: false, attachCertificate: true })
      const blocked = await getBatch(actors.pharmacyOwner, batchIds['D-7'] as string, db())
      expect(blocked).toMatchObject({
        status: 'blocked',
        blockedReason: 'Rückruf des Herstellers',
        blockedByName: expect.any(String),
      })
      expect(blocked.actions).toMatchObject({
        release: false,
        block: false,
        attachCertificate: false,
      })
      const expired = await getBatch(actors.pharmacyOwner, batchIds['C-5'] as string, db())
      expect(expired.expired).toBe(true)
    })
  })

  describe('authorisation', () => {
    it('lets the admin read another organisation’s stock, and change nothing', async () => {
      const stock = await list(actors.admin, {
        organisation: demoIds.pharmacy,
        q: 'Prüfhain',
        inStock: 'yes',
      })
      expect(stock.owner).toMatchObject({ id: demoIds.pharmacy, canManage: false })
      expect(stock.total).toBe(2)
      await expect(list(actors.admin)).rejects.toBeInstanceOf(InvalidError)
      const batch = await getBatch(actors.admin, batchIds['B-20'] as string, db())
      expect(Object.values(batch.actions).every((allowed) => !allowed)).toBe(true)
      await expect(searchReceivableProducts(actors.admin, '', db())).rejects.toBeInstanceOf(
        ForbiddenError,
      )
    })

    it('keeps other organisations and shop customers out', async () => {
      const id = batchIds['A-100'] as string
      await expect(getBatch(actors.wholesalerOwner, id, db())).rejects.toBeInstanceOf(NotFoundError)
      await expect(getBatch(actors.clubOwner, id, db())).rejects.toBeInstanceOf(NotFoundError)
      await expect(
        getBatch(actors.pharmacyOwner, crypto.randomUUID(), db()),
      ).rejects.toBeInstanceOf(NotFoundError)
      await expect(
        list(actors.wholesalerOwner, { organisation: demoIds.pharmacy }),
      ).rejects.toBeInstanceOf(ForbiddenError)
      await expect(list(actors.shopCustomer)).rejects.toBeInstanceOf(ForbiddenError)
      await expect(getBatch(actors.shopCustomer, id, db())).rejects.toBeInstanceOf(ForbiddenError)
      await expect(getReceiptFormContext(actors.shopCustomer, db())).rejects.toBeInstanceOf(
        ForbiddenError,
      )
      const wholesaler = await list(actors.wholesalerOwner, { inStock: 'yes' })
      expect(wholesaler.items.map((row) => row.id)).not.toContain(ids.loose)
    })
  })

  describe('the receipt form', () => {
    it('offers the organisation’s products; a club only its own varieties', async () => {
      const picks = await searchReceivableProducts(actors.pharmacyStaff, 'Prüfhain', db())
      expect(picks.map((pick) => pick.id)).toContain(ids.pack)
      const archived = await searchReceivableProducts(actors.pharmacyOwner, '', db())
      expect(archived.map((pick) => pick.id)).not.toContain(demoProductIds.pharmacyArchived)
      const club = await searchReceivableProducts(actors.clubOwner, '', db())
      expect(club.map((pick) => pick.id)).toContain(demoProductIds.clubListing)
      expect(club.every((pick) => pick.pzn === null)).toBe(true)
      // Not the packs it fills of a variety ("Auwald, 5 g"): a harvest is weighed loose.
      expect(club.map((pick) => pick.name)).toContain('Auwald')
      expect(club.map((pick) => pick.name)).not.toContain('Auwald, 5 g')
    })

    it('says whether receipts go straight into released, and who may change that', async () => {
      expect(await getReceiptFormContext(actors.pharmacyOwner, db())).toMatchObject({
        harvest: false,
        receivesReleased: false,
        mayChangeReceiptsReleased: false,
      })
      expect(await getReceiptFormContext(actors.wholesalerOwner, db())).toMatchObject({
        harvest: false,
        receivesReleased: true,
        mayChangeReceiptsReleased: true,
      })
      expect(await getReceiptFormContext(actors.clubOwner, db())).toMatchObject({ harvest: true })
    })

    it('shows a club’s harvest in its inventory', async () => {
      const variety = await createOrganisationProduct(
        actors.clubOwner,
        { source: 'custom', product: testFlower('Prüfhain Verein'), offer: offer('gram', 10) },
        db(),
      )
      const harvest = await recordHarvest(
        actors.clubOwner,
        {
          organisationProductId: variety.id,
          harvestDate: berlinIsoDate(),
          quantity: 250_000,
          expiryDate: daysFromToday(300),
          thcContent: 14,
          cbdContent: 1,
          coaFileId: null,
        },
        db(),
      )
      expect(harvest.batchNumber).toMatch(/^ER-\d{4}-\d{5}$/)
      const club = await listStock(
        actors.clubOwner,
        stockListSearch.parse({ q: 'Prüfhain Verein' }),
        db(),
      )
      expect(club.items).toEqual([
        expect.objectContaining({
          id: variety.id,
          quarantine: 250_000,
          available: 0,
        }),
      ])
    })
  })
})

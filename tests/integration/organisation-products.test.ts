import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  alreadyArchivedMessage,
  alreadyListedMessage,
  clubMasterMessage,
  notArchivedMessage,
  type OrganisationProductList,
  staleOrganisationProductMessage,
  withdrawnMasterMessage,
  withdrawnNotRestorableMessage,
} from '~/lib/organisation-products'
import type { CustomProduct, Offer } from '~/lib/product-schemas'
import { organisationProductListSearch } from '~/lib/products'
import { type Actor, systemActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { demoIds } from '~/server/db/seed.server'
import { demoProductIds } from '~/server/db/seed-data/products'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/server/errors.server'
import { getMasterProduct, updateMasterProduct } from '~/server/products/master-products.server'
import {
  acknowledgeMasterChange,
  archiveOrganisationProduct,
  createOrganisationProduct,
  getOrganisationProduct,
  listArchivedOrganisationProducts,
  listOrganisationProductHistory,
  listOrganisationProducts,
  restoreOrganisationProduct,
  searchMasterProductsToTakeOver,
  updateOrganisationProduct,
} from '~/server/products/organisation-products.server'
import { organisationProducts } from '~/server/products/products.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const offer = (overrides: Partial<Offer> = {}): Offer => ({
  salesUnit: 'gram',
  priceCents: 950,
  vatRate: '19',
  visibleInShop: true,
  orderStep: 1,
  minOrderQuantity: null,
  maxOrderQuantity: null,
  lowStockThreshold: 50,
  targetStock: null,
  ...overrides,
})

/** A club's own variety: flowers weighed by the gram, no PZN. */
const ownVariety = (name: string): CustomProduct => ({
  pzn: null,
  name,
  manufacturer: 'Grüne Ecke e. V.',
  brand: null,
  category: 'flower',
  cultivar: name,
  genetics: 'hybrid',
  dominance: null,
  thcContent: 14,
  cbdContent: 1,
  cannabinoidUnit: 'percent',
  terpenes: ['Myrcen'],
  irradiated: false,
  countryOfCultivation: 'DE',
  packSize: 1,
  packUnit: 'g',
  description: null,
})

describe.each(testDatabaseKinds)('organisation products on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db

  const list = (actor: Actor, search: Record<string, unknown> = {}) =>
    listOrganisationProducts(actor, organisationProductListSearch.parse(search as never), db())
  const archivedList = (actor: Actor, search: Record<string, unknown> = {}) =>
    listArchivedOrganisationProducts(
      actor,
      organisationProductListSearch.parse(search as never),
      db(),
    )
  const ids = async (actor: Actor, search: Record<string, unknown> = {}) =>
    (await list(actor, { pageSize: 100, ...search })).items.map((row) => row.id)
  const auditRowsOf = (id: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'organisation_product'), eq(auditEvents.entityId, id)))
      .orderBy(auditEvents.createdAt)
  const listingsOf = (organisationId: string, productId: string) =>
    db()
      .select()
      .from(organisationProducts)
      .where(
        and(
          eq(organisationProducts.organisationId, organisationId),
          eq(organisationProducts.productId, productId),
        ),
      )

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  describe('lists', () => {
    it('shows the organisation its own listings, archived ones apart', async () => {
      const pharmacy = await list(actors.pharmacyOwner, { pageSize: 100 })
      expect(pharmacy.total).toBeGreaterThanOrEqual(25)
      expect(pharmacy.owner).toMatchObject({ id: demoIds.pharmacy, canManage: true })
      const pharmacyIds = pharmacy.items.map((row) => row.id)
      expect(pharmacyIds).toContain(demoProductIds.pharmacyLooseFlower)
      expect(pharmacyIds).not.toContain(demoProductIds.pharmacyArchived)
      expect(pharmacyIds).not.toContain(demoProductIds.wholesalerBulkFlower)
      expect(pharmacyIds).not.toContain(demoProductIds.clubListing)
      expect(pharmacy.items.every((row) => row.archivedAt === null)).toBe(true)

      const archived = await archivedList(actors.pharmacyStaff)
      expect(archived.items.map((row) => row.id)).toContain(demoProductIds.pharmacyArchived)
      expect(archived.items.every((row) => row.archivedAt !== null)).toBe(true)

      const club = await list(actors.clubOwner)
      expect(club.items.map((row) => row.id)).toContain(demoProductIds.clubListing)
      expect(club.items.every((row) => row.custom && !row.visibleInShop)).toBe(true)
      expect(club.owner).toMatchObject({ shopAllowed: false, takesOverMasterProducts: false })
    })

    it('answers rows with the list columns and the listing status', async () => {
      const rows = (await list(actors.pharmacyOwner, { pageSize: 100 })).items
      const loose = rows.find((row) => row.id === demoProductIds.pharmacyLooseFlower)
      expect(loose).toMatchObject({
        category: 'flower',
        custom: false,
        salesUnit: 'gram',
        baseUnitsPerSalesUnit: 1000,
        status: 'current',
      })
      const withdrawn = rows.find((row) => row.id === demoProductIds.pharmacyWithdrawnListing)
      expect(withdrawn?.status).toBe('withdrawn')
      expect(await ids(actors.pharmacyOwner, { status: 'withdrawn' })).toEqual([
        demoProductIds.pharmacyWithdrawnListing,
      ])
    })

    it('searches, filters and sorts', async () => {
      const extracts = (await list(actors.pharmacyOwner, { category: 'extract', pageSize: 100 }))
        .items
      expect(extracts.length).toBeGreaterThan(0)
      expect(extracts.every((row) => row.category === 'extract')).toBe(true)
      const hidden = (await list(actors.pharmacyOwner, { shop: 'hidden', pageSize: 100 })).items
      expect(hidden.every((row) => !row.visibleInShop)).toBe(true)
      const byPrice = (await list(actors.pharmacyOwner, { sort: 'price', dir: 'desc' })).items
      const prices = byPrice.map((row) => row.priceCents)
      expect(prices).toEqual([...prices].sort((a, b) => b - a))
      const loose = await getOrganisationProduct(
        actors.pharmacyOwner,
        demoProductIds.pharmacyLooseFlower,
        db(),
      )
      const found = await list(actors.pharmacyOwner, { q: loose.product.name.toUpperCase() })
      expect(found.items.map((row) => row.id)).toContain(demoProductIds.pharmacyLooseFlower)
    })

    it('lets the platform admin read a named organisation, and nobody else read another', async () => {
      const read = await list(actors.admin, { organisation: demoIds.pharmacy, pageSize: 100 })
      expect(read.owner).toMatchObject({ id: demoIds.pharmacy, canManage: false })
      expect(read.items.map((row) => row.id)).toEqual(await ids(actors.pharmacyOwner))
      await expect(list(actors.admin)).rejects.toBeInstanceOf(InvalidError)
      await expect(
        list(actors.wholesalerOwner, { organisation: demoIds.pharmacy }),
      ).rejects.toBeInstanceOf(ForbiddenError)
    })
  })

  describe('take-over search', () => {
    it('offers active master products, marks listed ones, never withdrawn ones', async () => {
      const picks = await searchMasterProductsToTakeOver(actors.pharmacyStaff, '', db())
      expect(picks.length).toBeGreaterThan(0)
      const all = await searchMasterProductsToTakeOver(actors.pharmacyStaff, 'a', db())
      const pickIds = [...picks, ...all].map((pick) => pick.id)
      expect(pickIds).not.toContain(demoProductIds.masterWithdrawnListed)
      const hafenlicht = await getMasterProduct(
        actors.admin,
        demoProductIds.masterNotListedByPharmacy,
        db(),
      )
      const [found] = await searchMasterProductsToTakeOver(
        actors.pharmacyOwner,
        hafenlicht.product.pzn as string,
        db(),
      )
      expect(found).toMatchObject({ id: hafenlicht.id, listed: false })
      const nordstern = await getMasterProduct(actors.admin, demoProductIds.masterBulkFlower, db())
      const [listed] = await searchMasterProductsToTakeOver(
        actors.pharmacyOwner,
        nordstern.product.pzn as string,
        db(),
      )
      expect(listed).toMatchObject({ id: nordstern.id, listed: true })
    })

    it('is not for clubs: they list only what they grew', async () => {
      await expect(
        searchMasterProductsToTakeOver(actors.clubOwner, '', db()),
      ).rejects.toMatchObject({ status: 403, message: clubMasterMessage })
    })
  })

  describe('create', () => {
    it('takes a master product over once, with one audit row', async () => {
      const masterId = demoProductIds.masterUnlisted
      const created = await createOrganisationProduct(
        actors.pharmacyStaff,
        { source: 'master', masterProductId: masterId, offer: offer({ priceCents: 1090 }) },
        db(),
      )
      const detail = await getOrganisationProduct(actors.pharmacyOwner, created.id, db())
      expect(detail).toMatchObject({
        custom: false,
        status: 'current',
        baseUnitsPerSalesUnit: 1000,
        offer: { priceCents: 1090, salesUnit: 'gram', vatRate: '19', visibleInShop: true },
        revision: 1,
      })
      expect(created).toMatchObject({ revision: 1, changed: true })
      const audit = await auditRowsOf(created.id)
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({
        action: 'organisation_product.created',
        organisationId: demoIds.pharmacy,
        actorId: demoIds.userPharmacyStaff,
        before: null,
      })
      expect(audit[0]?.after).toMatchObject({ productId: masterId, priceCents: 1090 })

      await expect(
        createOrganisationProduct(
          actors.pharmacyOwner,
          { source: 'master', masterProductId: masterId, offer: offer() },
          db(),
        ),
      ).rejects.toMatchObject({ status: 409, message: alreadyListedMessage })
      // Another organisation lists the same master product on its own.
      await createOrganisationProduct(
        actors.wholesalerOwner,
        { source: 'master', masterProductId: masterId, offer: offer({ salesUnit: 'pack' }) },
        db(),
      )
      expect(await listingsOf(demoIds.pharmacy, masterId)).toHaveLength(1)
    })

    it('of 50 parallel take-overs of one master product exactly one lists it', async () => {
      const masterId = demoProductIds.masterNotListedByPharmacy
      const attempts = await Promise.allSettled(
        Array.from({ length: 50 }, (_, index) =>
          createOrganisationProduct(
            index % 2 ? actors.pharmacyOwner : actors.pharmacyStaff,
            {
              source: 'master',
              masterProductId: masterId,
              offer: offer({ priceCents: 900 + index }),
            },
            db(),
          ),
        ),
      )
      const winners = attempts.filter((attempt) => attempt.status === 'fulfilled')
      expect(winners).toHaveLength(1)
      for (const attempt of attempts) {
        if (attempt.status === 'rejected') {
          expect(attempt.reason).toBeInstanceOf(ConflictError)
          expect(attempt.reason.message).toBe(alreadyListedMessage)
        }
      }
      const listings = await listingsOf(demoIds.pharmacy, masterId)
      expect(listings).toHaveLength(1)
      expect(await auditRowsOf(listings[0]?.id as string)).toHaveLength(1)
    })

    it('refuses withdrawn master products, wrong sales units and bad offers', async () => {
      await expect(
        createOrganisationProduct(
          actors.wholesalerOwner,
          {
            source: 'master',
            masterProductId: demoProductIds.masterWithdrawnExtract,
            offer: offer({ salesUnit: 'pack' }),
          },
          db(),
        ),
      ).rejects.toMatchObject({ status: 409, message: withdrawnMasterMessage })
      await expect(
        createOrganisationProduct(
          actors.pharmacyOwner,
          { source: 'master', masterProductId: demoProductIds.masterGrinder, offer: offer() },
          db(),
        ),
      ).rejects.toMatchObject({
        status: 400,
        extra: { errors: { 'offer.salesUnit': expect.stringContaining('Blüten') } },
      })
      await expect(
        createOrganisationProduct(
          actors.pharmacyOwner,
          {
            source: 'master',
            masterProductId: demoProductIds.masterGrinder,
            offer: offer({ salesUnit: 'pack', priceCents: -1, orderStep: 0 }),
          },
          db(),
        ),
      ).rejects.toMatchObject({
        status: 400,
        extra: { errors: { 'offer.priceCents': expect.any(String) } },
      })
      expect(await listingsOf(demoIds.pharmacy, demoProductIds.masterGrinder)).toHaveLength(0)
    })

    it('lets a club create its own varieties, never visible in a shop, never from the master', async () => {
      await expect(
        createOrganisationProduct(
          actors.clubOwner,
          { source: 'custom', product: ownVariety('Pleißenwind'), offer: offer() },
          db(),
        ),
      ).rejects.toMatchObject({
        status: 400,
        extra: { errors: { 'offer.visibleInShop': expect.stringContaining('KCanG') } },
      })
      await expect(
        createOrganisationProduct(
          actors.clubOwner,
          {
            source: 'master',
            masterProductId: demoProductIds.masterUnlisted,
            offer: offer({ visibleInShop: false }),
          },
          db(),
        ),
      ).rejects.toBeInstanceOf(ForbiddenError)
      const created = await createOrganisationProduct(
        actors.clubOwner,
        {
          source: 'custom',
          product: ownVariety('Pleißenwind'),
          offer: offer({ visibleInShop: false, priceCents: 700 }),
        },
        db(),
      )
      const detail = await getOrganisationProduct(actors.clubOwner, created.id, db())
      expect(detail).toMatchObject({
        custom: true,
        product: { name: 'Pleißenwind', pzn: null },
        offer: { visibleInShop: false },
      })
      // Their own product is theirs alone: not in the master database, not in others' lists.
      await expect(getMasterProduct(actors.admin, detail.product.id, db())).rejects.toBeInstanceOf(
        NotFoundError,
      )
      expect(await ids(actors.pharmacyOwner)).not.toContain(created.id)
      expect((await auditRowsOf(created.id))[0]?.after).toMatchObject({ name: 'Pleißenwind' })
    })
  })

  describe('update', () => {
    it('saves the own data against the loaded revision, with before and after', async () => {
      const id = demoProductIds.pharmacyPackFlower
      const loaded = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      const auditBefore = (await auditRowsOf(id)).length
      const saved = await updateOrganisationProduct(
        actors.pharmacyStaff,
        id,
        { revision: loaded.revision, offer: { ...loaded.offer, priceCents: 8990, vatRate: '7' } },
        db(),
      )
      expect(saved).toEqual({ id, revision: loaded.revision + 1, changed: true })
      const after = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      expect(after.offer).toMatchObject({ priceCents: 8990, vatRate: '7' })
      expect(after.revision).toBe(saved.revision)
      const audit = await auditRowsOf(id)
      expect(audit).toHaveLength(auditBefore + 1)
      expect(audit.at(-1)).toMatchObject({
        action: 'organisation_product.updated',
        before: expect.objectContaining({ priceCents: loaded.offer.priceCents }),
        after: expect.objectContaining({ priceCents: 8990, vatRate: '7' }),
      })

      // The old revision is stale now; a save that changes nothing writes nothing.
      await expect(
        updateOrganisationProduct(
          actors.pharmacyOwner,
          id,
          { revision: loaded.revision, offer: loaded.offer },
          db(),
        ),
      ).rejects.toMatchObject({ status: 409, message: staleOrganisationProductMessage })
      const unchanged = await updateOrganisationProduct(
        actors.pharmacyOwner,
        id,
        { revision: saved.revision, offer: after.offer },
        db(),
      )
      expect(unchanged).toEqual({ id, revision: saved.revision, changed: false })
      expect(await getOrganisationProduct(actors.pharmacyOwner, id, db())).toEqual(after)
      expect(await auditRowsOf(id)).toHaveLength(auditBefore + 1)
    })

    it('keeps the sales unit and the master facts as they are', async () => {
      const id = demoProductIds.pharmacyLooseFlower
      const loaded = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      await expect(
        updateOrganisationProduct(
          actors.pharmacyOwner,
          id,
          { revision: loaded.revision, offer: { ...loaded.offer, salesUnit: 'pack' } },
          db(),
        ),
      ).rejects.toMatchObject({
        status: 400,
        extra: { errors: { 'offer.salesUnit': expect.any(String) } },
      })
      await expect(
        updateOrganisationProduct(
          actors.pharmacyOwner,
          id,
          { revision: loaded.revision, offer: loaded.offer, product: ownVariety('Umbenannt') },
          db(),
        ),
      ).rejects.toBeInstanceOf(ForbiddenError)
    })

    it('changes an own product’s facts with its offer', async () => {
      const id = demoProductIds.clubListing
      const loaded = await getOrganisationProduct(actors.clubOwner, id, db())
      const saved = await updateOrganisationProduct(
        actors.clubOwner,
        id,
        {
          revision: loaded.revision,
          offer: loaded.offer,
          product: { ...loaded.product, thcContent: 17.5 },
        },
        db(),
      )
      const after = await getOrganisationProduct(actors.clubOwner, id, db())
      expect(after.product).toMatchObject({
        thcContent: 17.5,
        revision: loaded.product.revision + 1,
      })
      expect(after.status).toBe('current')
      expect(saved.revision).toBe(loaded.revision + 1)
      expect(after.revision).toBe(saved.revision)
      await expect(
        updateOrganisationProduct(
          actors.clubOwner,
          id,
          { revision: saved.revision, offer: { ...loaded.offer, visibleInShop: true } },
          db(),
        ),
      ).rejects.toMatchObject({ status: 400 })
    })

    it('of 50 parallel saves with the same revision exactly one wins', async () => {
      const id = demoProductIds.pharmacyExtract
      const loaded = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      const auditBefore = (await auditRowsOf(id)).length
      const attempts = await Promise.allSettled(
        Array.from({ length: 50 }, (_, index) =>
          updateOrganisationProduct(
            actors.pharmacyStaff,
            id,
            { revision: loaded.revision, offer: { ...loaded.offer, priceCents: 5000 + index } },
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
          expect(attempt.reason).toMatchObject({ message: staleOrganisationProductMessage })
        }
      }
      const after = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      expect(after.offer.priceCents).toBe(5000 + (winners[0] as number))
      expect(after.revision).toBe(loaded.revision + 1)
      expect(await auditRowsOf(id)).toHaveLength(auditBefore + 1)
    })

    it('keeps a listing’s revision positive in the database itself', async () => {
      const id = demoProductIds.pharmacyVaporiser
      await expect(
        db()
          .update(organisationProducts)
          .set({ revision: 0 })
          .where(eq(organisationProducts.id, id)),
      ).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: 'organisation_products_revision_positive' }),
      })
    })
  })

  describe('archive and restore', () => {
    it('archives off the list and the shop, restores hidden, and says when nothing is to do', async () => {
      const id = demoProductIds.pharmacyLooseFlower
      const before = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      expect(before.offer.visibleInShop).toBe(true)
      const auditBefore = (await auditRowsOf(id)).length

      const attempts = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          archiveOrganisationProduct(actors.pharmacyStaff, id, db()),
        ),
      )
      expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1)
      for (const attempt of attempts) {
        if (attempt.status === 'rejected') {
          expect(attempt.reason).toMatchObject({ status: 409, message: alreadyArchivedMessage })
        }
      }
      expect(await ids(actors.pharmacyOwner)).not.toContain(id)
      expect((await archivedList(actors.pharmacyOwner)).items.map((row) => row.id)).toContain(id)
      const archived = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      expect(archived).toMatchObject({
        archivedAt: expect.any(String),
        offer: { visibleInShop: false },
        revision: before.revision + 1,
      })
      const save = (loaded: typeof before) =>
        updateOrganisationProduct(
          actors.pharmacyOwner,
          id,
          { revision: loaded.revision, offer: loaded.offer },
          db(),
        )
      await expect(save(archived)).rejects.toMatchObject({ status: 409 })

      expect(await restoreOrganisationProduct(actors.pharmacyOwner, id, db())).toEqual({
        id,
        revision: before.revision + 2,
        changed: true,
      })
      await expect(
        restoreOrganisationProduct(actors.pharmacyOwner, id, db()),
      ).rejects.toMatchObject({ status: 409, message: notArchivedMessage })
      const restored = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      expect(restored).toMatchObject({
        archivedAt: null,
        offer: { visibleInShop: false },
        revision: before.revision + 2,
      })
      // A form loaded before the archiving is stale now.
      await expect(save(before)).rejects.toMatchObject({
        status: 409,
        message: staleOrganisationProductMessage,
      })
      expect(await ids(actors.pharmacyOwner)).toContain(id)

      const audit = await auditRowsOf(id)
      expect(audit.map((row) => row.action).slice(auditBefore)).toEqual([
        'organisation_product.archived',
        'organisation_product.restored',
      ])
      expect(audit[auditBefore]).toMatchObject({
        before: expect.objectContaining({ archived: false, visibleInShop: true }),
        after: expect.objectContaining({ archived: true, visibleInShop: false }),
      })
      const history = await listOrganisationProductHistory(actors.pharmacyOwner, id, db())
      expect(history.slice(0, 2).map((entry) => entry.action)).toEqual(['restored', 'archived'])
      expect(history[0]?.actorName).toBeTruthy()
    })

    it('keeps a listing of a withdrawn master product archived', async () => {
      await expect(
        restoreOrganisationProduct(actors.wholesalerOwner, demoProductIds.wholesalerArchived, db()),
      ).rejects.toMatchObject({ status: 409, message: withdrawnNotRestorableMessage })
    })
  })

  describe('master changes', () => {
    it('marks listings when the master changes until the organisation acknowledges it', async () => {
      const id = demoProductIds.pharmacyCbdSolution
      const listing = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      const master = await getMasterProduct(actors.admin, listing.product.id, db())
      await updateMasterProduct(
        actors.admin,
        master.id,
        { ...master.product, description: 'Neue Fachinformation.', revision: master.revision },
        db(),
      )
      const changed = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      expect(changed.status).toBe('master_changed')
      // The master's change is not the listing's: a form loaded before it still saves.
      expect(changed.revision).toBe(listing.revision)
      expect(await ids(actors.pharmacyOwner, { status: 'master_changed' })).toContain(id)
      await expect(
        acknowledgeMasterChange(
          actors.pharmacyOwner,
          id,
          { productRevision: master.revision },
          db(),
        ),
      ).rejects.toMatchObject({ status: 409 })
      const acknowledged = await acknowledgeMasterChange(
        actors.pharmacyStaff,
        id,
        { productRevision: changed.product.revision },
        db(),
      )
      expect(acknowledged).toEqual({ id, revision: listing.revision + 1, changed: true })
      expect((await getOrganisationProduct(actors.pharmacyOwner, id, db())).status).toBe('current')
      const again = await acknowledgeMasterChange(
        actors.pharmacyStaff,
        id,
        { productRevision: changed.product.revision },
        db(),
      )
      expect(again).toEqual({ id, revision: listing.revision + 1, changed: false })
      expect((await auditRowsOf(id)).at(-1)).toMatchObject({
        action: 'organisation_product.master_acknowledged',
        before: expect.objectContaining({ productRevisionSeen: master.revision }),
        after: expect.objectContaining({ productRevisionSeen: master.revision + 1 }),
      })
    })
  })

  describe('authorisation', () => {
    it('lets owner and staff manage, the admin read, and nobody reach another organisation', async () => {
      const id = demoProductIds.pharmacyVaporiser
      const loaded = await getOrganisationProduct(actors.pharmacyOwner, id, db())
      const update = {
        revision: loaded.revision,
        offer: { ...loaded.offer, priceCents: 1, visibleInShop: false },
      }
      expect(loaded.owner.id).toBe(demoIds.pharmacy)
      const pharmacyListings = await db()
        .select({ id: organisationProducts.id, productId: organisationProducts.productId })
        .from(organisationProducts)
        .where(eq(organisationProducts.organisationId, demoIds.pharmacy))
      const history = await listOrganisationProductHistory(actors.pharmacyOwner, id, db())
      /** A read, and what it must answer: the pharmacy's records, managed by its own people only. */
      type Read = [string, () => Promise<unknown>, (answer: unknown, canManage: boolean) => void]
      const pharmacyList = (answer: unknown, canManage: boolean) => {
        const { owner, items } = answer as OrganisationProductList
        expect(owner).toMatchObject({ id: demoIds.pharmacy, canManage })
        const listed = pharmacyListings.map((listing) => listing.id)
        expect(items.filter((row) => !listed.includes(row.id))).toEqual([])
      }
      const reads = (actor: Actor): Read[] => [
        [
          'getOrganisationProduct',
          () => getOrganisationProduct(actor, id, db()),
          (answer, canManage) =>
            expect(answer).toEqual({ ...loaded, owner: { ...loaded.owner, canManage } }),
        ],
        [
          'listOrganisationProductHistory',
          () => listOrganisationProductHistory(actor, id, db()),
          (answer) => expect(answer).toEqual(history),
        ],
      ]
      const writes = (actor: Actor): [string, () => Promise<unknown>][] => [
        ['updateOrganisationProduct', () => updateOrganisationProduct(actor, id, update, db())],
        ['archiveOrganisationProduct', () => archiveOrganisationProduct(actor, id, db())],
        ['restoreOrganisationProduct', () => restoreOrganisationProduct(actor, id, db())],
        [
          'acknowledgeMasterChange',
          () =>
            acknowledgeMasterChange(actor, id, { productRevision: loaded.product.revision }, db()),
        ],
      ]
      const creates = (actor: Actor): [string, () => Promise<unknown>][] => [
        [
          'createOrganisationProduct',
          () =>
            createOrganisationProduct(
              actor,
              {
                source: 'master',
                masterProductId: demoProductIds.masterExtract,
                offer: offer({ salesUnit: 'pack' }),
              },
              db(),
            ),
        ],
        ['searchMasterProductsToTakeOver', () => searchMasterProductsToTakeOver(actor, '', db())],
      ]
      const lists = (actor: Actor): Read[] => [
        [
          'listOrganisationProducts',
          () => list(actor, { organisation: demoIds.pharmacy }),
          (answer, canManage) => {
            pharmacyList(answer, canManage)
            expect((answer as OrganisationProductList).items.length).toBeGreaterThan(0)
          },
        ],
        [
          'listArchivedOrganisationProducts',
          () => archivedList(actor, { organisation: demoIds.pharmacy }),
          pharmacyList,
        ],
      ]

      // Shop customers and platform jobs: nothing at all.
      for (const [who, actor] of [
        ['shop customer', actors.shopCustomer],
        ['platform job', systemActor('product-import')],
      ] as const) {
        for (const [name, call] of [
          ...reads(actor),
          ...writes(actor),
          ...creates(actor),
          ...lists(actor),
        ]) {
          await expect(call(), `${who}: ${name}`).rejects.toBeInstanceOf(ForbiddenError)
        }
      }
      // Another organisation: the listing does not exist for it, the list is not its to read.
      for (const [who, actor] of [
        ['wholesaler owner', actors.wholesalerOwner],
        ['club owner', actors.clubOwner],
      ] as const) {
        for (const [name, call] of [...reads(actor), ...writes(actor)]) {
          await expect(call(), `${who}: ${name}`).rejects.toBeInstanceOf(NotFoundError)
        }
        for (const [name, call] of lists(actor)) {
          await expect(call(), `${who}: ${name}`).rejects.toBeInstanceOf(ForbiddenError)
        }
      }
      // The platform admin reads for support and changes nothing.
      for (const [, call, expectAnswer] of [...reads(actors.admin), ...lists(actors.admin)]) {
        expectAnswer(await call(), false)
      }
      expect((await getOrganisationProduct(actors.admin, id, db())).owner.canManage).toBe(false)
      for (const [name, call] of [...writes(actors.admin), ...creates(actors.admin)]) {
        await expect(call(), `admin: ${name}`).rejects.toBeInstanceOf(ForbiddenError)
      }
      expect(await getOrganisationProduct(actors.pharmacyOwner, id, db())).toEqual(loaded)

      // Owner and staff of the organisation: everything.
      for (const [, call, expectAnswer] of [
        ...reads(actors.pharmacyStaff),
        ...lists(actors.pharmacyOwner),
      ]) {
        expectAnswer(await call(), true)
      }
      const saved = await updateOrganisationProduct(actors.pharmacyOwner, id, update, db())
      expect(saved.changed).toBe(true)
      await archiveOrganisationProduct(actors.pharmacyStaff, id, db())
      await restoreOrganisationProduct(actors.pharmacyOwner, id, db())
      // The take-over search marks what the pharmacy (not another organisation) lists already.
      const picks = await searchMasterProductsToTakeOver(actors.pharmacyStaff, 'a', db())
      expect(picks.length).toBeGreaterThan(0)
      const listedProducts = pharmacyListings.map((listing) => listing.productId)
      expect(picks.map((pick) => [pick.id, pick.listed])).toEqual(
        picks.map((pick) => [pick.id, listedProducts.includes(pick.id)]),
      )
    })
  })
})

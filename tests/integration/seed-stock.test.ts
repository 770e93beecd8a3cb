import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { berlinIsoDate } from '~/lib/format'
import { storedFiles } from '~/server/db/schema'
import { demoIds, demoProductIds, seedDemoData } from '~/server/db/seed.server'
import { organisationProducts } from '~/server/products/products.schema'
import { batches, stockMovements } from '~/server/stock/stock.schema'
import { recordHarvest } from '~/server/stock/stock.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const inDays = (days: number) => berlinIsoDate(new Date(Date.now() + days * 86_400_000))

describe.each(testDatabaseKinds)('demo stock on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const batchesOf = (organisationId: string) =>
    db()
      .select()
      .from(batches)
      .where(eq(batches.organisationId, organisationId))
      .orderBy(asc(batches.id))

  it('keeps every demo batch balance equal to the sum of its movements', async () => {
    const mismatches = await db()
      .select({ id: batches.id })
      .from(batches)
      .leftJoin(stockMovements, eq(stockMovements.batchId, batches.id))
      .groupBy(batches.id, batches.balance)
      .having(sql`${batches.balance} <> coalesce(sum(${stockMovements.quantity}), 0)`)
    expect(mismatches).toEqual([])
    expect((await db().select({ id: batches.id }).from(batches)).length).toBeGreaterThan(50)
  })

  it('shows a pharmacist every state: quarantine, blocked, expiring soon, expired, below threshold', async () => {
    const pharmacy = await batchesOf(demoIds.pharmacy)
    const statuses = new Set(pharmacy.map((batch) => batch.status))
    expect([...statuses].sort()).toEqual(['blocked', 'quarantine', 'released'])
    expect(pharmacy.find((batch) => batch.status === 'blocked')?.blockedReason).toBeTruthy()
    const today = inDays(0)
    const withStock = pharmacy.filter((batch) => batch.balance > 0 && batch.expiryDate)
    expect(withStock.some((batch) => (batch.expiryDate as string) < today)).toBe(true)
    expect(
      withStock.some(
        (batch) =>
          (batch.expiryDate as string) >= today && (batch.expiryDate as string) <= inDays(30),
      ),
    ).toBe(true)
    for (const batch of pharmacy.filter((row) => row.status !== 'quarantine')) {
      expect(batch.releasedAt ?? batch.blockedAt).toBeInstanceOf(Date)
    }
    // Released batches carry their CoA and test number, as a release needs.
    for (const batch of pharmacy.filter((row) => row.status === 'released')) {
      expect(batch.coaFileId).not.toBeNull()
      expect(batch.testNumber).toMatch(/^PR-\d{4}-\d{4}$/)
    }
    const listings = await db()
      .select()
      .from(organisationProducts)
      .where(eq(organisationProducts.organisationId, demoIds.pharmacy))
    const below = listings.filter((listing) => {
      if (listing.lowStockThreshold === null || listing.archivedAt) return false
      const stock = pharmacy
        .filter(
          (batch) =>
            batch.organisationProductId === listing.id &&
            batch.status === 'released' &&
            (batch.expiryDate ?? '9999') >= today,
        )
        .reduce((sum, batch) => sum + batch.balance, 0)
      return stock > 0 && stock / listing.baseUnitsPerSalesUnit < listing.lowStockThreshold
    })
    expect(below.length).toBeGreaterThanOrEqual(1)
    expect(
      pharmacy.some((batch) => batch.organisationProductId === demoProductIds.pharmacyLooseFlower),
    ).toBe(true)
  })

  it('gives Nordhanf released stock and Grüne Ecke a numbered harvest per variety', async () => {
    const wholesaler = await batchesOf(demoIds.wholesaler)
    expect(wholesaler.length).toBeGreaterThan(20)
    expect(wholesaler.every((batch) => batch.status === 'released' && batch.balance > 0)).toBe(true)

    const clubBatches = await batchesOf(demoIds.club)
    // Besides its harvests, the club holds the 5 g units of its demo filling (seed-fillings); the
    // generated year's filled units were handed out (ADR 047).
    const filled = clubBatches.filter((batch) => batch.filledFromBatchId !== null)
    expect(filled.every((batch) => /^AF-\d{4}-\d{5}$/.test(batch.batchNumber))).toBe(true)
    expect(filled.filter((batch) => batch.balance > 0).map((batch) => batch.batchNumber)).toEqual([
      expect.stringMatching(/^AF-\d{4}-00001$/),
    ])
    const club = clubBatches.filter((batch) => batch.filledFromBatchId === null)
    // One harvest in stock per variety; the generated year's harvests were handed out (ADR 047).
    expect(club.filter((batch) => batch.balance > 0)).toHaveLength(6)
    expect(club.every((batch) => batch.origin === 'harvest' && batch.harvestDate)).toBe(true)
    // Numbered per harvest year from 1, without gaps.
    const numbersByYear = new Map<string, number[]>()
    for (const { batchNumber } of club) {
      const [, year, serial] = /^ER-(\d{4})-(\d{5})$/.exec(batchNumber) ?? []
      expect(batchNumber).toMatch(/^ER-\d{4}-\d{5}$/)
      numbersByYear.set(year as string, [
        ...(numbersByYear.get(year as string) ?? []),
        Number(serial),
      ])
    }
    for (const serials of numbersByYear.values()) {
      expect(serials.sort((a, b) => a - b)).toEqual(serials.map((_, index) => index + 1))
    }
    // A harvest recorded now continues the numbers.
    const actors = await demoActors(db())
    const next = await recordHarvest(
      actors.clubOwner,
      {
        organisationProductId: demoProductIds.clubListing,
        harvestDate: inDays(0),
        quantity: 100_000,
        expiryDate: inDays(300),
        thcContent: null,
        cbdContent: null,
        coaFileId: null,
      },
      db(),
    )
    const sameYear = club.filter(
      (batch) => batch.harvestDate?.slice(0, 4) === inDays(0).slice(0, 4),
    )
    expect(next.batchNumber).toBe(
      `ER-${inDays(0).slice(0, 4)}-${String(sameYear.length + 1).padStart(5, '0')}`,
    )
  })

  it('stores the demo certificates as PDFs of their organisation', async () => {
    const certificates = await db()
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.purpose, 'batch_certificate'))
    // The pharmacy holds its own and one copy of Nordhanf's, which came with its shipments.
    expect(certificates.map((file) => file.organisationId).sort()).toEqual(
      [
        demoIds.pharmacy,
        demoIds.pharmacy,
        demoIds.marketPharmacy,
        demoIds.club,
        demoIds.wholesaler,
      ].sort(),
    )
    const nordhanfs = certificates.find((file) => file.organisationId === demoIds.wholesaler)
    expect(
      certificates
        .filter((file) => file.sha256 === nordhanfs?.sha256)
        .map((file) => file.organisationId)
        .sort(),
    ).toEqual([demoIds.pharmacy, demoIds.wholesaler].sort())
    for (const file of certificates) {
      expect(file.data.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(file.data.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true)
    }
  })

  it('changes nothing when seeded again', async () => {
    const before = await db().select().from(batches).orderBy(asc(batches.id))
    const movements = await db().select({ id: stockMovements.id }).from(stockMovements)
    await seedDemoData(db())
    expect(await db().select().from(batches).orderBy(asc(batches.id))).toEqual(before)
    expect(await db().select({ id: stockMovements.id }).from(stockMovements)).toHaveLength(
      movements.length,
    )
  })
})

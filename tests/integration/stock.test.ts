import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { berlinIsoDate } from '~/lib/format'
import { type Actor, systemActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import type { Database } from '~/server/db/client.server'
import { organisations } from '~/server/db/schema'
import { demoProductIds } from '~/server/db/seed-data/products'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/server/errors.server'
import { openStoredFile, storeFile } from '~/server/files/file-store.server'
import { organisationProducts, products } from '~/server/products/products.schema'
import { batches, stockMovements, stockReservations } from '~/server/stock/stock.schema'
import {
  attachCertificate,
  blockBatch,
  correctStock,
  destroyStock,
  receiveGoods,
  recordHarvest,
  releaseBatch,
  setReceiptsReleased,
} from '~/server/stock/stock.server'
import { lockBatch, withdrawFromBatch } from '~/server/stock/stock-ledger.server'
import {
  consumeReservations,
  releaseReservations,
  reserveStock,
} from '~/server/stock/stock-reservations.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const gram = 1000
/** Any certificate: a minimal PDF whose bytes differ per `label`. */
const certificatePdf = (label: string) =>
  Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n`)

const inDays = (days: number) => berlinIsoDate(new Date(Date.now() + days * 86_400_000))

let batchCounter = 0
const nextBatchNumber = () => `T-${Date.now().toString(36)}-${++batchCounter}`

const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )

describe.each(testDatabaseKinds)('stock ledger on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = (): Database => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const certificate = async (actor: Actor = actors.pharmacyOwner, label = nextBatchNumber()) =>
    (await storeFile(actor, 'batch_certificate', certificatePdf(label), db())).id

  /** A pharmacy batch of the loose flowers, released when asked. */
  async function pharmacyBatch(options: { grams: number; released?: boolean; expiry?: string }) {
    const received = await receiveGoods(
      actors.pharmacyOwner,
      {
        organisationProductId: demoProductIds.pharmacyLooseFlower,
        supplierId: null,
        batchNumber: nextBatchNumber(),
        quantity: options.grams * gram,
        expiryDate: options.expiry ?? inDays(365),
        thcContent: 22.1,
        cbdContent: 0.4,
        coaFileId: await certificate(),
      },
      db(),
    )
    if (options.released) {
      await releaseBatch(
        actors.pharmacyOwner,
        { batchId: received.batchId, testNumber: `P-${received.batchNumber}` },
        db(),
      )
    }
    return received
  }

  const batchRow = async (id: string) => {
    const [row] = await db().select().from(batches).where(eq(batches.id, id))
    if (!row) throw new Error('batch missing')
    return row
  }
  const movementsOf = (batchId: string) =>
    db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.batchId, batchId))
      .orderBy(stockMovements.createdAt, stockMovements.balanceAfter)
  const ledgerSum = async (batchId: string) => {
    const [row] = await db()
      .select({ total: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.batchId, batchId))
    return Number(row?.total)
  }
  const reservedOn = async (batchId: string) => {
    const [row] = await db()
      .select({ total: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
      .from(stockReservations)
      .where(
        and(
          eq(stockReservations.batchId, batchId),
          sql`${stockReservations.releasedAt} is null and ${stockReservations.consumedAt} is null`,
        ),
      )
    return Number(row?.total)
  }

  it('keeps a batch balance equal to the sum of its movements, with a running balance', async () => {
    const { batchId } = await pharmacyBatch({ grams: 10 })
    await correctStock(
      actors.pharmacyStaff,
      { batchId, quantity: 1500, reason: 'Inventur: 1,5 g mehr gezählt' },
      db(),
    )
    await destroyStock(
      actors.pharmacyOwner,
      { batchId, quantity: 2 * gram, reason: 'Verpackung beschädigt' },
      db(),
    )
    await correctStock(actors.pharmacyOwner, { batchId, quantity: -500, reason: 'Schwund' }, db())

    const movements = await movementsOf(batchId)
    expect(
      movements.map((movement) => [movement.kind, movement.quantity, movement.balanceAfter]),
    ).toEqual([
      ['receipt', 10_000, 10_000],
      ['correction', 1500, 11_500],
      ['destruction', -2000, 9500],
      ['correction', -500, 9000],
    ])
    expect((await batchRow(batchId)).balance).toBe(9000)
    expect(await ledgerSum(batchId)).toBe(9000)
    expect(movements[1]?.reason).toBe('Inventur: 1,5 g mehr gezählt')
    expect(movements[1]?.actorId).toBe(actors.pharmacyStaff.user.id)

    const audits = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'batch'), eq(auditEvents.entityId, batchId)))
    expect(audits.map((audit) => audit.action).sort()).toEqual([
      'batch.corrected',
      'batch.corrected',
      'batch.destroyed',
      'batch.received',
    ])
  })

  it('never edits or deletes a movement: the ledger refuses UPDATE and DELETE', async () => {
    const { batchId } = await pharmacyBatch({ grams: 1 })
    await expect(
      db().update(stockMovements).set({ quantity: 5 }).where(eq(stockMovements.batchId, batchId)),
    ).rejects.toThrow()
    await expect(
      db().delete(stockMovements).where(eq(stockMovements.batchId, batchId)),
    ).rejects.toThrow()
    expect(await ledgerSum(batchId)).toBe(1000)
  })

  it('needs a reason for corrections and destructions and refuses taking more than there is', async () => {
    const { batchId } = await pharmacyBatch({ grams: 2 })
    const noReason = await outcome(
      destroyStock(actors.pharmacyOwner, { batchId, quantity: 1000, reason: '  ' }, db()),
    )
    expect(noReason.ok).toBe(false)
    expect(noReason.ok || (noReason.error as InvalidError).extra.errors).toHaveProperty('reason')
    const tooMuch = await outcome(
      correctStock(actors.pharmacyOwner, { batchId, quantity: -2001, reason: 'Zählfehler' }, db()),
    )
    expect(tooMuch.ok).toBe(false)
    expect(tooMuch.ok || tooMuch.error).toBeInstanceOf(ConflictError)
    expect(tooMuch.ok || (tooMuch.error as Error).message).toMatch(/nur noch 2\sg verfügbar/)
    expect(await ledgerSum(batchId)).toBe(2000)
  })

  it('lets exactly 10 of 50 parallel 1 g withdrawals from 10 g succeed; the balance ends at 0', async () => {
    const { batchId } = await pharmacyBatch({ grams: 10, released: true })
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        outcome(
          destroyStock(
            index % 2 ? actors.pharmacyOwner : actors.pharmacyStaff,
            { batchId, quantity: gram, reason: `Bruch ${index}` },
            db(),
          ),
        ),
      ),
    )
    const refused = results.filter((result) => !result.ok)
    expect(results.filter((result) => result.ok)).toHaveLength(10)
    expect(refused).toHaveLength(40)
    for (const result of refused) {
      expect(result.ok || result.error).toBeInstanceOf(ConflictError)
      expect(result.ok || (result.error as Error).message).toMatch(
        /^In Charge T-.* ist nichts mehr verfügbar\.$/,
      )
    }
    expect((await batchRow(batchId)).balance).toBe(0)
    expect(await ledgerSum(batchId)).toBe(0)
    const balances = (await movementsOf(batchId)).map((movement) => movement.balanceAfter)
    expect(Math.min(...balances)).toBe(0)
  })

  it('lets exactly 10 of 50 parallel 1 g reservations of 10 g succeed, first-expiring first', async () => {
    const later = await pharmacyBatch({ grams: 6, released: true, expiry: inDays(300) })
    const sooner = await pharmacyBatch({ grams: 4, released: true, expiry: inDays(100) })
    // Other released stock of the product must not count: take it out of play for this test.
    const others = await db()
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(
          eq(batches.organisationProductId, demoProductIds.pharmacyLooseFlower),
          eq(batches.status, 'released'),
          sql`${batches.balance} > 0`,
        ),
      )
    for (const other of others) {
      if (other.id !== later.batchId && other.id !== sooner.batchId) {
        await blockBatch(actors.pharmacyOwner, { batchId: other.id, reason: 'Testaufbau' }, db())
      }
    }
    const organisationId = actors.pharmacyOwner.organisation.id
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcome(
          db().transaction((tx) =>
            reserveStock(tx, {
              organisationId,
              organisationProductId: demoProductIds.pharmacyLooseFlower,
              quantity: gram,
              source: { type: 'customer_order', id: crypto.randomUUID() },
            }),
          ),
        ),
      ),
    )
    const succeeded = results.filter((result) => result.ok)
    expect(succeeded).toHaveLength(10)
    for (const result of results.filter((result) => !result.ok)) {
      expect(result.ok || result.error).toBeInstanceOf(ConflictError)
      expect(result.ok || (result.error as Error).message).toMatch(/ist derzeit nicht verfügbar\.$/)
    }
    expect(await reservedOn(sooner.batchId)).toBe(4000)
    expect(await reservedOn(later.batchId)).toBe(6000)
    // The first four reservations took the batch that expires first.
    const [firstPart] = succeeded
      .map((result) => (result.ok ? result.value : []))
      .sort((a, b) =>
        a[0]?.batchId === sooner.batchId ? -1 : b[0]?.batchId === sooner.batchId ? 1 : 0,
      )
    expect(firstPart?.[0]?.batchId).toBe(sooner.batchId)
    // Reservations are not movements: the balances are untouched.
    expect((await batchRow(sooner.batchId)).balance).toBe(4000)
    expect(await ledgerSum(later.batchId)).toBe(6000)
  })

  it('reserves only what an order does not hold yet, and turns reservations into sales or gives them back', async () => {
    const { batchId } = await pharmacyBatch({ grams: 5, released: true, expiry: inDays(2) })
    const organisationId = actors.pharmacyOwner.organisation.id
    const order = { type: 'customer_order', id: crypto.randomUUID() }
    const request = {
      organisationId,
      organisationProductId: demoProductIds.pharmacyLooseFlower,
      quantity: 3 * gram,
      source: order,
    }
    // The same order confirmed in 20 tabs at once still holds one set.
    await Promise.all(
      Array.from({ length: 20 }, () => db().transaction((tx) => reserveStock(tx, request))),
    )
    // Confirming the order later asks for the same amount: nothing new is reserved.
    expect(await db().transaction((tx) => reserveStock(tx, request))).toEqual([])
    expect(await reservedOn(batchId)).toBe(3000)

    // Reserved goods cannot be destroyed or corrected away.
    const destroy = await outcome(
      destroyStock(actors.pharmacyOwner, { batchId, quantity: 3 * gram, reason: 'Test' }, db()),
    )
    expect(destroy.ok || (destroy.error as Error).message).toMatch(/nur noch 2\sg verfügbar/)

    const consumed = await db().transaction((tx) =>
      consumeReservations(tx, systemActor('order-completion'), organisationId, order, 'sale'),
    )
    expect(consumed).toEqual([{ batchId, quantity: 3000, movementId: expect.any(String) }])
    const sale = (await movementsOf(batchId)).at(-1)
    expect(sale).toMatchObject({
      kind: 'sale',
      quantity: -3000,
      balanceAfter: 2000,
      sourceType: 'customer_order',
      sourceId: order.id,
      actorKind: 'system',
      actorId: 'order-completion',
    })
    expect(await reservedOn(batchId)).toBe(0)

    const cancelled = { type: 'customer_order', id: crypto.randomUUID() }
    await db().transaction((tx) =>
      reserveStock(tx, { ...request, quantity: 2 * gram, source: cancelled }),
    )
    expect(await db().transaction((tx) => releaseReservations(tx, organisationId, cancelled))).toBe(
      1,
    )
    expect(await reservedOn(batchId)).toBe(0)
    expect((await batchRow(batchId)).balance).toBe(2000)
  })

  it('never makes an expired batch available: no reservation, no sale, no release', async () => {
    const expired = await pharmacyBatch({ grams: 3, released: true })
    const quarantined = await pharmacyBatch({ grams: 3 })
    // Time passes: both batches are past their expiry date now.
    await db()
      .update(batches)
      .set({ expiryDate: inDays(-1) })
      .where(sql`${batches.id} in (${expired.batchId}, ${quarantined.batchId})`)
    const organisationId = actors.pharmacyOwner.organisation.id

    const sale = await outcome(
      db().transaction(async (tx) =>
        withdrawFromBatch(
          tx,
          actors.pharmacyOwner,
          await lockBatch(tx, organisationId, expired.batchId),
          {
            kind: 'sale',
            quantity: gram,
          },
        ),
      ),
    )
    expect(sale.ok || (sale.error as Error).message).toMatch(/ist abgelaufen/)

    const reservations = await db()
      .select({ id: stockReservations.id })
      .from(stockReservations)
      .where(eq(stockReservations.batchId, expired.batchId))
    const reserved = await outcome(
      db().transaction((tx) =>
        reserveStock(tx, {
          organisationId,
          organisationProductId: demoProductIds.pharmacyLooseFlower,
          quantity: 1_000_000_000,
          source: { type: 'customer_order', id: crypto.randomUUID() },
        }),
      ),
    )
    expect(reserved.ok).toBe(false)
    expect(
      await db()
        .select({ id: stockReservations.id })
        .from(stockReservations)
        .where(eq(stockReservations.batchId, expired.batchId)),
    ).toEqual(reservations)

    const release = await outcome(
      releaseBatch(
        actors.pharmacyOwner,
        { batchId: quarantined.batchId, testNumber: 'P-ALT' },
        db(),
      ),
    )
    expect(release.ok || (release.error as Error).message).toMatch(/abgelaufen/)

    // Destroying expired goods stays possible: that is what happens to them.
    await destroyStock(
      actors.pharmacyOwner,
      { batchId: expired.batchId, quantity: 3 * gram, reason: 'Verfallen' },
      db(),
    )
    expect((await batchRow(expired.batchId)).balance).toBe(0)
  })

  it('releases only with a CoA and a test number, records who and when, and never sells from quarantine', async () => {
    const withoutCertificate = await receiveGoods(
      actors.pharmacyOwner,
      {
        organisationProductId: demoProductIds.pharmacyLooseFlower,
        supplierId: null,
        batchNumber: nextBatchNumber(),
        quantity: 5 * gram,
        expiryDate: inDays(200),
        thcContent: null,
        cbdContent: null,
        coaFileId: null,
      },
      db(),
    )
    expect(withoutCertificate.status).toBe('quarantine')
    const batchId = withoutCertificate.batchId
    const organisationId = actors.pharmacyOwner.organisation.id

    const sale = await outcome(
      db().transaction(async (tx) =>
        withdrawFromBatch(tx, actors.pharmacyOwner, await lockBatch(tx, organisationId, batchId), {
          kind: 'sale',
          quantity: gram,
        }),
      ),
    )
    expect(sale.ok || (sale.error as Error).message).toMatch(/nicht freigegeben \(Quarantäne\)/)

    const noCertificate = await outcome(
      releaseBatch(actors.pharmacyOwner, { batchId, testNumber: 'P-1' }, db()),
    )
    expect(noCertificate.ok || noCertificate.error).toBeInstanceOf(InvalidError)
    expect(noCertificate.ok || (noCertificate.error as InvalidError).extra.errors).toHaveProperty(
      'coaFileId',
    )

    const coaFileId = await certificate(actors.pharmacyStaff)
    expect((await openStoredFile(actors.pharmacyOwner, coaFileId, db())).fileName).toBeNull()
    await attachCertificate(actors.pharmacyStaff, { batchId, coaFileId }, db())
    // Attached, the CoA is named after its batch (its tab and Content-Disposition), not its id.
    expect((await openStoredFile(actors.pharmacyOwner, coaFileId, db())).fileName).toBe(
      `CoA-${withoutCertificate.batchNumber}.pdf`,
    )
    const noTestNumber = await outcome(
      releaseBatch(actors.pharmacyOwner, { batchId, testNumber: ' ' }, db()),
    )
    expect(noTestNumber.ok || (noTestNumber.error as InvalidError).extra.errors).toHaveProperty(
      'testNumber',
    )

    // Flowers without measured THC/CBD are released only knowingly (docs/domain.md).
    const unmeasured = await outcome(
      releaseBatch(actors.pharmacyPharmacist, { batchId, testNumber: 'P-2026-118' }, db()),
    )
    expect(unmeasured.ok || unmeasured.error).toBeInstanceOf(ConflictError)
    expect(unmeasured.ok || (unmeasured.error as Error).message).toMatch(
      /THC und CBD nicht gemessen/,
    )
    expect((await batchRow(batchId)).status).toBe('quarantine')
    // A pharmacy's release is a pharmacist's (ApBetrO § 7); the PTA attached the certificate.
    await releaseBatch(
      actors.pharmacyPharmacist,
      { batchId, testNumber: 'P-2026-118', confirmMissingCannabinoids: true },
      db(),
    )
    const released = await batchRow(batchId)
    expect(released).toMatchObject({
      status: 'released',
      testNumber: 'P-2026-118',
      releasedBy: actors.pharmacyPharmacist.user.id,
    })
    expect(released.releasedAt).toBeInstanceOf(Date)
    const again = await outcome(
      releaseBatch(actors.pharmacyOwner, { batchId, testNumber: 'P-3' }, db()),
    )
    expect(again.ok || again.error).toBeInstanceOf(ConflictError)
    const swap = await outcome(
      attachCertificate(actors.pharmacyOwner, { batchId, coaFileId: await certificate() }, db()),
    )
    expect(swap.ok || swap.error).toBeInstanceOf(ConflictError)

    await blockBatch(actors.pharmacyOwner, { batchId, reason: 'Rückruf des Herstellers' }, db())
    expect(await batchRow(batchId)).toMatchObject({
      status: 'blocked',
      blockedReason: 'Rückruf des Herstellers',
    })
    const releaseBlocked = await outcome(
      releaseBatch(actors.pharmacyOwner, { batchId, testNumber: 'P-4' }, db()),
    )
    expect(releaseBlocked.ok || (releaseBlocked.error as Error).message).toMatch(/gesperrt/)
  })

  it('adds a second delivery of the same batch number to the batch when expiry and CoA match', async () => {
    const batchNumber = nextBatchNumber()
    const expiryDate = inDays(400)
    const first = await receiveGoods(
      actors.pharmacyOwner,
      {
        organisationProductId: demoProductIds.pharmacyLooseFlower,
        supplierId: null,
        batchNumber,
        quantity: 10 * gram,
        expiryDate,
        thcContent: 21,
        cbdContent: 1,
        coaFileId: await certificate(actors.pharmacyOwner, batchNumber),
      },
      db(),
    )
    const delivery = async (overrides: Record<string, unknown>) =>
      outcome(
        receiveGoods(
          actors.pharmacyStaff,
          {
            organisationProductId: demoProductIds.pharmacyLooseFlower,
            supplierId: null,
            batchNumber,
            quantity: 5 * gram,
            expiryDate,
            thcContent: 21,
            cbdContent: 1,
            // The same certificate uploaded again is a new file with the same bytes.
            coaFileId: await certificate(actors.pharmacyStaff, batchNumber),
            ...overrides,
          },
          db(),
        ),
      )
    const second = await delivery({})
    expect(second.ok && second.value).toMatchObject({ batchId: first.batchId, created: false })
    expect((await batchRow(first.batchId)).balance).toBe(15_000)

    const otherExpiry = await delivery({ expiryDate: inDays(500) })
    expect(otherExpiry.ok || otherExpiry.error).toBeInstanceOf(InvalidError)
    expect(otherExpiry.ok || (otherExpiry.error as InvalidError).extra.errors?.expiryDate).toMatch(
      /bereits mit Verfall .* erfasst/,
    )
    const otherCertificate = await delivery({ coaFileId: await certificate() })
    expect(
      otherCertificate.ok || (otherCertificate.error as InvalidError).extra.errors?.coaFileId,
    ).toMatch(/weicht von dem ab/)
    expect((await batchRow(first.batchId)).balance).toBe(15_000)
    expect(await movementsOf(first.batchId)).toHaveLength(2)
  })

  it('receives straight into released for a wholesaler with a CoA, as its owner decides', async () => {
    const receipt = async (coa: boolean) =>
      receiveGoods(
        actors.wholesalerOwner,
        {
          organisationProductId: demoProductIds.wholesalerBulkFlower,
          supplierId: null,
          batchNumber: nextBatchNumber(),
          quantity: 1000 * gram,
          expiryDate: inDays(500),
          thcContent: 20,
          cbdContent: 0.5,
          coaFileId: coa ? await certificate(actors.wholesalerOwner) : null,
        },
        db(),
      )
    const released = await receipt(true)
    expect(released.status).toBe('released')
    expect(await batchRow(released.batchId)).toMatchObject({
      releasedBy: actors.wholesalerOwner.user.id,
    })
    // Without a CoA nothing is released unseen.
    expect((await receipt(false)).status).toBe('quarantine')

    await setReceiptsReleased(actors.wholesalerOwner, { receiptsReleased: false }, db())
    expect((await receipt(true)).status).toBe('quarantine')
    await setReceiptsReleased(actors.wholesalerOwner, { receiptsReleased: true }, db())

    // A pharmacy always tests first, whatever is stored for it.
    await db()
      .update(organisations)
      .set({ receiptsReleased: true })
      .where(eq(organisations.id, actors.pharmacyOwner.organisation.id))
    expect((await pharmacyBatch({ grams: 1 })).status).toBe('quarantine')
    await expect(
      setReceiptsReleased(actors.pharmacyOwner, { receiptsReleased: true }, db()),
    ).rejects.toBeInstanceOf(ForbiddenError)
    await expect(
      setReceiptsReleased(actors.pharmacyStaff, { receiptsReleased: true }, db()),
    ).rejects.toBeInstanceOf(ForbiddenError)
  })

  it('records a club harvest of its own variety with a gap-free harvest number', async () => {
    const harvest = (overrides: Record<string, unknown> = {}) =>
      recordHarvest(
        actors.clubOwner,
        {
          organisationProductId: demoProductIds.clubListing,
          harvestDate: inDays(-3),
          quantity: 480 * gram,
          expiryDate: inDays(300),
          thcContent: 15.9,
          cbdContent: 0.2,
          coaFileId: null,
          ...overrides,
        },
        db(),
      )
    const [first, second] = await Promise.all([harvest(), harvest()])
    const year = inDays(-3).slice(0, 4)
    const numbers = [first?.batchNumber, second?.batchNumber].sort()
    expect(numbers[0]).toMatch(new RegExp(`^ER-${year}-\\d{5}$`))
    expect(Number(numbers[1]?.slice(-5)) - Number(numbers[0]?.slice(-5))).toBe(1)
    expect(await batchRow(first?.batchId as string)).toMatchObject({
      origin: 'harvest',
      status: 'quarantine',
      balance: 480_000,
      harvestDate: inDays(-3),
    })

    const future = await outcome(harvest({ harvestDate: inDays(2) }))
    expect(future.ok || (future.error as InvalidError).extra.errors).toHaveProperty('harvestDate')
    // Every harvest has a best-before date after its harvest day (§ 21 Abs. 2 Nr. 3 KCanG).
    for (const expiryDate of [null, '', inDays(-3), inDays(-4)]) {
      const refused = await outcome(harvest({ expiryDate }))
      if (refused.ok) throw new Error(`a harvest with best-before ${expiryDate} was recorded`)
      expect((refused.error as InvalidError).extra.errors?.expiryDate).toMatch(
        /Mindesthaltbarkeitsdatum/,
      )
    }
    // A harvest is weighed loose: its packs ("Auwald, 5 g") come from a filling, never a harvest.
    const [pack] = await db()
      .select({ id: organisationProducts.id })
      .from(organisationProducts)
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(
        and(
          eq(organisationProducts.organisationId, actors.clubOwner.organisation.id),
          eq(organisationProducts.salesUnit, 'pack'),
          eq(products.category, 'flower'),
        ),
      )
      .limit(1)
    if (!pack) throw new Error('the demo club has no filled pack')
    const intoPack = await outcome(harvest({ organisationProductId: pack.id }))
    expect(intoPack.ok || (intoPack.error as InvalidError).extra.errors).toHaveProperty(
      'organisationProductId',
    )
    // A club never receives cannabis from a supplier, and sellers record no harvests.
    await expect(
      receiveGoods(
        actors.clubOwner,
        {
          organisationProductId: demoProductIds.clubListing,
          supplierId: null,
          batchNumber: 'X-1',
          quantity: gram,
          expiryDate: inDays(100),
          thcContent: null,
          cbdContent: null,
          coaFileId: null,
        },
        db(),
      ),
    ).rejects.toBeInstanceOf(ForbiddenError)
    await expect(
      recordHarvest(
        actors.pharmacyOwner,
        {
          organisationProductId: demoProductIds.pharmacyLooseFlower,
          harvestDate: inDays(-1),
          quantity: gram,
          expiryDate: null,
          thcContent: null,
          cbdContent: null,
          coaFileId: null,
        },
        db(),
      ),
    ).rejects.toBeInstanceOf(ForbiddenError)
  })

  describe('authorisation', () => {
    it('lets only owner and staff of the batch owner act; others get 403 or 404', async () => {
      const { batchId } = await pharmacyBatch({ grams: 4 })
      const actions = {
        release: (actor: Actor) => releaseBatch(actor, { batchId, testNumber: 'P-9' }, db()),
        block: (actor: Actor) => blockBatch(actor, { batchId, reason: 'Test' }, db()),
        correct: (actor: Actor) =>
          correctStock(actor, { batchId, quantity: 100, reason: 'Test' }, db()),
        destroy: (actor: Actor) =>
          destroyStock(actor, { batchId, quantity: 100, reason: 'Test' }, db()),
        attach: async (actor: Actor) =>
          attachCertificate(
            actor,
            { batchId, coaFileId: '00000000-0000-4000-8000-000000000000' },
            db(),
          ),
      }
      for (const [name, action] of Object.entries(actions)) {
        for (const actor of [actors.admin, actors.shopCustomer, systemActor('job')]) {
          await expect(action(actor), `${name} by ${actor.kind}`).rejects.toBeInstanceOf(
            ForbiddenError,
          )
        }
        // Another organisation's batch does not exist for it.
        await expect(action(actors.wholesalerOwner), name).rejects.toBeInstanceOf(NotFoundError)
        await expect(action(actors.clubOwner), name).rejects.toBeInstanceOf(NotFoundError)
      }
      const receipt = {
        organisationProductId: demoProductIds.pharmacyLooseFlower,
        supplierId: null,
        batchNumber: nextBatchNumber(),
        quantity: gram,
        expiryDate: inDays(100),
        thcContent: null,
        cbdContent: null,
        coaFileId: null,
      }
      for (const actor of [actors.admin, actors.shopCustomer]) {
        await expect(receiveGoods(actor, receipt, db())).rejects.toBeInstanceOf(ForbiddenError)
      }
      // The wholesaler cannot book into the pharmacy's product.
      await expect(receiveGoods(actors.wholesalerOwner, receipt, db())).rejects.toBeInstanceOf(
        InvalidError,
      )
      // Nor use a certificate another organisation uploaded.
      const foreign = await outcome(
        receiveGoods(
          actors.pharmacyOwner,
          { ...receipt, coaFileId: await certificate(actors.wholesalerOwner) },
          db(),
        ),
      )
      expect(foreign.ok || (foreign.error as InvalidError).extra.errors).toHaveProperty('coaFileId')
      expect((await batchRow(batchId)).balance).toBe(4000)
    })

    it('refuses bad input with field errors and writes nothing', async () => {
      const before = await db().select({ id: batches.id }).from(batches)
      const bad = await outcome(
        receiveGoods(
          actors.pharmacyOwner,
          {
            organisationProductId: 'kein-produkt',
            batchNumber: '',
            quantity: 1.5,
            expiryDate: '2026-02-30',
            thcContent: -1,
            cbdContent: null,
            coaFileId: null,
            supplierId: null,
          },
          db(),
        ),
      )
      expect(bad.ok || bad.error).toBeInstanceOf(InvalidError)
      expect(
        Object.keys((bad.ok ? {} : (bad.error as InvalidError).extra.errors) ?? {}).sort(),
      ).toEqual(['batchNumber', 'expiryDate', 'organisationProductId', 'quantity', 'thcContent'])
      const expired = await outcome(
        receiveGoods(
          actors.pharmacyOwner,
          {
            organisationProductId: demoProductIds.pharmacyLooseFlower,
            supplierId: null,
            batchNumber: nextBatchNumber(),
            quantity: gram,
            expiryDate: inDays(-1),
            thcContent: null,
            cbdContent: null,
            coaFileId: null,
          },
          db(),
        ),
      )
      expect(expired.ok || (expired.error as InvalidError).extra.errors).toHaveProperty(
        'expiryDate',
      )
      expect(await db().select({ id: batches.id }).from(batches)).toHaveLength(before.length)
    })
  })
})

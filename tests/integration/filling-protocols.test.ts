import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillingProtocolListSearch } from '~/lib/filling-protocol-lists'
import { berlinIsoDate } from '~/lib/format'
import { type MemberQualification, pharmacistOnlyMessages } from '~/lib/organisation'
import { type Actor, type BusinessActor, visitorActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import type { Database } from '~/server/db/client.server'
import { users } from '~/server/db/schema'
import { demoIds, demoProductIds } from '~/server/db/seed.server'
import { demoClubTeamLogin } from '~/server/db/seed-fillings.server'
import { DomainError } from '~/server/errors.server'
import { storeFile } from '~/server/files/file-store.server'
import {
  addPreparationInstruction,
  listPreparationInstructions,
} from '~/server/filling-protocols/defektur.server'
import { fillingProtocolPdf } from '~/server/filling-protocols/filling-protocol-pdf.server'
import {
  cancelFillingProtocol,
  confirmFillingProtocol,
  recordFillingWeights,
  startFillingProtocol,
} from '~/server/filling-protocols/filling-protocol-transitions.server'
import {
  defekturDayCounts,
  fillingProtocols,
} from '~/server/filling-protocols/filling-protocols.schema'
import {
  getFillingPackChoice,
  getFillingProtocol,
  listFillingBulkBatches,
  listFillingProtocols,
} from '~/server/filling-protocols/filling-protocols.server'
import { organisationProducts, products } from '~/server/products/products.schema'
import { batches, stockMovements, stockReservations } from '~/server/stock/stock.schema'
import {
  blockBatch,
  correctBatchCannabinoids,
  destroyStock,
  receiveGoods,
  recordHarvest,
  releaseBatch,
} from '~/server/stock/stock.server'
import { getBatch } from '~/server/stock/stock-lists.server'
import { businessActorOf, demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { outcomeOf } from '../support/outcome'

const gram = 1000
const day = 86_400_000
const inDays = (days: number) => berlinIsoDate(new Date(Date.now() + days * day))

/** The service's refusal: status, message and field errors, or `ok`. */
async function refusalOf(work: Promise<unknown>) {
  try {
    await work
    return { status: 'ok' as const, message: '', errors: {} as Record<string, string> }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { status: error.status, message: error.message, errors: error.extra.errors ?? {} }
  }
}

interface Weighing {
  grossMg: number | null
  tareMg: number | null
  netMg?: number | null
  deviationReason: string
}

/** Units of `netMg` each in a jar of 11 g. */
const weighed = (nets: number[], reasons: Record<number, string> = {}): Weighing[] =>
  nets.map((net, index) => ({
    grossMg: 11_000 + net,
    tareMg: 11_000,
    deviationReason: reasons[index] ?? '',
  }))

let serial = 0

describe.each(testDatabaseKinds)('filling protocols on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  /** Dr. Clara Sonnberg (owner) fills; Ayla Kern (staff, the second pharmacist) checks. */
  let filler: BusinessActor
  let checker: BusinessActor
  let marketOwner: BusinessActor
  const db = (): Database => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    filler = actors.pharmacyOwner
    checker = await businessActorOf(db(), demoIds.userPharmacyPharmacist)
    marketOwner = await businessActorOf(db(), demoIds.userMarketPharmacyOwner)
    // Defektur fills by a written instruction (§ 8 ApBetRO): Nordstern gets its first version.
    await addPreparationInstruction(
      filler,
      {
        organisationProductId: demoProductIds.pharmacyLooseFlower,
        text: 'Nordstern lose in Dosen abfüllen, jede Dose wiegen.',
      },
      db(),
    )
  })
  afterAll(async () => {
    await database?.dispose()
  })

  /** A released bulk batch of Sonnen-Apotheke's loose Nordstern (through the stock services). */
  async function bulkBatch(
    grams: number,
    options: { release?: boolean; organisationProductId?: string } = {},
  ) {
    const coa = await storeFile(
      filler,
      'batch_certificate',
      Buffer.from(`%PDF-1.4\n% bulk ${++serial}\n%%EOF\n`),
      db(),
    )
    const received = await receiveGoods(
      filler,
      {
        organisationProductId: options.organisationProductId ?? demoProductIds.pharmacyLooseFlower,
        supplierId: null,
        batchNumber: `FILL-${kind}-${serial}`,
        quantity: grams * gram,
        expiryDate: inDays(180),
        thcContent: 21.7,
        cbdContent: 0.6,
        coaFileId: coa.id,
      },
      db(),
    )
    if (options.release !== false) {
      await releaseBatch(filler, { batchId: received.batchId, testNumber: `PR-T-${serial}` }, db())
    }
    return received.batchId
  }

  const start = (
    batchId: string,
    plan: { units?: number; targetMg?: number; toleranceBasisPoints?: number } = {},
    actor: Actor = filler,
  ) =>
    startFillingProtocol(
      actor,
      {
        bulkBatchId: batchId,
        unitCount: plan.units ?? 4,
        targetNetMg: plan.targetMg ?? 5 * gram,
        toleranceBasisPoints: plan.toleranceBasisPoints ?? 200,
        packListingId: null,
      },
      db(),
    )

  const record = (
    id: string,
    units: Weighing[],
    options: {
      withdrawnMg?: number | null
      lossReason?: string
      submit?: boolean
      checked?: boolean
    } = {},
    actor: Actor = filler,
  ) => {
    const nets = units.reduce((sum, unit) => sum + ((unit.grossMg ?? 0) - (unit.tareMg ?? 0)), 0)
    return recordFillingWeights(
      actor,
      id,
      {
        units,
        withdrawnMg: options.withdrawnMg === undefined ? nets : options.withdrawnMg,
        lossReason: options.lossReason ?? '',
        submit: options.submit ?? true,
        appearanceChecked: options.checked ?? true,
        labellingChecked: options.checked ?? true,
        checkNote: 'Aussehen und Etiketten geprüft.',
      },
      db(),
    )
  }

  /** A filling handed over for the check: four units of 5 g, 300 mg lost to dust. */
  async function submitted(batchId?: string) {
    const bulk = batchId ?? (await bulkBatch(50))
    const started = await start(bulk)
    await record(started.id, weighed([5010, 4995, 5020, 4990]), {
      withdrawnMg: 20_015 + 300,
      lossReason: 'Staub beim Umfüllen',
    })
    return { ...started, bulk }
  }

  const batchRow = async (id: string) => {
    const [row] = await db().select().from(batches).where(eq(batches.id, id))
    if (!row) throw new Error('batch missing')
    return row
  }
  const protocolRow = async (id: string) => {
    const [row] = await db().select().from(fillingProtocols).where(eq(fillingProtocols.id, id))
    if (!row) throw new Error('protocol missing')
    return row
  }
  const movementsOf = (protocolId: string) =>
    db()
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.sourceType, 'filling_protocol'),
          eq(stockMovements.sourceId, protocolId),
        ),
      )
  const ledgerSum = async (batchId: string) => {
    const [row] = await db()
      .select({ total: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.batchId, batchId))
    return Number(row?.total)
  }
  const filledBatchesOf = (bulkId: string) =>
    db().select().from(batches).where(eq(batches.filledFromBatchId, bulkId))

  it('starts a draft with one unweighed row per unit, numbered, audited, nothing booked', async () => {
    const bulk = await bulkBatch(40)
    expect((await listFillingBulkBatches(filler, db())).map((batch) => batch.batchId)).toContain(
      bulk,
    )
    const choice = await getFillingPackChoice(filler, bulk, 5 * gram, db())
    expect(choice.newProductName).toBe('Nordstern, 5 g')
    const started = await start(bulk, { units: 6 })
    expect(started.number).toMatch(/^AF-\d{4}-\d{5}$/)
    const protocol = await getFillingProtocol(filler, started.id, db())
    expect(protocol).toMatchObject({
      status: 'draft',
      unitCount: 6,
      targetNetMg: 5 * gram,
      toleranceBasisPoints: 200,
      pack: { listingId: null, productName: 'Nordstern, 5 g' },
      actions: { record: true, confirm: false, cancel: true },
    })
    expect(protocol.units.map((unit) => unit.netMg)).toEqual([null, null, null, null, null, null])
    expect((await batchRow(bulk)).balance).toBe(40 * gram)
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, started.id))
    expect(audit?.action).toBe('filling_protocol.started')
    // The colleague sees the draft but may not weigh it.
    const seen = await getFillingProtocol(checker, started.id, db())
    expect(seen.actions).toEqual({ record: false, confirm: false, cancel: true })
    expect(await outcomeOf(record(started.id, weighed([5000]), {}, checker))).toBe(403)
  })

  it('applies the tolerance: the boundary is within, beyond it a unit needs a reason', async () => {
    const bulk = await bulkBatch(40)
    const started = await start(bulk, { units: 3 })
    // ±2 % of 5 g is 100 mg: 5.100 g and 4.900 g are within, 5.101 g is not.
    const boundary = await refusalOf(record(started.id, weighed([5100, 4900, 5000])))
    expect(boundary.status).toBe('ok')

    const other = await start(bulk, { units: 3 })
    const beyond = await refusalOf(record(other.id, weighed([5101, 4899, 5000])))
    expect(beyond.status).toBe(400)
    expect(Object.keys(beyond.errors).sort()).toEqual([
      'units.0.deviationReason',
      'units.1.deviationReason',
    ])
    expect(beyond.errors['units.0.deviationReason']).toContain('±2 %')
    expect(
      await outcomeOf(
        record(
          other.id,
          weighed([5101, 4899, 5000], { 0: 'Blüte nicht teilbar', 1: 'Rest des Gebindes' }),
        ),
      ),
    ).toBe('ok')
    expect((await getFillingProtocol(filler, other.id, db())).units[0]?.deviationReason).toBe(
      'Blüte nicht teilbar',
    )

    // A tolerance of its own: ±0,5 % of 5 g is 25 mg.
    const strict = await start(bulk, { units: 2, toleranceBasisPoints: 50 })
    expect(await refusalOf(record(strict.id, weighed([5025, 4975])))).toMatchObject({
      status: 'ok',
    })
    const tight = await start(bulk, { units: 1, toleranceBasisPoints: 50 })
    expect((await refusalOf(record(tight.id, weighed([5026])))).errors).toHaveProperty(
      'units.0.deviationReason',
    )
    // Out of range tolerances never start.
    for (const toleranceBasisPoints of [0, 1001, 1.5]) {
      expect(await outcomeOf(start(bulk, { toleranceBasisPoints }))).toBe(400)
    }
  })

  it('computes and checks net = gross − tare, the withdrawal and the loss', async () => {
    const bulk = await bulkBatch(40)
    const started = await start(bulk, { units: 2 })
    const unit = (grossMg: number | null, tareMg: number | null, netMg?: number) => ({
      grossMg,
      tareMg,
      netMg,
      deviationReason: '',
    })
    const fields = async (work: Promise<unknown>) => Object.keys((await refusalOf(work)).errors)

    // A printed net that is not gross minus tare, a gross not above the tare, a missing tare.
    expect(
      await fields(
        recordFillingWeights(
          filler,
          started.id,
          {
            units: [unit(16_000, 11_000, 5001), unit(11_000, 11_000)],
            withdrawnMg: null,
            lossReason: '',
            submit: false,
          },
          db(),
        ),
      ),
    ).toEqual(['units.0.netMg', 'units.1.grossMg'])
    expect(
      await fields(
        recordFillingWeights(
          filler,
          started.id,
          {
            units: [unit(16_000, null), unit(null, null)],
            withdrawnMg: null,
            lossReason: '',
            submit: false,
          },
          db(),
        ),
      ),
    ).toEqual(['units.0.tareMg'])
    // A draft may be weighed in part; handed over, every unit and the withdrawal are needed.
    expect(
      await outcomeOf(
        recordFillingWeights(
          filler,
          started.id,
          {
            units: [unit(16_000, 11_000, 5000), unit(null, null)],
            withdrawnMg: null,
            lossReason: '',
            submit: false,
          },
          db(),
        ),
      ),
    ).toBe('ok')
    expect((await getFillingProtocol(filler, started.id, db())).units[0]?.netMg).toBe(5000)
    expect(
      await fields(
        recordFillingWeights(
          filler,
          started.id,
          {
            units: [unit(16_000, 11_000), unit(null, null)],
            withdrawnMg: null,
            lossReason: '',
            submit: true,
            appearanceChecked: true,
            labellingChecked: true,
          },
          db(),
        ),
      ),
    ).toEqual(['units.1.grossMg', 'withdrawnMg'])
    // Less taken out than the nets weigh is impossible; more needs the loss explained.
    expect(await fields(record(started.id, weighed([5000, 5000]), { withdrawnMg: 9_999 }))).toEqual(
      ['withdrawnMg'],
    )
    expect(
      await fields(record(started.id, weighed([5000, 5000]), { withdrawnMg: 10_250 })),
    ).toEqual(['lossReason'])
    // The wrong number of units is a stale page.
    expect(await outcomeOf(record(started.id, weighed([5000])))).toBe(409)
    expect((await protocolRow(started.id)).status).toBe('draft')

    await record(started.id, weighed([5000, 5000]), {
      withdrawnMg: 10_250,
      lossReason: 'Probenahme',
    })
    const protocol = await getFillingProtocol(filler, started.id, db())
    expect(protocol).toMatchObject({
      status: 'submitted',
      netTotalMg: 10_000,
      withdrawnMg: 10_250,
      lossMg: 250,
      lossReason: 'Probenahme',
    })
    // Handed over, the weights stand.
    expect(await outcomeOf(record(started.id, weighed([5000, 5000])))).toBe(409)
  })

  /** A new member of Sonnen-Apotheke with `qualification`, as a service sees them. */
  async function pharmacyMember(qualification: MemberQualification) {
    const [member] = await db()
      .insert(users)
      .values({
        organisationId: demoIds.pharmacy,
        username: `${qualification}-${kind}-${++serial}`,
        email: `${qualification}-${kind}-${serial}@sonnen-apotheke.example`,
        name: `Mitglied ${qualification}`,
        role: 'staff',
        qualification,
        passwordHash: 'not-a-login',
      })
      .returning({ id: users.id })
    return businessActorOf(db(), member?.id as string)
  }

  it('lets only a pharmacist of a pharmacy confirm a filling: PTA and PKA prepare (ApBetrO § 7)', async () => {
    const filling = await submitted()
    const pta = actors.pharmacyStaff
    expect(pta.user.qualification).toBe('pta')
    for (const preparer of [pta, await pharmacyMember('pka'), await pharmacyMember('other')]) {
      const refused = await refusalOf(confirmFillingProtocol(preparer, filling.id, db()))
      expect(refused).toMatchObject({
        status: 403,
        message: pharmacistOnlyMessages.fillingConfirmation,
      })
      const seen = await getFillingProtocol(preparer, filling.id, db())
      expect(seen.actions.confirm).toBe(false)
      expect(seen.fourEyesNote).toBe(pharmacistOnlyMessages.fillingConfirmation)
    }
    expect((await protocolRow(filling.id)).status).toBe('submitted')
    expect(await movementsOf(filling.id)).toEqual([])
    expect((await getFillingProtocol(checker, filling.id, db())).actions.confirm).toBe(true)
    await confirmFillingProtocol(checker, filling.id, db())
    expect((await protocolRow(filling.id)).status).toBe('confirmed')
  })

  it('lets only a pharmacist of a pharmacy release a batch from quarantine (ApBetrO §§ 7, 8)', async () => {
    const quarantined = await bulkBatch(10, { release: false })
    for (const preparer of [actors.pharmacyStaff, await pharmacyMember('pka')]) {
      const refused = await refusalOf(
        releaseBatch(preparer, { batchId: quarantined, testNumber: 'PR-T-PTA' }, db()),
      )
      expect(refused).toMatchObject({ status: 403, message: pharmacistOnlyMessages.batchRelease })
      const page = await getBatch(preparer, quarantined, db())
      expect(page.actions.release).toBe(false)
      expect(page.releaseNote).toBe(pharmacistOnlyMessages.batchRelease)
    }
    expect((await batchRow(quarantined)).status).toBe('quarantine')
    const page = await getBatch(checker, quarantined, db())
    expect(page).toMatchObject({ actions: { release: true }, releaseNote: null })
    await releaseBatch(checker, { batchId: quarantined, testNumber: 'PR-T-APO' }, db())
    expect(await batchRow(quarantined)).toMatchObject({
      status: 'released',
      releasedBy: checker.user.id,
      testNumber: 'PR-T-APO',
    })
  })

  it('confirms only by a second person of the organisation: never the one who filled', async () => {
    const filling = await submitted()
    const refused = await refusalOf(confirmFillingProtocol(filler, filling.id, db()))
    expect(refused.status).toBe(403)
    expect(refused.message).toContain('Vier-Augen-Prinzip')
    expect((await getFillingProtocol(filler, filling.id, db())).fourEyesNote).toContain(
      'zweite Person',
    )
    expect((await protocolRow(filling.id)).status).toBe('submitted')
    expect(await filledBatchesOf(filling.bulk)).toEqual([])
    // The database refuses it as well.
    const failure: unknown = await db()
      .update(fillingProtocols)
      .set({
        status: 'confirmed',
        confirmedBy: filler.user.id,
        confirmedAt: new Date(),
        filledBatchId: filling.bulk,
        packListingId: demoProductIds.pharmacyPackFlower,
      })
      .where(eq(fillingProtocols.id, filling.id))
      .then(
        () => null,
        (error: unknown) => error,
      )
    const messages: string[] = []
    for (let cause = failure; cause instanceof Error; cause = cause.cause) {
      messages.push(cause.message, String((cause as { constraint?: string }).constraint))
    }
    expect(messages.join(' ')).toContain('filling_protocols_four_eyes')
  })

  it('books the confirmation: nets and loss out of the bulk batch, the units into a new released batch', async () => {
    const filling = await submitted()
    const before = await batchRow(filling.bulk)
    // Until confirmed nothing is available: no product, no batch, the bulk batch untouched.
    expect(before.balance).toBe(50 * gram)
    expect(await filledBatchesOf(filling.bulk)).toEqual([])

    const confirmed = await confirmFillingProtocol(checker, filling.id, db())
    expect(confirmed.batchNumber).toBe(filling.number)

    const bulk = await batchRow(filling.bulk)
    expect(bulk.balance).toBe(50 * gram - 20_315)
    const movements = await movementsOf(filling.id)
    expect(
      movements.map((movement) => [movement.batchId, movement.kind, movement.quantity]).sort(),
    ).toEqual(
      [
        [filling.bulk, 'filling', -20_015],
        [filling.bulk, 'filling', -300],
        [confirmed.batchId, 'filling', 20_000],
      ].sort(),
    )
    expect(movements.find((movement) => movement.quantity === -300)?.reason).toContain(
      'Staub beim Umfüllen',
    )

    const filled = await batchRow(confirmed.batchId)
    expect(filled).toMatchObject({
      status: 'released',
      filledFromBatchId: filling.bulk,
      batchNumber: filling.number,
      balance: 4 * 5 * gram,
      expiryDate: bulk.expiryDate,
      thcContent: bulk.thcContent,
      cbdContent: bulk.cbdContent,
      coaFileId: bulk.coaFileId,
      testNumber: bulk.testNumber,
      origin: 'purchase',
      releasedBy: checker.user.id,
    })
    for (const id of [filling.bulk, confirmed.batchId]) {
      expect((await batchRow(id)).balance).toBe(await ledgerSum(id))
    }

    // The pack product "Nordstern, 5 g" was created: an own flower product, per pack of 5 g.
    const [pack] = await db()
      .select({ listing: organisationProducts, product: products })
      .from(organisationProducts)
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(eq(organisationProducts.id, filled.organisationProductId))
    expect(pack?.product).toMatchObject({
      name: 'Nordstern, 5 g',
      organisationId: demoIds.pharmacy,
      category: 'flower',
      cultivar: 'Nordstern',
      packBaseUnits: 5 * gram,
      packUnit: 'g',
    })
    expect(pack?.listing).toMatchObject({
      salesUnit: 'pack',
      baseUnitsPerSalesUnit: 5 * gram,
      visibleInShop: false,
      archivedAt: null,
    })

    const protocol = await getFillingProtocol(checker, filling.id, db())
    expect(protocol).toMatchObject({
      status: 'confirmed',
      confirmedByName: 'Ayla Kern',
      filledByName: 'Dr. Clara Sonnberg',
      filledBatch: { id: confirmed.batchId, batchNumber: filling.number },
      pack: { listingId: filled.organisationProductId, productName: 'Nordstern, 5 g' },
      actions: { record: false, confirm: false, cancel: false },
    })
    // The record keeps the bulk's THC/CBD as confirmed when the bulk's are corrected later.
    await correctBatchCannabinoids(
      checker,
      { batchId: filling.bulk, thcContent: 19.9, cbdContent: 0.2, reason: 'Nachmessung' },
      db(),
    )
    expect((await getFillingProtocol(checker, filling.id, db())).bulk).toMatchObject({
      thcContent: bulk.thcContent,
      cbdContent: bulk.cbdContent,
    })
    const actions = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        sql`${auditEvents.entityId} in (${filling.id}, ${confirmed.batchId}, ${filled.organisationProductId})`,
      )
    expect(actions.map((row) => row.action).sort()).toEqual(
      [
        'batch.filled',
        'filling_protocol.confirmed',
        'filling_protocol.started',
        'filling_protocol.submitted',
        'organisation_product.created',
      ].sort(),
    )

    // A second filling of the same variety and weight books into the same product.
    expect(
      (await getFillingPackChoice(filler, filling.bulk, 5 * gram, db())).newProductListed,
    ).toBe(true)
    const next = await submitted()
    const again = await confirmFillingProtocol(checker, next.id, db())
    expect((await batchRow(again.batchId)).organisationProductId).toBe(filled.organisationProductId)

    // Confirmed is final: no second confirmation, no cancellation, and the database keeps it.
    expect(await outcomeOf(confirmFillingProtocol(checker, filling.id, db()))).toBe(409)
    expect(
      await outcomeOf(cancelFillingProtocol(checker, filling.id, { reason: 'Versehen' }, db())),
    ).toBe(409)
    await expect(
      db()
        .update(fillingProtocols)
        .set({ lossReason: 'anders' })
        .where(eq(fillingProtocols.id, filling.id)),
    ).rejects.toThrow()
    await expect(
      db().delete(fillingProtocols).where(eq(fillingProtocols.id, filling.id)),
    ).rejects.toThrow()
  })

  it('books into a chosen pack listing of the same variety and weight', async () => {
    const bulk = await bulkBatch(30)
    // Küstennebel 10 g (per pack) is another variety: not offered, refused.
    expect(
      (await getFillingPackChoice(filler, bulk, 10 * gram, db())).listings.map(
        (listing) => listing.listingId,
      ),
    ).not.toContain(demoProductIds.pharmacyPackFlower)
    const refused = await refusalOf(
      startFillingProtocol(
        filler,
        {
          bulkBatchId: bulk,
          unitCount: 1,
          targetNetMg: 10 * gram,
          toleranceBasisPoints: 200,
          packListingId: demoProductIds.pharmacyPackFlower,
        },
        db(),
      ),
    )
    expect(refused.status).toBe(400)
    expect(refused.errors).toHaveProperty('packListingId')
  })

  it('fills only released, unexpired bulk flowers kept by the gram', async () => {
    const quarantined = await bulkBatch(20, { release: false })
    const blocked = await bulkBatch(20)
    await blockBatch(filler, { batchId: blocked, reason: 'Rückruf des Herstellers' }, db())
    const expired = await bulkBatch(20)
    await db()
      .update(batches)
      .set({ expiryDate: inDays(-1) })
      .where(eq(batches.id, expired))
    // A batch of sealed 10 g packs is no bulk container.
    const [packBatch] = await db()
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(
          eq(batches.organisationProductId, demoProductIds.pharmacyPackFlower),
          eq(batches.status, 'released'),
        ),
      )
    const offered = (await listFillingBulkBatches(filler, db())).map((batch) => batch.batchId)
    for (const batchId of [quarantined, blocked, expired, packBatch?.id as string]) {
      expect(offered).not.toContain(batchId)
      const refused = await refusalOf(start(batchId, { units: 1 }))
      expect(refused.status).toBe(409)
      expect(refused.errors).toHaveProperty('bulkBatchId')
    }
    expect((await refusalOf(start(quarantined, { units: 1 }))).message).toContain(
      'nicht freigegeben',
    )
    expect((await refusalOf(start(expired, { units: 1 }))).message).toContain('abgelaufen')

    // Blocked or expired after the hand-over: the check refuses, nothing is booked.
    const later = await submitted()
    await blockBatch(filler, { batchId: later.bulk, reason: 'Schimmel entdeckt' }, db())
    expect(await outcomeOf(confirmFillingProtocol(checker, later.id, db()))).toBe(409)
    const expiring = await submitted()
    await db()
      .update(batches)
      .set({ expiryDate: inDays(-1) })
      .where(eq(batches.id, expiring.bulk))
    const refused = await refusalOf(confirmFillingProtocol(checker, expiring.id, db()))
    expect(refused.status).toBe(409)
    expect(refused.message).toContain('abgelaufen')
    for (const filling of [later, expiring]) {
      expect(await movementsOf(filling.id)).toEqual([])
      expect((await protocolRow(filling.id)).status).toBe('submitted')
    }
  })

  it('never takes more than the bulk batch holds beyond its reservations', async () => {
    const bulk = await bulkBatch(12)
    // 3 × 5 g = 15 g > 12 g.
    const planned = await refusalOf(start(bulk, { units: 3 }))
    expect(planned.status).toBe(409)
    expect(planned.errors).toHaveProperty('unitCount')
    expect(planned.message).toMatch(/nur noch 12\sg verfügbar/)

    const started = await start(bulk, { units: 2 })
    // An order reserves 3 g: 9 g remain for the filling's 10.2 g.
    await db()
      .insert(stockReservations)
      .values({
        organisationId: demoIds.pharmacy,
        batchId: bulk,
        quantity: 3 * gram,
        sourceType: 'customer_order',
        sourceId: crypto.randomUUID(),
      })
    const handedOver = await refusalOf(
      record(started.id, weighed([5000, 5000]), { withdrawnMg: 10_200, lossReason: 'Staub' }),
    )
    expect(handedOver.status).toBe(409)
    expect(handedOver.errors).toHaveProperty('withdrawnMg')
    expect(handedOver.message).toMatch(/nur noch 9\sg verfügbar/)

    // Handed over while it fitted; then goods were destroyed: the check refuses, books nothing.
    const other = await submitted(await bulkBatch(21))
    await destroyStock(
      filler,
      { batchId: other.bulk, quantity: 1 * gram, reason: 'Beim Umfüllen verschüttet' },
      db(),
    )
    const refused = await refusalOf(confirmFillingProtocol(checker, other.id, db()))
    expect(refused.status).toBe(409)
    expect(refused.message).toMatch(/nur noch 20\sg verfügbar/)
    expect(await movementsOf(other.id)).toEqual([])
    expect((await batchRow(other.bulk)).balance).toBe(20 * gram)
  })

  it('books once when 50 confirmations of one filling arrive at once', {
    timeout: 120_000,
  }, async () => {
    const filling = await submitted()
    const [second] = await db()
      .insert(users)
      .values({
        organisationId: demoIds.pharmacy,
        username: `pruefung-${kind}`,
        email: `pruefung-${kind}@sonnen-apotheke.example`,
        name: 'Pia Prüfer',
        role: 'staff',
        qualification: 'pharmacist',
        passwordHash: 'not-a-login',
      })
      .returning({ id: users.id })
    const checkers = [checker, await businessActorOf(db(), second?.id as string)]
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        outcomeOf(confirmFillingProtocol(checkers[index % 2] as BusinessActor, filling.id, db())),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(49)
    const filled = await filledBatchesOf(filling.bulk)
    expect(filled).toHaveLength(1)
    expect(filled[0]?.balance).toBe(20 * gram)
    expect(await movementsOf(filling.id)).toHaveLength(3)
    const bulk = await batchRow(filling.bulk)
    expect(bulk.balance).toBe(50 * gram - 20_315)
    expect(bulk.balance).toBe(await ledgerSum(filling.bulk))
    const confirmations = await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, filling.id),
          eq(auditEvents.action, 'filling_protocol.confirmed'),
        ),
      )
    expect(confirmations).toHaveLength(1)
  })

  /** Starts the day's count of Nordstern afresh: the other tests hand over Nordstern too. */
  const resetDayCount = () =>
    db()
      .delete(defekturDayCounts)
      .where(eq(defekturDayCounts.organisationProductId, demoProductIds.pharmacyLooseFlower))
  const dayCount = async () => {
    const [row] = await db()
      .select({ packs: defekturDayCounts.packs })
      .from(defekturDayCounts)
      .where(eq(defekturDayCounts.organisationProductId, demoProductIds.pharmacyLooseFlower))
    return row?.packs ?? 0
  }

  it('starts a pharmacy filling only by a current preparation instruction, and keeps its version', async () => {
    const listing = (await listPreparationInstructions(filler, db())).find(
      (product) => product.versions.length === 0,
    )
    if (!listing) throw new Error('the demo has no loose flower without an instruction')
    const bulk = await bulkBatch(30, { organisationProductId: listing.organisationProductId })
    const refused = await refusalOf(start(bulk))
    expect(refused.status).toBe(409)
    expect(refused.errors.bulkBatchId).toMatch(/keine Herstellungsanweisung/)
    expect(
      await outcomeOf(
        addPreparationInstruction(
          filler,
          { organisationProductId: listing.organisationProductId, text: '  ' },
          db(),
        ),
      ),
    ).toBe(400)
    const first = await addPreparationInstruction(
      checker,
      { organisationProductId: listing.organisationProductId, text: 'Version eins' },
      db(),
    )
    expect(first.version).toBe(1)
    const before = await start(bulk)
    const second = await addPreparationInstruction(
      filler,
      { organisationProductId: listing.organisationProductId, text: 'Version zwei' },
      db(),
    )
    expect(second.version).toBe(2)
    const after = await start(bulk)
    expect((await getFillingProtocol(filler, before.id, db())).instruction).toMatchObject({
      version: 1,
      text: 'Version eins',
    })
    expect((await getFillingProtocol(filler, after.id, db())).instruction?.version).toBe(2)
    const versions = (await listPreparationInstructions(filler, db())).find(
      (product) => product.organisationProductId === listing.organisationProductId,
    )?.versions
    expect(versions?.map((version) => version.version)).toEqual([2, 1])
    // A version is a record: the database refuses to change it.
    await expect(
      db().execute(sql`update preparation_instructions set text = 'x' where id = ${first.id}`),
    ).rejects.toThrow()
    // Another organisation's product is not found.
    expect(
      await outcomeOf(
        addPreparationInstruction(
          marketOwner,
          { organisationProductId: listing.organisationProductId, text: 'fremd' },
          db(),
        ),
      ),
    ).toBe(404)
  })

  it('hands over with the test record: appearance and labelling checked', async () => {
    const started = await start(await bulkBatch(20), { units: 1 })
    const refused = await refusalOf(record(started.id, weighed([5000]), { checked: false }))
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.errors).sort()).toEqual(['appearanceChecked', 'labellingChecked'])
    await record(started.id, weighed([5000]))
    expect((await getFillingProtocol(filler, started.id, db())).testRecord).toEqual({
      appearanceChecked: true,
      labellingChecked: true,
      note: 'Aussehen und Etiketten geprüft.',
    })
  })

  it('counts at most 100 pre-filled packs of a product a day, and frees a cancelled one', async () => {
    await resetDayCount()
    const bulk = await bulkBatch(100)
    // A plan beyond the day's packs is refused before anyone weighs.
    const tooMany = await refusalOf(start(bulk, { units: 101, targetMg: 500 }))
    expect(tooMany.status).toBe(409)
    expect(tooMany.errors.unitCount).toMatch(/heute nur noch 100 Packungen/)
    const ninety = await start(bulk, { units: 90, targetMg: 500 })
    // Started while the day still had room; counted only at its hand-over.
    const eleven = await start(bulk, { units: 11, targetMg: 500 })
    await record(ninety.id, weighed(Array.from({ length: 90 }, () => 500)))
    const lateStart = await refusalOf(start(bulk, { units: 11, targetMg: 500 }))
    expect(lateStart.errors.unitCount).toMatch(
      /heute nur noch 10 Packungen.*dieses Protokoll hat 11/,
    )
    const refused = await refusalOf(
      record(eleven.id, weighed(Array.from({ length: 11 }, () => 500))),
    )
    expect(refused.status).toBe(409)
    expect(refused.message).toMatch(/heute nur noch 10 Packungen.*dieses Protokoll hat 11/)
    expect((await getFillingProtocol(filler, eleven.id, db())).status).toBe('draft')
    expect(await dayCount()).toBe(90)
    await cancelFillingProtocol(filler, ninety.id, { reason: 'Dosen undicht' }, db())
    expect(await dayCount()).toBe(0)
    await record(eleven.id, weighed(Array.from({ length: 11 }, () => 500)))
    expect(await dayCount()).toBe(11)
    await resetDayCount()
  })

  it('never counts more than 100 packs a day when 50 hand-overs arrive at once', {
    timeout: 180_000,
  }, async () => {
    await resetDayCount()
    const bulk = await bulkBatch(20)
    const drafts = []
    for (let index = 0; index < 50; index++) {
      drafts.push(await start(bulk, { units: 3, targetMg: 100, toleranceBasisPoints: 1000 }))
    }
    const outcomes = await Promise.all(
      drafts.map((draft) => outcomeOf(record(draft.id, weighed([100, 100, 100])))),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(33)
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(17)
    expect(await dayCount()).toBe(99)
    const handedOver = await db()
      .select({ units: sql<number>`coalesce(sum(${fillingProtocols.unitCount}), 0)::int` })
      .from(fillingProtocols)
      .where(and(eq(fillingProtocols.bulkBatchId, bulk), eq(fillingProtocols.status, 'submitted')))
    expect(Number(handedOver[0]?.units)).toBe(99)
    const refusedDraft = drafts[outcomes.indexOf(409)]
    const again = await refusalOf(record(refusedDraft?.id as string, weighed([100, 100, 100])))
    expect(again.message).toMatch(/darf heute nur noch 1 Packung abgefüllt werden/)
    await resetDayCount()
  })

  it('cancels an open filling with a reason and books nothing', async () => {
    const draft = await start(await bulkBatch(20), { units: 1 })
    expect(await outcomeOf(cancelFillingProtocol(checker, draft.id, { reason: '' }, db()))).toBe(
      400,
    )
    await cancelFillingProtocol(checker, draft.id, { reason: 'Falsche Charge gewählt' }, db())
    const filling = await submitted()
    await cancelFillingProtocol(filler, filling.id, { reason: 'Gebinde beschädigt' }, db())
    for (const id of [draft.id, filling.id]) {
      const protocol = await getFillingProtocol(filler, id, db())
      expect(protocol.status).toBe('cancelled')
      expect(protocol.actions).toEqual({ record: false, confirm: false, cancel: false })
      expect(await movementsOf(id)).toEqual([])
    }
    expect((await getFillingProtocol(filler, draft.id, db())).cancelReason).toBe(
      'Falsche Charge gewählt',
    )
    expect(await outcomeOf(confirmFillingProtocol(checker, filling.id, db()))).toBe(409)
    expect(await outcomeOf(record(draft.id, weighed([5000])))).toBe(409)
    expect(
      await outcomeOf(cancelFillingProtocol(checker, draft.id, { reason: 'nochmal' }, db())),
    ).toBe(409)
    expect((await batchRow(filling.bulk)).balance).toBe(50 * gram)
  })

  it("keeps each organisation's fillings to itself", async () => {
    const filling = await submitted()
    for (const stranger of [actors.clubOwner, marketOwner]) {
      expect(await outcomeOf(getFillingProtocol(stranger, filling.id, db()))).toBe(404)
      expect(await outcomeOf(confirmFillingProtocol(stranger, filling.id, db()))).toBe(404)
      expect(
        await outcomeOf(cancelFillingProtocol(stranger, filling.id, { reason: 'fremd' }, db())),
      ).toBe(404)
      expect(await outcomeOf(record(filling.id, weighed([5000]), {}, stranger))).toBe(404)
      expect(await outcomeOf(start(filling.bulk, { units: 1 }, stranger))).toBe(404)
      expect(await outcomeOf(getFillingPackChoice(stranger, filling.bulk, 5000, db()))).toBe(404)
      const list = await listFillingProtocols(stranger, fillingProtocolListSearch.parse({}), db())
      expect(list.items.map((row) => row.id)).not.toContain(filling.id)
      expect(
        (await listFillingBulkBatches(stranger, db())).map((batch) => batch.batchId),
      ).not.toContain(filling.bulk)
    }
    expect(await outcomeOf(fillingProtocolPdf(marketOwner, filling.id, db()))).toBe(404)
    expect((await protocolRow(filling.id)).status).toBe('submitted')
  })

  it('lets only owner and staff of pharmacies and clubs work with fillings', async () => {
    const filling = await submitted()
    const callers: Record<string, Actor> = {
      pharmacyOwner: filler,
      pharmacyStaff: checker,
      clubOwner: actors.clubOwner,
      admin: actors.admin,
      wholesalerOwner: actors.wholesalerOwner,
      shopCustomer: actors.shopCustomer,
      anonymous: visitorActor(),
    }
    const results: Record<string, Record<string, 'ok' | number>> = {}
    for (const [name, caller] of Object.entries(callers)) {
      results[name] = {
        list: await outcomeOf(
          listFillingProtocols(caller, fillingProtocolListSearch.parse({}), db()),
        ),
        bulk: await outcomeOf(listFillingBulkBatches(caller, db())),
        detail: await outcomeOf(getFillingProtocol(caller, filling.id, db())),
        start: await outcomeOf(start(filling.bulk, { units: 1 }, caller)),
      }
    }
    expect(results).toEqual({
      pharmacyOwner: { list: 'ok', bulk: 'ok', detail: 'ok', start: 'ok' },
      pharmacyStaff: { list: 'ok', bulk: 'ok', detail: 'ok', start: 'ok' },
      clubOwner: { list: 'ok', bulk: 'ok', detail: 404, start: 404 },
      admin: { list: 403, bulk: 403, detail: 403, start: 403 },
      wholesalerOwner: { list: 403, bulk: 403, detail: 403, start: 403 },
      shopCustomer: { list: 403, bulk: 403, detail: 403, start: 403 },
      anonymous: { list: 403, bulk: 403, detail: 403, start: 403 },
    })
    for (const caller of [actors.admin, actors.wholesalerOwner, actors.shopCustomer]) {
      expect(await outcomeOf(confirmFillingProtocol(caller, filling.id, db()))).toBe(403)
    }
  })

  it('fills a club harvest into units that keep the harvest and its measured contents', async () => {
    const club = actors.clubOwner
    const team = await businessActorOf(db(), demoClubTeamLogin.id)
    const report = await storeFile(
      club,
      'batch_certificate',
      Buffer.from(`%PDF-1.4\n% harvest ${++serial}\n%%EOF\n`),
      db(),
    )
    const received = await recordHarvest(
      club,
      {
        organisationProductId: demoProductIds.clubListing,
        harvestDate: inDays(-10),
        quantity: 100 * gram,
        expiryDate: inDays(300),
        thcContent: 15.2,
        cbdContent: 0.3,
        coaFileId: report.id,
      },
      db(),
    )
    await releaseBatch(club, { batchId: received.batchId, testNumber: 'LAB-T-1' }, db())
    const started = await start(received.batchId, { units: 2, targetMg: 2500 }, club)
    await record(started.id, weighed([2510, 2490]), {}, club)
    const confirmed = await confirmFillingProtocol(team, started.id, db())
    const filled = await batchRow(confirmed.batchId)
    expect(filled).toMatchObject({
      origin: 'harvest',
      harvestDate: inDays(-10),
      expiryDate: inDays(300),
      thcContent: 15.2,
      cbdContent: 0.3,
      balance: 5 * gram,
      status: 'released',
    })
    expect((await getFillingProtocol(club, started.id, db())).pack.productName).toBe(
      'Auwald, 2,5 g',
    )
  })

  it('has the demo fillings: confirmed ones, and one waiting for its second check', async () => {
    const listed = async (status: 'submitted' | 'confirmed', q: string) =>
      (await listFillingProtocols(filler, fillingProtocolListSearch.parse({ status, q }), db()))
        .items
    // The tests above leave fillings of their own; the demo's are found by their products.
    const lavendeltal = (await listed('submitted', 'Lavendeltal')).filter(
      (row) => row.packProductName === 'Lavendeltal, 10 g',
    )
    expect(lavendeltal.map((row) => row.filledByName)).toEqual(['Dr. Clara Sonnberg'])
    const waiting = await getFillingProtocol(checker, lavendeltal[0]?.id as string, db())
    expect(waiting.actions.confirm).toBe(true)
    expect(waiting.instruction?.version).toBe(1)
    // Newest first: today's demo filling before the generated year of Salbeistern fillings.
    const salbeistern = (await listed('confirmed', 'Salbeistern')).find(
      (row) => row.packProductName === 'Salbeistern, 5 g',
    )
    expect(salbeistern?.filledByName).toBe('Dr. Clara Sonnberg')
    const confirmed = await getFillingProtocol(filler, salbeistern?.id as string, db())
    expect(confirmed.confirmedByName).toBe('Ayla Kern')
    // Filled by the newest of the instruction's two versions, and checked before the hand-over.
    expect(confirmed.instruction?.version).toBe(2)
    expect(confirmed.testRecord).toMatchObject({ appearanceChecked: true, labellingChecked: true })
    expect(confirmed.units.some((unit) => unit.deviationReason)).toBe(true)
    expect(confirmed.lossMg).toBeGreaterThan(0)
    const club = await listFillingProtocols(
      actors.clubOwner,
      fillingProtocolListSearch.parse({ status: 'confirmed' }),
      db(),
    )
    expect(club.items.map((row) => row.packProductName)).toContain('Auwald, 5 g')

    const pdf = await fillingProtocolPdf(checker, confirmed.id, db())
    expect(pdf.fileName).toBe(`abfuellprotokoll-${confirmed.number}.pdf`)
    expect(Buffer.from(pdf.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })
})

import { and, eq, sql } from 'drizzle-orm'
import {
  cancelFillingSchema,
  fillingMovementReasons,
  fillingTotals,
  fillingWeightProblems,
  fourEyesMessage,
  netOf,
  recordFillingSchema,
  startFillingSchema,
} from '../../lib/filling-protocols'
import { berlinIsoDate, formatQuantity } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { customProductSchema, offerSchema } from '../../lib/product-schemas'
import { formatPackSize } from '../../lib/products'
import type { Actor, BusinessActor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { berlinYear, takeDocumentNumber } from '../counters/counters.server'
import type { Database, Executor } from '../db/client.server'
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  parseInput,
} from '../errors.server'
import { requirePharmacistFor } from '../organisations/pharmacist-steps.server'
import { insertOwnListing } from '../products/organisation-products.server'
import { productFactsOf } from '../products/product-facts.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches } from '../stock/stock.schema'
import {
  appendMovement,
  type LockedBatch,
  lockBatch,
  notEnoughStockMessage,
  reservedByBatch,
  unsellableReason,
  withdrawFromBatch,
} from '../stock/stock-ledger.server'
import { batchAudit } from '../stock/stock-receipts.server'
import {
  countDefekturPacks,
  defekturStartInstruction,
  isDefektur,
  releaseDefekturPacks,
} from './defektur.server'
import { fillingProtocols, fillingUnits } from './filling-protocols.schema'
import {
  fillingProtocolNotFoundMessage,
  packListingsFor,
  packProductNameOf,
  readBulk,
  requireFillingClerk,
  unitsOf,
  varietyOf,
} from './filling-protocols.server'

/**
 * Filling (Abfüllung) for pharmacies and clubs: a released, unexpired bulk batch of flowers kept
 * by the gram is repackaged into units of a target net weight. The person filling starts the
 * protocol, weighs every unit and hands it over; a second person of the organisation confirms,
 * and only that books stock — in one transaction, with the bulk batch locked: `filling`
 * movements out of the bulk batch (the nets, and the loss with its reason) and into a new,
 * released batch of the pack product (ADR 045). A pharmacy's filling is Defektur: it starts by
 * the product's current preparation instruction and its hand-over counts against the day's 100
 * packs (ADR 064, `defektur.server.ts`). What reads fillings is in
 * `filling-protocols.server.ts`. Owner and staff only; every query is scoped by the organisation.
 */

/** A movement's `source_type` for what a filling protocol books. */
export const fillingSourceType = 'filling_protocol'

const fillingAudit = {
  entityType: 'filling_protocol',
  started: 'filling_protocol.started',
  weighed: 'filling_protocol.weighed',
  submitted: 'filling_protocol.submitted',
  confirmed: 'filling_protocol.confirmed',
  cancelled: 'filling_protocol.cancelled',
  /** On the new batch of the pack product. */
  batchFilled: 'batch.filled',
} as const

// ─── The bulk batch ──────────────────────────────────────────────────────────────────────────

type ProtocolRow = typeof fillingProtocols.$inferSelect

interface BulkFacts {
  product: typeof products.$inferSelect
  listing: typeof organisationProducts.$inferSelect
}

/**
 * Why units may not be filled from this batch now, or null: it must be released and unexpired
 * (as for every sale), flowers kept loose by the gram (the bulk container), and not itself filled.
 */
function bulkRefusal(batch: LockedBatch, facts: BulkFacts, today: string): string | null {
  const unsellable = unsellableReason(batch, today)
  if (unsellable) return unsellable
  if (
    facts.product.category !== 'flower' ||
    facts.product.packUnit !== 'g' ||
    facts.listing.salesUnit !== 'gram'
  ) {
    return `Charge ${batch.batchNumber} ist keine lose Blütenware: Abgefüllt werden Blüten aus dem Großgebinde, die nach Gramm geführt werden.`
  }
  if (batch.filledFromBatchId) {
    return `Charge ${batch.batchNumber} ist bereits abgefüllt: Abgefüllte Einheiten werden nicht erneut abgefüllt.`
  }
  return null
}

/**
 * What the batch of filled units takes over from its bulk batch: origin, dates, measured
 * contents, certificate and test number — released, and referring to the bulk batch.
 */
export const filledBatchFacts = (
  bulk: Pick<
    typeof batches.$inferInsert,
    | 'origin'
    | 'expiryDate'
    | 'harvestDate'
    | 'thcContent'
    | 'cbdContent'
    | 'coaFileId'
    | 'testNumber'
  > & { id: string },
) => ({
  origin: bulk.origin,
  expiryDate: bulk.expiryDate,
  harvestDate: bulk.harvestDate,
  thcContent: bulk.thcContent,
  cbdContent: bulk.cbdContent,
  coaFileId: bulk.coaFileId,
  testNumber: bulk.testNumber,
  status: 'released' as const,
  filledFromBatchId: bulk.id,
})

async function bulkFactsOf(executor: Executor, organisationProductId: string): Promise<BulkFacts> {
  const [row] = await executor
    .select({ product: products, listing: organisationProducts })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(eq(organisationProducts.id, organisationProductId))
  if (!row) throw new Error('the batch has no product')
  return row
}

/** What no reservation holds of a batch (balance − active reservations). */
async function availableOf(executor: Executor, batch: LockedBatch): Promise<number> {
  const reserved = (await reservedByBatch(executor, [batch.id])).get(batch.id) ?? 0
  return batch.balance - reserved
}

// ─── The pack product ────────────────────────────────────────────────────────────────────────

/**
 * The listing a confirmation books into when none was chosen: the organisation's own
 * "<Sorte>, <Sollgewicht>" if an earlier filling created it, otherwise created now — an own flower
 * product with the bulk product's facts, sold per pack of the target weight at the bulk's gram
 * price, not in the shop. An advisory lock on its name keeps two confirmations from creating it
 * twice.
 */
async function ensurePackListing(
  tx: Executor,
  business: BusinessActor,
  bulk: BulkFacts,
  protocol: ProtocolRow,
): Promise<string> {
  const organisationId = business.organisation.id
  const name = protocol.packProductName
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`filling-pack:${organisationId}:${name}`}, 0))`,
  )
  const variety = varietyOf(bulk.product)
  const existing = (await packListingsFor(tx, organisationId, variety, protocol.targetNetMg)).find(
    (row) => row.productOrganisationId === organisationId && row.productName === name,
  )
  if (existing) return existing.listingId
  const grams = formatPackSize(protocol.targetNetMg, 'g')
  const facts = customProductSchema.parse({
    ...productFactsOf(bulk.product),
    pzn: null,
    name,
    manufacturer: business.organisation.name,
    brand: null,
    cultivar: variety,
    packSize: protocol.targetNetMg / 1000,
    packUnit: 'g',
    description: `${bulk.product.name}, abgefüllt in Einheiten zu ${grams} (Abfüllprotokoll ${protocol.number}). THC- und CBD-Gehalt: Messwerte der jeweiligen Charge.`,
  })
  const offer = offerSchema.parse({
    salesUnit: 'pack',
    priceCents: Math.round(
      (bulk.listing.priceCents * protocol.targetNetMg) / bulk.listing.baseUnitsPerSalesUnit,
    ),
    vatRate: bulk.listing.vatRate,
    visibleInShop: false,
    orderStep: 1,
    minOrderQuantity: null,
    maxOrderQuantity: null,
    lowStockThreshold: null,
    targetStock: null,
  })
  return (await insertOwnListing(tx, business, facts, offer)).id
}

// ─── Starting ────────────────────────────────────────────────────────────────────────────────

const notEnoughForPlanMessage = (batch: LockedBatch, available: number, needed: number) =>
  `${notEnoughStockMessage(batch, available)} Für diese Abfüllung braucht es mindestens ${formatQuantity(needed, 'mg')}.`

/**
 * Starts a filling of a bulk batch: `unitCount` units of `targetNetMg`, within the tolerance, into
 * the chosen pack listing or a new "<Sorte>, <Sollgewicht>". The batch must be fillable and hold
 * at least the planned nets beyond its reservations. Nothing is booked yet; the protocol is a
 * draft with one unweighed row per unit.
 */
export async function startFillingProtocol(
  actor: Actor,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<{ id: string; number: string }> {
  const business = requireFillingClerk(actor)
  const organisationId = business.organisation.id
  const data = parseInput(startFillingSchema, input)
  return db.transaction(async (tx) => {
    const { batch, facts } = await readBulk(tx, organisationId, data.bulkBatchId)
    const refusal = bulkRefusal(batch, facts, berlinIsoDate(now))
    if (refusal) throw new ConflictError(refusal, { bulkBatchId: refusal })
    const instruction = isDefektur(business)
      ? await defekturStartInstruction(tx, organisationId, facts, data.unitCount, now)
      : undefined
    const available = await availableOf(tx, batch)
    const needed = data.unitCount * data.targetNetMg
    if (needed > available) {
      const message = notEnoughForPlanMessage(batch, available, needed)
      throw new ConflictError(message, { unitCount: message })
    }
    let packProductName = packProductNameOf(facts.product, data.targetNetMg)
    if (data.packListingId) {
      const [pack] = await packListingsFor(
        tx,
        organisationId,
        varietyOf(facts.product),
        data.targetNetMg,
        data.packListingId,
      )
      if (!pack) {
        throw new InvalidError({
          packListingId: `Dieses Produkt passt nicht: Abgefüllt wird in ein Produkt derselben Sorte, das je Packung zu ${formatQuantity(data.targetNetMg, 'mg')} verkauft wird.`,
        })
      }
      packProductName = pack.productName
    }
    const year = berlinYear(now)
    const number = await takeDocumentNumber(tx, organisationId, 'filling', year)
    const record = {
      number,
      bulkBatchId: batch.id,
      bulkProductName: facts.product.name,
      bulkBatchNumber: batch.batchNumber,
      packListingId: data.packListingId,
      packProductName,
      unitCount: data.unitCount,
      targetNetMg: data.targetNetMg,
      toleranceBasisPoints: data.toleranceBasisPoints,
      instructionId: instruction?.id ?? null,
    }
    const [protocol] = await tx
      .insert(fillingProtocols)
      .values({
        ...record,
        organisationId,
        filledBy: business.user.id,
        startedAt: now,
      })
      .returning({ id: fillingProtocols.id })
    if (!protocol) throw new Error('filling protocol was not inserted')
    await tx.insert(fillingUnits).values(
      Array.from({ length: data.unitCount }, (_, index) => ({
        organisationId,
        protocolId: protocol.id,
        position: index + 1,
      })),
    )
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(business),
      requestId: business.requestId,
      action: fillingAudit.started,
      entity: { type: fillingAudit.entityType, id: protocol.id },
      after: { ...record, status: 'draft' },
    })
    return { id: protocol.id, number }
  })
}

// ─── Weighing ────────────────────────────────────────────────────────────────────────────────

/** The protocol of the organisation, locked until the transaction ends; 404 for anyone else's. */
async function lockProtocol(tx: Executor, organisationId: string, id: string) {
  if (!isUuid(id)) throw new NotFoundError(fillingProtocolNotFoundMessage)
  const [row] = await tx
    .select()
    .from(fillingProtocols)
    .where(and(eq(fillingProtocols.id, id), eq(fillingProtocols.organisationId, organisationId)))
    .for('update')
  if (!row) throw new NotFoundError(fillingProtocolNotFoundMessage)
  return row
}

const stateMessages: Record<ProtocolRow['status'], (number: string) => string> = {
  draft: (number) => `Abfüllung ${number} ist noch nicht zur Prüfung übergeben.`,
  submitted: (number) => `Abfüllung ${number} ist zur Prüfung übergeben: Die Gewichte stehen fest.`,
  confirmed: (number) => `Abfüllung ${number} ist bereits bestätigt.`,
  cancelled: (number) => `Abfüllung ${number} ist storniert.`,
}

/**
 * Saves the weights of a draft as they are, or hands it over for the check (`submit`): then
 * every unit is weighed, the withdrawal given and a loss explained, and the bulk batch must still
 * hold the withdrawal beyond its reservations. Only the person filling weighs; units outside the
 * tolerance need a reason; net is gross minus tare, computed here.
 */
export async function recordFillingWeights(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<void> {
  const business = requireFillingClerk(actor)
  const organisationId = business.organisation.id
  const data = parseInput(recordFillingSchema, input)
  await db.transaction(async (tx) => {
    const protocol = await lockProtocol(tx, organisationId, id)
    if (protocol.status !== 'draft') {
      throw new ConflictError(stateMessages[protocol.status](protocol.number))
    }
    if (protocol.filledBy !== business.user.id) {
      throw new ForbiddenError(
        'Die Gewichte erfasst und übergibt die Person, die die Abfüllung begonnen hat.',
      )
    }
    if (data.units.length !== protocol.unitCount) {
      throw new ConflictError(
        `Das Protokoll hat ${protocol.unitCount} Einheiten; bitte lade die Seite neu.`,
      )
    }
    const problems = fillingWeightProblems(protocol, data)
    if (Object.keys(problems).length > 0) throw new InvalidError(problems)
    const units = data.units.map((unit, index) => ({
      organisationId,
      protocolId: protocol.id,
      position: index + 1,
      grossMg: unit.grossMg,
      tareMg: unit.tareMg,
      netMg: netOf(unit),
      deviationReason: unit.deviationReason || null,
    }))
    const totals = fillingTotals(units, data.withdrawnMg)
    if (data.submit) {
      // Before the check: the bulk batch still holds what was taken (no lock, the confirmation
      // checks again under it).
      const { batch, facts } = await readBulk(tx, organisationId, protocol.bulkBatchId)
      const refusal = bulkRefusal(batch, facts, berlinIsoDate(now))
      if (refusal) throw new ConflictError(refusal)
      const available = await availableOf(tx, batch)
      if ((data.withdrawnMg as number) > available) {
        const message = notEnoughStockMessage(batch, available)
        throw new ConflictError(message, { withdrawnMg: message })
      }
      // Defektur: the handed-over units count against the product's day (§ 21 AMG).
      if (isDefektur(business)) {
        await countDefekturPacks(
          tx,
          {
            organisationId,
            organisationProductId: batch.organisationProductId,
            day: berlinIsoDate(now),
          },
          protocol.unitCount,
          protocol.bulkProductName,
        )
      }
    }
    await tx.delete(fillingUnits).where(eq(fillingUnits.protocolId, protocol.id))
    await tx.insert(fillingUnits).values(units)
    const lossReason = totals.lossMg ? data.lossReason || null : null
    await tx
      .update(fillingProtocols)
      .set({
        withdrawnMg: data.withdrawnMg,
        lossReason,
        appearanceChecked: data.appearanceChecked,
        labellingChecked: data.labellingChecked,
        checkNote: data.checkNote || null,
        ...(data.submit ? { status: 'submitted' as const, submittedAt: now } : {}),
      })
      .where(eq(fillingProtocols.id, protocol.id))
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(business),
      requestId: business.requestId,
      action: data.submit ? fillingAudit.submitted : fillingAudit.weighed,
      entity: { type: fillingAudit.entityType, id: protocol.id },
      before: data.submit ? { number: protocol.number, status: 'draft' } : null,
      after: {
        number: protocol.number,
        status: data.submit ? 'submitted' : 'draft',
        weighedUnits: totals.weighedUnits,
        netTotalMg: totals.netTotalMg,
        withdrawnMg: data.withdrawnMg,
        lossMg: totals.lossMg,
        lossReason,
        deviations: units.filter((unit) => unit.deviationReason).length,
        appearanceChecked: data.appearanceChecked,
        labellingChecked: data.labellingChecked,
        checkNote: data.checkNote || null,
      },
    })
  })
}

// ─── The check (four eyes) ───────────────────────────────────────────────────────────────────

/** Refuses what may not be confirmed: another state (409), or the person who filled (403). */
function checkConfirmable(protocol: ProtocolRow, business: BusinessActor) {
  if (protocol.status !== 'submitted') {
    throw new ConflictError(stateMessages[protocol.status](protocol.number))
  }
  if (protocol.filledBy === business.user.id) throw new ForbiddenError(fourEyesMessage)
}

/**
 * Confirms a filling handed over for the check, as a second person of the organisation, and
 * books it in one transaction: the protocol row is locked (of parallel confirmations one books,
 * the others find it confirmed), then the bulk batch (the ledger's lock, so no sale takes the
 * same grams meanwhile). Out of the bulk batch go the nets and, separately with its reason, the
 * loss (`filling` movements); a new batch of the pack product — numbered as the protocol, with the
 * bulk's measured THC/CBD, expiry, CoA and test number, released — receives the units (unit count
 * × target, a `filling` movement). The bulk batch's stock is checked before the work, without
 * locks, and again under the lock. In a pharmacy the second person is a pharmacist: the
 * confirmation releases the filled batch (§ 7 Abs. 1c, § 8 ApBetrO).
 */
export async function confirmFillingProtocol(
  actor: Actor,
  id: string,
  db: Database,
  now: Date = new Date(),
): Promise<{ batchId: string; batchNumber: string }> {
  const business = requireFillingClerk(actor)
  const organisationId = business.organisation.id
  const today = berlinIsoDate(now)

  // Every check under the locks: the protocol's row is cheap to lock, and a parallel confirmation
  // waits there and then finds it confirmed.
  return db.transaction(async (tx) => {
    const protocol = await lockProtocol(tx, organisationId, id)
    checkConfirmable(protocol, business)
    await requirePharmacistFor(tx, business, 'fillingConfirmation')
    const withdrawnMg = protocol.withdrawnMg as number
    const bulk = await lockBatch(tx, organisationId, protocol.bulkBatchId)
    const facts = await bulkFactsOf(tx, bulk.organisationProductId)
    const refusal = bulkRefusal(bulk, facts, today)
    if (refusal) throw new ConflictError(refusal)
    const available = await availableOf(tx, bulk)
    if (withdrawnMg > available) throw new ConflictError(notEnoughStockMessage(bulk, available))

    const units = await unitsOf(tx, protocol.id)
    const { netTotalMg, lossMg } = fillingTotals(units, withdrawnMg)
    let packListingId = protocol.packListingId
    if (packListingId) {
      const [pack] = await packListingsFor(
        tx,
        organisationId,
        varietyOf(facts.product),
        protocol.targetNetMg,
        packListingId,
      )
      if (!pack) {
        throw new ConflictError(
          `Das Produkt „${protocol.packProductName}“ ist archiviert oder passt nicht mehr: Stelle es wieder her oder storniere die Abfüllung und beginne sie neu.`,
        )
      }
    } else {
      packListingId = await ensurePackListing(tx, business, facts, protocol)
    }

    const [created] = await tx
      .insert(batches)
      .values({
        organisationId,
        organisationProductId: packListingId,
        batchNumber: protocol.number,
        ...filledBatchFacts(bulk),
        releasedAt: now,
        releasedBy: business.user.id,
        createdBy: business.user.id,
        // The confirmation creates the batch: its labels date the units by it (dispensing).
        createdAt: now,
      })
      .returning({ id: batches.id })
    if (!created) throw new Error('filled batch was not inserted')
    const filled = await lockBatch(tx, organisationId, created.id)

    const source = { type: fillingSourceType, id: protocol.id }
    const reasons = fillingMovementReasons(protocol, bulk.batchNumber)
    const movements = {
      out: await withdrawFromBatch(tx, business, bulk, {
        kind: 'filling',
        quantity: netTotalMg,
        reason: reasons.out,
        source,
      }),
      loss:
        lossMg && lossMg > 0
          ? await withdrawFromBatch(tx, business, bulk, {
              kind: 'filling',
              quantity: lossMg,
              reason: reasons.loss,
              source,
            })
          : null,
      in: await appendMovement(tx, business, filled, {
        kind: 'filling',
        quantity: protocol.unitCount * protocol.targetNetMg,
        reason: reasons.in,
        source,
      }),
    }

    await tx
      .update(fillingProtocols)
      .set({
        status: 'confirmed',
        confirmedBy: business.user.id,
        confirmedAt: now,
        filledBatchId: filled.id,
        packListingId,
        bulkThcContent: filled.thcContent,
        bulkCbdContent: filled.cbdContent,
      })
      .where(eq(fillingProtocols.id, protocol.id))
    const actorOfAudit = auditActorOf(business)
    await recordAudit(tx, {
      organisationId,
      actor: actorOfAudit,
      requestId: business.requestId,
      action: fillingAudit.batchFilled,
      entity: { type: batchAudit.entityType, id: filled.id },
      after: {
        batchNumber: filled.batchNumber,
        organisationProductId: packListingId,
        quantity: protocol.unitCount * protocol.targetNetMg,
        balance: filled.balance,
        status: 'released',
        expiryDate: filled.expiryDate,
        testNumber: filled.testNumber,
        filledFromBatchId: bulk.id,
        source,
      },
    })
    await recordAudit(tx, {
      organisationId,
      actor: actorOfAudit,
      requestId: business.requestId,
      action: fillingAudit.confirmed,
      entity: { type: fillingAudit.entityType, id: protocol.id },
      before: { number: protocol.number, status: 'submitted' },
      after: {
        number: protocol.number,
        status: 'confirmed',
        packListingId,
        filledBatchId: filled.id,
        netTotalMg,
        withdrawnMg,
        lossMg,
        movements,
      },
    })
    return { batchId: filled.id, batchNumber: filled.batchNumber }
  })
}

/**
 * Cancels a filling that is not confirmed, with a reason: nothing was booked, so nothing is
 * booked back; the protocol stays, marked cancelled. Any clerk of the organisation may.
 */
export async function cancelFillingProtocol(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<void> {
  const business = requireFillingClerk(actor)
  const organisationId = business.organisation.id
  const { reason } = parseInput(cancelFillingSchema, input)
  await db.transaction(async (tx) => {
    const protocol = await lockProtocol(tx, organisationId, id)
    if (protocol.status === 'confirmed' || protocol.status === 'cancelled') {
      throw new ConflictError(stateMessages[protocol.status](protocol.number))
    }
    // A handed-over Defektur frees the packs it counted on its day.
    if (protocol.status === 'submitted' && protocol.submittedAt && isDefektur(business)) {
      const { batch } = await readBulk(tx, organisationId, protocol.bulkBatchId)
      await releaseDefekturPacks(
        tx,
        {
          organisationId,
          organisationProductId: batch.organisationProductId,
          day: berlinIsoDate(protocol.submittedAt),
        },
        protocol.unitCount,
      )
    }
    await tx
      .update(fillingProtocols)
      .set({
        status: 'cancelled',
        cancelledBy: business.user.id,
        cancelledAt: now,
        cancelReason: reason,
      })
      .where(eq(fillingProtocols.id, protocol.id))
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(business),
      requestId: business.requestId,
      action: fillingAudit.cancelled,
      entity: { type: fillingAudit.entityType, id: protocol.id },
      before: { number: protocol.number, status: protocol.status },
      after: { number: protocol.number, status: 'cancelled', reason },
    })
  })
}

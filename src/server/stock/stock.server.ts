import { and, eq, isNull } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import {
  isExpiredOn,
  mayReceiveReleased,
  missingCannabinoidsMessage,
  releaseMissesCannabinoids,
} from '../../lib/stock'
import {
  attachCertificateSchema,
  batchCannabinoidsSchema,
  blockBatchSchema,
  correctStockSchema,
  destroyStockSchema,
  goodsReceiptSchema,
  harvestSchema,
  receiptsReleasedSchema,
  releaseBatchSchema,
} from '../../lib/stock-schemas'
import { type Actor, type BusinessActor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { takeDocumentNumber } from '../counters/counters.server'
import type { Database, Executor } from '../db/client.server'
import { organisations } from '../db/schema'
import { ConflictError, ForbiddenError, InvalidError, parseInput } from '../errors.server'
import { isStoredFileOf } from '../files/file-store.server'
import { requirePharmacistFor } from '../organisations/pharmacist-steps.server'
import { organisationProducts, products } from '../products/products.schema'
import { suppliers } from '../purchase-orders/purchase-orders.schema'
import { batches } from './stock.schema'
import {
  appendMovement,
  type LockedBatch,
  lockBatch,
  withdrawFromBatch,
} from './stock-ledger.server'
import { batchAudit, type ReceivedBatch, receiveIntoBatch } from './stock-receipts.server'

/**
 * What people do with stock on the stock pages: receive goods, record a harvest, release or
 * block a batch, correct or destroy stock, attach a CoA. Owner and staff of a stock-keeping
 * organisation act on their own organisation's batches only; every action writes the audit log
 * in its transaction.
 */

const stockKeepingCategories = ['pharmacy', 'wholesaler', 'producer', 'club'] as const

/** Owner or staff of a pharmacy, wholesaler, producer or club. */
export function requireStockKeeper(actor: Actor): BusinessActor {
  const business = requireRole(actor, 'owner', 'staff')
  if (!(stockKeepingCategories as readonly string[]).includes(business.organisation.category)) {
    throw new ForbiddenError()
  }
  return business
}

/** `/inventory/receipt` for sellers: a delivery without a purchase order. */
export async function receiveGoods(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<ReceivedBatch> {
  const business = requireStockKeeper(actor)
  if (business.organisation.category === 'club') {
    throw new ForbiddenError(
      'Anbauvereinigungen nehmen kein Cannabis von Lieferanten an (KCanG). Erfasse stattdessen die Ernte.',
    )
  }
  const receipt = parseInput(goodsReceiptSchema, input)
  return db.transaction(async (tx) => {
    if (receipt.supplierId) {
      const [supplier] = await tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(
          and(
            eq(suppliers.id, receipt.supplierId),
            eq(suppliers.organisationId, business.organisation.id),
            isNull(suppliers.archivedAt),
          ),
        )
      if (!supplier) throw new InvalidError({ supplierId: 'Diesen Lieferanten gibt es nicht.' })
    }
    return receiveIntoBatch(tx, business, { ...receipt, origin: 'purchase' })
  })
}

/** A club's harvest (`Ernte erfassen`): a new harvest batch numbered `ER-2026-00001`. */
export async function recordHarvest(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<ReceivedBatch> {
  const business = requireStockKeeper(actor)
  if (business.organisation.category !== 'club') {
    throw new ForbiddenError('Ernten erfassen nur Anbauvereinigungen.')
  }
  const harvest = parseInput(harvestSchema, input)
  if (harvest.harvestDate > berlinIsoDate()) {
    throw new InvalidError({ harvestDate: 'Das Erntedatum liegt in der Zukunft.' })
  }
  if (harvest.expiryDate <= harvest.harvestDate) {
    throw new InvalidError({
      expiryDate: 'Das Mindesthaltbarkeitsdatum muss nach dem Erntedatum liegen.',
    })
  }
  return db.transaction(async (tx) => {
    const year = Number(harvest.harvestDate.slice(0, 4))
    const batchNumber = await takeDocumentNumber(tx, business.organisation.id, 'harvest', year)
    return receiveIntoBatch(tx, business, {
      ...harvest,
      batchNumber,
      origin: 'harvest',
    })
  })
}

/** Locks a batch of the actor's organisation and hands it to `work` in one transaction. */
function onBatch<T>(
  actor: BusinessActor,
  batchId: string,
  db: Database,
  work: (tx: Executor, batch: LockedBatch) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => work(tx, await lockBatch(tx, actor.organisation.id, batchId)))
}

const batchFacts = (batch: LockedBatch) => ({
  batchNumber: batch.batchNumber,
  status: batch.status,
  balance: batch.balance,
  testNumber: batch.testNumber,
  blockedReason: batch.blockedReason,
})

async function auditBatch(
  tx: Executor,
  actor: BusinessActor,
  action: string,
  batch: LockedBatch,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  await recordAudit(tx, {
    organisationId: actor.organisation.id,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action,
    entity: { type: batchAudit.entityType, id: batch.id },
    before,
    after,
  })
}

/**
 * Releases a batch from quarantine after its identity test: needs the CoA and the internal test
 * number, and records who released it and when. Only then may it be sold. In a pharmacy only a
 * pharmacist releases (§ 7 Abs. 1c, § 8 ApBetrO).
 */
export async function releaseBatch(actor: Actor, input: unknown, db: Database): Promise<void> {
  const business = requireStockKeeper(actor)
  const { batchId, testNumber, confirmMissingCannabinoids } = parseInput(releaseBatchSchema, input)
  await onBatch(business, batchId, db, async (tx, batch) => {
    await requirePharmacistFor(tx, business, 'batchRelease')
    if (batch.status === 'released') {
      throw new ConflictError(`Charge ${batch.batchNumber} ist bereits freigegeben.`)
    }
    if (batch.status === 'blocked') {
      throw new ConflictError(
        `Charge ${batch.batchNumber} ist gesperrt und kann nicht freigegeben werden.`,
      )
    }
    if (!batch.coaFileId) {
      throw new InvalidError(
        { coaFileId: 'Ohne Analysezertifikat kann die Charge nicht freigegeben werden.' },
        'Ohne Analysezertifikat kann die Charge nicht freigegeben werden.',
      )
    }
    if (isExpiredOn(batch.expiryDate, berlinIsoDate())) {
      throw new ConflictError(
        `Charge ${batch.batchNumber} ist abgelaufen und kann nicht mehr freigegeben werden.`,
      )
    }
    const withoutCannabinoids = releaseMissesCannabinoids(await productCategoryOf(tx, batch), batch)
    if (withoutCannabinoids && !confirmMissingCannabinoids) {
      throw new ConflictError(missingCannabinoidsMessage(batch.batchNumber))
    }
    const before = batchFacts(batch)
    await tx
      .update(batches)
      .set({
        status: 'released',
        testNumber,
        releasedAt: new Date(),
        releasedBy: business.user.id,
      })
      .where(eq(batches.id, batch.id))
    await auditBatch(tx, business, batchAudit.released, batch, before, {
      ...before,
      status: 'released',
      testNumber,
      ...(withoutCannabinoids && { releasedWithoutCannabinoids: true }),
    })
  })
}

async function productCategoryOf(tx: Executor, batch: LockedBatch) {
  const [row] = await tx
    .select({ category: products.category })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(eq(organisationProducts.id, batch.organisationProductId))
  if (!row) throw new Error('the batch has no listing')
  return row.category
}

/**
 * Completes or corrects the measured THC/CBD of a batch after receipt (from the CoA), with the
 * reason; the audit log keeps before and after. Hand-out records and labels keep the values they
 * were issued with (they store copies), so the history does not change.
 */
export async function correctBatchCannabinoids(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<{ changed: boolean }> {
  const business = requireStockKeeper(actor)
  const { batchId, thcContent, cbdContent, reason } = parseInput(batchCannabinoidsSchema, input)
  return onBatch(business, batchId, db, async (tx, batch) => {
    if (batch.thcContent === thcContent && batch.cbdContent === cbdContent) {
      return { changed: false }
    }
    await tx
      .update(batches)
      .set({ thcContent, cbdContent })
      .where(and(eq(batches.id, batch.id), eq(batches.organisationId, business.organisation.id)))
    await auditBatch(
      tx,
      business,
      batchAudit.cannabinoidsCorrected,
      batch,
      {
        batchNumber: batch.batchNumber,
        thcContent: batch.thcContent,
        cbdContent: batch.cbdContent,
      },
      { batchNumber: batch.batchNumber, thcContent, cbdContent, reason },
    )
    return { changed: true }
  })
}

/** Blocks a batch (recall, failed test) with a reason; it stays visible and is never sold. */
export async function blockBatch(actor: Actor, input: unknown, db: Database): Promise<void> {
  const business = requireStockKeeper(actor)
  const { batchId, reason } = parseInput(blockBatchSchema, input)
  await onBatch(business, batchId, db, async (tx, batch) => {
    if (batch.status === 'blocked') {
      throw new ConflictError(`Charge ${batch.batchNumber} ist bereits gesperrt.`)
    }
    const before = batchFacts(batch)
    await tx
      .update(batches)
      .set({
        status: 'blocked',
        blockedReason: reason,
        blockedAt: new Date(),
        blockedBy: business.user.id,
      })
      .where(eq(batches.id, batch.id))
    await auditBatch(tx, business, batchAudit.blocked, batch, before, {
      ...before,
      status: 'blocked',
      blockedReason: reason,
    })
  })
}

/**
 * Corrects a batch's stock by a signed amount with a reason (a count found more or less). Taking
 * away never touches goods that reservations hold.
 */
export async function correctStock(actor: Actor, input: unknown, db: Database): Promise<void> {
  const business = requireStockKeeper(actor)
  const { batchId, quantity, reason } = parseInput(correctStockSchema, input)
  await onBatch(business, batchId, db, async (tx, batch) => {
    const before = batchFacts(batch)
    if (quantity > 0) {
      await appendMovement(tx, business, batch, { kind: 'correction', quantity, reason })
    } else {
      await withdrawFromBatch(tx, business, batch, {
        kind: 'correction',
        quantity: -quantity,
        reason,
      })
    }
    await auditBatch(tx, business, batchAudit.corrected, batch, before, {
      ...batchFacts(batch),
      quantity,
      reason,
    })
  })
}

/** Destroys stock of a batch with a reason (damaged, expired, recalled goods). */
export async function destroyStock(actor: Actor, input: unknown, db: Database): Promise<void> {
  const business = requireStockKeeper(actor)
  const { batchId, quantity, reason } = parseInput(destroyStockSchema, input)
  await onBatch(business, batchId, db, async (tx, batch) => {
    const before = batchFacts(batch)
    await withdrawFromBatch(tx, business, batch, { kind: 'destruction', quantity, reason })
    await auditBatch(tx, business, batchAudit.destroyed, batch, before, {
      ...batchFacts(batch),
      quantity: -quantity,
      reason,
    })
  })
}

/**
 * Attaches the CoA (or a club's lab report) to a batch that is still in quarantine — the way to
 * make a batch received without one releasable. A released batch keeps the CoA it was released on.
 */
export async function attachCertificate(actor: Actor, input: unknown, db: Database): Promise<void> {
  const business = requireStockKeeper(actor)
  const { batchId, coaFileId } = parseInput(attachCertificateSchema, input)
  await onBatch(business, batchId, db, async (tx, batch) => {
    if (batch.status !== 'quarantine') {
      throw new ConflictError(
        'Das Analysezertifikat kann nur geändert werden, solange die Charge in Quarantäne ist.',
      )
    }
    const owner = {
      purpose: 'batch_certificate' as const,
      organisationId: business.organisation.id,
    }
    if (!(await isStoredFileOf(tx, coaFileId, owner))) {
      throw new InvalidError({ coaFileId: 'Bitte lade das Analysezertifikat erneut hoch.' })
    }
    await tx.update(batches).set({ coaFileId }).where(eq(batches.id, batch.id))
    await auditBatch(
      tx,
      business,
      batchAudit.certificateAttached,
      batch,
      { coaFileId: batch.coaFileId },
      { coaFileId },
    )
  })
}

/** The owner decides whether receipts go straight into `released` (wholesalers, producers). */
export async function setReceiptsReleased(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<void> {
  const business = requireRole(actor, 'owner')
  if (!mayReceiveReleased(business.organisation.category)) {
    throw new ForbiddenError(
      'Apotheken und Anbauvereinigungen geben jede Charge nach der Prüfung einzeln frei.',
    )
  }
  const { receiptsReleased } = parseInput(receiptsReleasedSchema, input)
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ receiptsReleased: organisations.receiptsReleased })
      .from(organisations)
      .where(eq(organisations.id, business.organisation.id))
      .for('update')
    await tx
      .update(organisations)
      .set({ receiptsReleased })
      .where(eq(organisations.id, business.organisation.id))
    await recordAudit(tx, {
      organisationId: business.organisation.id,
      actor: auditActorOf(business),
      requestId: business.requestId,
      action: 'organisation.receipts_released_changed',
      entity: { type: 'organisation', id: business.organisation.id },
      before: { receiptsReleased: before?.receiptsReleased ?? null },
      after: { receiptsReleased },
    })
  })
}

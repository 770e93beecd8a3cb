import { and, eq, sql } from 'drizzle-orm'
import { berlinIsoDate, formatDate } from '../../lib/format'
import { isExpiredOn, mayReceiveReleased, receiptsReleasedByDefault } from '../../lib/stock'
import type { BusinessActor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Executor } from '../db/client.server'
import { storedFiles } from '../db/core.schema'
import { organisations } from '../db/schema'
import { ConflictError, InvalidError } from '../errors.server'
import { isStoredFileOf } from '../files/file-store.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches } from './stock.schema'
import {
  appendMovement,
  type LockedBatch,
  lockBatch,
  type MovementSource,
} from './stock-ledger.server'

/**
 * Booking goods in: the one path for a goods receipt, a receipt against a purchase order and a
 * club's harvest. A delivery of a batch number the organisation already has adds to that batch
 * (expiry and CoA must match); a new one starts in quarantine — or released, where the
 * organisation receives released and the CoA is there.
 */

export const batchAudit = {
  entityType: 'batch',
  received: 'batch.received',
  released: 'batch.released',
  blocked: 'batch.blocked',
  corrected: 'batch.corrected',
  destroyed: 'batch.destroyed',
  certificateAttached: 'batch.certificate_attached',
  cannabinoidsCorrected: 'batch.cannabinoids_corrected',
} as const

export interface BatchReceipt {
  organisationProductId: string
  batchNumber: string
  /** Base units. */
  quantity: number
  expiryDate: string | null
  harvestDate?: string | null
  thcContent: number | null
  cbdContent: number | null
  coaFileId: string | null
  supplierId?: string | null
  origin: 'purchase' | 'harvest'
  source?: MovementSource | null
}

export interface ReceivedBatch {
  batchId: string
  batchNumber: string
  /** False when the delivery was added to a batch received before. */
  created: boolean
  status: LockedBatch['status']
  movementId: string
}

/** Whether `organisation` books receipts straight into `released` (setting or category default). */
export async function receivesReleased(tx: Executor, organisationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ category: organisations.category, setting: organisations.receiptsReleased })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  if (!row || !mayReceiveReleased(row.category)) return false
  return row.setting ?? receiptsReleasedByDefault(row.category)
}

async function certificateHash(tx: Executor, fileId: string | null): Promise<string | null> {
  if (!fileId) return null
  const [file] = await tx
    .select({ sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(eq(storedFiles.id, fileId))
  return file?.sha256 ?? null
}

/**
 * Books `receipt` into the organisation's stock inside the caller's transaction and writes the
 * audit row. Refuses (400, at the field) an unknown or archived product, a CoA that is not the
 * organisation's, cannabis for a club outside a harvest, and a second delivery whose expiry or
 * CoA differs from the batch's; a blocked batch takes no more goods (409).
 */
export async function receiveIntoBatch(
  tx: Executor,
  actor: BusinessActor,
  receipt: BatchReceipt,
): Promise<ReceivedBatch> {
  const organisationId = actor.organisation.id
  const [listing] = await tx
    .select({
      id: organisationProducts.id,
      archivedAt: organisationProducts.archivedAt,
      category: products.category,
      salesUnit: organisationProducts.salesUnit,
      productOwner: products.organisationId,
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(organisationProducts.id, receipt.organisationProductId),
        eq(organisationProducts.organisationId, organisationId),
      ),
    )
  if (!listing) {
    throw new InvalidError({ organisationProductId: 'Dieses Produkt führst du nicht.' })
  }
  if (listing.archivedAt) {
    throw new InvalidError({
      organisationProductId: 'Das Produkt ist archiviert. Stelle es zuerst wieder her.',
    })
  }
  const club = actor.organisation.category === 'club'
  if (club && receipt.origin !== 'harvest' && listing.category !== 'accessory') {
    throw new InvalidError({
      organisationProductId:
        'Anbauvereinigungen nehmen kein Cannabis von Lieferanten an (KCanG). Erfasse stattdessen die Ernte.',
    })
  }
  if (receipt.origin === 'harvest' && (!club || listing.productOwner !== organisationId)) {
    throw new InvalidError({
      organisationProductId: 'Eine Ernte kann nur für eine eigene Sorte erfasst werden.',
    })
  }
  if (receipt.origin === 'harvest' && listing.salesUnit === 'pack') {
    throw new InvalidError({
      organisationProductId:
        'Eine Ernte wird lose nach Gewicht erfasst: Wähle die Sorte, nicht die Packung. Packungen entstehen durch eine Abfüllung.',
    })
  }
  if (
    receipt.coaFileId &&
    !(await isStoredFileOf(tx, receipt.coaFileId, {
      purpose: 'batch_certificate',
      organisationId,
    }))
  ) {
    throw new InvalidError({ coaFileId: 'Bitte lade das Analysezertifikat erneut hoch.' })
  }
  if (receipt.expiryDate && isExpiredOn(receipt.expiryDate, berlinIsoDate())) {
    throw new InvalidError({
      expiryDate: 'Die Ware ist bereits abgelaufen und darf nicht eingelagert werden.',
    })
  }

  const released = receipt.coaFileId !== null && (await receivesReleased(tx, organisationId))
  const now = new Date()
  const inserted = await tx
    .insert(batches)
    .values({
      organisationId,
      organisationProductId: listing.id,
      origin: receipt.origin,
      batchNumber: receipt.batchNumber,
      supplierId: receipt.supplierId ?? null,
      expiryDate: receipt.expiryDate,
      harvestDate: receipt.harvestDate ?? null,
      thcContent: receipt.thcContent,
      cbdContent: receipt.cbdContent,
      coaFileId: receipt.coaFileId,
      status: released ? 'released' : 'quarantine',
      releasedAt: released ? now : null,
      releasedBy: released ? actor.user.id : null,
      createdBy: actor.user.id,
    })
    .onConflictDoNothing({
      target: [batches.organisationId, batches.organisationProductId, batches.batchNumber],
    })
    .returning({ id: batches.id })
  const created = inserted.length > 0
  const [existing] = created
    ? inserted
    : await tx
        .select({ id: batches.id })
        .from(batches)
        .where(
          and(
            eq(batches.organisationId, organisationId),
            eq(batches.organisationProductId, listing.id),
            eq(batches.batchNumber, receipt.batchNumber),
          ),
        )
  if (!existing) throw new Error('batch neither inserted nor found')
  const batch = await lockBatch(tx, organisationId, existing.id)
  if (!created) await checkSecondDelivery(tx, batch, receipt)

  const movementId = await appendMovement(tx, actor, batch, {
    kind: 'receipt',
    quantity: receipt.quantity,
    source: receipt.source ?? null,
  })
  await recordAudit(tx, {
    organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action: batchAudit.received,
    entity: { type: batchAudit.entityType, id: batch.id },
    after: {
      batchNumber: batch.batchNumber,
      quantity: receipt.quantity,
      balance: batch.balance,
      status: batch.status,
      expiryDate: batch.expiryDate,
      origin: receipt.origin,
      source: receipt.source ?? null,
      newBatch: created,
    },
  })
  return {
    batchId: batch.id,
    batchNumber: batch.batchNumber,
    created,
    status: batch.status,
    movementId,
  }
}

/** A further delivery of a known batch must be the same goods: same expiry, same CoA. */
async function checkSecondDelivery(tx: Executor, batch: LockedBatch, receipt: BatchReceipt) {
  if (batch.status === 'blocked') {
    throw new ConflictError(
      `Charge ${batch.batchNumber} ist gesperrt (${batch.blockedReason}). Gesperrte Ware kann nicht eingebucht werden.`,
    )
  }
  if (batch.origin !== receipt.origin) {
    throw new InvalidError({ batchNumber: `Die Nummer ${batch.batchNumber} ist bereits vergeben.` })
  }
  if (batch.expiryDate !== receipt.expiryDate) {
    throw new InvalidError({
      expiryDate: batch.expiryDate
        ? `Charge ${batch.batchNumber} ist bereits mit Verfall ${formatDate(batch.expiryDate)} erfasst. Eine Charge hat nur ein Verfallsdatum – bitte prüfe die Angabe.`
        : `Charge ${batch.batchNumber} ist bereits ohne Verfallsdatum erfasst.`,
    })
  }
  if (receipt.coaFileId && receipt.coaFileId !== batch.coaFileId) {
    // One after another: a transaction runs one query at a time.
    const known = await certificateHash(tx, batch.coaFileId)
    const delivered = await certificateHash(tx, receipt.coaFileId)
    if (known && known !== delivered) {
      throw new InvalidError({
        coaFileId: `Dieses Analysezertifikat weicht von dem ab, das zu Charge ${batch.batchNumber} bereits vorliegt. Zu einer Charge gehört genau ein Zertifikat.`,
      })
    }
    if (!known) {
      await tx
        .update(batches)
        .set({
          coaFileId: receipt.coaFileId,
          thcContent: sql`coalesce(${batches.thcContent}, ${receipt.thcContent})`,
          cbdContent: sql`coalesce(${batches.cbdContent}, ${receipt.cbdContent})`,
        })
        .where(eq(batches.id, batch.id))
    }
  }
}

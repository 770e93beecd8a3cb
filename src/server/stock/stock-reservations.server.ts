import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { berlinIsoDate, formatQuantity } from '../../lib/format'
import type { Actor } from '../actor.server'
import type { Executor } from '../db/client.server'
import { ConflictError } from '../errors.server'
import { batches, stockReservations } from './stock.schema'
import {
  activeReservation,
  appendMovement,
  batchNotFoundMessage,
  type LockedBatch,
  lockBatches,
  lockSellableBatches,
  type MovementSource,
  notEnoughStockMessage,
  reservedByBatch,
  unsellableReason,
} from './stock-ledger.server'

/**
 * Reservations: goods promised to an order, held as their own rows (areas.md). The order and shop
 * areas call these inside their own transactions. Reserving locks the product's sellable batches
 * first-expiring first, so parallel orders queue and never promise the same gram twice.
 */

export interface ReservationRequest {
  organisationId: string
  organisationProductId: string
  /** Base units the source needs in total for this product. */
  quantity: number
  source: MovementSource
  /** When an unconfirmed hold lapses by itself (a shop checkout); null holds until released. */
  expiresAt?: Date | null
  /** Names the product in the refusal when none of its batches is sellable (the caller knows it). */
  productName?: string
}

export interface ReservedPart {
  batchId: string
  quantity: number
}

export const notEnoughAvailableMessage = (
  productName: string,
  available: number,
  unit: 'mg' | 'ul' | 'piece',
) =>
  available > 0
    ? `Von ${productName} sind nur noch ${formatQuantity(available, unit)} verfügbar.`
    : `${productName} ist derzeit nicht verfügbar.`

/** Base units the source's active reservations already hold for this product. */
async function alreadyReserved(tx: Executor, request: ReservationRequest): Promise<number> {
  const [row] = await tx
    .select({ quantity: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
    .from(stockReservations)
    .innerJoin(batches, eq(batches.id, stockReservations.batchId))
    .where(
      and(
        eq(stockReservations.organisationId, request.organisationId),
        eq(stockReservations.sourceType, request.source.type),
        eq(stockReservations.sourceId, request.source.id),
        eq(batches.organisationProductId, request.organisationProductId),
        activeReservation(),
      ),
    )
  return Number(row?.quantity ?? 0)
}

/**
 * Makes sure the source holds `quantity` base units of the product: reserves only what its
 * active reservations do not cover yet, from released, unexpired batches, first-expiring first.
 * 409 with what is available when the rest is not there; nothing is reserved then.
 */
export async function reserveStock(
  tx: Executor,
  request: ReservationRequest,
): Promise<ReservedPart[]> {
  // Lock first, then count what the source holds: a second call for the same order waits here
  // and then sees the first one's reservations, so the order never holds two sets.
  const candidates = await lockSellableBatches(
    tx,
    request.organisationId,
    request.organisationProductId,
  )
  let missing = request.quantity - (await alreadyReserved(tx, request))
  if (missing <= 0) return []
  const reserved = await reservedByBatch(
    tx,
    candidates.map((batch) => batch.id),
  )
  const parts: ReservedPart[] = []
  let available = 0
  for (const batch of candidates) {
    const free = batch.balance - (reserved.get(batch.id) ?? 0)
    if (free <= 0) continue
    available += free
    if (missing === 0) continue
    const take = Math.min(free, missing)
    parts.push({ batchId: batch.id, quantity: take })
    missing -= take
  }
  if (missing > 0) {
    const [any] = candidates
    throw new ConflictError(
      notEnoughAvailableMessage(
        any?.productName ?? request.productName ?? 'Dieses Produkt',
        available,
        any?.quantityUnit ?? 'piece',
      ),
    )
  }
  await tx.insert(stockReservations).values(
    parts.map((part) => ({
      organisationId: request.organisationId,
      batchId: part.batchId,
      quantity: part.quantity,
      sourceType: request.source.type,
      sourceId: request.source.id,
      expiresAt: request.expiresAt ?? null,
    })),
  )
  return parts
}

/** Gives back everything the source still holds (order cancelled). Returns the rows released. */
export async function releaseReservations(
  tx: Executor,
  organisationId: string,
  source: MovementSource,
): Promise<number> {
  const released = await tx
    .update(stockReservations)
    .set({ releasedAt: new Date() })
    .where(
      and(
        eq(stockReservations.organisationId, organisationId),
        eq(stockReservations.sourceType, source.type),
        eq(stockReservations.sourceId, source.id),
        activeReservation(),
      ),
    )
    .returning({ id: stockReservations.id })
  return released.length
}

/**
 * Turns the source's active reservations into movements (`sale` or `hand_out`) in the caller's
 * transaction: the goods leave the batches they were held on. A batch that was blocked or has
 * expired since is refused (409) — the order must be re-planned, nothing is written.
 */
export async function consumeReservations(
  tx: Executor,
  actor: Actor,
  organisationId: string,
  source: MovementSource,
  kind: 'sale' | 'hand_out',
): Promise<{ batchId: string; quantity: number; movementId: string }[]> {
  const held = await tx
    .select({
      id: stockReservations.id,
      batchId: stockReservations.batchId,
      quantity: stockReservations.quantity,
    })
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.organisationId, organisationId),
        eq(stockReservations.sourceType, source.type),
        eq(stockReservations.sourceId, source.id),
        activeReservation(),
      ),
    )
    .for('update')
  const locked = new Map(
    (
      await lockBatches(
        tx,
        organisationId,
        held.map((reservation) => reservation.batchId),
      )
    ).map((batch) => [batch.id, batch]),
  )
  const consumed: { batchId: string; quantity: number; movementId: string }[] = []
  for (const reservation of held) {
    const batch = locked.get(reservation.batchId)
    if (!batch) throw new Error('reserved batch not found')
    const problem = unsellableReason(batch)
    if (problem) throw new ConflictError(problem)
    const movementId = await appendMovement(tx, actor, batch, {
      kind,
      quantity: -reservation.quantity,
      source,
    })
    await tx
      .update(stockReservations)
      .set({ consumedAt: new Date(), movementId })
      .where(eq(stockReservations.id, reservation.id))
    consumed.push({ batchId: batch.id, quantity: reservation.quantity, movementId })
  }
  return consumed
}

/** The source's active reservations on batches of one listing (`null`: of every listing). */
function sourceReservationsOn(
  organisationId: string,
  source: MovementSource,
  organisationProductId: string | null,
) {
  return and(
    eq(stockReservations.organisationId, organisationId),
    eq(stockReservations.sourceType, source.type),
    eq(stockReservations.sourceId, source.id),
    activeReservation(),
    organisationProductId === null
      ? undefined
      : inArray(
          stockReservations.batchId,
          sql`(select ${batches.id} from ${batches} where ${batches.organisationProductId} = ${organisationProductId})`,
        ),
  )
}

/**
 * Gives back what the source holds on batches that may no longer be sold (blocked, back in
 * quarantine or expired since they were reserved), so that a following `reserveStock` re-plans
 * that part on sellable batches. Returns the base units released.
 */
export async function releaseUnsellableReservations(
  tx: Executor,
  organisationId: string,
  source: MovementSource,
  today: string = berlinIsoDate(),
): Promise<number> {
  const released = await tx
    .update(stockReservations)
    .set({ releasedAt: new Date() })
    .where(
      and(
        sourceReservationsOn(organisationId, source, null),
        inArray(
          stockReservations.batchId,
          sql`(select ${batches.id} from ${batches} where ${batches.organisationId} = ${organisationId} and (${batches.status} <> 'released' or ${batches.expiryDate} < ${today}))`,
        ),
      ),
    )
    .returning({ quantity: stockReservations.quantity })
  return released.reduce((sum, row) => sum + row.quantity, 0)
}

/** The source's reservations hold until released: a confirmed order no longer lapses. */
export async function keepReservations(
  tx: Executor,
  organisationId: string,
  source: MovementSource,
): Promise<void> {
  await tx
    .update(stockReservations)
    .set({ expiresAt: null })
    .where(sourceReservationsOn(organisationId, source, null))
}

/**
 * Moves the lapse of the source's time-limited reservations to `until` (a payment Mollie reports
 * pending keeps the goods a while longer); reservations without expiry stay as they are.
 */
export async function extendReservations(
  tx: Executor,
  organisationId: string,
  source: MovementSource,
  until: Date,
): Promise<void> {
  await tx
    .update(stockReservations)
    .set({ expiresAt: until })
    .where(
      and(
        sourceReservationsOn(organisationId, source, null),
        isNotNull(stockReservations.expiresAt),
      ),
    )
}

export interface NamedReservationRequest {
  organisationId: string
  organisationProductId: string
  source: MovementSource
  /** The batches (of this listing) and base units the source is to hold, replacing what it held. */
  parts: ReservedPart[]
}

/**
 * Moves the source's reservations of one listing onto the named batches (a picker chose other
 * batches than first-expiring-first). Locks the listing's sellable batches in the same order as
 * `reserveStock`, so the two never deadlock; refuses (409, nothing written) a batch that is not
 * sellable or not free enough. What the source held of the listing before counts as free.
 */
export async function reserveNamedBatches(
  tx: Executor,
  request: NamedReservationRequest,
): Promise<ReservedPart[]> {
  const candidates = new Map(
    (await lockSellableBatches(tx, request.organisationId, request.organisationProductId)).map(
      (batch) => [batch.id, batch],
    ),
  )
  for (const part of request.parts) {
    if (candidates.has(part.batchId)) continue
    // Not sellable or not this listing's: say why, from the batch as it is (no lock needed to refuse).
    const [batch] = await lockBatches(tx, request.organisationId, [part.batchId])
    if (!batch || batch.organisationProductId !== request.organisationProductId) {
      throw new ConflictError(batchNotFoundMessage)
    }
    throw new ConflictError(
      unsellableReason(batch) ?? `In Charge ${batch.batchNumber} ist nichts mehr vorrätig.`,
    )
  }
  await tx
    .update(stockReservations)
    .set({ releasedAt: new Date() })
    .where(
      sourceReservationsOn(request.organisationId, request.source, request.organisationProductId),
    )
  const reserved = await reservedByBatch(
    tx,
    request.parts.map((part) => part.batchId),
  )
  for (const part of request.parts) {
    const batch = candidates.get(part.batchId) as LockedBatch
    const free = batch.balance - (reserved.get(batch.id) ?? 0)
    if (part.quantity > free) throw new ConflictError(notEnoughStockMessage(batch, free))
  }
  if (request.parts.length > 0) {
    await tx.insert(stockReservations).values(
      request.parts.map((part) => ({
        organisationId: request.organisationId,
        batchId: part.batchId,
        quantity: part.quantity,
        sourceType: request.source.type,
        sourceId: request.source.id,
      })),
    )
  }
  return request.parts
}

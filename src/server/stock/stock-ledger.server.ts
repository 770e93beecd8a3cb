import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import { berlinIsoDate, formatQuantity } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import {
  batchStatusLabels,
  isExpiredOn,
  movementKindsNeedingReason,
  quantityUnitOfPack,
  type StockMovementKind,
} from '../../lib/stock'
import type { Actor } from '../actor.server'
import { auditActorOf } from '../audit/audit.server'
import type { Executor } from '../db/client.server'
import { ConflictError, InvalidError, NotFoundError } from '../errors.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches, stockMovements, stockReservations } from './stock.schema'

/**
 * The stock ledger's primitives, used by every area that moves goods (receipts, corrections,
 * sales, fillings, hand-outs). A batch's balance changes only here, together with the movement
 * that explains it, while the batch row is locked (`SELECT … FOR UPDATE`): parallel withdrawals
 * queue on the lock and each sees the balance the one before left (ADR 020).
 */

export const batchNotFoundMessage = 'Diese Charge gibt es nicht (mehr).'

export interface MovementSource {
  /** The kind of record, e.g. `purchase_order_item`, `customer_order`. */
  type: string
  id: string
}

export type LockedBatch = typeof batches.$inferSelect & {
  /** The unit stock is counted in, for messages: mg, µl or pieces. */
  quantityUnit: 'mg' | 'ul' | 'piece'
  productName: string
}

/** Reservations that still hold goods: neither released nor consumed, and not lapsed. */
export const activeReservation = (): SQL =>
  and(
    isNull(stockReservations.releasedAt),
    isNull(stockReservations.consumedAt),
    or(isNull(stockReservations.expiresAt), gt(stockReservations.expiresAt, sql`now()`)),
  ) as SQL

const lockedBatchColumns = {
  batch: batches,
  packUnit: products.packUnit,
  productName: products.name,
}

/** A batch row with its product's unit and name, as the ledger's functions take it. */
export const toLockedBatch = (row: {
  batch: typeof batches.$inferSelect
  packUnit: 'g' | 'ml' | 'piece'
  productName: string
}): LockedBatch => ({
  ...row.batch,
  quantityUnit: quantityUnitOfPack[row.packUnit],
  productName: row.productName,
})

/**
 * The one order every transaction locks batches in: listing by listing, first-expiring first
 * (FEFO, as reservations walk them), then by age and id. Whoever locks several batches — a
 * reservation, a sale, a correction — takes them in this order, so two transactions never wait
 * on each other crosswise.
 */
const batchLockOrder = [
  batches.organisationProductId,
  sql`${batches.expiryDate} asc nulls last`,
  batches.createdAt,
  batches.id,
]

/** Locks the batches of `organisationId` with these ids until the transaction ends (`batchLockOrder`). */
export async function lockBatches(
  tx: Executor,
  organisationId: string,
  batchIds: readonly string[],
): Promise<LockedBatch[]> {
  const ids = [...new Set(batchIds)].filter(isUuid).sort()
  if (ids.length === 0) return []
  const rows = await tx
    .select(lockedBatchColumns)
    .from(batches)
    .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(and(eq(batches.organisationId, organisationId), inArray(batches.id, ids)))
    .orderBy(...batchLockOrder)
    .for('update', { of: batches })
  return rows.map(toLockedBatch)
}

/** One batch of `organisationId`, locked; 404 for an unknown id or another organisation's batch. */
export async function lockBatch(
  tx: Executor,
  organisationId: string,
  batchId: string,
): Promise<LockedBatch> {
  const [batch] = await lockBatches(tx, organisationId, [batchId])
  if (!batch) throw new NotFoundError(batchNotFoundMessage)
  return batch
}

/** Batches that can be sold, filled or handed out on `today`: released, unexpired, with stock. */
export const sellableBatch = (today: string): SQL =>
  and(
    eq(batches.status, 'released'),
    gt(batches.balance, 0),
    or(isNull(batches.expiryDate), sql`${batches.expiryDate} >= ${today}`),
  ) as SQL

/**
 * The released, unexpired batches of a listing, locked, first-expiring first (FEFO; a harvest
 * without expiry date last) — `batchLockOrder`, so parallel reservations and sales of the same
 * product never deadlock.
 */
export async function lockSellableBatches(
  tx: Executor,
  organisationId: string,
  organisationProductId: string,
  today: string = berlinIsoDate(),
): Promise<LockedBatch[]> {
  const rows = await tx
    .select(lockedBatchColumns)
    .from(batches)
    .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(batches.organisationId, organisationId),
        eq(batches.organisationProductId, organisationProductId),
        sellableBatch(today),
      ),
    )
    .orderBy(...batchLockOrder)
    .for('update', { of: batches })
  return rows.map(toLockedBatch)
}

/** Base units held by active reservations, per batch. */
export async function reservedByBatch(
  executor: Executor,
  batchIds: readonly string[],
): Promise<Map<string, number>> {
  const reserved = new Map<string, number>()
  if (batchIds.length === 0) return reserved
  const rows = await executor
    .select({
      batchId: stockReservations.batchId,
      quantity: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int`,
    })
    .from(stockReservations)
    .where(and(inArray(stockReservations.batchId, [...batchIds]), activeReservation()))
    .groupBy(stockReservations.batchId)
  for (const row of rows) reserved.set(row.batchId, Number(row.quantity))
  return reserved
}

/**
 * The organisation's batches of goods by weight that can go out on `today`, with the milligrams
 * no reservation holds, by product and first-expiring first; `only` narrows them (the club's
 * harvests for a hand-out, loose bulk flowers for a filling). Batches with nothing left are left
 * out.
 */
export async function availableWeighedBatches(
  executor: Executor,
  organisationId: string,
  today: string,
  only: SQL | undefined,
) {
  const rows = await executor
    .select({
      batch: batches,
      productName: products.name,
      pzn: products.pzn,
      packBaseUnits: products.packBaseUnits,
      cannabinoidUnit: products.cannabinoidUnit,
    })
    .from(batches)
    .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(batches.organisationId, organisationId),
        sellableBatch(today),
        eq(products.packUnit, 'g'),
        only,
      ),
    )
    .orderBy(
      asc(products.name),
      sql`${batches.expiryDate} asc nulls last`,
      asc(batches.createdAt),
      asc(batches.id),
    )
  const reserved = await reservedByBatch(
    executor,
    rows.map((row) => row.batch.id),
  )
  return rows.flatMap((row) => {
    const availableMg = row.batch.balance - (reserved.get(row.batch.id) ?? 0)
    return availableMg > 0 ? [{ ...row, availableMg }] : []
  })
}

export const notEnoughStockMessage = (batch: LockedBatch, available: number) =>
  `In Charge ${batch.batchNumber} (${batch.productName}) ${
    available > 0
      ? `sind nur noch ${formatQuantity(available, batch.quantityUnit)} verfügbar`
      : 'ist nichts mehr verfügbar'
  }.`

export interface MovementInput {
  kind: StockMovementKind
  /** Signed base units: positive adds, negative takes. */
  quantity: number
  reason?: string | null
  source?: MovementSource | null
}

/**
 * Appends one movement to a batch locked by this transaction and moves its balance with it.
 * A movement that would take the balance below zero is refused (409) and nothing is written.
 * Returns the movement's id; `batch.balance` is updated in place.
 */
export async function appendMovement(
  tx: Executor,
  actor: Actor,
  batch: LockedBatch,
  movement: MovementInput,
): Promise<string> {
  if (!Number.isSafeInteger(movement.quantity) || movement.quantity === 0) {
    throw new InvalidError({ quantity: 'Bitte gib eine Menge ungleich null an.' })
  }
  const reason = movement.reason?.trim() || null
  if (movementKindsNeedingReason.includes(movement.kind) && !reason) {
    throw new InvalidError({ reason: 'Bitte gib einen Grund an.' })
  }
  const balanceAfter = batch.balance + movement.quantity
  if (balanceAfter < 0) throw new ConflictError(notEnoughStockMessage(batch, batch.balance))
  await tx.update(batches).set({ balance: balanceAfter }).where(eq(batches.id, batch.id))
  const auditActor = auditActorOf(actor)
  const [row] = await tx
    .insert(stockMovements)
    .values({
      organisationId: batch.organisationId,
      batchId: batch.id,
      kind: movement.kind,
      quantity: movement.quantity,
      balanceAfter,
      reason,
      sourceType: movement.source?.type ?? null,
      sourceId: movement.source?.id ?? null,
      actorKind: auditActor.kind,
      actorId:
        auditActor.kind === 'system'
          ? auditActor.name
          : auditActor.kind === 'visitor'
            ? null
            : auditActor.id,
      // The wall clock, not the transaction's start: two movements of one batch in one
      // transaction (a filling's nets and its loss) keep their order in the ledger.
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: stockMovements.id })
  if (!row) throw new Error('stock movement was not inserted')
  batch.balance = balanceAfter
  return row.id
}

/** Why goods of this batch may not be sold, filled or handed out now; null when they may. */
export function unsellableReason(batch: LockedBatch, today: string = berlinIsoDate()) {
  if (isExpiredOn(batch.expiryDate, today)) {
    return `Charge ${batch.batchNumber} ist abgelaufen und darf nicht mehr abgegeben werden.`
  }
  if (batch.status !== 'released') {
    return `Charge ${batch.batchNumber} ist nicht freigegeben (${batchStatusLabels[batch.status]}).`
  }
  return null
}

/**
 * Takes goods out of a batch locked by this transaction: only what no reservation holds, and for
 * sales, fillings and hand-outs only from a released, unexpired batch. 409 with the reason when
 * the goods are not there; nothing is written then.
 */
export async function withdrawFromBatch(
  tx: Executor,
  actor: Actor,
  batch: LockedBatch,
  withdrawal: Omit<MovementInput, 'quantity'> & { quantity: number },
): Promise<string> {
  if (!Number.isSafeInteger(withdrawal.quantity) || withdrawal.quantity <= 0) {
    throw new InvalidError({ quantity: 'Bitte gib eine Menge größer als null an.' })
  }
  if (
    withdrawal.kind === 'sale' ||
    withdrawal.kind === 'filling' ||
    withdrawal.kind === 'hand_out'
  ) {
    const problem = unsellableReason(batch)
    if (problem) throw new ConflictError(problem)
  }
  const reserved = (await reservedByBatch(tx, [batch.id])).get(batch.id) ?? 0
  const available = batch.balance - reserved
  if (withdrawal.quantity > available) {
    throw new ConflictError(notEnoughStockMessage(batch, available))
  }
  return appendMovement(tx, actor, batch, { ...withdrawal, quantity: -withdrawal.quantity })
}

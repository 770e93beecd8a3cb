import { and, eq, gt, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.server'
import { batches, stockReservations } from './stock.schema'
import { activeReservation } from './stock-ledger.server'

/**
 * Stock per product as SQL subqueries, for the lists that show it (`/inventory`, `/products`):
 * read from `batches.balance`, the ledger's maintained sum (ADR 020), never by summing
 * movements, so a page costs one aggregate over the organisation's batches. Drizzle names a subquery's
 * computed columns by their alias alone, so every alias here is unique (`stock_…`).
 */

/** Base units held by active reservations, per batch of the organisation. */
export function reservedPerBatch(db: Executor, organisationId: string) {
  return db
    .select({
      batchId: stockReservations.batchId,
      quantity: sql<number>`sum(${stockReservations.quantity})`.as('reserved_quantity'),
    })
    .from(stockReservations)
    .where(and(eq(stockReservations.organisationId, organisationId), activeReservation()))
    .groupBy(stockReservations.batchId)
    .as('batch_reserved')
}

/**
 * The organisation's stock per listing (`product_id`), by state on `today` (`YYYY-MM-DD`). The
 * states are disjoint: blocked goods count as blocked, expired ones as expired, the rest as
 * released or in quarantine — so they add up to `on_hand`. Available is what released, unexpired
 * batches hold beyond their active reservations. Sums are bigint: read them with `Number`.
 */
export function stockByProduct(db: Executor, organisationId: string, today: string) {
  const reserved = reservedPerBatch(db, organisationId)
  const expired = sql`coalesce(${batches.expiryDate} < ${today}::date, false)`
  const state = (condition: SQL, amount: SQL = sql`${batches.balance}`) =>
    sql`coalesce(sum(case when ${condition} then ${amount} else 0 end), 0)`
  return (
    db
      .select({
        productId: sql<string>`${batches.organisationProductId}`.as('stock_product_id'),
        onHand: sql<string>`coalesce(sum(${batches.balance}), 0)`.as('stock_on_hand'),
        available: sql<string>`${state(
          sql`${batches.status} = 'released' and not ${expired}`,
          sql`greatest(${batches.balance} - coalesce(${reserved.quantity}, 0), 0)`,
        )}`.as('stock_available'),
        quarantine:
          sql<string>`${state(sql`${batches.status} = 'quarantine' and not ${expired}`)}`.as(
            'stock_quarantine',
          ),
        reserved: sql<string>`coalesce(sum(${reserved.quantity}), 0)`.as('stock_reserved'),
        blocked: sql<string>`${state(sql`${batches.status} = 'blocked'`)}`.as('stock_blocked'),
        expired: sql<string>`${state(sql`${batches.status} <> 'blocked' and ${expired}`)}`.as(
          'stock_expired',
        ),
        /** The earliest expiry of a usable batch (not blocked, not expired) with stock. */
        nextExpiry: sql<
          string | null
        >`min(${batches.expiryDate}) filter (where ${batches.balance} > 0 and ${batches.status} <> 'blocked' and not ${expired})`.as(
          'stock_next_expiry',
        ),
      })
      .from(batches)
      .leftJoin(reserved, eq(reserved.batchId, batches.id))
      // Empty batches add nothing to any sum (no reservation outlives the goods it holds), and most
      // batches of a long-running business are empty: leave them out of the aggregate.
      .where(and(eq(batches.organisationId, organisationId), gt(batches.balance, 0)))
      .groupBy(batches.organisationProductId)
      .as('stock')
  )
}

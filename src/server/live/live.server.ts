import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { dashboardFiguresOf } from '../../lib/dashboard'
import { berlinIsoDate } from '../../lib/format'
import {
  type LiveBoard,
  type LiveHandoutTile,
  type LiveOrderTile,
  type LiveOrderTileKey,
  type LiveStockTile,
  type LiveStockWarning,
  type LiveTile,
  liveTileEntryLimit,
  liveTilesOf,
} from '../../lib/live'
import type { Actor } from '../actor.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { customerOrderTodoCondition, itemCount } from '../customer-orders/customer-orders.server'
import type { Database } from '../db/client.server'
import { inSequence } from '../db/in-sequence.server'
import { handouts } from '../handouts/handouts.schema'
import { stockWarningCounts, stockWarningListings } from '../stock/stock-lists.server'
import { requireLiveViewer } from './live-events.server'

/**
 * The live board of the acting user's organisation (ADR 046): per tile a count and the first
 * entries, read with the conditions of the lists and the dashboard — the order list's status
 * filter, `customerOrderTodoCondition`, the stock warnings (`stockWarningCounts`) — so
 * the board, the dashboard and the lists always agree. Every query is scoped by the
 * organisation; the board shows no customer's or member's name.
 */

/** Each order tile: which orders, and which come first. */
const orderTiles: Record<LiveOrderTileKey, { condition: () => SQL; order: 'newest' | 'oldest' }> = {
  // What came in and awaits its first look: the list's `?status=new`.
  new_orders: { condition: () => eq(customerOrders.status, 'new'), order: 'newest' },
  // The work queues: the longest waiting first.
  to_prepare: { condition: () => customerOrderTodoCondition('to_prepare'), order: 'oldest' },
  ready: { condition: () => eq(customerOrders.status, 'ready'), order: 'oldest' },
  to_ship: { condition: () => customerOrderTodoCondition('to_ship'), order: 'oldest' },
}

async function orderTile(
  db: Database,
  organisationId: string,
  key: LiveOrderTileKey,
): Promise<LiveOrderTile> {
  const { condition, order } = orderTiles[key]
  const rows = await db
    .select({
      id: customerOrders.id,
      number: customerOrders.number,
      type: customerOrders.type,
      deliveryMethod: customerOrders.deliveryMethod,
      paymentStatus: customerOrders.paymentStatus,
      itemCount,
      createdAt: customerOrders.createdAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(customerOrders)
    .where(and(eq(customerOrders.organisationId, organisationId), condition()))
    .orderBy(
      order === 'newest' ? desc(customerOrders.createdAt) : asc(customerOrders.createdAt),
      asc(customerOrders.id),
    )
    .limit(liveTileEntryLimit)
  return {
    key,
    total: Number(rows[0]?.total ?? 0),
    orders: rows.map(({ total: _total, createdAt, ...row }) => ({
      ...row,
      itemCount: Number(row.itemCount),
      createdAt: createdAt.toISOString(),
    })),
  }
}

/** Today's hand-outs (Berlin day) that are not cancelled, the latest first. */
async function handoutTile(db: Database, organisationId: string): Promise<LiveHandoutTile> {
  const today = and(
    eq(handouts.organisationId, organisationId),
    eq(handouts.handedOutOn, berlinIsoDate()),
    isNull(handouts.cancelledAt),
  )
  const [totals, rows] = await inSequence([
    () =>
      db
        .select({
          count: sql<number>`count(*)::int`,
          mg: sql<number>`coalesce(sum(${handouts.quantity}) filter (where ${handouts.packUnit} = 'g'), 0)::bigint`,
        })
        .from(handouts)
        .where(today),
    () =>
      db
        .select({
          id: handouts.id,
          number: handouts.number,
          productName: handouts.productName,
          quantity: handouts.quantity,
          packUnit: handouts.packUnit,
          handedOutAt: handouts.handedOutAt,
        })
        .from(handouts)
        .where(today)
        .orderBy(desc(handouts.handedOutAt), desc(handouts.id))
        .limit(liveTileEntryLimit),
  ])
  return {
    key: 'handouts_today',
    total: Number(totals[0]?.count ?? 0),
    totalMg: Number(totals[0]?.mg ?? 0),
    handouts: rows.map((row) => ({ ...row, handedOutAt: row.handedOutAt.toISOString() })),
  }
}

const stockWarnings: readonly LiveStockWarning[] = ['quarantine', 'low', 'expiring']

/** The stock warnings the category's dashboard shows, with the first products carrying them. */
async function stockTile(
  db: Database,
  organisationId: string,
  category: LiveBoard['organisation']['category'],
): Promise<LiveStockTile> {
  const watched = stockWarnings.filter((warning) => dashboardFiguresOf[category].includes(warning))
  const [counts, listed] = await inSequence([
    () => stockWarningCounts(db, organisationId),
    () => stockWarningListings(db, organisationId, watched, liveTileEntryLimit),
  ])
  return {
    key: 'stock_alerts',
    counts: watched.map((warning) => ({ warning, count: Number(counts[warning]) })),
    products: listed.products,
    total: listed.total,
  }
}

export async function getLiveBoard(actor: Actor, db: Database): Promise<LiveBoard> {
  const { organisation } = requireLiveViewer(actor)
  const tiles: LiveTile[] = await inSequence(
    liveTilesOf[organisation.category].map((key) => () => {
      if (key === 'handouts_today') return handoutTile(db, organisation.id)
      if (key === 'stock_alerts') return stockTile(db, organisation.id, organisation.category)
      return orderTile(db, organisation.id, key)
    }),
  )
  return {
    organisation: { name: organisation.name, category: organisation.category },
    tiles,
    loadedAt: new Date().toISOString(),
  }
}

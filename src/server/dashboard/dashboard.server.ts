import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  type Dashboard,
  type DashboardFigureKey,
  dashboardActivityLimit,
  dashboardFiguresOf,
} from '../../lib/dashboard'
import { arrivingPurchaseOrderStatuses } from '../../lib/purchase-orders'
import { type Actor, requireBusiness } from '../actor.server'
import { auditEvents } from '../audit/audit.schema'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { customerOrderTodoCondition } from '../customer-orders/customer-orders.server'
import type { Database } from '../db/client.server'
import { users } from '../db/schema'
import { purchaseOrders } from '../purchasing/purchasing.schema'
import { inventoryWarningCounts } from '../stock/inventory.server'

/**
 * The dashboard of the acting user's organisation: a handful of queries, each counting what the
 * list it links to filters by the same condition (`customerOrderTodoCondition`,
 * `inventoryWarningCounts`), so a figure and its list always agree.
 */

const berlinToday = sql`date_trunc('day', now() at time zone 'Europe/Berlin') at time zone 'Europe/Berlin'`
const berlinMonth = sql`date_trunc('month', now() at time zone 'Europe/Berlin') at time zone 'Europe/Berlin'`

const todoCount = (todo: Parameters<typeof customerOrderTodoCondition>[0]) =>
  sql<number>`(count(*) filter (where ${customerOrderTodoCondition(todo)}))::int`

const revenueSince = (start: typeof berlinToday) =>
  sql<number>`coalesce(sum(${customerOrders.grossCents}) filter (where ${customerOrders.status} = 'completed' and ${customerOrders.completedAt} >= ${start}), 0)::bigint`

async function orderFigures(db: Database, organisationId: string) {
  const [row] = await db
    .select({
      prescription_check: todoCount('prescription_check'),
      to_prepare: todoCount('to_prepare'),
      expiring_today: todoCount('expiring_today'),
      open: todoCount('open'),
      to_ship: todoCount('to_ship'),
      revenue_today: revenueSince(berlinToday),
      revenue_month: revenueSince(berlinMonth),
    })
    .from(customerOrders)
    .where(eq(customerOrders.organisationId, organisationId))
  return row
}

async function arrivingCount(db: Database, organisationId: string) {
  return db.$count(
    purchaseOrders,
    and(
      eq(purchaseOrders.organisationId, organisationId),
      inArray(purchaseOrders.status, [...arrivingPurchaseOrderStatuses]),
    ),
  )
}

async function recentActivity(db: Database, organisationId: string) {
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.createdAt,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      actorName: users.name,
    })
    .from(auditEvents)
    .leftJoin(
      users,
      and(
        eq(auditEvents.actorKind, 'business_user'),
        sql`${users.id}::text = ${auditEvents.actorId}`,
      ),
    )
    .where(eq(auditEvents.organisationId, organisationId))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(dashboardActivityLimit)
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }))
}

export async function getDashboard(actor: Actor, db: Database): Promise<Dashboard> {
  const { organisation } = requireBusiness(actor)
  const wanted = dashboardFiguresOf[organisation.category]
  const needs = (...keys: DashboardFigureKey[]) => keys.some((key) => wanted.includes(key))
  const [orders, arriving, stock, activity] = await Promise.all([
    needs('prescription_check', 'to_prepare', 'expiring_today', 'open', 'to_ship', 'revenue_today')
      ? orderFigures(db, organisation.id)
      : undefined,
    needs('arriving') ? arrivingCount(db, organisation.id) : 0,
    needs('quarantine', 'low', 'expiring')
      ? inventoryWarningCounts(db, organisation.id)
      : undefined,
    recentActivity(db, organisation.id),
  ])
  const values: Partial<Record<DashboardFigureKey, number>> = {
    ...(orders &&
      Object.fromEntries(Object.entries(orders).map(([key, value]) => [key, Number(value)]))),
    arriving,
    ...stock,
  }
  return {
    category: organisation.category,
    figures: wanted.map((key) => ({ key, value: values[key] ?? 0 })),
    activity,
  }
}

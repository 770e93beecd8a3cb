import { and, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import { openPaymentStatuses } from '../../lib/customer-orders'
import {
  type Dashboard,
  type DashboardFigureKey,
  dashboardActivityLimit,
  dashboardFiguresOf,
  nearLimitShare,
} from '../../lib/dashboard'
import { berlinIsoDate } from '../../lib/format'
import { ageClassOn, calendarMonthOf, handoutRulesFor } from '../../lib/handouts'
import { arrivingPurchaseOrderStatuses } from '../../lib/purchase-orders'
import { type Actor, requireBusiness } from '../actor.server'
import { auditEvents } from '../audit/audit.schema'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import {
  customerOrderTodoCondition,
  openOrderStatuses,
} from '../customer-orders/customer-orders.server'
import { customers } from '../customers/customers.schema'
import { licenceAttentionCondition } from '../customers/customers.server'
import { berlinStartOf } from '../db/berlin-time.server'
import type { Database } from '../db/client.server'
import { inSequence } from '../db/in-sequence.server'
import { users } from '../db/schema'
import { handouts } from '../handouts/handouts.schema'
import { organisationProducts, products } from '../products/products.schema'
import { purchaseOrders } from '../purchase-orders/purchase-orders.schema'
import { batches } from '../stock/stock.schema'
import { sellableBatch } from '../stock/stock-ledger.server'
import { stockWarningCounts } from '../stock/stock-lists.server'

/**
 * The dashboard of the acting user's organisation: a handful of queries, each counting what the
 * list it links to filters by the same condition (`customerOrderTodoCondition`,
 * `stockWarningCounts`), so a figure and its list always agree.
 */

const todoCount = (todo: Parameters<typeof customerOrderTodoCondition>[0]) =>
  sql<number>`(count(*) filter (where ${customerOrderTodoCondition(todo)}))::int`

const revenueSince = (start: SQL) =>
  sql<number>`coalesce(sum(${customerOrders.grossCents}) filter (where ${customerOrders.status} = 'completed' and ${customerOrders.completedAt} >= ${start}), 0)::bigint`

async function orderFigures(db: Database, organisationId: string) {
  const [row] = await db
    .select({
      prescription_check: todoCount('prescription_check'),
      to_prepare: todoCount('to_prepare'),
      expiring_today: todoCount('expiring_today'),
      open: todoCount('open'),
      to_ship: todoCount('to_ship'),
      unpaid: todoCount('unpaid'),
      payment_overdue: todoCount('payment_overdue'),
      revenue_today: revenueSince(berlinStartOf('day')),
      revenue_month: revenueSince(berlinStartOf('month')),
    })
    .from(customerOrders)
    // Only what a figure can count: orders still in progress, this month's completed ones and
    // completed ones still unpaid — not the organisation's whole history (ADR 047).
    .where(
      and(
        eq(customerOrders.organisationId, organisationId),
        or(
          inArray(customerOrders.status, [...openOrderStatuses]),
          and(
            eq(customerOrders.status, 'completed'),
            or(
              gte(customerOrders.completedAt, berlinStartOf('month')),
              inArray(customerOrders.paymentStatus, [...openPaymentStatuses]),
            ),
          ),
        ),
      ),
    )
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

/** Business customers whose licence is missing, expired or expiring soon: the list's filter. */
async function licenceCount(db: Database, organisationId: string) {
  return db.$count(
    customers,
    and(eq(customers.organisationId, organisationId), licenceAttentionCondition(berlinIsoDate())),
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

/**
 * A club's figures (KCanG): hand-outs today, grams this month against what its active members may
 * receive in all, members at 80 % of their monthly amount or more, and each variety's stock. The
 * limits come from the hand-out rules (`handoutRulesFor`), so the figure follows the counter.
 */
async function clubFigures(db: Database, organisationId: string) {
  const today = berlinIsoDate()
  const month = calendarMonthOf(today)
  const counted = and(
    eq(handouts.organisationId, organisationId),
    isNull(handouts.cancelledAt),
    gte(handouts.handedOutOn, month.first),
    lt(handouts.handedOutOn, month.next),
  )
  const [totals, usage, members, varieties] = await inSequence([
    () =>
      db
        .select({
          today: sql<number>`(count(*) filter (where ${handouts.handedOutOn} = ${today}))::int`,
          monthMg: sql<number>`coalesce(sum(${handouts.quantity}), 0)::bigint`,
        })
        .from(handouts)
        .where(counted),
    () =>
      db
        .select({
          customerId: handouts.customerId,
          usedMg: sql<number>`sum(${handouts.quantity})::bigint`,
        })
        .from(handouts)
        .where(counted)
        .groupBy(handouts.customerId),
    () =>
      db
        .select({ id: customers.id, birthDate: customers.birthDate })
        .from(customers)
        .where(
          and(
            eq(customers.organisationId, organisationId),
            eq(customers.kind, 'member'),
            isNull(customers.deactivatedAt),
            isNull(customers.anonymisedAt),
          ),
        ),
    () =>
      db
        .select({
          organisationProductId: organisationProducts.id,
          name: products.name,
          availableMg: sql<number>`sum(${batches.balance})::bigint`,
        })
        .from(batches)
        .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
        .innerJoin(products, eq(products.id, organisationProducts.productId))
        .where(
          and(
            eq(batches.organisationId, organisationId),
            eq(batches.origin, 'harvest'),
            sellableBatch(today),
          ),
        )
        .groupBy(organisationProducts.id, products.name)
        .orderBy(products.name),
  ])
  const monthlyLimitOf = (birthDate: string | null) =>
    handoutRulesFor(birthDate ? ageClassOn(birthDate, today) : 'young_adult').monthlyMg
  const limits = new Map(members.map((member) => [member.id, monthlyLimitOf(member.birthDate)]))
  const nearLimit = usage.filter((member) => {
    const limit = limits.get(member.customerId)
    return limit !== undefined && Number(member.usedMg) >= limit * nearLimitShare
  }).length
  return {
    figures: {
      handouts_today: Number(totals[0]?.today ?? 0),
      grams_month: Number(totals[0]?.monthMg ?? 0),
      members_near_limit: nearLimit,
    },
    club: {
      monthlyAllowanceMg: [...limits.values()].reduce((sum, limit) => sum + limit, 0),
      varieties: varieties.map((variety) => ({
        ...variety,
        availableMg: Number(variety.availableMg),
      })),
    },
  }
}

export async function getDashboard(actor: Actor, db: Database): Promise<Dashboard> {
  const { organisation } = requireBusiness(actor)
  const wanted = dashboardFiguresOf[organisation.category]
  const needs = (...keys: DashboardFigureKey[]) => keys.some((key) => wanted.includes(key))
  const [orders, arriving, stock, club, licences, activity] = await inSequence([
    () =>
      needs(
        'prescription_check',
        'to_prepare',
        'expiring_today',
        'open',
        'to_ship',
        'revenue_today',
      )
        ? orderFigures(db, organisation.id)
        : undefined,
    () => (needs('arriving') ? arrivingCount(db, organisation.id) : 0),
    () =>
      needs('quarantine', 'low', 'expiring') ? stockWarningCounts(db, organisation.id) : undefined,
    () => (organisation.category === 'club' ? clubFigures(db, organisation.id) : undefined),
    () => (needs('licences') ? licenceCount(db, organisation.id) : 0),
    () => recentActivity(db, organisation.id),
  ])
  const values: Partial<Record<DashboardFigureKey, number>> = {
    ...(orders &&
      Object.fromEntries(Object.entries(orders).map(([key, value]) => [key, Number(value)]))),
    arriving,
    licences,
    ...stock,
    ...club?.figures,
  }
  return {
    category: organisation.category,
    figures: wanted.map((key) => ({ key, value: values[key] ?? 0 })),
    club: club?.club ?? null,
    activity,
  }
}

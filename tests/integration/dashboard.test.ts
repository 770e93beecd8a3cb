import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerListSearch } from '~/lib/customer-lists'
import {
  type CustomerOrderTodo,
  customerOrderListSearch,
  customerOrderTodos,
} from '~/lib/customer-order-lists'
import type { Dashboard, DashboardFigureKey } from '~/lib/dashboard'
import { purchaseOrderListSearch } from '~/lib/purchase-orders'
import { stockListSearch } from '~/lib/stock-lists'
import { type Actor, visitorActor } from '~/server/actor.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import { listCustomerOrders } from '~/server/customer-orders/customer-orders.server'
import { listCustomers } from '~/server/customers/customers.server'
import { getDashboard } from '~/server/dashboard/dashboard.server'
import { demoIds } from '~/server/db/seed.server'
import { listPurchaseOrders } from '~/server/purchase-orders/purchase-orders.server'
import { listStock } from '~/server/stock/stock-lists.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { outcomeOf } from '../support/outcome'

const figure = (dashboard: Dashboard, key: DashboardFigureKey) =>
  dashboard.figures.find((entry) => entry.key === key)?.value

describe.each(testDatabaseKinds)('dashboard on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  /** Every count figure equals the total of the list it links to. */
  async function expectFiguresToMatchLists(actor: Actor, dashboard: Dashboard) {
    for (const { key, value } of dashboard.figures) {
      let total: number | null = null
      if ((customerOrderTodos as readonly string[]).includes(key)) {
        const todo = key as CustomerOrderTodo
        total = (await listCustomerOrders(actor, customerOrderListSearch.parse({ todo }), db()))
          .total
      } else if (key === 'arriving') {
        total = (
          await listPurchaseOrders(actor, purchaseOrderListSearch.parse({ todo: 'arriving' }), db())
        ).total
      } else if (key === 'quarantine' || key === 'low' || key === 'expiring') {
        total = (await listStock(actor, stockListSearch.parse({ warning: key }), db())).total
      } else if (key === 'licences') {
        total = (
          await listCustomers(actor, customerListSearch.parse({ licence: 'attention' }), db())
        ).total
      }
      if (total !== null) expect({ key, value }).toEqual({ key, value: total })
    }
  }

  it("shows a pharmacy its to-dos, stock alerts and revenue, each equal to its list's count", async () => {
    const dashboard = await getDashboard(actors.pharmacyOwner, db())
    expect(dashboard.category).toBe('pharmacy')
    expect(dashboard.figures.map((entry) => entry.key)).toEqual([
      'prescription_check',
      'to_prepare',
      'expiring_today',
      'quarantine',
      'low',
      'expiring',
      'unpaid',
      'payment_overdue',
      'revenue_today',
      'revenue_month',
    ])
    // The demo data has an order waiting for its prescription check.
    expect(figure(dashboard, 'prescription_check')).toBeGreaterThan(0)
    await expectFiguresToMatchLists(actors.pharmacyOwner, dashboard)
    expect(dashboard.activity.length).toBeGreaterThan(0)
    expect(dashboard.activity.length).toBeLessThanOrEqual(8)
  })

  it('counts revenue of orders completed today and this month (Berlin), gross', async () => {
    const before = await getDashboard(actors.pharmacyOwner, db())
    const [order] = await db()
      .select({ id: customerOrders.id, grossCents: customerOrders.grossCents })
      .from(customerOrders)
      .where(eq(customerOrders.organisationId, demoIds.pharmacy))
      .limit(1)
    if (!order) throw new Error('demo order missing')
    await db()
      .update(customerOrders)
      .set({ status: 'completed', completedAt: sql`now()` })
      .where(eq(customerOrders.id, order.id))
    const after = await getDashboard(actors.pharmacyOwner, db())
    const gained = (key: DashboardFigureKey) =>
      (figure(after, key) ?? 0) - (figure(before, key) ?? 0)
    // The order may have counted already (completed earlier today in the demo data).
    expect([0, order.grossCents]).toContain(gained('revenue_today'))
    expect(gained('revenue_today')).toBe(gained('revenue_month'))
    expect(figure(after, 'revenue_month')).toBeGreaterThanOrEqual(
      figure(after, 'revenue_today') ?? 0,
    )
  })

  it('shows a wholesaler open orders, shipments due and purchases on their way', async () => {
    const dashboard = await getDashboard(actors.wholesalerOwner, db())
    expect(dashboard.figures.map((entry) => entry.key)).toEqual([
      'open',
      'to_ship',
      'unpaid',
      'payment_overdue',
      'arriving',
      'low',
      'expiring',
      'licences',
    ])
    // The demo's Hafen-Apotheke: its licence runs out within 30 days.
    expect(figure(dashboard, 'licences')).toBeGreaterThanOrEqual(1)
    await expectFiguresToMatchLists(actors.wholesalerOwner, dashboard)
  })

  it('shows a club its hand-outs, grams against its members’ allowance, members near their limit and each variety’s stock', async () => {
    const dashboard = await getDashboard(actors.clubOwner, db())
    expect(dashboard.figures.map((entry) => entry.key)).toEqual([
      'handouts_today',
      'grams_month',
      'members_near_limit',
      'quarantine',
      'expiring',
    ])
    // The demo's Jonas Richter (46 of 50 g) and Frieda Scholz (27 of 30 g).
    expect(figure(dashboard, 'members_near_limit')).toBeGreaterThanOrEqual(2)
    expect(figure(dashboard, 'grams_month')).toBeGreaterThanOrEqual(73_000)
    expect(dashboard.club?.monthlyAllowanceMg).toBeGreaterThanOrEqual(80_000)
    expect(dashboard.club?.varieties.length).toBeGreaterThan(0)
    for (const variety of dashboard.club?.varieties ?? []) {
      expect(variety.availableMg).toBeGreaterThan(0)
    }
    await expectFiguresToMatchLists(actors.clubOwner, dashboard)
    expect((await getDashboard(actors.pharmacyOwner, db())).club).toBeNull()
  })

  it("staff see their organisation's dashboard; shop customers and visitors none", async () => {
    const staff = await getDashboard(actors.pharmacyStaff, db())
    expect(staff.category).toBe('pharmacy')
    expect(await outcomeOf(getDashboard(actors.shopCustomer, db()))).toBe(403)
    expect(await outcomeOf(getDashboard(visitorActor(), db()))).toBe(403)
    // Only the own organisation's audit entries.
    const club = await getDashboard(actors.clubOwner, db())
    const pharmacyIds = new Set(staff.activity.map((entry) => entry.id))
    expect(club.activity.some((entry) => pharmacyIds.has(entry.id))).toBe(false)
  })
})

import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { berlinIsoDate } from '~/lib/format'
import { calendarMonthOf, handoutRulesFor } from '~/lib/handouts'
import { customerOrderActionServices } from '~/server/customer-orders/customer-order-transitions.server'
import {
  customerOrderItems,
  customerOrderPicks,
  customerOrderPrescriptions,
  customerOrders,
} from '~/server/customer-orders/customer-orders.schema'
import { createCustomerOrder } from '~/server/customer-orders/customer-orders.server'
import { queryRows } from '~/server/db/query-rows.server'
import { demoCustomerIds, demoIds, demoProductIds, seedDemoData } from '~/server/db/seed.server'
import { demoHandoutMembers } from '~/server/db/seed-handouts.server'
import { historyWindow } from '~/server/db/seed-history.server'
import { fillingProtocols, fillingUnits } from '~/server/filling-protocols/filling-protocols.schema'
import { handouts } from '~/server/handouts/handouts.schema'
import { getMemberAllowance } from '~/server/handouts/handouts.server'
import { organisationProducts } from '~/server/products/products.schema'
import { batches, stockMovements } from '~/server/stock/stock.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/**
 * The demo's generated year (ADR 047): Sonnen-Apotheke's completed orders and Grüne Ecke's
 * hand-outs, consistent with stock and the hand-out limits, and today's demo left as it was.
 */
describe.each(testDatabaseKinds)('demo history on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db
  const window = historyWindow()

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('keeps every ledger whole: receipt (or a filling) first, never below zero, the history’s batches emptied', async () => {
    const broken = await queryRows<{ batch_id: string }>(
      db(),
      sql`select batch_id from (
            select batch_id, quantity, balance_after,
              sum(quantity) over (partition by batch_id order by created_at, id) as running,
              row_number() over (partition by batch_id order by created_at, id) as position,
              kind
            from stock_movements
          ) ledger
          where balance_after <> running or balance_after < 0 or (position = 1 and kind not in ('receipt', 'filling'))`,
    )
    expect(broken).toEqual([])
    for (const organisationId of [demoIds.pharmacy, demoIds.club]) {
      const emptied = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(batches)
        .where(and(eq(batches.organisationId, organisationId), eq(batches.balance, 0)))
      // Five deliveries (or two-monthly harvests) a product a year, each sold out.
      expect(emptied[0]?.count).toBeGreaterThan(30)
    }
  })

  it('gives Sonnen-Apotheke a year of completed orders whose items, picks and sales agree', async () => {
    const orders = await db()
      .select()
      .from(customerOrders)
      .where(
        and(
          eq(customerOrders.organisationId, demoIds.pharmacy),
          eq(customerOrders.status, 'completed'),
        ),
      )
    expect(orders.length).toBeGreaterThan(1000)
    const months = new Set(
      orders.map((order) => berlinIsoDate(order.completedAt as Date).slice(0, 7)),
    )
    expect(months.size).toBeGreaterThanOrEqual(13)
    expect(new Set(orders.map((order) => order.channel))).toEqual(new Set(['back_office', 'shop']))
    const today = berlinIsoDate()
    expect(
      orders.every((order) => berlinIsoDate(order.completedAt as Date) >= window.fromDay),
    ).toBe(true)
    expect(orders.some((order) => berlinIsoDate(order.completedAt as Date) === today)).toBe(true)

    // Shop orders hold only what the shop shows.
    const hidden = await queryRows<{ id: string }>(
      db(),
      sql`select i.id from ${customerOrderItems} i
          join ${customerOrders} o on o.id = i.order_id
          join ${organisationProducts} l on l.id = i.organisation_product_id
          where o.organisation_id = ${demoIds.pharmacy} and o.channel = 'shop' and not l.visible_in_shop`,
    )
    expect(hidden).toEqual([])

    // Every line was picked in full and sold from the picked batches, at completion.
    const mismatched = await queryRows<{ id: string }>(
      db(),
      sql`select i.id from ${customerOrderItems} i
          join ${customerOrders} o on o.id = i.order_id
          left join (select item_id, sum(quantity) as picked from ${customerOrderPicks} group by item_id) p on p.item_id = i.id
          where o.organisation_id = ${demoIds.pharmacy} and o.status = 'completed'
            and coalesce(p.picked, 0) <> i.quantity * i.base_units_per_sales_unit`,
    )
    expect(mismatched).toEqual([])
    const unsold = await queryRows<{ id: string }>(
      db(),
      sql`select o.id from ${customerOrders} o
          where o.organisation_id = ${demoIds.pharmacy} and o.status = 'completed'
            and (select coalesce(-sum(m.quantity), 0) from ${stockMovements} m
                 where m.source_type = 'customer_order' and m.source_id = o.id and m.kind = 'sale')
              <> (select coalesce(sum(p.quantity), 0) from ${customerOrderPicks} p where p.order_id = o.id)`,
    )
    expect(unsold).toEqual([])

    // Totals are the items' in the order's price basis (ADR 056: a patient's lines are unit gross
    // × quantity, a business's unit net × quantity), and prescription lines have a checked
    // prescription, valid when the order was confirmed.
    const totals = await queryRows<{ id: string }>(
      db(),
      sql`select o.id from ${customerOrders} o
          where o.organisation_id = ${demoIds.pharmacy} and o.status = 'completed'
            and case o.price_basis
              when 'gross' then o.gross_cents <> (
                select sum((i.unit_price_cents + (i.unit_price_cents * i.vat_rate::text::int + 50) / 100) * i.quantity)
                from ${customerOrderItems} i where i.order_id = o.id)
              else o.net_cents <> (
                select sum(i.unit_price_cents * i.quantity)
                from ${customerOrderItems} i where i.order_id = o.id)
            end`,
    )
    expect(totals).toEqual([])
    const bases = await queryRows<{ basis: string }>(
      db(),
      sql`select distinct o.price_basis as basis from ${customerOrders} o
          where o.organisation_id = ${demoIds.pharmacy} and o.status = 'completed' order by 1`,
    )
    expect(bases.map((row) => row.basis)).toEqual(['gross', 'net'])
    const unchecked = await queryRows<{ id: string }>(
      db(),
      sql`select o.id from ${customerOrders} o
          where o.organisation_id = ${demoIds.pharmacy} and o.status = 'completed'
            and exists (select 1 from ${customerOrderItems} i where i.order_id = o.id and i.requires_prescription)
            and not exists (select 1 from ${customerOrderPrescriptions} p where p.order_id = o.id
              and p.checked_at is not null and p.checked_at <= o.confirmed_at
              and p.issued_on <= (o.confirmed_at at time zone 'Europe/Berlin')::date)`,
    )
    expect(unchecked).toEqual([])

    // Each sale of a prescription line was a dispensing with its hand-out record (ADR 048).
    const undispensed = await queryRows<{ id: string }>(
      db(),
      sql`select m.id from ${stockMovements} m
          join ${customerOrders} o on o.id = m.source_id and m.source_type = 'customer_order'
          join ${batches} b on b.id = m.batch_id
          join ${customerOrderItems} i on i.order_id = o.id and i.organisation_product_id = b.organisation_product_id
          where o.organisation_id = ${demoIds.pharmacy} and m.kind = 'sale' and i.requires_prescription
            and not exists (select 1 from ${handouts} h where h.movement_id = m.id
              and h.customer_order_id = o.id and h.quantity = -m.quantity and h.batch_id = m.batch_id)`,
    )
    expect(undispensed).toEqual([])
  })

  it('numbers the history from the counters, so a new order continues after it', async () => {
    const actors = await demoActors(db())
    const year = berlinIsoDate().slice(0, 4)
    const numbers = (
      await db()
        .select({ number: customerOrders.number })
        .from(customerOrders)
        .where(eq(customerOrders.organisationId, demoIds.pharmacy))
    )
      .map((row) => row.number)
      .filter((number) => number.startsWith(`AU-${year}-`))
      .sort()
    const serials = numbers.map((number) => Number(number.slice(-5)))
    expect(serials).toEqual(serials.map((_, index) => index + 1))
    const created = await createCustomerOrder(
      actors.pharmacyOwner,
      {
        customerId: demoCustomerIds.practice,
        items: [{ listingId: demoProductIds.pharmacyLooseFlower, quantity: 5 }],
      },
      db(),
    )
    expect(created.number).toBe(`AU-${year}-${String(serials.length + 1).padStart(5, '0')}`)
    await customerOrderActionServices.cancel(
      actors.pharmacyOwner,
      created.id,
      { version: created.version, reason: 'Testbestellung' },
      db(),
    )
  })

  it('hands out to Grüne Ecke’s members within their limits before this month, and leaves this month as it was', async () => {
    const rows = await db()
      .select()
      .from(handouts)
      .where(eq(handouts.organisationId, demoIds.club))
      .orderBy(asc(handouts.handedOutAt))
    const thisMonth = calendarMonthOf(berlinIsoDate()).first
    const history = rows.filter((row) => row.handedOutOn < thisMonth)
    expect(history.length).toBeGreaterThan(300)
    expect(history.every((row) => row.handedOutOn >= window.fromDay)).toBe(true)
    const byDay = new Map<string, number>()
    const byMonth = new Map<string, { mg: number; young: boolean }>()
    for (const row of rows.filter((entry) => entry.cancelledAt === null)) {
      const dayKey = `${row.customerId}:${row.handedOutOn}`
      byDay.set(dayKey, (byDay.get(dayKey) ?? 0) + row.quantity)
      const monthKey = `${row.customerId}:${row.handedOutOn.slice(0, 7)}`
      const month = byMonth.get(monthKey) ?? { mg: 0, young: false }
      byMonth.set(monthKey, {
        mg: month.mg + row.quantity,
        young: month.young || row.ageClass === 'young_adult',
      })
      if (row.ageClass === 'young_adult') expect(Number(row.thcContent)).toBeLessThanOrEqual(10)
    }
    for (const mg of byDay.values())
      expect(mg).toBeLessThanOrEqual(handoutRulesFor('adult').dailyMg)
    for (const { mg, young } of byMonth.values()) {
      expect(mg).toBeLessThanOrEqual(handoutRulesFor(young ? 'young_adult' : 'adult').monthlyMg)
    }
    // Each hand-out came from a released harvest of the club, after its release.
    const early = await queryRows<{ id: string }>(
      db(),
      sql`select h.id from ${handouts} h join ${batches} b on b.id = h.batch_id
          where h.organisation_id = ${demoIds.club}
            and (b.origin <> 'harvest' or b.released_at is null or b.released_at > h.handed_out_at)`,
    )
    expect(early).toEqual([])
    // The demo's members near their limit this month, exactly as the demo seed made them.
    const actors = await demoActors(db())
    const adult = await getMemberAllowance(actors.clubOwner, demoHandoutMembers.adult, db())
    expect(adult.usage.monthMg).toBe(46_000)
    const young = await getMemberAllowance(actors.clubOwner, demoHandoutMembers.youngAdult, db())
    expect(young.usage.monthMg).toBe(27_000)
  })

  it('fills the packs it sells and hands out from loose stock, four eyes each, and sells every unit', async () => {
    const thisMonth = calendarMonthOf(berlinIsoDate()).first
    for (const organisationId of [demoIds.pharmacy, demoIds.club]) {
      const protocols = await db()
        .select()
        .from(fillingProtocols)
        .where(eq(fillingProtocols.organisationId, organisationId))
      const history = protocols.filter(
        (protocol) => protocol.startedAt && berlinIsoDate(protocol.startedAt) < thisMonth,
      )
      expect(history.length).toBeGreaterThanOrEqual(2)
      for (const protocol of history) {
        expect(protocol.status).toBe('confirmed')
        expect(protocol.confirmedBy).not.toBe(protocol.filledBy)
        expect((protocol.confirmedAt as Date) > (protocol.submittedAt as Date)).toBe(true)
      }
    }
    // Every unit weighed, the withdrawal the nets plus the loss, a unit outside ±2 % explained.
    const unbalanced = await queryRows<{ id: string }>(
      db(),
      sql`select p.id from ${fillingProtocols} p
          where p.status = 'confirmed'
            and (p.unit_count <> (select count(*) from ${fillingUnits} u where u.protocol_id = p.id and u.net_mg is not null)
              or p.withdrawn_mg < (select sum(u.net_mg) from ${fillingUnits} u where u.protocol_id = p.id)
              or exists (select 1 from ${fillingUnits} u where u.protocol_id = p.id
                and abs(u.net_mg - p.target_net_mg) * 10000 > p.target_net_mg * p.tolerance_basis_points
                and coalesce(u.deviation_reason, '') = ''))`,
    )
    expect(unbalanced).toEqual([])
    // The ledger agrees: the nets and the loss out of the bulk batch, the units into the new one.
    const misbooked = await queryRows<{ id: string }>(
      db(),
      sql`select p.id from ${fillingProtocols} p
          join ${batches} filled on filled.id = p.filled_batch_id
          where p.status = 'confirmed'
            and (filled.filled_from_batch_id <> p.bulk_batch_id
              or filled.organisation_product_id <> p.pack_listing_id
              or filled.batch_number <> p.number
              or -p.withdrawn_mg <> (select sum(m.quantity) from ${stockMovements} m
                   where m.batch_id = p.bulk_batch_id and m.kind = 'filling' and m.source_id = p.id)
              or p.unit_count * p.target_net_mg <> (select sum(m.quantity) from ${stockMovements} m
                   where m.batch_id = filled.id and m.kind = 'filling' and m.source_id = p.id))`,
    )
    expect(misbooked).toEqual([])
    // The history's filled batches went out in whole packs, completely, after the confirmation.
    const filledOut = await queryRows<{ organisation_id: string; emptied: number; loose: number }>(
      db(),
      sql`select b.organisation_id, count(*)::int as emptied,
            count(*) filter (where exists (select 1 from ${stockMovements} m where m.batch_id = b.id
              and m.kind in ('sale', 'hand_out') and (-m.quantity % p.target_net_mg <> 0 or m.created_at < p.confirmed_at)))::int as loose
          from ${batches} b join ${fillingProtocols} p on p.filled_batch_id = b.id
          where b.balance = 0
          group by b.organisation_id`,
    )
    expect(filledOut).toHaveLength(2)
    for (const row of filledOut) {
      expect(row.emptied).toBeGreaterThanOrEqual(2)
      expect(row.loose).toBe(0)
    }
    // The demo's own fillings are still there as the demo made them: one waits for its check.
    const waiting = await db()
      .select({ number: fillingProtocols.number })
      .from(fillingProtocols)
      .where(
        and(
          eq(fillingProtocols.organisationId, demoIds.pharmacy),
          eq(fillingProtocols.status, 'submitted'),
        ),
      )
    expect(waiting).toHaveLength(1)
  })

  it('adds nothing when seeded again', async () => {
    const count = async () =>
      (
        await queryRows<{ orders: number; handouts: number; movements: number }>(
          db(),
          sql`select (select count(*)::int from customer_orders) as orders,
                (select count(*)::int from hand_outs) as handouts,
                (select count(*)::int from stock_movements) as movements`,
        )
      )[0]
    const before = await count()
    await seedDemoData(db())
    expect(await count()).toEqual(before)
  })
})

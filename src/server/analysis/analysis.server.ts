import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import {
  type Analysis,
  type AnalysisChart,
  type AnalysisChartKey,
  type AnalysisOrganisation,
  type AnalysisProduct,
  type AnalysisRows,
  analysisChartsOf,
  analysisCsvFileName,
  defaultAnalysisPeriod,
  formatMonth,
  maxAnalysisDays,
  monthsBetween,
  type OrderOrigin,
  orderOriginLabels,
  orderOrigins,
  topProductsLimit,
  turnoverLimit,
} from '../../lib/analysis'
import type { AnalysisSearch } from '../../lib/analysis-search'
import { addCalendarDays, berlinIsoDate, isCalendarDay } from '../../lib/format'
import {
  baseUnitsPerPackUnit,
  type CannabinoidUnit,
  formatDecimal,
  formatPackSize,
  type PackUnit,
  type ProductCategory,
  packUnitLabels,
} from '../../lib/products'
import { type Actor, isPlatformAdmin, requireRole } from '../actor.server'
import { csvFile } from '../csv.server'
import { customerOrderItems, customerOrders } from '../customer-orders/customer-orders.schema'
import { berlinDayStart, berlinMonthOf } from '../db/berlin-time.server'
import type { Executor } from '../db/client.server'
import { inSequence } from '../db/in-sequence.server'
import { organisations } from '../db/schema'
import { ForbiddenError, InvalidError, NotFoundError } from '../errors.server'
import { handoutVariety } from '../handouts/handout-variety.server'
import { handouts } from '../handouts/handouts.schema'
import { productSearchCondition } from '../products/product-search.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches, stockMovements } from '../stock/stock.schema'

/**
 * The analysis of one organisation (issue 14, ADR 047): each chart one aggregate in SQL over the
 * organisation's rows of the period, grouped by Berlin month where it goes by time. Only its
 * owner reads it, and the platform admin any organisation's (support, as on `/inventory`); staff,
 * shop customers and visitors get 403.
 */

const periodDayMessage = 'Bitte gib den Zeitraum mit gültigen Tagen an.'
const periodOrderMessage = 'Der Beginn des Zeitraums liegt nach seinem Ende.'
const periodLengthMessage = 'Bitte wähle einen Zeitraum von höchstens fünf Jahren.'

/**
 * What every chart query works on: the organisation, the period as instants, the category and
 * the products chosen.
 */
export interface AnalysisScope {
  organisation: AnalysisOrganisation
  from: string
  to: string
  /** The instants the period begins and ends (Berlin midnights; the end is excluded). */
  start: SQL
  end: SQL
  /** Calendar days of the period up to today: what the days of stock divide the outflow by. */
  days: number
  category: ProductCategory | null
  /** The listings the figures are narrowed to; null: all of the organisation's. */
  listings: string[] | null
}

const organisationColumns = {
  id: organisations.id,
  name: organisations.name,
  category: organisations.category,
}

/** The period of the search, or the default one: checked, with its bounds as instants. */
function periodOf(search: AnalysisSearch, today: string) {
  for (const key of ['from', 'to'] as const) {
    const day = search[key]
    if (day !== undefined && !isCalendarDay(day)) {
      throw new InvalidError({ [key]: periodDayMessage }, periodDayMessage)
    }
  }
  const fallback = defaultAnalysisPeriod(today)
  const from = search.from ?? (search.to && search.to < fallback.from ? search.to : fallback.from)
  const to = search.to ?? (search.from && search.from > fallback.to ? search.from : fallback.to)
  if (from > to) throw new InvalidError({ from: periodOrderMessage }, periodOrderMessage)
  const daysUntil = (last: string) =>
    Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  if (daysUntil(to) > maxAnalysisDays) {
    throw new InvalidError({ from: periodLengthMessage }, periodLengthMessage)
  }
  return {
    from,
    to,
    days: Math.max(0, daysUntil(to < today ? to : today)),
    start: berlinDayStart(from),
    end: berlinDayStart(addCalendarDays(to, 1)),
  }
}

/**
 * Who reads whose analysis: an owner their organisation's (naming another one is 403), the
 * platform admin the one the search names — null until they chose, with the organisations to
 * choose from.
 */
async function analysisOrganisation(
  actor: Actor,
  search: AnalysisSearch,
  db: Executor,
): Promise<{ organisation: AnalysisOrganisation | null; choices: AnalysisOrganisation[] }> {
  const business = requireRole(actor, 'owner', 'admin')
  if (!isPlatformAdmin(business)) {
    if (business.user.role !== 'owner') throw new ForbiddenError()
    if (search.organisation && search.organisation !== business.organisation.id) {
      throw new ForbiddenError()
    }
    return {
      organisation: {
        id: business.organisation.id,
        name: business.organisation.name,
        category: business.organisation.category,
      },
      choices: [],
    }
  }
  const choices = await db
    .select(organisationColumns)
    .from(organisations)
    .where(ne(organisations.category, 'platform'))
    .orderBy(asc(organisations.name))
  if (!search.organisation) return { organisation: null, choices }
  const organisation = choices.find((choice) => choice.id === search.organisation)
  if (!organisation) throw new NotFoundError('Diese Organisation gibt es nicht.')
  return { organisation, choices }
}

/** The scope of one chart's query, for the CSV export and the benchmark. */
export async function analysisScope(
  actor: Actor,
  search: AnalysisSearch,
  db: Executor,
  today: string = berlinIsoDate(),
): Promise<AnalysisScope> {
  const { organisation } = await analysisOrganisation(actor, search, db)
  if (!organisation) {
    const message = 'Bitte wähle eine Organisation.'
    throw new InvalidError({ organisation: message }, message)
  }
  const period = periodOf(search, today)
  const chosen = await chosenProducts(db, organisation, search.products)
  return { organisation, category: search.category ?? null, ...period, ...chosen.scope }
}

// ─── The products ────────────────────────────────────────────────────────────────────────────

const productColumns = {
  listingId: organisationProducts.id,
  name: products.name,
  pzn: products.pzn,
  packBaseUnits: products.packBaseUnits,
  packUnit: products.packUnit,
}

/** The organisation's listings with their products, as the picker and the charts name them. */
const selectAnalysisProducts = (db: Executor) =>
  db
    .select(productColumns)
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))

/**
 * The organisation's listings the search names, in the order it names them; 404 for one that is
 * not the organisation's (another's, or none), as for an unknown organisation.
 */
async function chosenProducts(
  db: Executor,
  organisation: AnalysisOrganisation,
  listingIds: readonly string[] | undefined,
): Promise<{ products: AnalysisProduct[]; scope: Pick<AnalysisScope, 'listings'> }> {
  if (!listingIds?.length) return { products: [], scope: { listings: null } }
  const rows = await selectAnalysisProducts(db).where(
    and(
      eq(organisationProducts.organisationId, organisation.id),
      inArray(organisationProducts.id, [...listingIds]),
    ),
  )
  const found = listingIds.flatMap((listingId) => rows.filter((row) => row.listingId === listingId))
  if (found.length < listingIds.length) {
    throw new NotFoundError('Dieses Produkt gibt es in dieser Organisation nicht.')
  }
  return {
    products: found,
    scope: { listings: [...listingIds] },
  }
}

/** How many products the picker offers per search. */
const productPickLimit = 20

/**
 * The picker of `/analyse`: the organisation's products (archived ones too, the period may
 * cover them) whose name, PZN, cultivar or maker contains the text. The same readers as the
 * analysis: its owner, and the platform admin for the organisation named.
 */
export async function searchAnalysisProducts(
  actor: Actor,
  search: AnalysisSearch & { q: string },
  db: Executor,
): Promise<AnalysisProduct[]> {
  const { organisation } = await analysisOrganisation(actor, search, db)
  if (!organisation) return []
  return selectAnalysisProducts(db)
    .where(
      and(
        eq(organisationProducts.organisationId, organisation.id),
        search.category ? eq(products.category, search.category) : undefined,
        productSearchCondition(search.q),
      ),
    )
    .orderBy(asc(products.name), asc(products.packBaseUnits), asc(organisationProducts.id))
    .limit(productPickLimit)
}

// ─── The charts ──────────────────────────────────────────────────────────────────────────────

const netCents = sql<string>`coalesce(sum(${customerOrderItems.unitPriceCents}::bigint * ${customerOrderItems.quantity}), 0)`

/** Rows of the chosen products only, when some are chosen. */
const chosen = (listing: SQLWrapper, scope: AnalysisScope): SQL | undefined =>
  scope.listings ? inArray(listing, scope.listings) : undefined

/** Items of completed orders of the period (completion time), of the category if one is chosen. */
function completedItems(scope: AnalysisScope): SQL {
  return and(
    eq(customerOrders.organisationId, scope.organisation.id),
    eq(customerOrders.status, 'completed'),
    gte(customerOrders.completedAt, scope.start),
    lt(customerOrders.completedAt, scope.end),
    eq(customerOrderItems.organisationId, scope.organisation.id),
    scope.category ? eq(products.category, scope.category) : undefined,
    chosen(customerOrderItems.organisationProductId, scope),
  ) as SQL
}

async function revenueByMonth(
  db: Executor,
  scope: AnalysisScope,
): Promise<AnalysisRows<'revenue'>> {
  const month = berlinMonthOf(customerOrders.completedAt)
  const rows = await db
    .select({
      month: month.label,
      orders: sql<number>`count(distinct ${customerOrders.id})::int`,
      netCents,
    })
    .from(customerOrders)
    .innerJoin(customerOrderItems, eq(customerOrderItems.orderId, customerOrders.id))
    .innerJoin(products, eq(products.id, customerOrderItems.productId))
    .where(completedItems(scope))
    .groupBy(month.start)
  const byMonth = new Map(rows.map((row) => [row.month, row]))
  return monthsBetween(scope.from, scope.to).map((key) => ({
    month: key,
    orders: byMonth.get(key)?.orders ?? 0,
    netCents: Number(byMonth.get(key)?.netCents ?? 0),
  }))
}

async function topProducts(
  db: Executor,
  scope: AnalysisScope,
): Promise<AnalysisRows<'topProducts'>> {
  const rows = await db
    .select({
      ...productColumns,
      listingId: customerOrderItems.organisationProductId,
      quantity: sql<string>`sum(${customerOrderItems.quantity}::bigint * ${customerOrderItems.baseUnitsPerSalesUnit})`,
      netCents,
    })
    .from(customerOrders)
    .innerJoin(customerOrderItems, eq(customerOrderItems.orderId, customerOrders.id))
    .innerJoin(products, eq(products.id, customerOrderItems.productId))
    .where(completedItems(scope))
    .groupBy(customerOrderItems.organisationProductId, products.id)
    .orderBy(desc(netCents), asc(products.name))
    .limit(topProductsLimit)
  return rows.map((row) => ({
    ...row,
    quantity: Number(row.quantity),
    netCents: Number(row.netCents),
  }))
}

async function ordersByChannel(
  db: Executor,
  scope: AnalysisScope,
): Promise<AnalysisRows<'channels'>> {
  const month = berlinMonthOf(customerOrders.createdAt)
  const origin = sql<OrderOrigin>`case when ${customerOrders.channel} = 'shop' and ${customerOrders.type} = 'reservation' then 'reservation' else ${customerOrders.channel}::text end`
  const rows = await db
    .select({ month: month.label, origin, orders: sql<number>`count(*)::int` })
    .from(customerOrders)
    .where(
      and(
        eq(customerOrders.organisationId, scope.organisation.id),
        gte(customerOrders.createdAt, scope.start),
        lt(customerOrders.createdAt, scope.end),
        scope.category || scope.listings
          ? sql`exists (select 1 from ${customerOrderItems} inner join ${products} on ${products.id} = ${customerOrderItems.productId} where ${customerOrderItems.orderId} = ${customerOrders.id} and ${and(
              scope.category ? eq(products.category, scope.category) : undefined,
              chosen(customerOrderItems.organisationProductId, scope),
            )})`
          : undefined,
      ),
    )
    .groupBy(month.start, origin)
  return monthsBetween(scope.from, scope.to).map((key) => ({
    month: key,
    orders: Object.fromEntries(
      orderOrigins.map((value) => [
        value,
        rows.find((row) => row.month === key && row.origin === value)?.orders ?? 0,
      ]),
    ) as Record<OrderOrigin, number>,
  }))
}

const weighted = (
  content: SQL | typeof handouts.thcContent,
  weight: SQL | typeof handouts.quantity,
) => sql<string | null>`round(sum(${content} * ${weight}) / nullif(sum(${weight}), 0), 2)::text`

const contentOrNull = (value: string | null) => (value === null ? null : Number(value))

/**
 * Gram-weighted THC and CBD by month of the flowers that left: a club's hand-out records
 * (without cancelled ones, as the annual report counts), a seller's sale movements with their
 * batch's measured contents. Contents in % only: mg/ml of an extract do not average with them.
 */
async function thcByMonth(db: Executor, scope: AnalysisScope): Promise<AnalysisRows<'thc'>> {
  let rows: {
    month: string
    quantityMg: string
    averageThc: string | null
    averageCbd: string | null
  }[]
  if (scope.organisation.category === 'club') {
    const month = berlinMonthOf(handouts.handedOutAt)
    rows = await db
      .select({
        month: month.label,
        quantityMg: sql<string>`sum(${handouts.quantity})`,
        averageThc: weighted(handouts.thcContent, handouts.quantity),
        averageCbd: weighted(handouts.cbdContent, handouts.quantity),
      })
      .from(handouts)
      .innerJoin(organisationProducts, eq(organisationProducts.id, handouts.organisationProductId))
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(
        and(
          eq(handouts.organisationId, scope.organisation.id),
          isNull(handouts.cancelledAt),
          gte(handouts.handedOutAt, scope.start),
          lt(handouts.handedOutAt, scope.end),
          eq(handouts.cannabinoidUnit, 'percent'),
          scope.category ? eq(products.category, scope.category) : undefined,
          chosen(handouts.organisationProductId, scope),
        ),
      )
      .groupBy(month.start)
  } else {
    const month = berlinMonthOf(stockMovements.createdAt)
    const grams = sql`(-${stockMovements.quantity})`
    rows = await db
      .select({
        month: month.label,
        quantityMg: sql<string>`sum(${grams})`,
        averageThc: weighted(sql`${batches.thcContent}`, grams),
        averageCbd: weighted(sql`${batches.cbdContent}`, grams),
      })
      .from(stockMovements)
      .innerJoin(batches, eq(batches.id, stockMovements.batchId))
      .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(
        and(
          eq(stockMovements.organisationId, scope.organisation.id),
          eq(stockMovements.kind, 'sale'),
          gte(stockMovements.createdAt, scope.start),
          lt(stockMovements.createdAt, scope.end),
          eq(products.cannabinoidUnit, 'percent'),
          sql`${batches.thcContent} is not null`,
          scope.category ? eq(products.category, scope.category) : undefined,
          chosen(batches.organisationProductId, scope),
        ),
      )
      .groupBy(month.start)
  }
  const byMonth = new Map(rows.map((row) => [row.month, row]))
  return monthsBetween(scope.from, scope.to).map((key) => {
    const row = byMonth.get(key)
    return {
      month: key,
      quantityMg: Number(row?.quantityMg ?? 0),
      averageThc: contentOrNull(row?.averageThc ?? null),
      averageCbd: contentOrNull(row?.averageCbd ?? null),
    }
  })
}

/** A club's hand-outs of the period per variety, as the annual report groups them. */
async function handoutsByVariety(
  db: Executor,
  scope: AnalysisScope,
): Promise<AnalysisRows<'handOuts'>> {
  const quantity = sql<string>`sum(${handouts.quantity})`
  const rows = await db
    .select({
      name: handoutVariety,
      unit: handouts.cannabinoidUnit,
      handouts: sql<number>`count(*)::int`,
      quantityMg: quantity,
      members: sql<number>`count(distinct ${handouts.customerId})::int`,
      averageThc: weighted(handouts.thcContent, handouts.quantity),
      averageCbd: weighted(handouts.cbdContent, handouts.quantity),
    })
    .from(handouts)
    .innerJoin(organisationProducts, eq(organisationProducts.id, handouts.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(handouts.organisationId, scope.organisation.id),
        isNull(handouts.cancelledAt),
        gte(handouts.handedOutAt, scope.start),
        lt(handouts.handedOutAt, scope.end),
        scope.category ? eq(products.category, scope.category) : undefined,
        chosen(handouts.organisationProductId, scope),
      ),
    )
    .groupBy(handoutVariety, handouts.cannabinoidUnit)
    .orderBy(desc(quantity), asc(handoutVariety))
  return rows.map((row) => ({
    ...row,
    unit: row.unit as CannabinoidUnit,
    quantityMg: Number(row.quantityMg),
    averageThc: contentOrNull(row.averageThc),
    averageCbd: contentOrNull(row.averageCbd),
  }))
}

/**
 * Each product's flow over the period from the ledger: the movements since its start (what came
 * after its end turns today's stock back into the closing stock, what came within it into the
 * opening stock) and today's balances. The products that moved most, and what lies idle after.
 */
async function stockTurnover(
  db: Executor,
  scope: AnalysisScope,
  today: string,
): Promise<AnalysisRows<'turnover'>> {
  const within = sql`${stockMovements.createdAt} < ${scope.end}`
  const leaving = sql`(${stockMovements.kind} in ('sale', 'hand_out', 'return') or (${stockMovements.kind} = 'filling' and ${stockMovements.quantity} < 0))`
  const moved = db
    .select({
      listingId: sql<string>`${batches.organisationProductId}`.as('moved_listing_id'),
      afterEnd:
        sql<string>`coalesce(sum(${stockMovements.quantity}) filter (where not ${within}), 0)`.as(
          'moved_after_end',
        ),
      inPeriod:
        sql<string>`coalesce(sum(${stockMovements.quantity}) filter (where ${within}), 0)`.as(
          'moved_in_period',
        ),
      outflow:
        sql<string>`coalesce(-sum(${stockMovements.quantity}) filter (where ${within} and ${leaving}), 0)`.as(
          'moved_outflow',
        ),
    })
    .from(stockMovements)
    .innerJoin(batches, eq(batches.id, stockMovements.batchId))
    .where(
      and(
        eq(stockMovements.organisationId, scope.organisation.id),
        gte(stockMovements.createdAt, scope.start),
      ),
    )
    .groupBy(batches.organisationProductId)
    .as('moved')
  const held = db
    .select({
      listingId: sql<string>`${batches.organisationProductId}`.as('held_listing_id'),
      onHand: sql<string>`sum(${batches.balance})`.as('held_on_hand'),
      usable:
        sql<string>`coalesce(sum(${batches.balance}) filter (where ${batches.status} <> 'blocked' and (${batches.expiryDate} is null or ${batches.expiryDate} >= ${today}::date)), 0)`.as(
          'held_usable',
        ),
    })
    .from(batches)
    .where(and(eq(batches.organisationId, scope.organisation.id), sql`${batches.balance} > 0`))
    .groupBy(batches.organisationProductId)
    .as('held')
  const outflow = sql`coalesce(${moved.outflow}, 0)`
  const rows = await db
    .select({
      ...productColumns,
      outflow: sql<string>`${outflow}`,
      afterEnd: sql<string>`coalesce(${moved.afterEnd}, 0)`,
      inPeriod: sql<string>`coalesce(${moved.inPeriod}, 0)`,
      onHand: sql<string>`coalesce(${held.onHand}, 0)`,
      usable: sql<string>`coalesce(${held.usable}, 0)`,
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .leftJoin(moved, eq(moved.listingId, organisationProducts.id))
    .leftJoin(held, eq(held.listingId, organisationProducts.id))
    .where(
      and(
        eq(organisationProducts.organisationId, scope.organisation.id),
        sql`(${moved.listingId} is not null or ${held.listingId} is not null)`,
        scope.category ? eq(products.category, scope.category) : undefined,
        chosen(organisationProducts.id, scope),
      ),
    )
    .orderBy(desc(outflow), asc(products.name), asc(organisationProducts.id))
    .limit(turnoverLimit)
  return rows.map((row) => {
    const outflowUnits = Number(row.outflow)
    const closingStock = Number(row.onHand) - Number(row.afterEnd)
    const openingStock = closingStock - Number(row.inPeriod)
    const averageStock = (openingStock + closingStock) / 2
    const usableStock = Number(row.usable)
    const perDay = scope.days > 0 ? outflowUnits / scope.days : 0
    return {
      listingId: row.listingId,
      name: row.name,
      pzn: row.pzn,
      packBaseUnits: row.packBaseUnits,
      packUnit: row.packUnit,
      outflow: outflowUnits,
      openingStock,
      closingStock,
      usableStock,
      turnover: averageStock > 0 ? Math.round((outflowUnits / averageStock) * 100) / 100 : null,
      daysOfStock: perDay > 0 ? Math.round(usableStock / perDay) : null,
    }
  })
}

/** One chart's rows for the scope: the queries `getAnalysis` runs, each on its own. */
export async function analysisChartRows(
  db: Executor,
  scope: AnalysisScope,
  key: AnalysisChartKey,
  today: string = berlinIsoDate(),
): Promise<AnalysisChart> {
  switch (key) {
    case 'revenue':
      return { key, rows: await revenueByMonth(db, scope) }
    case 'topProducts':
      return { key, rows: await topProducts(db, scope) }
    case 'channels':
      return { key, rows: await ordersByChannel(db, scope) }
    case 'handOuts':
      return { key, rows: await handoutsByVariety(db, scope) }
    case 'thc':
      return { key, rows: await thcByMonth(db, scope) }
    case 'turnover':
      return { key, rows: await stockTurnover(db, scope, today) }
  }
}

/**
 * `/analyse`: the charts of the organisation's category for the period (default: the current
 * month and the eleven before) and the category; the platform admin sees the organisations to
 * choose from until the search names one.
 */
export async function getAnalysis(
  actor: Actor,
  search: AnalysisSearch,
  db: Executor,
  today: string = berlinIsoDate(),
): Promise<Analysis> {
  const { organisation, choices } = await analysisOrganisation(actor, search, db)
  const period = periodOf(search, today)
  const category = search.category ?? null
  if (!organisation) {
    return {
      organisation,
      organisations: choices,
      from: period.from,
      to: period.to,
      category,
      products: [],
      charts: [],
    }
  }
  const chosenOnes = await chosenProducts(db, organisation, search.products)
  const scope: AnalysisScope = { organisation, category, ...period, ...chosenOnes.scope }
  const charts = await inSequence(
    analysisChartsOf[organisation.category].map(
      (key) => () => analysisChartRows(db, scope, key, today),
    ),
  )
  return {
    organisation,
    organisations: choices,
    from: period.from,
    to: period.to,
    category,
    products: chosenOnes.products,
    charts,
  }
}

// ─── CSV ─────────────────────────────────────────────────────────────────────────────────────

const money = (cents: number) => formatDecimal(cents / 100)
/** A stored quantity in g, ml or pieces, the unit in its own column. */
const amount = (baseUnits: number, packUnit: PackUnit) =>
  formatDecimal(baseUnits / baseUnitsPerPackUnit[packUnit])
const content = (value: number | null) => (value === null ? '' : formatDecimal(value))
const grams = (milligrams: number) => formatDecimal(milligrams / 1000)
/** Name, pack size and PZN in their own columns: what tells two products of one name apart. */
const productCells = (product: AnalysisProduct) => [
  product.name,
  formatPackSize(product.packBaseUnits, product.packUnit),
  product.pzn ?? '',
]

/** The table behind a chart as the CSV file holds it: a header row and the rows, German numbers. */
function csvTable(chart: AnalysisChart): { header: string[]; rows: string[][] } {
  switch (chart.key) {
    case 'revenue':
      return {
        header: ['Monat', 'Bestellungen', 'Umsatz netto (EUR)'],
        rows: chart.rows.map((row) => [
          formatMonth(row.month),
          String(row.orders),
          money(row.netCents),
        ]),
      }
    case 'topProducts':
      return {
        header: ['Produkt', 'Packung', 'PZN', 'Menge', 'Einheit', 'Umsatz netto (EUR)'],
        rows: chart.rows.map((row) => [
          ...productCells(row),
          amount(row.quantity, row.packUnit),
          packUnitLabels[row.packUnit],
          money(row.netCents),
        ]),
      }
    case 'channels':
      return {
        header: ['Monat', ...orderOrigins.map((origin) => orderOriginLabels[origin])],
        rows: chart.rows.map((row) => [
          formatMonth(row.month),
          ...orderOrigins.map((origin) => String(row.orders[origin])),
        ]),
      }
    case 'handOuts':
      return {
        header: ['Sorte', 'Abgaben', 'Menge (g)', 'Mitglieder', 'THC Ø', 'CBD Ø', 'Einheit'],
        rows: chart.rows.map((row) => [
          row.name,
          String(row.handouts),
          grams(row.quantityMg),
          String(row.members),
          content(row.averageThc),
          content(row.averageCbd),
          row.unit === 'percent' ? '%' : row.unit,
        ]),
      }
    case 'thc':
      return {
        header: ['Monat', 'Menge (g)', 'THC Ø (%)', 'CBD Ø (%)'],
        rows: chart.rows.map((row) => [
          formatMonth(row.month),
          grams(row.quantityMg),
          content(row.averageThc),
          content(row.averageCbd),
        ]),
      }
    case 'turnover':
      return {
        header: [
          'Produkt',
          'Packung',
          'PZN',
          'Einheit',
          'Abgang',
          'Anfangsbestand',
          'Endbestand',
          'Nutzbarer Bestand heute',
          'Umschlag',
          'Reichweite (Tage)',
        ],
        rows: chart.rows.map((row) => [
          ...productCells(row),
          packUnitLabels[row.packUnit],
          amount(row.outflow, row.packUnit),
          amount(row.openingStock, row.packUnit),
          amount(row.closingStock, row.packUnit),
          amount(row.usableStock, row.packUnit),
          content(row.turnover),
          row.daysOfStock === null ? '' : String(row.daysOfStock),
        ]),
      }
  }
}

/** A chart's data as a CSV file, for the period and category of the search. */
export async function analysisChartCsv(
  actor: Actor,
  key: AnalysisChartKey,
  search: AnalysisSearch,
  db: Executor,
  today: string = berlinIsoDate(),
): Promise<{ fileName: string; content: string }> {
  const scope = await analysisScope(actor, search, db, today)
  if (!analysisChartsOf[scope.organisation.category].includes(key)) {
    throw new NotFoundError('Diese Auswertung gibt es für diese Organisation nicht.')
  }
  const table = csvTable(await analysisChartRows(db, scope, key, today))
  return {
    fileName: analysisCsvFileName(key, scope.from, scope.to),
    content: csvFile(table.header, table.rows),
  }
}

import { createHash } from 'node:crypto'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { alias, type PgTable } from 'drizzle-orm/pg-core'
import {
  type CustomerKind,
  customerShareCents,
  requiresPrescription,
} from '../../lib/customer-orders'
import { ageOn } from '../../lib/customers'
import { fillingLimits, fillingMovementReasons } from '../../lib/filling-protocols'
import { addCalendarDays, berlinIsoDate } from '../../lib/format'
import {
  ageClassOn,
  calendarMonthOf,
  formOfUseOf,
  handoutInformationTemplate,
  handoutLimits,
  handoutRulesFor,
  storageNoteByCategory,
} from '../../lib/handouts'
import type { PrefixedNumberSeries } from '../../lib/number-series'
import { priceBasisOf } from '../../lib/prices'
import {
  type CannabinoidUnit,
  orderRuleProblem,
  type PackUnit,
  type ProductCategory,
  type SalesUnit,
  type VatRate,
} from '../../lib/products'
import { berlinYear, takeDocumentNumbers } from '../counters/counters.server'
import {
  customerOrderEvents,
  customerOrderEvidence,
  customerOrderItems,
  customerOrderPicks,
  customerOrderPrescriptions,
  customerOrders,
} from '../customer-orders/customer-orders.schema'
import { pricedLines } from '../customer-orders/customer-orders.server'
import { customers } from '../customers/customers.schema'
import {
  filledBatchFacts,
  fillingSourceType,
} from '../filling-protocols/filling-protocol-transitions.server'
import { fillingProtocols, fillingUnits } from '../filling-protocols/filling-protocols.schema'
import { handouts } from '../handouts/handouts.schema'
import { handoutSourceType } from '../handouts/handouts.server'
import { orderPayments } from '../payments/payments.schema'
import { organisationProducts, products } from '../products/products.schema'
import { suppliers } from '../purchase-orders/purchase-orders.schema'
import { batches, stockMovements } from '../stock/stock.schema'
import { berlinWallClock } from './berlin-time.server'
import type { Database, Executor } from './client.server'

/**
 * One year of generated business history (ADR 047): completed customer orders of a seller — back
 * office, shop orders and Rezeptkonfigurator reservations, with items, prescriptions, payment and
 * timeline — and a club's hand-outs to its members, each taken from batches received (bought or
 * harvested) for them. The packs an organisation fills itself come from confirmed fillings of its
 * loose flowers (ADR 045), with protocols and weighed units, made a few days before they are sold
 * or handed out. Every batch of the history receives exactly what is later taken out of it, so
 * it ends empty: its ledger is whole (receipt or filling first, running balance never below zero)
 * and today's stock stays what the demo seed made it. Rows are generated in memory from a seeded
 * PRNG and written with batched multi-row inserts in one transaction; numbers come from the
 * organisation's counters in blocks, so later orders, hand-outs and fillings continue them.
 *
 * The history is a past this installation did not witness, as if taken over from the software
 * before: it carries its own records (timelines, ledger, hand-out and filling protocols) but
 * writes no audit rows, which record what people do in the installation. Invoices are left out.
 */

// ─── Building blocks ─────────────────────────────────────────────────────────────────────────

/** mulberry32: a small deterministic PRNG, so a seed draws the same history every time. */
class Draw {
  private state: number
  constructor(seed: number) {
    this.state = seed | 0
  }
  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  chance(probability: number): boolean {
    return this.next() < probability
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T
  }
  /** An entry of `list`, each as likely as its weight. */
  weighted<T>(list: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((sum, weight) => sum + weight, 0)
    let left = this.next() * total
    for (const [index, weight] of weights.entries()) {
      left -= weight
      if (left < 0) return list[index] as T
    }
    return list.at(-1) as T
  }
  shuffled<T>(list: readonly T[]): T[] {
    const copy = [...list]
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1))
      ;[copy[index], copy[other]] = [copy[other] as T, copy[index] as T]
    }
    return copy
  }
}

/** A fixed id per generated row: the same organisation and serial give the same id. */
function historyId(organisationId: string, kind: string, serial: number): string {
  const hex = createHash('sha256')
    .update(`history:${organisationId}:${kind}:${serial}`)
    .digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-9${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The marker of an organisation's history: its first batch. Present: the history is there. */
const historyMarker = (organisationId: string) => historyId(organisationId, 'batch', 0)

/** A seed for the PRNG from an organisation's id, so each organisation draws its own history. */
const seedOf = (organisationId: string) =>
  createHash('sha256').update(organisationId).digest().readInt32LE(0)

const minute = 60_000
const day = 24 * 60 * minute

/** PostgreSQL takes at most 65,535 parameters per statement: rows go in batches well below. */
async function insertRows<T extends PgTable>(tx: Executor, table: T, rows: T['$inferInsert'][]) {
  const first = rows[0]
  if (!first) return
  const size = Math.max(1, Math.floor(30_000 / Object.keys(first).length))
  for (let start = 0; start < rows.length; start += size) {
    await tx.insert(table).values(rows.slice(start, start + size))
  }
}

/** Numbers of a series per year for rows in time order, from the counters in one block a year. */
async function numberRows<T>(
  tx: Executor,
  organisationId: string,
  series: PrefixedNumberSeries,
  rows: readonly T[],
  at: (row: T) => Date,
): Promise<Map<T, string>> {
  const byYear = new Map<number, T[]>()
  for (const row of rows) {
    const year = berlinYear(at(row))
    byYear.set(year, [...(byYear.get(year) ?? []), row])
  }
  const numbers = new Map<T, string>()
  for (const [year, ofYear] of [...byYear].sort(([a], [b]) => a - b)) {
    const taken = await takeDocumentNumbers(tx, organisationId, series, year, ofYear.length)
    ofYear.forEach((row, index) => {
      numbers.set(row, taken[index] as string)
    })
  }
  return numbers
}

/** Weekday of a calendar day, 0 = Sunday … 6 = Saturday. */
const weekdayOf = (isoDay: string) => new Date(`${isoDay}T12:00:00Z`).getUTCDay()

function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = []
  for (let current = fromDay; current < toDay; current = addCalendarDays(current, 1)) {
    days.push(current)
  }
  return days
}

/**
 * The window the demo's history covers: the twelve calendar months before the current one and,
 * for sales, the current month up to yesterday (Berlin days). Hand-outs stop before the current
 * month, whose demo hand-outs (members near their limit) stay exactly as the demo seed made them.
 */
export function historyWindow(now: Date = new Date()) {
  const today = berlinIsoDate(now)
  const monthStart = calendarMonthOf(today).first
  let fromDay = monthStart
  for (let month = 0; month < 12; month++)
    fromDay = calendarMonthOf(addCalendarDays(fromDay, -1)).first
  return { fromDay, salesToDay: today, handoutsToDay: monthStart }
}

interface StockBatch<T> {
  /** What is taken out, in time order; the batch receives exactly their sum. */
  takes: T[]
  quantity: number
}

/**
 * Splits a product's withdrawals (in time order) into batches of about `target` base units: each
 * batch takes whole withdrawals until it holds the target, so it ends empty after its last one.
 */
function batchesFor<T>(takes: readonly T[], quantityOf: (take: T) => number, target: number) {
  const result: StockBatch<T>[] = []
  let current: StockBatch<T> | null = null
  for (const take of takes) {
    if (!current || current.quantity >= target) {
      current = { takes: [], quantity: 0 }
      result.push(current)
    }
    current.takes.push(take)
    current.quantity += quantityOf(take)
  }
  return result
}

/** A measured content near the nominal one, as a batch's lab report has it (one decimal). */
const measuredContent = (draw: Draw, nominal: number | null, spread: number) =>
  nominal === null ? null : Math.round(nominal * (1 - spread + draw.next() * 2 * spread) * 10) / 10

// ─── Ledger and fillings (both histories) ────────────────────────────────────────────────────

type BatchRow = typeof batches.$inferInsert & { id: string; batchNumber: string }

/** A batch of the history as its movements fill and empty it. */
interface BatchAccount {
  row: BatchRow
  balance: number
  /** The last movement's time in ms: the next comes at least a millisecond later. */
  lastAt: number
  /** For units filled in the history: when they were filled (the label's preparation date). */
  filledAt: Date | null
}

interface HistoryMovement {
  kind: 'receipt' | 'sale' | 'filling' | 'hand_out'
  /** Signed, in base units: positive into the batch. */
  quantity: number
  at: Date
  actorId: string
  reason?: string
  source?: { type: string; id: string }
}

/**
 * The history's batches and their ledger, written in memory: every movement carries the running
 * balance, and a batch's movements are strictly in time order (one in the same millisecond as the
 * one before moves a millisecond on), so the ledger reads back in the order it was booked.
 */
class HistoryLedger {
  readonly batches: BatchRow[] = []
  readonly movements: (typeof stockMovements.$inferInsert)[] = []
  constructor(private readonly organisationId: string) {}

  /** A new batch with its first movement; the first one opened is the history's marker. */
  open(
    row: Omit<BatchRow, 'id' | 'organisationId' | 'balance'>,
    first: HistoryMovement,
    filledAt: Date | null = null,
  ): BatchAccount {
    const id = historyId(this.organisationId, 'batch', this.batches.length)
    const account: BatchAccount = {
      row: { ...row, id, organisationId: this.organisationId, balance: 0 },
      balance: 0,
      lastAt: Number.NEGATIVE_INFINITY,
      filledAt,
    }
    this.batches.push(account.row)
    this.book(account, first)
    return account
  }

  /** Books a movement on a batch and returns its id. */
  book(account: BatchAccount, movement: HistoryMovement): string {
    const id = historyId(this.organisationId, 'movement', this.movements.length)
    account.balance += movement.quantity
    account.lastAt = Math.max(movement.at.getTime(), account.lastAt + 1)
    account.row.balance = account.balance
    account.row.updatedAt = new Date(account.lastAt)
    this.movements.push({
      id,
      organisationId: this.organisationId,
      batchId: account.row.id,
      kind: movement.kind,
      quantity: movement.quantity,
      balanceAfter: account.balance,
      reason: movement.reason ?? null,
      sourceType: movement.source?.type ?? null,
      sourceId: movement.source?.id ?? null,
      actorKind: 'business_user',
      actorId: movement.actorId,
      createdAt: new Date(account.lastAt),
    })
    return id
  }
}

/** A pack listing the organisation fills itself (ADR 045), and the loose listing it is filled from. */
interface FilledPack {
  id: string
  name: string
  bulkName: string
  /** Milligrams per pack: the filling's target net weight. */
  unitMg: number
  bulkListingId: string
}

/**
 * The organisation's own flower packs sold per pack ("Salbeistern, 5 g", as a filling creates
 * them), each with the first loose listing of its variety kept by the gram — what it is filled
 * from. Packs of a manufacturer are bought, not filled.
 */
async function filledPacksOf(db: Executor, organisationId: string): Promise<FilledPack[]> {
  const packProduct = alias(products, 'pack_product')
  const bulkListing = alias(organisationProducts, 'bulk_listing')
  const bulkProduct = alias(products, 'bulk_product')
  const rows = await db
    .select({
      id: organisationProducts.id,
      name: packProduct.name,
      bulkName: bulkProduct.name,
      unitMg: organisationProducts.baseUnitsPerSalesUnit,
      bulkListingId: bulkListing.id,
    })
    .from(organisationProducts)
    .innerJoin(packProduct, eq(packProduct.id, organisationProducts.productId))
    .innerJoin(
      bulkListing,
      and(
        eq(bulkListing.organisationId, organisationId),
        isNull(bulkListing.archivedAt),
        eq(bulkListing.salesUnit, 'gram'),
      ),
    )
    .innerJoin(
      bulkProduct,
      and(
        eq(bulkProduct.id, bulkListing.productId),
        eq(bulkProduct.category, 'flower'),
        eq(bulkProduct.packUnit, 'g'),
        sql`lower(coalesce(nullif(trim(${bulkProduct.cultivar}), ''), ${bulkProduct.name})) = lower(trim(${packProduct.cultivar}))`,
      ),
    )
    .where(
      and(
        eq(organisationProducts.organisationId, organisationId),
        isNull(organisationProducts.archivedAt),
        eq(organisationProducts.salesUnit, 'pack'),
        eq(packProduct.organisationId, organisationId),
        eq(packProduct.category, 'flower'),
        eq(packProduct.packUnit, 'g'),
      ),
    )
    .orderBy(asc(organisationProducts.id), asc(bulkListing.id))
  const packs = new Map<string, FilledPack>()
  for (const row of rows) if (!packs.has(row.id)) packs.set(row.id, row)
  return [...packs.values()]
}

interface WeighedUnit {
  tareMg: number
  netMg: number
  deviationReason: string | null
}

interface GeneratedFilling<T> {
  id: string
  number: string
  pack: FilledPack
  /** What the units go to, in time order. */
  takes: T[]
  unitCount: number
  units: WeighedUnit[]
  lossMg: number
  lossReason: string
  withdrawnMg: number
  startedAt: Date
  submittedAt: Date
  confirmedAt: Date
  /** The bulk batch it was filled from, once withdrawn, and the batch of its units. */
  bulk: BatchAccount | null
  packBatch: BatchAccount | null
}

/** What is taken out of a batch of the history: a take of its own (sale, hand-out) or a filling. */
type Withdrawal<T> = {
  /** When it is booked. */
  at: Date
  /** When the goods must be there: picked for an order, or the filling started. */
  neededAt: Date
  quantity: number
} & ({ take: T; filling: null } | { take: null; filling: GeneratedFilling<T> })

/** A listing's takes and the fillings drawn from it, in the time order they are booked. */
function withdrawalsOf<T>(
  takes: readonly T[],
  timing: (take: T) => { at: Date; neededAt: Date; quantity: number },
  fillings: readonly Withdrawal<T>[],
): Withdrawal<T>[] {
  return [
    ...takes.map((take): Withdrawal<T> => ({ ...timing(take), take, filling: null })),
    ...fillings,
  ].sort((a, b) => a.at.getTime() - b.at.getTime())
}

/** Units of one generated filling at most: a morning at the scale. */
const maxUnitsPerHistoryFilling = 120

const fillingLossReasons = [
  'Staub und Abrieb beim Umfüllen',
  'Abrieb beim Umfüllen',
  'Staub und Blütenreste im Gebinde',
  'Rückstellmuster für die Qualitätskontrolle',
] as const

/**
 * The fillings of the history: a pack listing's withdrawals are grouped, a few weeks' worth at a
 * time, into fillings done a day to four before the first of them — started and weighed by one
 * person, confirmed by another (four eyes), each unit within ±2 % but for a rare short last unit
 * with its reason, and a small loss. The bulk listing's stream withdraws them like sales.
 */
class HistoryFillings<T> {
  readonly all: GeneratedFilling<T>[] = []

  /** Without a second person (`people` null) nothing is filled: the plan stays empty. */
  constructor(
    private readonly draw: Draw,
    private readonly organisationId: string,
    private readonly people: { filler: string; checker: string } | null,
  ) {}

  get canFill(): boolean {
    return this.people !== null
  }

  /** The two people of the fillings there are. */
  private get team(): { filler: string; checker: string } {
    if (!this.people) throw new Error('a filling needs two people')
    return this.people
  }

  plan(
    pack: FilledPack,
    takes: readonly T[],
    quantityOf: (take: T) => number,
    neededAt: (take: T) => Date,
  ) {
    if (!this.canFill) return
    const demand = takes.reduce((sum, take) => sum + quantityOf(take), 0)
    const perFilling = Math.min(demand / 4, maxUnitsPerHistoryFilling * pack.unitMg)
    for (const batch of batchesFor(takes, quantityOf, perFilling)) {
      const firstNeed = Math.min(...batch.takes.map((take) => neededAt(take).getTime()))
      let isoDay = addCalendarDays(berlinIsoDate(new Date(firstNeed)), -this.draw.int(1, 4))
      if (weekdayOf(isoDay) === 0) isoDay = addCalendarDays(isoDay, -1)
      const unitCount = batch.quantity / pack.unitMg
      const units = Array.from({ length: unitCount }, (_, index) =>
        this.weigh(pack.unitMg, index === unitCount - 1),
      )
      const lossMg = this.draw.int(60, 120) + unitCount * this.draw.int(5, 15)
      const startedAt = berlinWallClock(isoDay, this.draw.int(8 * 60, 14 * 60))
      const submittedAt = new Date(startedAt.getTime() + Math.round(10 + unitCount * 1.5) * minute)
      const serial = this.all.length
      this.all.push({
        id: historyId(this.organisationId, 'filling', serial),
        number: '',
        pack,
        takes: batch.takes,
        unitCount,
        units,
        lossMg,
        lossReason: this.draw.pick(fillingLossReasons),
        withdrawnMg: units.reduce((sum, unit) => sum + unit.netMg, 0) + lossMg,
        startedAt,
        submittedAt,
        confirmedAt: new Date(submittedAt.getTime() + this.draw.int(10, 120) * minute),
        bulk: null,
        packBatch: null,
      })
    }
  }

  private weigh(targetNetMg: number, last: boolean): WeighedUnit {
    const tareMg = 11_200 + this.draw.int(0, 90)
    if (last && this.draw.chance(0.2)) {
      return {
        tareMg,
        netMg: targetNetMg - Math.round(targetNetMg * (0.025 + 0.02 * this.draw.next())),
        deviationReason: 'Letzte Einheit aus dem Rest des Gebindes; Blüte nicht weiter teilbar.',
      }
    }
    return {
      tareMg,
      netMg: targetNetMg + Math.round(targetNetMg * (-0.012 + 0.027 * this.draw.next())),
      deviationReason: null,
    }
  }

  /** Protocol numbers from the counter, a block per year in the order the fillings started. */
  async number(tx: Executor) {
    const numbers = await numberRows(
      tx,
      this.organisationId,
      'filling',
      this.all,
      (filling) => filling.startedAt,
    )
    for (const filling of this.all) filling.number = numbers.get(filling) as string
  }

  /** Whether a listing's stock comes from these fillings. */
  fills(listingId: string): boolean {
    return this.all.some((filling) => filling.pack.id === listingId)
  }

  /** The fillings drawn from a loose listing, as withdrawals of its stock. */
  drawnFrom(listingId: string): Withdrawal<T>[] {
    return this.all
      .filter((filling) => filling.pack.bulkListingId === listingId)
      .map((filling) => ({
        at: filling.confirmedAt,
        neededAt: filling.startedAt,
        quantity: filling.withdrawnMg,
        take: null,
        filling,
      }))
  }

  private source = (filling: GeneratedFilling<T>) => ({ type: fillingSourceType, id: filling.id })

  /** The confirmation's withdrawal from the bulk batch: the nets, then the loss. */
  withdraw(ledger: HistoryLedger, bulk: BatchAccount, filling: GeneratedFilling<T>) {
    filling.bulk = bulk
    const reasons = this.reasonsOf(filling)
    const booked = {
      kind: 'filling' as const,
      at: filling.confirmedAt,
      actorId: this.team.checker,
      source: this.source(filling),
    }
    ledger.book(bulk, {
      ...booked,
      quantity: -(filling.withdrawnMg - filling.lossMg),
      reason: reasons.out,
    })
    ledger.book(bulk, { ...booked, quantity: -filling.lossMg, reason: reasons.loss })
  }

  private reasonsOf(filling: GeneratedFilling<T>) {
    return fillingMovementReasons(
      { ...filling, targetNetMg: filling.pack.unitMg, packProductName: filling.pack.name },
      filling.bulk?.row.batchNumber ?? '',
    )
  }

  /**
   * Opens each filling's batch of units — released at the confirmation, with the bulk batch's
   * facts — and takes the units out to what they were filled for. After the bulk withdrawals.
   */
  takeOutUnits(ledger: HistoryLedger, takeOut: (batch: BatchAccount, take: T) => void) {
    for (const filling of this.all) {
      const batch = this.openPack(ledger, filling)
      for (const take of filling.takes) takeOut(batch, take)
    }
  }

  private openPack(ledger: HistoryLedger, filling: GeneratedFilling<T>): BatchAccount {
    const bulk = filling.bulk?.row
    if (!bulk) throw new Error(`filling ${filling.number} was never withdrawn from a bulk batch`)
    filling.packBatch = ledger.open(
      {
        organisationProductId: filling.pack.id,
        batchNumber: filling.number,
        ...filledBatchFacts(bulk),
        releasedAt: filling.confirmedAt,
        releasedBy: this.team.checker,
        createdBy: this.team.checker,
        createdAt: filling.confirmedAt,
      },
      {
        kind: 'filling',
        quantity: filling.unitCount * filling.pack.unitMg,
        at: filling.confirmedAt,
        actorId: this.team.checker,
        reason: this.reasonsOf(filling).in,
        source: this.source(filling),
      },
      filling.confirmedAt,
    )
    return filling.packBatch
  }

  /**
   * The protocols and their weighed units. Units are written only while their protocol is a
   * draft (trigger, migration 0024): the protocols go in as drafts carrying their confirmation
   * time as `updated_at`, then are confirmed at it in one statement.
   */
  async write(tx: Executor) {
    const ids = this.all.map((filling) => filling.id)
    if (ids.length === 0) return
    await insertRows(
      tx,
      fillingProtocols,
      this.all.map((filling) => {
        if (!filling.bulk || !filling.packBatch) {
          throw new Error(`filling ${filling.number} was not booked`)
        }
        return {
          id: filling.id,
          organisationId: this.organisationId,
          number: filling.number,
          bulkBatchId: filling.bulk.row.id,
          bulkProductName: filling.pack.bulkName,
          bulkBatchNumber: filling.bulk.row.batchNumber,
          packListingId: filling.pack.id,
          packProductName: filling.pack.name,
          unitCount: filling.unitCount,
          targetNetMg: filling.pack.unitMg,
          toleranceBasisPoints: fillingLimits.defaultToleranceBasisPoints,
          withdrawnMg: filling.withdrawnMg,
          lossReason: filling.lossReason,
          filledBy: this.team.filler,
          startedAt: filling.startedAt,
          submittedAt: filling.submittedAt,
          appearanceChecked: true,
          labellingChecked: true,
          confirmedBy: this.team.checker,
          filledBatchId: filling.packBatch.row.id,
          // What the confirmation copies (confirmFillingProtocol): the bulk's values then.
          bulkThcContent: filling.bulk.row.thcContent,
          bulkCbdContent: filling.bulk.row.cbdContent,
          createdAt: filling.startedAt,
          updatedAt: filling.confirmedAt,
        }
      }),
    )
    await insertRows(
      tx,
      fillingUnits,
      this.all.flatMap((filling) =>
        filling.units.map((unit, index) => ({
          organisationId: this.organisationId,
          protocolId: filling.id,
          position: index + 1,
          grossMg: unit.tareMg + unit.netMg,
          tareMg: unit.tareMg,
          netMg: unit.netMg,
          deviationReason: unit.deviationReason,
        })),
      ),
    )
    for (let start = 0; start < ids.length; start += 1000) {
      await tx
        .update(fillingProtocols)
        .set({
          status: 'confirmed',
          confirmedAt: sql`${fillingProtocols.updatedAt}`,
          updatedAt: sql`${fillingProtocols.updatedAt}`,
        })
        .where(inArray(fillingProtocols.id, ids.slice(start, start + 1000)))
    }
  }
}

// ─── Sales (pharmacies, wholesalers, producers) ──────────────────────────────────────────────

export interface SalesHistoryPlan {
  organisationId: string
  /** The people at the counter; the first also books the receipts and releases the batches. */
  userIds: readonly [string, ...string[]]
  /** The organisation's shop: orders of shop accounts and reservations of guests come through it. */
  tenantId: string | null
  /** Orders completed on an average working day (fewer on Saturdays, none on Sundays). */
  ordersPerDay: number
  /** First Berlin day of the history and the day after its last (`YYYY-MM-DD`). */
  fromDay: string
  toDay: string
  /** The certificate of analysis every received batch carries. */
  certificateFileId: string | null
  supplierId: string | null
  /** The identity tests' numbers: `<prefix>-YYYY-NNNN`. */
  testNumberPrefix: string
}

interface SellerListing {
  id: string
  productId: string
  name: string
  pzn: string | null
  category: ProductCategory
  packUnit: PackUnit
  cannabinoidUnit: CannabinoidUnit | null
  salesUnit: SalesUnit
  baseUnitsPerSalesUnit: number
  orderStep: number
  minOrderQuantity: number | null
  maxOrderQuantity: number | null
  priceCents: number
  vatRate: VatRate
  thcContent: number | null
  cbdContent: number | null
  visibleInShop: boolean
}

interface Buyer {
  id: string
  kind: CustomerKind
  payer: 'statutory' | 'private' | 'self_pay' | null
  copaymentExempt: boolean
  name: string
  street: string | null
  postalCode: string | null
  city: string | null
  country: string
  insurerName: string | null
  insuranceNumber: string | null
  shopUserId: string | null
}

interface GeneratedLine {
  listing: SellerListing
  quantity: number
  requiresPrescription: boolean
  position: number
  id: string
}

/** A line of an order as it takes stock out. */
interface Sale {
  order: GeneratedOrder
  line: GeneratedLine
}

interface GeneratedOrder {
  serial: number
  id: string
  buyer: Buyer
  channel: 'back_office' | 'shop'
  type: 'order' | 'reservation'
  delivery: 'pickup' | 'courier'
  createdAt: Date
  preparedAt: Date
  completedAt: Date
  userId: string
  lines: GeneratedLine[]
}

/** Directions for use as prescribers write them (the label repeats them). */
const dosages = [
  '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
  '0,05 g verdampfen und inhalieren, abends',
  '0,2 g als Tee zubereiten, 1 × täglich',
  '3 Tropfen morgens und abends',
] as const

/** The preparation each of the directions above goes with (the label's form of use). */
const preparations = ['ground', 'single_doses', 'tea', 'extract'] as const

const prescribers = [
  ['Dr. med. Felix Hartmann', 'Hermannplatz 5, 10967 Berlin'],
  ['Dr. med. Aylin Demir', 'Karl-Marx-Straße 88, 12043 Berlin'],
  ['Dipl.-Med. Uwe Kramer', 'Frankfurter Allee 41, 10247 Berlin'],
  ['Dr. med. Sophie Lang', 'Kantstraße 120, 10625 Berlin'],
] as const

async function sellerListings(db: Executor, organisationId: string): Promise<SellerListing[]> {
  const rows = await db
    .select({
      id: organisationProducts.id,
      productId: products.id,
      name: products.name,
      pzn: products.pzn,
      category: products.category,
      packUnit: products.packUnit,
      cannabinoidUnit: products.cannabinoidUnit,
      salesUnit: organisationProducts.salesUnit,
      baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
      orderStep: organisationProducts.orderStep,
      minOrderQuantity: organisationProducts.minOrderQuantity,
      maxOrderQuantity: organisationProducts.maxOrderQuantity,
      priceCents: organisationProducts.priceCents,
      vatRate: organisationProducts.vatRate,
      thcContent: products.thcContent,
      cbdContent: products.cbdContent,
      visibleInShop: organisationProducts.visibleInShop,
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(organisationProducts.organisationId, organisationId),
        isNull(organisationProducts.archivedAt),
      ),
    )
    .orderBy(asc(organisationProducts.id))
  return rows.map((row) => ({
    ...row,
    thcContent: row.thcContent === null ? null : Number(row.thcContent),
    cbdContent: row.cbdContent === null ? null : Number(row.cbdContent),
  }))
}

async function buyersOf(db: Executor, organisationId: string): Promise<Buyer[]> {
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, organisationId),
        inArray(customers.kind, ['patient', 'business']),
        isNull(customers.deactivatedAt),
        isNull(customers.anonymisedAt),
      ),
    )
    .orderBy(asc(customers.id))
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    payer: row.kind === 'patient' ? (row.payerKind ?? 'self_pay') : null,
    copaymentExempt: row.copaymentExempt,
    name: row.companyName ?? [row.firstName, row.lastName].filter(Boolean).join(' '),
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    insurerName: row.insurerName,
    insuranceNumber: row.insuranceNumber,
    shopUserId: row.shopUserId,
  }))
}

/** A quantity a customer would order of a listing, within its step, minimum and maximum. */
function orderedQuantity(draw: Draw, listing: SellerListing): number {
  const step = listing.orderStep
  const least = Math.ceil((listing.minOrderQuantity ?? step) / step) * step
  const wanted =
    listing.salesUnit === 'gram' ? draw.pick([5, 10, 10, 15, 20, 30]) : draw.pick([1, 1, 1, 2, 3])
  let quantity = Math.max(least, Math.round(wanted / step) * step)
  if (listing.maxOrderQuantity !== null) {
    quantity = Math.min(quantity, Math.floor(listing.maxOrderQuantity / step) * step)
  }
  return orderRuleProblem(quantity, listing) === null ? quantity : least
}

/** How many orders a working day brings: the plan's mean, quieter Saturdays, growing over the year. */
function ordersOnDay(draw: Draw, plan: SalesHistoryPlan, isoDay: string, progress: number) {
  const weekday = weekdayOf(isoDay)
  if (weekday === 0) return 0
  const month = Number(isoDay.slice(5, 7))
  const season = month === 12 || month === 1 ? 1.15 : month >= 7 && month <= 8 ? 0.85 : 1
  const mean = plan.ordersPerDay * (weekday === 6 ? 0.55 : 1) * (0.8 + 0.4 * progress) * season
  return Math.max(0, Math.round(mean + (draw.next() - 0.5) * 2 * Math.sqrt(mean)))
}

function generateOrders(
  draw: Draw,
  plan: SalesHistoryPlan,
  listings: SellerListing[],
  buyers: Buyer[],
): GeneratedOrder[] {
  const patients = buyers.filter((buyer) => buyer.kind === 'patient')
  const businesses = buyers.filter((buyer) => buyer.kind === 'business')
  // Some products sell far more than others: a long tail, in an order the seed decides.
  const popularity = new Map(
    draw.shuffled(listings).map((listing, rank) => [listing.id, 1 / (rank + 1) ** 0.8]),
  )
  const weighted = (list: SellerListing[]) => ({
    list,
    weights: list.map((listing) => popularity.get(listing.id) ?? 0),
  })
  // Shop orders only hold what the shop shows.
  const ofCategories = (categories: readonly ProductCategory[]) => {
    const list = listings.filter((listing) => categories.includes(listing.category))
    return { all: weighted(list), shop: weighted(list.filter((listing) => listing.visibleInShop)) }
  }
  const forPatients = ofCategories(['flower', 'extract', 'cbd_solution', 'dronabinol'])
  const flowers = ofCategories(['flower'])
  const accessories = ofCategories(['accessory'])
  const anything = ofCategories(['flower', 'extract', 'cbd_solution', 'dronabinol', 'accessory'])
  // Some patients come often, most now and then: the order of regulars is the seed's.
  const regulars = draw.shuffled(patients)
  const regularWeights = regulars.map((_, index) => 1 / (index + 1) ** 0.5)
  const days = daysBetween(plan.fromDay, plan.toDay)
  const orders: GeneratedOrder[] = []
  days.forEach((isoDay, dayIndex) => {
    const progress = dayIndex / Math.max(1, days.length - 1)
    const count = ordersOnDay(draw, plan, isoDay, progress)
    for (let index = 0; index < count; index++) {
      const business = businesses.length > 0 && (patients.length === 0 || draw.chance(0.08))
      const buyer = business ? draw.pick(businesses) : draw.weighted(regulars, regularWeights)
      const shop = !business && plan.tenantId !== null && draw.chance(0.3 + 0.25 * progress)
      // Shop accounts order; guests reserve through the Rezeptkonfigurator (no account needed).
      const type = shop && !buyer.shopUserId ? 'reservation' : 'order'
      const delivery = !shop && buyer.street && draw.chance(0.15) ? 'courier' : 'pickup'
      // Completed during opening hours (9:00–18:30); ordered up to three days before.
      const completedAt = berlinWallClock(isoDay, draw.int(9 * 60, 18 * 60 + 30))
      const lead = shop ? draw.int(1, 3) : draw.chance(0.5) ? 0 : draw.int(1, 2)
      const createdAt =
        lead === 0
          ? new Date(completedAt.getTime() - draw.int(20, 90) * minute)
          : berlinWallClock(addCalendarDays(isoDay, -lead), draw.int(7 * 60, 22 * 60))
      const preparedAt = new Date(
        createdAt.getTime() + (completedAt.getTime() - createdAt.getTime()) * 0.6,
      )
      const pool = business
        ? draw.chance(0.5)
          ? accessories
          : anything
        : draw.chance(0.1)
          ? accessories
          : type === 'reservation'
            ? flowers
            : forPatients
      const channel = shop ? 'shop' : 'all'
      const source =
        [pool[channel], anything[channel]].find((offer) => offer.list.length > 0) ?? anything.all
      const lineCount = type === 'reservation' ? 1 : draw.weighted([1, 2, 3], [70, 24, 6])
      const chosen = new Set<SellerListing>()
      for (let line = 0; line < lineCount * 3 && chosen.size < lineCount; line++) {
        chosen.add(draw.weighted(source.list, source.weights))
      }
      const serial = orders.length
      orders.push({
        serial,
        id: historyId(plan.organisationId, 'order', serial),
        buyer,
        channel: shop ? 'shop' : 'back_office',
        type,
        delivery,
        createdAt,
        preparedAt,
        completedAt,
        userId: draw.pick(plan.userIds),
        lines: [...chosen].map((listing, position) => ({
          listing,
          quantity: orderedQuantity(draw, listing),
          requiresPrescription: requiresPrescription(listing.category, buyer.kind),
          position: position + 1,
          id: historyId(plan.organisationId, 'item', serial * 10 + position),
        })),
      })
    }
  })
  return orders.sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime())
}

export interface SalesHistorySummary {
  orders: number
  items: number
  batches: number
  movements: number
  fillings: number
}

/**
 * Writes a seller's history between `plan.fromDay` and `plan.toDay`: completed orders with their
 * items, prescriptions (checked, before confirmation), shop evidence, payment, timeline, picks and
 * sale movements, and the batches they were sold from — received and released before the first
 * sale, each emptied by its last. Runs in the caller's transaction.
 */
export async function generateSalesHistory(
  tx: Executor,
  plan: SalesHistoryPlan,
): Promise<SalesHistorySummary> {
  const draw = new Draw(seedOf(plan.organisationId))
  const listings = await sellerListings(tx, plan.organisationId)
  const buyers = await buyersOf(tx, plan.organisationId)
  if (listings.length === 0 || buyers.length === 0) {
    return { orders: 0, items: 0, batches: 0, movements: 0, fillings: 0 }
  }
  const orders = generateOrders(draw, plan, listings, buyers)
  const organisationId = plan.organisationId
  const receiver = plan.userIds[0]

  const linesByListing = new Map<string, Sale[]>()
  for (const order of orders) {
    for (const line of order.lines) {
      const list = linesByListing.get(line.listing.id) ?? []
      list.push({ order, line })
      linesByListing.set(line.listing.id, list)
    }
  }
  const salesOf = (listingId: string) => linesByListing.get(listingId) ?? []
  const baseUnitsOf = (sale: Sale) => sale.line.quantity * sale.line.listing.baseUnitsPerSalesUnit
  const saleTiming = (sale: Sale) => ({
    at: sale.order.completedAt,
    neededAt: sale.order.preparedAt,
    quantity: baseUnitsOf(sale),
  })

  // The packs the pharmacy fills itself come from fillings of its loose flowers (four eyes: two people).
  const [filler, checker] = plan.userIds
  const fillings = new HistoryFillings<Sale>(
    draw,
    organisationId,
    checker ? { filler, checker } : null,
  )
  for (const pack of await filledPacksOf(tx, organisationId)) {
    fillings.plan(pack, salesOf(pack.id), baseUnitsOf, (sale) => sale.order.preparedAt)
  }
  await fillings.number(tx)

  const ledger = new HistoryLedger(organisationId)
  const pickRows: (typeof customerOrderPicks.$inferInsert)[] = []
  // A pharmacy's prescription lines were dispensings: one hand-out record per sale (ADR 048).
  const dispensings: { sale: Sale; batch: BatchAccount; movementId: string; quantity: number }[] =
    []
  const sell = (batch: BatchAccount, sale: Sale) => {
    const quantity = baseUnitsOf(sale)
    pickRows.push({
      id: historyId(organisationId, 'pick', pickRows.length),
      organisationId,
      orderId: sale.order.id,
      itemId: sale.line.id,
      batchId: batch.row.id,
      quantity,
      createdAt: sale.order.preparedAt,
    })
    const movementId = ledger.book(batch, {
      kind: 'sale',
      quantity: -quantity,
      at: sale.order.completedAt,
      actorId: sale.order.userId,
      source: { type: 'customer_order', id: sale.order.id },
    })
    if (sale.line.requiresPrescription) dispensings.push({ sale, batch, movementId, quantity })
  }

  // Bought batches: each listing's sales (and fillings) in time order, about five deliveries a year.
  for (const listing of listings) {
    if (fillings.fills(listing.id)) continue
    const withdrawals = withdrawalsOf(
      salesOf(listing.id),
      saleTiming,
      fillings.drawnFrom(listing.id),
    )
    const demand = withdrawals.reduce((sum, withdrawal) => sum + withdrawal.quantity, 0)
    for (const delivery of batchesFor(
      withdrawals,
      (withdrawal) => withdrawal.quantity,
      demand / 5,
    )) {
      const firstNeed = Math.min(
        ...delivery.takes.map((withdrawal) => withdrawal.neededAt.getTime()),
      )
      const receivedAt = new Date(firstNeed - draw.int(3, 10) * day - draw.int(0, 240) * minute)
      const releasedAt = new Date(receivedAt.getTime() + day)
      const receivedDay = berlinIsoDate(receivedAt)
      const serial = ledger.batches.length
      const batch = ledger.open(
        {
          organisationProductId: listing.id,
          origin: 'purchase',
          batchNumber: `${listing.name
            .replace(/[^A-Za-z]/g, '')
            .slice(0, 3)
            .toUpperCase()}${receivedDay.slice(2, 4)}${String(7000 + serial)}`,
          supplierId: plan.supplierId,
          expiryDate: addCalendarDays(receivedDay, draw.int(420, 640)),
          thcContent: measuredContent(draw, listing.thcContent, 0.06),
          cbdContent: measuredContent(draw, listing.cbdContent, 0.06),
          coaFileId: plan.certificateFileId,
          status: 'released',
          testNumber: `${plan.testNumberPrefix}-${releasedAt.getUTCFullYear()}-${String(5001 + serial).padStart(4, '0')}`,
          releasedAt,
          releasedBy: receiver,
          createdBy: receiver,
          createdAt: receivedAt,
        },
        { kind: 'receipt', quantity: delivery.quantity, at: receivedAt, actorId: receiver },
      )
      for (const withdrawal of delivery.takes) {
        if (withdrawal.filling) fillings.withdraw(ledger, batch, withdrawal.filling)
        else sell(batch, withdrawal.take)
      }
    }
  }
  fillings.takeOutUnits(ledger, sell)

  const numbers = await numberRows(
    tx,
    organisationId,
    'customer_order',
    [...orders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    (order) => order.createdAt,
  )
  const orderRows: (typeof customerOrders.$inferInsert)[] = []
  const itemRows: (typeof customerOrderItems.$inferInsert)[] = []
  const prescriptionRows: (typeof customerOrderPrescriptions.$inferInsert)[] = []
  const evidenceRows: (typeof customerOrderEvidence.$inferInsert)[] = []
  const eventRows: (typeof customerOrderEvents.$inferInsert)[] = []
  const paymentRows: (typeof orderPayments.$inferInsert)[] = []
  for (const order of orders) {
    const { buyer } = order
    const needsPrescription = order.lines.some((line) => line.requiresPrescription)
    const payer = buyer.payer ?? 'self_pay'
    const prescription = needsPrescription
      ? { payer, copaymentExempt: buyer.copaymentExempt }
      : null
    const priced = pricedLines(
      order.lines.map((line) => ({
        unitPriceCents: line.listing.priceCents,
        quantity: line.quantity,
        vatRate: line.listing.vatRate,
        requiresPrescription: line.requiresPrescription,
      })),
      prescription,
      0,
      priceBasisOf(buyer.kind),
    )
    const at = (share: number) =>
      new Date(
        order.createdAt.getTime() +
          (order.completedAt.getTime() - order.createdAt.getTime()) * share,
      )
    const shopAccount = order.channel === 'shop' && order.type === 'order'
    const creator = shopAccount
      ? { actorKind: 'shop_user' as const, actorId: buyer.shopUserId }
      : order.channel === 'shop'
        ? { actorKind: 'visitor' as const, actorId: null }
        : { actorKind: 'business_user' as const, actorId: order.userId }
    const staff = { actorKind: 'business_user' as const, actorId: order.userId }
    // The timeline keeps its first and last entry: how the order came, and that it was done.
    const preparedStatus = order.delivery === 'courier' ? 'shipped' : 'ready'
    eventRows.push(
      {
        id: historyId(organisationId, 'event', order.serial * 2),
        organisationId,
        orderId: order.id,
        kind: 'created',
        toStatus: 'new',
        detail: order.type === 'reservation' ? 'Reservierung über den Rezeptkonfigurator' : null,
        ...creator,
        createdAt: order.createdAt,
      },
      {
        id: historyId(organisationId, 'event', order.serial * 2 + 1),
        organisationId,
        orderId: order.id,
        kind: 'completed',
        fromStatus: preparedStatus,
        toStatus: 'completed',
        ...staff,
        createdAt: order.completedAt,
      },
    )
    if (prescription) {
      const form = order.serial % 4 === 0 ? 'paper' : 'e_rezept'
      const [prescriberName, prescriberAddress] =
        prescribers[order.serial % prescribers.length] ?? prescribers[0]
      const checkedAt = at(0.15)
      prescriptionRows.push({
        id: historyId(organisationId, 'prescription', order.serial),
        orderId: order.id,
        organisationId,
        payer,
        form,
        prescriberName,
        prescriberAddress,
        issuedOn: addCalendarDays(berlinIsoDate(order.createdAt), -(order.serial % 6)),
        dosage: dosages[order.serial % dosages.length],
        preparation: preparations[order.serial % dosages.length],
        insurerName: payer === 'self_pay' ? null : buyer.insurerName,
        insuranceNumber: payer === 'statutory' ? buyer.insuranceNumber : null,
        copaymentExempt: payer === 'statutory' && buyer.copaymentExempt,
        eRezeptToken:
          form === 'e_rezept'
            ? `160.${String(100_000_000 + order.serial).slice(-9)}.${order.serial % 97}`
            : null,
        checkedAt,
        checkedBy: order.userId,
        // The original arrived (or the e-Rezept was redeemed) before the goods left (domain.md).
        originalAt: at(0.2),
        originalBy: order.userId,
        createdAt: at(0.1),
        updatedAt: at(0.2),
      })
      if (shopAccount) {
        evidenceRows.push({
          id: historyId(organisationId, 'evidence', order.serial),
          orderId: order.id,
          organisationId,
          payer,
          kind: 'original_at_pickup',
          createdAt: order.createdAt,
        })
      }
    }
    const address =
      order.delivery === 'courier'
        ? {
            deliveryName: buyer.name,
            deliveryStreet: buyer.street,
            deliveryPostalCode: buyer.postalCode,
            deliveryCity: buyer.city,
            deliveryCountry: buyer.country,
          }
        : {}
    const billing = shopAccount
      ? {
          paymentMethod: 'pickup' as const,
          billingName: buyer.name,
          billingStreet: buyer.street,
          billingPostalCode: buyer.postalCode,
          billingCity: buyer.city,
          billingCountry: buyer.country,
        }
      : {}
    orderRows.push({
      id: order.id,
      organisationId,
      number: numbers.get(order) as string,
      customerId: buyer.id,
      channel: order.channel,
      type: order.type,
      status: 'completed',
      paymentStatus: 'paid',
      paidAt: order.completedAt,
      tenantId: order.channel === 'shop' ? plan.tenantId : null,
      deliveryMethod: order.delivery,
      ...address,
      ...billing,
      ...priced.totals,
      confirmedAt: at(0.3),
      readyAt: order.delivery === 'pickup' ? order.preparedAt : null,
      shippedAt: order.delivery === 'courier' ? order.preparedAt : null,
      completedAt: order.completedAt,
      // Recorded, checked, original, paid, confirmed, prepared, completed: one version each.
      version: prescription ? 8 : 5,
      createdBy: order.channel === 'back_office' ? order.userId : null,
      createdAt: order.createdAt,
      updatedAt: order.completedAt,
    })
    // Paid at the hand-over, by a means the generated history does not know (ADR 070).
    const owedCents = customerShareCents(priced.totals)
    if (owedCents > 0) {
      paymentRows.push({
        organisationId,
        orderId: order.id,
        amountCents: owedCents,
        bookedOn: berlinIsoDate(order.completedAt),
        source: 'manual',
        createdAt: order.completedAt,
      })
    }
    order.lines.forEach((line, index) => {
      itemRows.push({
        id: line.id,
        orderId: order.id,
        organisationId,
        position: line.position,
        organisationProductId: line.listing.id,
        productId: line.listing.productId,
        name: line.listing.name,
        pzn: line.listing.pzn,
        salesUnit: line.listing.salesUnit,
        baseUnitsPerSalesUnit: line.listing.baseUnitsPerSalesUnit,
        quantity: line.quantity,
        unitPriceCents: line.listing.priceCents,
        vatRate: line.listing.vatRate,
        requiresPrescription: line.requiresPrescription,
        copaymentCents: priced.items[index]?.copaymentCents ?? 0,
        createdAt: order.createdAt,
        updatedAt: order.createdAt,
      })
    })
  }

  const prescriptionOf = new Map(prescriptionRows.map((row) => [row.orderId, row]))
  const dispensingNumbers = await numberRows(
    tx,
    organisationId,
    'hand_out',
    [...dispensings].sort(
      (a, b) => a.sale.order.completedAt.getTime() - b.sale.order.completedAt.getTime(),
    ),
    (dispensing) => dispensing.sale.order.completedAt,
  )
  const handoutRows: (typeof handouts.$inferInsert)[] = dispensings.map((dispensing, index) => {
    const { order, line } = dispensing.sale
    const batch = dispensing.batch.row
    const prescription = prescriptionOf.get(order.id)
    return {
      id: historyId(organisationId, 'dispensing', index),
      organisationId,
      number: dispensingNumbers.get(dispensing) as string,
      customerId: order.buyer.id,
      customerOrderId: order.id,
      organisationProductId: line.listing.id,
      batchId: batch.id,
      productName: line.listing.name,
      batchNumber: batch.batchNumber,
      quantity: dispensing.quantity,
      packUnit: line.listing.packUnit,
      thcContent: batch.thcContent ?? null,
      cbdContent: batch.cbdContent ?? null,
      cannabinoidUnit: line.listing.cannabinoidUnit ?? 'percent',
      formOfUse: formOfUseOf(line.listing.category, prescription?.preparation ?? null),
      dosage: prescription?.dosage ?? null,
      prescriberName: prescription?.prescriberName ?? prescribers[0][0],
      prescriberAddress: prescription?.prescriberAddress ?? null,
      // Filled units were prepared when they were filled (§ 14 ApBetrO), bought ones when picked.
      preparedOn: berlinIsoDate(dispensing.batch.filledAt ?? order.preparedAt),
      useBy: batch.expiryDate ?? null,
      storageNote: storageNoteByCategory[line.listing.category],
      handedOutOn: berlinIsoDate(order.completedAt),
      handedOutAt: order.completedAt,
      handedOutBy: order.userId,
      movementId: dispensing.movementId,
      createdAt: order.completedAt,
      updatedAt: order.completedAt,
    }
  })

  // Parents before children: batches and orders, then what refers to them.
  await insertRows(tx, batches, ledger.batches)
  await insertRows(tx, stockMovements, ledger.movements)
  await insertRows(tx, customerOrders, orderRows)
  await insertRows(tx, customerOrderItems, itemRows)
  await insertRows(tx, customerOrderPrescriptions, prescriptionRows)
  await insertRows(tx, customerOrderEvidence, evidenceRows)
  await insertRows(tx, customerOrderEvents, eventRows)
  await insertRows(tx, orderPayments, paymentRows)
  await insertRows(tx, customerOrderPicks, pickRows)
  await insertRows(tx, handouts, handoutRows)
  await fillings.write(tx)
  return {
    orders: orderRows.length,
    items: itemRows.length,
    batches: ledger.batches.length,
    movements: ledger.movements.length,
    fillings: fillings.all.length,
  }
}

// ─── Hand-outs (clubs) ───────────────────────────────────────────────────────────────────────

export interface HandoutHistoryPlan {
  organisationId: string
  /** The clerk at the counter, who also records the harvests. */
  userId: string
  /** The second person of the four-eyes check of fillings; without one, nothing is filled. */
  checkerId: string | null
  fromDay: string
  toDay: string
  certificateFileId: string | null
}

interface Variety {
  id: string
  name: string
  thcContent: number | null
  cbdContent: number | null
  unit: CannabinoidUnit
}

interface GeneratedHandout {
  id: string
  serial: number
  customerId: string
  ageClass: 'young_adult' | 'adult'
  variety: Variety
  /** Handed out as whole packs of the variety the club filled, or loose from the harvest. */
  pack: FilledPack | null
  quantity: number
  day: string
  at: Date
}

/** The club's opening days and hours: Tuesday and Thursday evenings, Saturday midday. */
const openingHours: Record<number, [number, number]> = {
  2: [16 * 60, 20 * 60],
  4: [16 * 60, 20 * 60],
  6: [11 * 60, 15 * 60],
}

/** A measured THC at most this far from the variety's nominal value (harvests differ a little). */
const harvestSpread = 0.07

/**
 * Each month, each member who may receive something comes one to four times (some skip a month)
 * and takes a share of the month's amount — never more than the day's or the month's limit of
 * their age class, and members aged 18–20 only varieties whose every harvest stays within their
 * THC limit. Members count from their joining and ID check.
 */
function generateHandouts(
  draw: Draw,
  plan: HandoutHistoryPlan,
  varieties: Variety[],
  members: (typeof customers.$inferSelect)[],
  packs: ReadonlyMap<string, FilledPack>,
): GeneratedHandout[] {
  const result: GeneratedHandout[] = []
  const openDays = daysBetween(plan.fromDay, plan.toDay).filter(
    (isoDay) => openingHours[weekdayOf(isoDay)] !== undefined,
  )
  const mildEnough = (variety: Variety) => {
    const maxThc = handoutLimits.youngAdultMaxThcPercent
    return (
      variety.unit === 'percent' && (variety.thcContent ?? Infinity) * (1 + harvestSpread) <= maxThc
    )
  }
  const favourites = new Map(members.map((member) => [member.id, draw.pick(varieties)]))
  const months = new Map<string, string[]>()
  for (const isoDay of openDays) {
    const month = isoDay.slice(0, 7)
    months.set(month, [...(months.get(month) ?? []), isoDay])
  }
  for (const member of members) {
    if (!member.birthDate || !member.idCheckedOn) continue
    const birthDate = member.birthDate
    const joined = member.joinedOn ?? member.idCheckedOn
    const firstDay = [joined, member.idCheckedOn].sort()[1] as string
    for (const monthDays of months.values()) {
      const possible = monthDays.filter(
        (isoDay) => isoDay >= firstDay && ageOn(birthDate, isoDay) >= handoutLimits.minimumAge,
      )
      if (possible.length === 0 || draw.chance(0.12)) continue
      const young = possible.some((isoDay) => ageClassOn(birthDate, isoDay) === 'young_adult')
      const rules = handoutRulesFor(young ? 'young_adult' : 'adult')
      const allowed = young ? varieties.filter(mildEnough) : varieties
      if (allowed.length === 0) continue
      const monthGrams = Math.floor((rules.monthlyMg / 1000) * (0.25 + 0.7 * draw.next()))
      const dayGrams = rules.dailyMg / 1000
      const visits = Math.min(
        possible.length,
        Math.max(draw.int(1, 4), Math.ceil(monthGrams / dayGrams)),
      )
      const visitDays = draw.shuffled(possible).slice(0, visits).sort()
      let left = monthGrams
      visitDays.forEach((isoDay, index) => {
        const remainingVisits = visitDays.length - index
        const grams =
          remainingVisits === 1
            ? Math.min(left, dayGrams)
            : Math.min(
                dayGrams,
                Math.max(1, Math.round((left / remainingVisits) * (0.6 + 0.8 * draw.next()))),
              )
        left -= grams
        if (grams <= 0) return
        const favourite = favourites.get(member.id) as Variety
        const variety =
          allowed.includes(favourite) && draw.chance(0.7) ? favourite : draw.pick(allowed)
        // Where the club fills packs of the variety, some take packs: as many as the grams allow.
        const pack = packs.get(variety.id)
        const packed = pack && grams * 1000 >= pack.unitMg && draw.chance(0.4) ? pack : null
        const [opens, closes] = openingHours[weekdayOf(isoDay)] as [number, number]
        const serial = result.length
        result.push({
          id: historyId(plan.organisationId, 'hand-out', serial),
          serial,
          customerId: member.id,
          ageClass: ageClassOn(birthDate, isoDay),
          variety,
          pack: packed,
          quantity: packed
            ? Math.floor((grams * 1000) / packed.unitMg) * packed.unitMg
            : grams * 1000,
          day: isoDay,
          at: berlinWallClock(isoDay, draw.int(opens, closes - 1)),
        })
      })
    }
  }
  return result.sort((a, b) => a.at.getTime() - b.at.getTime())
}

export interface HandoutHistorySummary {
  handouts: number
  harvests: number
  fillings: number
}

/**
 * Writes a club's hand-outs between `plan.fromDay` and `plan.toDay` with the harvests they came
 * from: one about every two months per variety, weighed, lab-tested and released two weeks
 * before its first hand-out, and handed out completely. Runs in the caller's transaction.
 */
export async function generateHandoutHistory(
  tx: Executor,
  plan: HandoutHistoryPlan,
): Promise<HandoutHistorySummary> {
  const draw = new Draw(seedOf(plan.organisationId))
  const organisationId = plan.organisationId
  const varieties: Variety[] = (
    await tx
      .select({
        id: organisationProducts.id,
        name: products.name,
        thcContent: products.thcContent,
        cbdContent: products.cbdContent,
        unit: products.cannabinoidUnit,
      })
      .from(organisationProducts)
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(
        and(
          eq(organisationProducts.organisationId, organisationId),
          isNull(organisationProducts.archivedAt),
          eq(products.category, 'flower'),
          // Harvests are weighed by the gram; the packs filled from them come from fillings.
          eq(organisationProducts.salesUnit, 'gram'),
        ),
      )
      .orderBy(asc(organisationProducts.id))
  ).map((row) => ({
    ...row,
    thcContent: row.thcContent === null ? null : Number(row.thcContent),
    cbdContent: row.cbdContent === null ? null : Number(row.cbdContent),
    unit: row.unit ?? 'percent',
  }))
  const members = await tx
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, organisationId),
        eq(customers.kind, 'member'),
        isNull(customers.deactivatedAt),
        isNull(customers.anonymisedAt),
      ),
    )
    .orderBy(asc(customers.id))
  if (varieties.length === 0 || members.length === 0) {
    return { handouts: 0, harvests: 0, fillings: 0 }
  }
  // Packs the club fills of a variety, the first of each; filling needs a second person.
  const fillings = new HistoryFillings<GeneratedHandout>(
    draw,
    organisationId,
    plan.checkerId ? { filler: plan.userId, checker: plan.checkerId } : null,
  )
  const packs = new Map<string, FilledPack>()
  if (fillings.canFill) {
    for (const pack of await filledPacksOf(tx, organisationId)) {
      if (!packs.has(pack.bulkListingId)) packs.set(pack.bulkListingId, pack)
    }
  }
  const generated = generateHandouts(draw, plan, varieties, members, packs)
  for (const pack of packs.values()) {
    fillings.plan(
      pack,
      generated.filter((handout) => handout.pack === pack),
      (handout) => handout.quantity,
      (handout) => handout.at,
    )
  }
  await fillings.number(tx)

  const harvests: {
    variety: Variety
    batch: StockBatch<Withdrawal<GeneratedHandout>>
    harvestedOn: string
  }[] = []
  const months = Math.max(1, daysBetween(plan.fromDay, plan.toDay).length / 30)
  for (const variety of varieties) {
    const withdrawals = withdrawalsOf(
      generated.filter((handout) => handout.variety === variety && handout.pack === null),
      (handout) => ({ at: handout.at, neededAt: handout.at, quantity: handout.quantity }),
      fillings.drawnFrom(variety.id),
    )
    const total = withdrawals.reduce((sum, withdrawal) => sum + withdrawal.quantity, 0)
    for (const batch of batchesFor(
      withdrawals,
      (withdrawal) => withdrawal.quantity,
      (total / months) * 2,
    )) {
      const firstNeed = Math.min(...batch.takes.map((withdrawal) => withdrawal.neededAt.getTime()))
      const harvestedOn = addCalendarDays(berlinIsoDate(new Date(firstNeed)), -draw.int(16, 30))
      harvests.push({ variety, batch, harvestedOn })
    }
  }
  harvests.sort((a, b) => a.harvestedOn.localeCompare(b.harvestedOn))
  const harvestNumbers = await numberRows(tx, organisationId, 'harvest', harvests, (harvest) =>
    berlinWallClock(harvest.harvestedOn, 12 * 60),
  )
  const handoutNumbers = await numberRows(
    tx,
    organisationId,
    'hand_out',
    generated,
    (handout) => handout.at,
  )

  const ledger = new HistoryLedger(organisationId)
  const handoutRows: (typeof handouts.$inferInsert)[] = []
  const handout = (batch: BatchAccount, given: GeneratedHandout) => {
    const product = given.pack ?? given.variety
    const movementId = ledger.book(batch, {
      kind: 'hand_out',
      quantity: -given.quantity,
      at: given.at,
      actorId: plan.userId,
      source: { type: handoutSourceType, id: given.id },
    })
    handoutRows.push({
      id: given.id,
      organisationId,
      number: handoutNumbers.get(given) as string,
      customerId: given.customerId,
      organisationProductId: product.id,
      batchId: batch.row.id,
      productName: product.name,
      batchNumber: batch.row.batchNumber,
      quantity: given.quantity,
      thcContent: batch.row.thcContent ?? 0,
      cbdContent: batch.row.cbdContent ?? 0,
      cannabinoidUnit: given.variety.unit,
      ageClass: given.ageClass,
      // The demo club gives the template (it has not adapted it).
      information: handoutInformationTemplate,
      handedOutOn: given.day,
      handedOutAt: given.at,
      handedOutBy: plan.userId,
      movementId,
      createdAt: given.at,
      updatedAt: given.at,
    })
  }
  harvests.forEach((harvest, serial) => {
    const harvestedAt = berlinWallClock(harvest.harvestedOn, 10 * 60)
    const batch = ledger.open(
      {
        organisationProductId: harvest.variety.id,
        origin: 'harvest',
        batchNumber: harvestNumbers.get(harvest) as string,
        // About a year, as the demo's current harvests (KCanG § 21 Abs. 2 Nr. 3).
        expiryDate: addCalendarDays(harvest.harvestedOn, 365),
        harvestDate: harvest.harvestedOn,
        thcContent: measuredContent(draw, harvest.variety.thcContent, harvestSpread),
        cbdContent: measuredContent(draw, harvest.variety.cbdContent, harvestSpread) ?? 0,
        coaFileId: plan.certificateFileId,
        status: 'released',
        testNumber: `LAB-${harvest.harvestedOn.slice(0, 4)}-${String(501 + serial).padStart(3, '0')}`,
        releasedAt: berlinWallClock(addCalendarDays(harvest.harvestedOn, 14), 10 * 60),
        releasedBy: plan.userId,
        createdBy: plan.userId,
        createdAt: harvestedAt,
      },
      { kind: 'receipt', quantity: harvest.batch.quantity, at: harvestedAt, actorId: plan.userId },
    )
    for (const withdrawal of harvest.batch.takes) {
      if (withdrawal.filling) fillings.withdraw(ledger, batch, withdrawal.filling)
      else handout(batch, withdrawal.take)
    }
  })
  fillings.takeOutUnits(ledger, handout)
  await insertRows(tx, batches, ledger.batches)
  await insertRows(tx, stockMovements, ledger.movements)
  await insertRows(tx, handouts, handoutRows)
  await fillings.write(tx)
  return {
    handouts: handoutRows.length,
    harvests: harvests.length,
    fillings: fillings.all.length,
  }
}

// ─── The demo ────────────────────────────────────────────────────────────────────────────────

export interface DemoHistoryOwners {
  pharmacy: string
  club: string
  tenantPharmacy: string
  userPharmacyOwner: string
  /** Sonnen-Apotheke's second pharmacist: prescription checks and fillings need one (ApBetrO § 7). */
  userPharmacyPharmacist: string
  userClubOwner: string
  /** Grüne Ecke's second person, who confirms its fillings. */
  userClubTeam: string
}

/** Whether an organisation's history was written (its first batch is there). */
async function hasHistory(db: Executor, organisationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(eq(batches.id, historyMarker(organisationId)))
  return row !== undefined
}

/**
 * Sonnen-Apotheke's and Grüne Ecke's year (ADR 047), after the rest of the demo: written once per
 * organisation, each in one transaction, so a second seed adds nothing. The certificates are the
 * demo stock's; Sonnen-Apotheke buys from the supplier it has on file.
 */
export async function seedDemoHistory(
  db: Database,
  owners: DemoHistoryOwners,
  certificates: { pharmacy: string | null; club: string | null },
  now: Date = new Date(),
): Promise<void> {
  const window = historyWindow(now)
  if (!(await hasHistory(db, owners.pharmacy))) {
    await db.transaction(async (tx) => {
      const [supplier] = await tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(eq(suppliers.organisationId, owners.pharmacy))
        .orderBy(asc(suppliers.createdAt), asc(suppliers.id))
        .limit(1)
      await generateSalesHistory(tx, {
        organisationId: owners.pharmacy,
        userIds: [owners.userPharmacyOwner, owners.userPharmacyPharmacist],
        tenantId: owners.tenantPharmacy,
        ordersPerDay: 4,
        fromDay: window.fromDay,
        toDay: window.salesToDay,
        certificateFileId: certificates.pharmacy,
        supplierId: supplier?.id ?? null,
        testNumberPrefix: 'PR',
      })
    })
  }
  if (!(await hasHistory(db, owners.club))) {
    await db.transaction(async (tx) => {
      await generateHandoutHistory(tx, {
        organisationId: owners.club,
        userId: owners.userClubOwner,
        checkerId: owners.userClubTeam,
        fromDay: window.fromDay,
        toDay: window.handoutsToDay,
        certificateFileId: certificates.club,
      })
    })
  }
}

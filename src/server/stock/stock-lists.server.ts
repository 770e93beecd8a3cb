import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { addCalendarDays, berlinIsoDate } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { maxSearchLength } from '../../lib/list-query'
import { mayTakePharmacistStep, pharmacistOnlyMessages } from '../../lib/organisation'
import type { ProductOwner } from '../../lib/organisation-products'
import {
  expiringSoonDays,
  isExpiredOn,
  mayReceiveReleased,
  purchaseOrderItemSource,
} from '../../lib/stock'
import { batchMovementLimit } from '../../lib/stock-labels'
import type {
  BatchActions,
  BatchDetail,
  ReceiptFormContext,
  ReceivableProduct,
  StockBatchSummary,
  StockList,
  StockListSearch,
  StockOwner,
  StockWarning,
} from '../../lib/stock-lists'
import { type Actor, requireBusiness } from '../actor.server'
import type { Database, Executor } from '../db/client.server'
import { storedFiles } from '../db/core.schema'
import { inSequence } from '../db/in-sequence.server'
import { organisations, users } from '../db/schema'
import { NotFoundError } from '../errors.server'
import { listPage } from '../list-query.server'
import { readableOwner } from '../products/organisation-products.server'
import { productSearchCondition } from '../products/product-search.server'
import { organisationProducts, products } from '../products/products.schema'
import {
  purchaseOrderItems,
  purchaseOrders,
  suppliers,
} from '../purchase-orders/purchase-orders.schema'
import { batches, stockMovements, stockReservations } from './stock.schema'
import { requireStockKeeper } from './stock.server'
import { activeReservation, batchNotFoundMessage } from './stock-ledger.server'
import { reservedPerBatch, stockByProduct } from './stock-levels.server'
import { receivesReleased } from './stock-receipts.server'

/**
 * What the stock pages read: stock per product and per batch, a batch's history, and what
 * the receipt form offers. Stock is read from `batches.balance` (the ledger's maintained sum,
 * ADR 020), never by summing movements; reservations count while active. Owner and staff read
 * their organisation's stock, the platform admin any organisation's (support, read only).
 */

const toOwner = (owner: ProductOwner): StockOwner => ({
  id: owner.id,
  name: owner.name,
  canManage: owner.canManage,
  // Clubs are the product keepers without a shop (KCanG § 6), and they grow what they hand out.
  harvest: !owner.shopAllowed,
})

/**
 * Each listing's stock and its warnings, as the list filters them and the dashboard counts them:
 * one definition, so a figure and the list it links to always agree.
 */
function stockFacts(db: Executor, organisationId: string) {
  const today = berlinIsoDate()
  const soon = addCalendarDays(today, expiringSoonDays)
  const stock = stockByProduct(db, organisationId, today)
  const available = sql`coalesce(${stock.available}, 0)`
  const onHand = sql`coalesce(${stock.onHand}, 0)`
  const lowStock = sql`(${organisationProducts.lowStockThreshold} is not null and ${available} < ${organisationProducts.lowStockThreshold}::bigint * ${organisationProducts.baseUnitsPerSalesUnit})`
  const expiringSoon = sql`coalesce(${stock.nextExpiry} < ${soon}::date, false)`
  const inQuarantine = sql`coalesce(${stock.quarantine}, 0) > 0`
  // The organisation's listings on offer, and archived ones that still hold stock.
  const listed = and(
    eq(organisationProducts.organisationId, organisationId),
    or(isNull(organisationProducts.archivedAt), sql`${onHand} > 0`),
  )
  const warningCondition: Record<StockWarning, SQL> = {
    low: lowStock,
    expiring: expiringSoon,
    quarantine: inQuarantine,
    any: sql`(${lowStock} or ${expiringSoon})`,
  }
  return { today, stock, available, onHand, lowStock, expiringSoon, warningCondition, listed }
}

/** The warnings a listing carries itself (`any` is a filter over two of them). */
type CountedWarning = Exclude<StockWarning, 'any'>

/** How many listings carry each warning (the dashboard): the list's rows, counted in one query. */
export async function stockWarningCounts(
  db: Executor,
  organisationId: string,
): Promise<Record<CountedWarning, number>> {
  const { stock, warningCondition, listed } = stockFacts(db, organisationId)
  const counted = (warning: CountedWarning) =>
    sql<number>`(count(*) filter (where ${warningCondition[warning]}))::int`
  const [row] = await db
    .select({
      low: counted('low'),
      expiring: counted('expiring'),
      quarantine: counted('quarantine'),
    })
    .from(organisationProducts)
    .leftJoin(stock, eq(stock.productId, organisationProducts.id))
    .where(listed)
  return row ?? { low: 0, expiring: 0, quarantine: 0 }
}

/**
 * The first `limit` listings (by name) carrying any of `warnings`, with the ones they carry: the
 * live board's names behind `stockWarningCounts`, by the list's conditions.
 */
export async function stockWarningListings(
  db: Executor,
  organisationId: string,
  warnings: readonly CountedWarning[],
  limit: number,
): Promise<{
  products: { id: string; name: string; warnings: CountedWarning[] }[]
  total: number
}> {
  if (warnings.length === 0) return { products: [], total: 0 }
  const { stock, warningCondition, listed } = stockFacts(db, organisationId)
  const rows = await db
    .select({
      id: organisationProducts.id,
      name: products.name,
      low: sql<boolean>`${warningCondition.low}`,
      expiring: sql<boolean>`${warningCondition.expiring}`,
      quarantine: sql<boolean>`${warningCondition.quarantine}`,
      // Counted before the limit: how many products carry a warning in all.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .leftJoin(stock, eq(stock.productId, organisationProducts.id))
    .where(and(listed, or(...warnings.map((warning) => warningCondition[warning]))))
    .orderBy(asc(products.name), asc(organisationProducts.id))
    .limit(limit)
  return {
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      warnings: warnings.filter((warning) => row[warning]),
    })),
    total: rows[0]?.total ?? 0,
  }
}

/**
 * The listings under their low-stock threshold with what "Nachbestellen" needs of them (ADR 075):
 * the list's `low` condition, available stock in base units.
 */
export async function lowStockListings(db: Executor, organisationId: string) {
  const { stock, available, warningCondition, listed } = stockFacts(db, organisationId)
  const rows = await db
    .select({
      id: organisationProducts.id,
      productId: organisationProducts.productId,
      name: products.name,
      pzn: products.pzn,
      packBaseUnits: products.packBaseUnits,
      packUnit: products.packUnit,
      category: products.category,
      baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
      lowStockThreshold: sql<number>`${organisationProducts.lowStockThreshold}`,
      targetStock: organisationProducts.targetStock,
      available: sql<string>`${available}`,
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .leftJoin(stock, eq(stock.productId, organisationProducts.id))
    .where(and(listed, isNull(organisationProducts.archivedAt), warningCondition.low))
    .orderBy(asc(products.name), asc(organisationProducts.id))
  return rows.map((row) => ({ ...row, available: Number(row.available) }))
}

// ─── The list ────────────────────────────────────────────────────────────────────────────────

/**
 * `/inventory`: one row per listing of the organisation — those on offer, and archived ones that
 * still hold stock — with its stock by state and warnings, filtered, sorted and paged in SQL
 * (two queries and a count, whatever the page size), and the page's batches with stock.
 */
export async function listStock(
  actor: Actor,
  search: StockListSearch,
  db: Database,
): Promise<StockList> {
  const owner = await readableOwner(actor, search.organisation, db)
  const { today, stock, available, onHand, lowStock, expiringSoon, warningCondition, listed } =
    stockFacts(db, owner.id)

  const select = db
    .select({
      id: organisationProducts.id,
      name: products.name,
      pzn: products.pzn,
      category: products.category,
      packUnit: products.packUnit,
      salesUnit: organisationProducts.salesUnit,
      baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
      lowStockThreshold: organisationProducts.lowStockThreshold,
      archivedAt: organisationProducts.archivedAt,
      available: sql<string>`${available}`.as('row_available'),
      quarantine: sql<string>`coalesce(${stock.quarantine}, 0)`.as('row_quarantine'),
      reserved: sql<string>`coalesce(${stock.reserved}, 0)`.as('row_reserved'),
      blocked: sql<string>`coalesce(${stock.blocked}, 0)`.as('row_blocked'),
      expired: sql<string>`coalesce(${stock.expired}, 0)`.as('row_expired'),
      nextExpiry: sql<string | null>`${stock.nextExpiry}::text`.as('row_next_expiry'),
      lowStock: sql<boolean>`${lowStock}`.as('row_low_stock'),
      expiringSoon: sql<boolean>`${expiringSoon}`.as('row_expiring_soon'),
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .leftJoin(stock, eq(stock.productId, organisationProducts.id))
    .where(
      and(
        listed,
        productSearchCondition(search.q),
        search.category && eq(products.category, search.category),
        search.warning && warningCondition[search.warning],
        search.inStock && sql`${onHand} > 0`,
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, search, {
    sortColumns: {
      name: products.name,
      category: products.category,
      available,
      nextExpiry: stock.nextExpiry,
    },
    tiebreaker: organisationProducts.id,
  })

  const batchesByProduct = await batchSummaries(
    db,
    owner.id,
    page.items.map((row) => row.id),
    today,
  )
  return {
    ...page,
    owner: toOwner(owner),
    items: page.items.map(({ archivedAt, ...row }) => ({
      ...row,
      available: Number(row.available),
      quarantine: Number(row.quarantine),
      reserved: Number(row.reserved),
      blocked: Number(row.blocked),
      expired: Number(row.expired),
      archived: archivedAt !== null,
      batches: batchesByProduct.get(row.id) ?? [],
    })),
  }
}

/** The batches with stock of the listed products, first-expiring first. */
async function batchSummaries(
  db: Database,
  organisationId: string,
  productIds: string[],
  today: string,
): Promise<Map<string, StockBatchSummary[]>> {
  const byProduct = new Map<string, StockBatchSummary[]>()
  if (productIds.length === 0) return byProduct
  const reserved = reservedPerBatch(db, organisationId)
  const rows = await db
    .select({
      id: batches.id,
      productId: batches.organisationProductId,
      batchNumber: batches.batchNumber,
      status: batches.status,
      expiryDate: batches.expiryDate,
      balance: batches.balance,
      reserved: sql<string>`coalesce(${reserved.quantity}, 0)`,
    })
    .from(batches)
    .leftJoin(reserved, eq(reserved.batchId, batches.id))
    .where(
      and(
        eq(batches.organisationId, organisationId),
        inArray(batches.organisationProductId, productIds),
        gt(batches.balance, 0),
      ),
    )
    .orderBy(sql`${batches.expiryDate} asc nulls last`, asc(batches.batchNumber))
  for (const { productId, ...row } of rows) {
    const list = byProduct.get(productId) ?? []
    list.push({
      ...row,
      reserved: Number(row.reserved),
      expired: isExpiredOn(row.expiryDate, today),
    })
    byProduct.set(productId, list)
  }
  return byProduct
}

// ─── One batch ───────────────────────────────────────────────────────────────────────────────

const releasedBy = alias(users, 'released_by_user')
const blockedBy = alias(users, 'blocked_by_user')
const supplierOrganisation = alias(organisations, 'supplier_organisation')
const filledFromBatch = alias(batches, 'filled_from_batch')

/** The supplier's name: the platform organisation's own, or the one the buyer keeps. */
const supplierName = sql<string | null>`coalesce(${supplierOrganisation.name}, ${suppliers.name})`

/**
 * `/inventory/batches/$id`: the batch's facts, its movements newest first with the running
 * balance, its active reservations, and the actions its state allows the actor. Another
 * organisation's batch is a 404, as an unknown one.
 */
export async function getBatch(actor: Actor, id: string, db: Database): Promise<BatchDetail> {
  const business = requireBusiness(actor)
  const admin = business.user.role === 'admin'
  // Refuses shop customers and organisations without stock before anything is read.
  const own = admin ? null : await readableOwner(actor, undefined, db)
  if (!isUuid(id)) throw new NotFoundError(batchNotFoundMessage)
  const [row] = await db
    .select({
      batch: batches,
      productName: products.name,
      pzn: products.pzn,
      category: products.category,
      packUnit: products.packUnit,
      cannabinoidUnit: products.cannabinoidUnit,
      supplierName,
      filledFromNumber: filledFromBatch.batchNumber,
      releasedByName: releasedBy.name,
      blockedByName: blockedBy.name,
      certificateType: storedFiles.contentType,
    })
    .from(batches)
    .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .leftJoin(suppliers, eq(suppliers.id, batches.supplierId))
    .leftJoin(supplierOrganisation, eq(supplierOrganisation.id, suppliers.supplierOrganisationId))
    .leftJoin(filledFromBatch, eq(filledFromBatch.id, batches.filledFromBatchId))
    .leftJoin(releasedBy, eq(releasedBy.id, batches.releasedBy))
    .leftJoin(blockedBy, eq(blockedBy.id, batches.blockedBy))
    .leftJoin(storedFiles, eq(storedFiles.id, batches.coaFileId))
    .where(and(eq(batches.id, id), own ? eq(batches.organisationId, own.id) : undefined))
  if (!row) throw new NotFoundError(batchNotFoundMessage)
  const { batch } = row
  const owner = own ?? (await readableOwner(actor, batch.organisationId, db))

  const [movements, [movementCount], reservations] = await inSequence([
    () =>
      db
        .select({
          id: stockMovements.id,
          kind: stockMovements.kind,
          quantity: stockMovements.quantity,
          balanceAfter: stockMovements.balanceAfter,
          reason: stockMovements.reason,
          sourceType: stockMovements.sourceType,
          sourceId: stockMovements.sourceId,
          actorKind: stockMovements.actorKind,
          actorId: stockMovements.actorId,
          userName: users.name,
          purchaseOrderId: purchaseOrders.id,
          purchaseOrderNumber: purchaseOrders.number,
          createdAt: stockMovements.createdAt,
        })
        .from(stockMovements)
        .leftJoin(
          users,
          and(
            eq(stockMovements.actorKind, 'business_user'),
            sql`${users.id}::text = ${stockMovements.actorId}`,
          ),
        )
        .leftJoin(
          purchaseOrderItems,
          and(
            eq(stockMovements.sourceType, purchaseOrderItemSource),
            eq(purchaseOrderItems.id, stockMovements.sourceId),
            eq(purchaseOrderItems.organisationId, batch.organisationId),
          ),
        )
        .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderItems.purchaseOrderId))
        .where(eq(stockMovements.batchId, batch.id))
        .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
        .limit(batchMovementLimit),
    () =>
      db
        .select({ total: count() })
        .from(stockMovements)
        .where(eq(stockMovements.batchId, batch.id)),
    () =>
      db
        .select({
          id: stockReservations.id,
          quantity: stockReservations.quantity,
          sourceType: stockReservations.sourceType,
          sourceId: stockReservations.sourceId,
          expiresAt: stockReservations.expiresAt,
          createdAt: stockReservations.createdAt,
        })
        .from(stockReservations)
        .where(and(eq(stockReservations.batchId, batch.id), activeReservation()))
        .orderBy(asc(stockReservations.createdAt)),
  ])

  const expired = isExpiredOn(batch.expiryDate, berlinIsoDate())
  const reserved = reservations.reduce((sum, reservation) => sum + reservation.quantity, 0)
  const canManage = owner.canManage
  const releasable = canManage && batch.status === 'quarantine' && !expired
  const pharmacist = mayTakePharmacistStep(
    business.organisation.category,
    business.user.qualification,
  )
  const actions: BatchActions = {
    release: releasable && pharmacist,
    block: canManage && batch.status !== 'blocked',
    correct: canManage,
    destroy: canManage && batch.balance - reserved > 0,
    attachCertificate: canManage && batch.status === 'quarantine',
    correctCannabinoids: canManage,
  }
  return {
    id: batch.id,
    owner: toOwner(owner),
    product: {
      id: batch.organisationProductId,
      name: row.productName,
      pzn: row.pzn,
      category: row.category,
      packUnit: row.packUnit,
      cannabinoidUnit: row.cannabinoidUnit,
    },
    origin: batch.origin,
    batchNumber: batch.batchNumber,
    supplierName: row.supplierName,
    filledFrom:
      batch.filledFromBatchId && row.filledFromNumber
        ? { id: batch.filledFromBatchId, batchNumber: row.filledFromNumber }
        : null,
    status: batch.status,
    expiryDate: batch.expiryDate,
    harvestDate: batch.harvestDate,
    expired,
    thcContent: batch.thcContent,
    cbdContent: batch.cbdContent,
    certificate:
      batch.coaFileId && row.certificateType
        ? { id: batch.coaFileId, contentType: row.certificateType }
        : null,
    testNumber: batch.testNumber,
    releasedAt: batch.releasedAt?.toISOString() ?? null,
    releasedByName: row.releasedByName,
    blockedAt: batch.blockedAt?.toISOString() ?? null,
    blockedByName: row.blockedByName,
    blockedReason: batch.blockedReason,
    balance: batch.balance,
    reserved,
    createdAt: batch.createdAt.toISOString(),
    movements: movements.map(
      ({
        actorKind,
        actorId,
        userName,
        createdAt,
        purchaseOrderId,
        purchaseOrderNumber,
        ...movement
      }) => ({
        ...movement,
        purchaseOrder: purchaseOrderId
          ? { id: purchaseOrderId, number: purchaseOrderNumber }
          : null,
        actorName: actorKind === 'system' ? actorId : userName,
        createdAt: createdAt.toISOString(),
      }),
    ),
    movementTotal: movementCount?.total ?? 0,
    reservations: reservations.map((reservation) => ({
      ...reservation,
      expiresAt: reservation.expiresAt?.toISOString() ?? null,
      createdAt: reservation.createdAt.toISOString(),
    })),
    actions,
    releaseNote: releasable && !pharmacist ? pharmacistOnlyMessages.batchRelease : null,
  }
}

// ─── The receipt form ────────────────────────────────────────────────────────────────────────

/** How many products the receipt form's search offers at once. */
const receivablePickLimit = 50

/**
 * The products a receipt may book: the organisation's listings on offer whose name, PZN or
 * cultivar contains `search`; for a club only its own varieties kept loose (a harvest, KCanG).
 */
export async function searchReceivableProducts(
  actor: Actor,
  search: string,
  db: Database,
): Promise<ReceivableProduct[]> {
  const business = requireStockKeeper(actor)
  const organisationId = business.organisation.id
  return db
    .select({
      id: organisationProducts.id,
      name: products.name,
      pzn: products.pzn,
      category: products.category,
      packBaseUnits: products.packBaseUnits,
      packUnit: products.packUnit,
      cannabinoidUnit: products.cannabinoidUnit,
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(organisationProducts.organisationId, organisationId),
        isNull(organisationProducts.archivedAt),
        business.organisation.category === 'club'
          ? and(
              eq(products.organisationId, organisationId),
              // Flower packs come from fillings of a harvest, never from a receipt.
              or(ne(products.category, 'flower'), eq(organisationProducts.salesUnit, 'gram')),
            )
          : undefined,
        productSearchCondition(search.trim().slice(0, maxSearchLength)),
      ),
    )
    .orderBy(asc(products.name), asc(organisationProducts.id))
    .limit(receivablePickLimit)
}

/** The suppliers to pick from, and the receipts-released setting in effect. */
export async function getReceiptFormContext(
  actor: Actor,
  db: Database,
): Promise<ReceiptFormContext> {
  const business = requireStockKeeper(actor)
  const organisationId = business.organisation.id
  const [supplierRows, released] = await inSequence([
    () =>
      db
        .select({ id: suppliers.id, name: supplierName })
        .from(suppliers)
        .leftJoin(
          supplierOrganisation,
          eq(supplierOrganisation.id, suppliers.supplierOrganisationId),
        )
        .where(and(eq(suppliers.organisationId, organisationId), isNull(suppliers.archivedAt)))
        .orderBy(asc(supplierName)),
    () => receivesReleased(db, organisationId),
  ])
  return {
    harvest: business.organisation.category === 'club',
    suppliers: supplierRows.map((supplier) => ({ id: supplier.id, name: supplier.name ?? '–' })),
    receivesReleased: released,
    mayChangeReceiptsReleased:
      business.user.role === 'owner' && mayReceiveReleased(business.organisation.category),
  }
}

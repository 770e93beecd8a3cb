import { isDeepStrictEqual } from 'node:util'
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { isUuid } from '../../lib/ids'
import { brokenOrderRule, type OrderRules } from '../../lib/products'
import {
  cancelPurchaseOrderSchema,
  purchaseOrderDraftSchema,
  purchaseOrderTransitionSchema,
  updatePurchaseOrderSchema,
} from '../../lib/purchase-order-schemas'
import {
  arrivingPurchaseOrderStatuses,
  buyerActions,
  cancellableStatuses,
  clubCannabisMessage,
  type OrderableProduct,
  type PurchaseOrderDetail,
  type PurchaseOrderHistoryEntry,
  type PurchaseOrderList,
  type PurchaseOrderListSearch,
  type PurchaseOrderOwner,
  type PurchaseOrderStatus,
  purchaseOrderFieldLabels,
  purchaseOrderNotFoundMessage,
  purchaseOrderTotals,
  refusedTransitionMessage,
  stalePurchaseOrderMessage,
  supplierNotFoundMessage,
} from '../../lib/purchase-orders'
import type { Actor } from '../actor.server'
import { takeDocumentNumber } from '../counters/counters.server'
import {
  cancelSellerOrder,
  lockSellerOrderOf,
  openSellerOrder,
} from '../customer-orders/customer-order-links.server'
import type { Database, Executor } from '../db/client.server'
import { ConflictError, InvalidError, NotFoundError, parseInput } from '../errors.server'
import { listPage, searchCondition } from '../list-query.server'
import { readProductHistory } from '../products/product-history.server'
import { productSearchCondition } from '../products/product-search.server'
import { organisationProducts, products } from '../products/products.schema'
import {
  managingPurchaser,
  purchaserById,
  readablePurchaser,
  readScope,
} from './purchase-order-access.server'
import {
  auditedOrderFields,
  auditOrder,
  changeOrder,
  purchaseOrderAudit,
} from './purchase-order-changes.server'
import {
  purchaseOrderItems,
  purchaseOrderShipmentLines,
  purchaseOrders,
  suppliers,
} from './purchase-orders.schema'
import { supplierName, supplierOrganisation } from './suppliers.server'

/**
 * Purchase orders: the buyer drafts, orders (numbered from its counter), cancels and books the
 * goods in; a platform supplier confirms and ships. Every transition locks the order row and
 * writes the audit log in its transaction; a transition the state does not allow is a 409 that
 * says why.
 */

type PurchaseOrderRowType = typeof purchaseOrders.$inferSelect
type SupplierRowType = typeof suppliers.$inferSelect

const emptyOrderMessage = 'Eine Bestellung ohne Positionen kann nicht bestellt werden.'
const archivedSupplierMessage =
  'Der Lieferant ist archiviert. Stelle ihn wieder her oder wähle einen anderen.'
const notOfferedMessage = 'Dieses Produkt bietet der Lieferant nicht (mehr) an.'
const notListedMessage = 'Dieses Produkt führst du nicht (mehr).'
const agreedPriceMessage = 'Bitte gib den vereinbarten Preis an.'

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

const itemCount = sql<number>`(select count(*) from ${purchaseOrderItems} where ${purchaseOrderItems.purchaseOrderId} = ${purchaseOrders.id})::int`

export async function listPurchaseOrders(
  actor: Actor,
  query: PurchaseOrderListSearch,
  db: Database,
): Promise<PurchaseOrderList> {
  const owner = await readablePurchaser(actor, query.organisation, db)
  const select = db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      status: purchaseOrders.status,
      supplierId: purchaseOrders.supplierId,
      supplierName,
      itemCount,
      netCents: purchaseOrders.netCents,
      grossCents: purchaseOrders.grossCents,
      createdAt: purchaseOrders.createdAt,
      orderedAt: purchaseOrders.orderedAt,
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(supplierOrganisation, eq(supplierOrganisation.id, suppliers.supplierOrganisationId))
    .where(
      and(
        eq(purchaseOrders.organisationId, owner.id),
        query.status && eq(purchaseOrders.status, query.status),
        query.todo === 'arriving'
          ? inArray(purchaseOrders.status, [...arrivingPurchaseOrderStatuses])
          : undefined,
        query.supplier ? eq(purchaseOrders.supplierId, query.supplier) : undefined,
        searchCondition(query.q, [purchaseOrders.number, supplierName, purchaseOrders.note]),
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: {
      createdAt: purchaseOrders.createdAt,
      number: purchaseOrders.number,
      supplier: supplierName,
      total: purchaseOrders.grossCents,
      status: purchaseOrders.status,
    },
    tiebreaker: purchaseOrders.id,
  })
  return {
    ...page,
    owner,
    items: page.items.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      orderedAt: row.orderedAt?.toISOString() ?? null,
    })),
  }
}

/** One purchase order; `organisationId` null only for the admin's read. */
async function findPurchaseOrder(
  executor: Executor,
  id: string,
  organisationId: string | null,
  { forUpdate = false } = {},
) {
  if (!isUuid(id)) return undefined
  const select = executor
    .select({ order: purchaseOrders, supplier: suppliers, supplierName })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(supplierOrganisation, eq(supplierOrganisation.id, suppliers.supplierOrganisationId))
    .where(
      and(
        eq(purchaseOrders.id, id),
        organisationId === null ? undefined : eq(purchaseOrders.organisationId, organisationId),
      ),
    )
  const [row] = forUpdate ? await select.for('update', { of: purchaseOrders }) : await select
  return row
}

export async function itemsOf(executor: Executor, order: PurchaseOrderRowType) {
  return executor
    .select({
      item: purchaseOrderItems,
      category: products.category,
      packUnit: products.packUnit,
    })
    .from(purchaseOrderItems)
    .innerJoin(products, eq(products.id, purchaseOrderItems.productId))
    .where(
      and(
        eq(purchaseOrderItems.purchaseOrderId, order.id),
        eq(purchaseOrderItems.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(purchaseOrderItems.position))
}

/** What a platform supplier shipped against the order's lines (its receipt form starts there). */
async function shipmentLinesOf(executor: Executor, order: PurchaseOrderRowType) {
  return executor
    .select({
      purchaseOrderItemId: purchaseOrderShipmentLines.purchaseOrderItemId,
      batchNumber: purchaseOrderShipmentLines.batchNumber,
      quantity: purchaseOrderShipmentLines.quantity,
      expiryDate: purchaseOrderShipmentLines.expiryDate,
      certificateFileId: purchaseOrderShipmentLines.certificateFileId,
    })
    .from(purchaseOrderShipmentLines)
    .where(
      and(
        eq(purchaseOrderShipmentLines.purchaseOrderId, order.id),
        eq(purchaseOrderShipmentLines.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(purchaseOrderShipmentLines.createdAt), asc(purchaseOrderShipmentLines.batchNumber))
}

/** The purchase order `actor` may read: the admin's any, everyone else's only their own. */
async function readablePurchaseOrder(actor: Actor, id: string, db: Database) {
  const { admin, business } = readScope(actor)
  const found = await findPurchaseOrder(db, id, admin ? null : business.organisation.id)
  if (!found) throw new NotFoundError(purchaseOrderNotFoundMessage)
  const owner: PurchaseOrderOwner = admin
    ? await purchaserById(db, found.order.organisationId, false)
    : await readablePurchaser(actor, undefined, db)
  return { ...found, owner }
}

export async function getPurchaseOrder(
  actor: Actor,
  id: string,
  db: Database,
): Promise<PurchaseOrderDetail> {
  const { order, supplier, supplierName: name, owner } = await readablePurchaseOrder(actor, id, db)
  const items = await itemsOf(db, order)
  const shipped = await shipmentLinesOf(db, order)
  return {
    id: order.id,
    owner,
    number: order.number,
    status: order.status,
    supplier: {
      id: supplier.id,
      name,
      kind: supplier.kind,
      archived: supplier.archivedAt !== null,
    },
    note: order.note,
    items: items.map(({ item, category, packUnit }) => ({
      id: item.id,
      position: item.position,
      listingId: (item.supplierListingId ?? item.organisationProductId) as string,
      productId: item.productId,
      name: item.name,
      pzn: item.pzn,
      category,
      salesUnit: item.salesUnit,
      baseUnitsPerSalesUnit: item.baseUnitsPerSalesUnit,
      packUnit,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      vatRate: item.vatRate,
      receivedBaseUnits: item.receivedBaseUnits,
      shipped: shipped
        .filter((line) => line.purchaseOrderItemId === item.id)
        .map(({ purchaseOrderItemId: _item, ...line }) => line),
    })),
    netCents: order.netCents,
    vatCents: order.vatCents,
    grossCents: order.grossCents,
    createdAt: order.createdAt.toISOString(),
    orderedAt: order.orderedAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    revision: order.revision,
    actions: owner.canManage ? buyerActions(order.status) : [],
  }
}

const historyActions = {
  [purchaseOrderAudit.created]: 'created',
  [purchaseOrderAudit.updated]: 'updated',
  [purchaseOrderAudit.ordered]: 'ordered',
  [purchaseOrderAudit.confirmed]: 'confirmed',
  [purchaseOrderAudit.shipped]: 'shipped',
  [purchaseOrderAudit.received]: 'received',
  [purchaseOrderAudit.cancelled]: 'cancelled',
} as const

/** The timeline of a purchase order, newest first, from the audit log. */
export async function listPurchaseOrderHistory(
  actor: Actor,
  id: string,
  db: Database,
): Promise<PurchaseOrderHistoryEntry[]> {
  const { order } = await readablePurchaseOrder(actor, id, db)
  return readProductHistory(
    db,
    { type: purchaseOrderAudit.entityType, id: order.id, organisationId: order.organisationId },
    historyActions,
    Object.keys(purchaseOrderFieldLabels),
  )
}

// ─── What may be ordered ─────────────────────────────────────────────────────────────────────

/** How many products the item search offers at once. */
const orderablePickLimit = 20

const orderableColumns = {
  listingId: organisationProducts.id,
  productId: products.id,
  name: products.name,
  pzn: products.pzn,
  category: products.category,
  salesUnit: organisationProducts.salesUnit,
  baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
  packBaseUnits: products.packBaseUnits,
  packUnit: products.packUnit,
  priceCents: organisationProducts.priceCents,
  vatRate: organisationProducts.vatRate,
  orderStep: organisationProducts.orderStep,
  minOrderQuantity: organisationProducts.minOrderQuantity,
  maxOrderQuantity: organisationProducts.maxOrderQuantity,
}

/**
 * Where the lines of an order with `supplier` come from: the platform supplier's price list (its
 * listings of active master products) or, for an external supplier, the buyer's own listings.
 * Archived listings never; for a club only accessories (KCanG).
 */
function orderableCondition(owner: PurchaseOrderOwner, supplier: SupplierRowType): SQL {
  const platform = supplier.kind === 'platform'
  return and(
    eq(
      organisationProducts.organisationId,
      platform ? (supplier.supplierOrganisationId as string) : owner.id,
    ),
    isNull(organisationProducts.archivedAt),
    platform ? and(isNull(products.organisationId), eq(products.status, 'active')) : undefined,
    owner.accessoriesOnly ? eq(products.category, 'accessory') : undefined,
  ) as SQL
}

async function activeSupplier(executor: Executor, owner: PurchaseOrderOwner, supplierId: string) {
  const [supplier] = isUuid(supplierId)
    ? await executor
        .select()
        .from(suppliers)
        .where(and(eq(suppliers.id, supplierId), eq(suppliers.organisationId, owner.id)))
    : []
  if (!supplier) throw new InvalidError({ supplierId: supplierNotFoundMessage })
  if (supplier.archivedAt) throw new InvalidError({ supplierId: archivedSupplierMessage })
  return supplier
}

/** The item search of the purchase-order form for `supplierId`: name, PZN or cultivar. */
export async function searchOrderableProducts(
  actor: Actor,
  supplierId: string,
  search: string,
  db: Database,
): Promise<OrderableProduct[]> {
  const { owner } = managingPurchaser(actor)
  const supplier = await activeSupplier(db, owner, supplierId)
  return db
    .select(orderableColumns)
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(and(orderableCondition(owner, supplier), productSearchCondition(search)))
    .orderBy(asc(products.name), asc(organisationProducts.id))
    .limit(orderablePickLimit)
}

// ─── Drafts ──────────────────────────────────────────────────────────────────────────────────

type Line = ReturnType<typeof parseInput<typeof purchaseOrderDraftSchema>>['items'][number]
type ItemValues = Omit<typeof purchaseOrderItems.$inferInsert, 'purchaseOrderId' | 'organisationId'>

/** A platform supplier's order rules for a line: step, minimum, maximum (in its sales units). */
const orderRuleMessages: Record<'min' | 'max' | 'step', (limit: number) => string> = {
  min: (limit) => `Der Lieferant liefert mindestens ${limit}.`,
  max: (limit) => `Der Lieferant liefert höchstens ${limit} je Bestellung.`,
  step: (limit) => `Der Lieferant liefert in Schritten von ${limit}.`,
}

function orderRuleProblem(quantity: number, rules: OrderRules): string | null {
  const broken = brokenOrderRule(quantity, rules)
  return broken && orderRuleMessages[broken.rule](broken.limit)
}

/** The lines as stored: what was ordered, frozen at its price, unit and VAT. */
export async function resolveLines(
  tx: Executor,
  owner: PurchaseOrderOwner,
  supplier: SupplierRowType,
  lines: Line[],
): Promise<ItemValues[]> {
  if (lines.length === 0) return []
  const platform = supplier.kind === 'platform'
  // The club's rule gets its own message below, so the query leaves it out.
  const rows = await tx
    .select(orderableColumns)
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        inArray(
          organisationProducts.id,
          lines.map((line) => line.listingId),
        ),
        orderableCondition({ ...owner, accessoriesOnly: false }, supplier),
      ),
    )
  const byId = new Map(rows.map((row) => [row.listingId, row]))
  const errors: Record<string, string> = {}
  const values: ItemValues[] = []
  lines.forEach((line, index) => {
    const field = (name: string) => `items.${index}.${name}`
    const listing = byId.get(line.listingId)
    if (!listing) {
      errors[field('listingId')] = platform ? notOfferedMessage : notListedMessage
      return
    }
    if (owner.accessoriesOnly && listing.category !== 'accessory') {
      errors[field('listingId')] = clubCannabisMessage
      return
    }
    const ruleProblem = platform ? orderRuleProblem(line.quantity, listing) : null
    if (ruleProblem) errors[field('quantity')] = ruleProblem
    const unitPriceCents = platform ? listing.priceCents : line.unitPriceCents
    if (unitPriceCents === null) errors[field('unitPriceCents')] = agreedPriceMessage
    values.push({
      position: index + 1,
      productId: listing.productId,
      supplierListingId: platform ? listing.listingId : null,
      organisationProductId: platform ? null : listing.listingId,
      name: listing.name,
      pzn: listing.pzn,
      salesUnit: listing.salesUnit,
      baseUnitsPerSalesUnit: listing.baseUnitsPerSalesUnit,
      quantity: line.quantity,
      unitPriceCents: unitPriceCents ?? 0,
      vatRate: listing.vatRate,
    })
  })
  if (Object.keys(errors).length > 0) throw new InvalidError(errors)
  return values
}

export interface SavedPurchaseOrder {
  id: string
  revision: number
  status: PurchaseOrderStatus
  number: string | null
  changed: boolean
}

const saved = (order: PurchaseOrderRowType, changed = true): SavedPurchaseOrder => ({
  id: order.id,
  revision: order.revision,
  status: order.status,
  number: order.number,
  changed,
})

export async function insertItems(tx: Executor, order: PurchaseOrderRowType, items: ItemValues[]) {
  if (items.length === 0) return
  await tx.insert(purchaseOrderItems).values(
    items.map((item) => ({
      ...item,
      purchaseOrderId: order.id,
      organisationId: order.organisationId,
    })),
  )
}

/** A new draft with its supplier and lines (possibly none yet). */
export async function createPurchaseOrder(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<SavedPurchaseOrder> {
  const { owner, business } = managingPurchaser(actor)
  const request = parseInput(purchaseOrderDraftSchema, input)
  return db.transaction(async (tx) => {
    const supplier = await activeSupplier(tx, owner, request.supplierId)
    const items = await resolveLines(tx, owner, supplier, request.items)
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        organisationId: owner.id,
        supplierId: supplier.id,
        note: request.note,
        ...purchaseOrderTotals(items),
        createdBy: business.user.id,
      })
      .returning()
    if (!order) throw new Error('purchase order was not inserted')
    await insertItems(tx, order, items)
    await auditOrder(
      tx,
      actor,
      purchaseOrderAudit.created,
      null,
      auditedOrderFields(order, items),
      order,
    )
    return saved(order)
  })
}

/** The buyer's order, locked, checked against the revision the page showed. */
async function lockedOrder(tx: Executor, owner: PurchaseOrderOwner, id: string, revision?: number) {
  const found = await findPurchaseOrder(tx, id, owner.id, { forUpdate: true })
  if (!found) throw new NotFoundError(purchaseOrderNotFoundMessage)
  if (revision !== undefined && found.order.revision !== revision) {
    throw new ConflictError(stalePurchaseOrderMessage)
  }
  return found
}

/** Saves a draft loaded at `revision`: supplier, note and lines; an ordered one is read-only. */
export async function updatePurchaseOrder(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedPurchaseOrder> {
  const { owner } = managingPurchaser(actor)
  const request = parseInput(updatePurchaseOrderSchema, input)
  return db.transaction(async (tx) => {
    const { order } = await lockedOrder(tx, owner, id, request.revision)
    if (order.status !== 'draft') {
      throw new ConflictError(refusedTransitionMessage(order.status, 'edit'))
    }
    const supplier = await activeSupplier(tx, owner, request.supplierId)
    const items = await resolveLines(tx, owner, supplier, request.items)
    const currentItems = (await itemsOf(tx, order)).map(({ item }) => item)
    const before = auditedOrderFields(order, currentItems)
    const next = {
      ...order,
      supplierId: supplier.id,
      note: request.note,
      ...purchaseOrderTotals(items),
    }
    const after = auditedOrderFields(next, items)
    if (isDeepStrictEqual(before, after)) return saved(order, false)
    await tx
      .delete(purchaseOrderItems)
      .where(
        and(
          eq(purchaseOrderItems.purchaseOrderId, order.id),
          eq(purchaseOrderItems.organisationId, owner.id),
        ),
      )
    const [updated] = await tx
      .update(purchaseOrders)
      .set({
        supplierId: supplier.id,
        note: request.note,
        ...purchaseOrderTotals(items),
        revision: order.revision + 1,
      })
      .where(and(eq(purchaseOrders.id, order.id), eq(purchaseOrders.organisationId, owner.id)))
      .returning()
    if (!updated) throw new NotFoundError(purchaseOrderNotFoundMessage)
    await insertItems(tx, updated, items)
    await auditOrder(tx, actor, purchaseOrderAudit.updated, before, after, updated)
    return saved(updated)
  })
}

// ─── Transitions ─────────────────────────────────────────────────────────────────────────────

/** The buyer's locked order for a transition allowed only from `from`. */
export async function orderForTransition(
  tx: Executor,
  owner: PurchaseOrderOwner,
  id: string,
  revision: number | undefined,
  from: readonly PurchaseOrderStatus[],
  transition: Parameters<typeof refusedTransitionMessage>[1],
) {
  const found = await lockedOrder(tx, owner, id, revision)
  if (!from.includes(found.order.status)) {
    throw new ConflictError(refusedTransitionMessage(found.order.status, transition))
  }
  return found
}

/**
 * Orders a draft: it gets the next number of the organisation's `purchase_order` counter for the
 * year, in the same transaction (gap-free), and is read-only from then on.
 */
export async function orderPurchaseOrder(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedPurchaseOrder> {
  const { owner, business } = managingPurchaser(actor)
  const { revision } = parseInput(purchaseOrderTransitionSchema, input ?? {})
  return db.transaction(async (tx) => {
    const { order, supplier } = await orderForTransition(
      tx,
      owner,
      id,
      revision,
      ['draft'],
      'order',
    )
    if (supplier.archivedAt) throw new ConflictError(archivedSupplierMessage)
    const [lines] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(purchaseOrderItems)
      .where(eq(purchaseOrderItems.purchaseOrderId, order.id))
    if (!lines?.count) throw new ConflictError(emptyOrderMessage)
    const number = await takeDocumentNumber(tx, owner.id, 'purchase_order')
    const updated = await changeOrder(tx, actor, order, purchaseOrderAudit.ordered, {
      status: 'ordered',
      number,
      orderedAt: new Date(),
      orderedBy: business.user.id,
    })
    if (supplier.supplierOrganisationId) {
      await openSellerOrder(tx, actor, updated, supplier.supplierOrganisationId)
    }
    return saved(updated)
  })
}

/**
 * Cancels a draft or an order the supplier has not confirmed yet, with the reason the record
 * keeps; a platform supplier's order for it is cancelled with it.
 */
export async function cancelPurchaseOrder(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedPurchaseOrder> {
  const { owner, business } = managingPurchaser(actor)
  const { revision, reason } = parseInput(cancelPurchaseOrderSchema, input)
  return db.transaction(async (tx) => {
    const sellerOrder = isUuid(id) ? await lockSellerOrderOf(tx, id) : undefined
    const { order } = await orderForTransition(
      tx,
      owner,
      id,
      revision,
      cancellableStatuses,
      'cancel',
    )
    const updated = await changeOrder(tx, actor, order, purchaseOrderAudit.cancelled, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: business.user.id,
      cancelReason: reason,
    })
    if (sellerOrder) await cancelSellerOrder(tx, actor, sellerOrder, owner.id, reason)
    return saved(updated)
  })
}

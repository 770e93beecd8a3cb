import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { CustomerOrderAction } from '../../lib/customer-orders'
import { priceBasisOf } from '../../lib/prices'
import type { Actor } from '../actor.server'
import { takeDocumentNumber } from '../counters/counters.server'
import { customers } from '../customers/customers.schema'
import { insertCustomer } from '../customers/customers.server'
import type { Executor } from '../db/client.server'
import { storedFiles } from '../db/core.schema'
import { organisations } from '../db/schema'
import { withinScope } from '../db/scope.server'
import { storeServerFile } from '../files/file-store.server'
import {
  changeOrder as changePurchaseOrder,
  purchaseOrderAudit,
} from '../purchasing/purchase-orders.server'
import {
  purchaseOrderItems,
  purchaseOrderShipmentLines,
  purchaseOrders,
} from '../purchasing/purchasing.schema'
import { releaseReservations } from '../stock/stock-reservations.server'
import {
  applyTransition,
  itemsOfOrder,
  type OrderRow,
  orderSource,
  picksOfOrder,
  recordOrderCreated,
} from './customer-order-core.server'
import { customerOrders } from './customer-orders.schema'
import { insertItems, pricedLines } from './customer-orders.server'

/**
 * Orders between platform organisations (the LeafLink flow): a buyer's purchase order to a
 * platform supplier is, on the supplier's side, a customer order with channel `purchase_order`.
 * Ordering opens it; the supplier's confirm, ship and cancel move the purchase order along in
 * the same transaction; the buyer may cancel only until the supplier confirms. Each side reads
 * and changes only its own record — these functions are the one bridge between them.
 *
 * Lock order, everywhere: the customer order first, then the purchase order. A buyer's cancel
 * and a supplier's confirm arriving together therefore queue instead of deadlocking.
 */

type PurchaseOrderRow = typeof purchaseOrders.$inferSelect

/** The seller's business customer that is the buying organisation; created on its first order. */
async function partnerCustomer(
  tx: Executor,
  actor: Actor,
  sellerId: string,
  buyerId: string,
): Promise<typeof customers.$inferSelect> {
  const [existing] = await tx
    .select()
    .from(customers)
    .where(
      and(eq(customers.organisationId, sellerId), eq(customers.partnerOrganisationId, buyerId)),
    )
  if (existing) return existing
  const [buyer] = await tx.select().from(organisations).where(eq(organisations.id, buyerId))
  if (!buyer) throw new Error(`buying organisation ${buyerId} missing`)
  return insertCustomer(tx, actor, {
    organisationId: sellerId,
    kind: 'business',
    companyName: buyer.name,
    street: buyer.street,
    postalCode: buyer.postalCode,
    city: buyer.city,
    country: buyer.country,
    vatId: buyer.vatId,
    email: buyer.email,
    phone: buyer.phone,
    partnerOrganisationId: buyerId,
  })
}

/**
 * One order between two organisations is two records (ADR 025): the steps that keep them in step
 * read and write both sides, so they run in the system scope — these four functions and nothing
 * else (ADR 050).
 */
const platformBridge = { kind: 'system' } as const

/**
 * Opens the supplier's customer order for a purchase order that was just ordered from a platform
 * supplier: the buyer's lines at the prices of the supplier's price list they were ordered at,
 * shipped to the buyer's address, numbered from the supplier's counter.
 */
export async function openSellerOrder(
  tx: Executor,
  actor: Actor,
  purchaseOrder: PurchaseOrderRow,
  sellerId: string,
): Promise<void> {
  await withinScope(tx, platformBridge, () => openOrderOfSeller(tx, actor, purchaseOrder, sellerId))
}

async function openOrderOfSeller(
  tx: Executor,
  actor: Actor,
  purchaseOrder: PurchaseOrderRow,
  sellerId: string,
): Promise<void> {
  // No second lock needed for "create the buyer as customer once": the caller took the buyer's
  // purchase-order number in this transaction, so the buyer's orders queue on that counter row.
  const customer = await partnerCustomer(tx, actor, sellerId, purchaseOrder.organisationId)
  const lines = await tx
    .select()
    .from(purchaseOrderItems)
    .where(
      and(
        eq(purchaseOrderItems.purchaseOrderId, purchaseOrder.id),
        eq(purchaseOrderItems.organisationId, purchaseOrder.organisationId),
      ),
    )
    .orderBy(asc(purchaseOrderItems.position))
  const priced = pricedLines(
    lines.map((line) => {
      if (!line.supplierListingId) throw new Error(`line ${line.id} names no supplier listing`)
      return {
        position: line.position,
        organisationProductId: line.supplierListingId,
        productId: line.productId,
        name: line.name,
        pzn: line.pzn,
        salesUnit: line.salesUnit,
        baseUnitsPerSalesUnit: line.baseUnitsPerSalesUnit,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        vatRate: line.vatRate,
        requiresPrescription: false,
      }
    }),
    null,
    0,
    priceBasisOf(customer.kind),
  )
  const number = await takeDocumentNumber(tx, sellerId, 'customer_order')
  const [order] = await tx
    .insert(customerOrders)
    .values({
      organisationId: sellerId,
      number,
      customerId: customer.id,
      channel: 'purchase_order',
      purchaseOrderId: purchaseOrder.id,
      deliveryMethod: 'shipping',
      deliveryName: customer.companyName,
      deliveryStreet: customer.street,
      deliveryPostalCode: customer.postalCode,
      deliveryCity: customer.city,
      deliveryCountry: customer.country,
      note: purchaseOrder.note,
      ...priced.totals,
    })
    .returning()
  if (!order) throw new Error('customer order was not inserted')
  const items = await insertItems(tx, order, priced.items)
  await recordOrderCreated(
    tx,
    actor,
    order,
    items,
    `Bestellung ${purchaseOrder.number} von ${customer.companyName}`,
  )
}

/**
 * The supplier's order answering purchase order `purchaseOrderId`, locked — taken before the
 * purchase order itself (see the lock order above). Undefined for orders to external suppliers.
 */
export async function lockSellerOrderOf(
  tx: Executor,
  purchaseOrderId: string,
): Promise<OrderRow | undefined> {
  const [order] = await withinScope(tx, platformBridge, () =>
    tx
      .select()
      .from(customerOrders)
      .where(eq(customerOrders.purchaseOrderId, purchaseOrderId))
      .for('update'),
  )
  return order
}

/** The buyer cancelled its purchase order before the supplier confirmed: the supplier's order follows. */
export async function cancelSellerOrder(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  buyerId: string,
  reason: string,
): Promise<void> {
  await withinScope(tx, platformBridge, async () => {
    await releaseReservations(tx, order.organisationId, orderSource(order))
    await applyTransition(tx, actor, order, 'cancel', {
      changes: { cancelReason: reason, cancelledByOrganisationId: buyerId },
      detail: `Vom Kunden storniert: ${reason}`,
    })
  })
}

/** The buyer's copy of a CoA: the one it holds already (same bytes), or a new one. */
async function buyerCopyOf(
  tx: Executor,
  certificate: typeof storedFiles.$inferSelect,
  buyerId: string,
): Promise<string> {
  const [held] = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.organisationId, buyerId),
        eq(storedFiles.purpose, 'batch_certificate'),
        eq(storedFiles.sha256, certificate.sha256),
      ),
    )
    .limit(1)
  if (held) return held.id
  const copy = await storeServerFile(tx, {
    organisationId: buyerId,
    purpose: 'batch_certificate',
    contentType: certificate.contentType,
    data: certificate.data,
    createdBy: null,
  })
  return copy.id
}

/**
 * What the supplier shipped, written on the buyer's side for its receipt form: per line the
 * picked batches with number, quantity and expiry, and a copy of each batch's CoA owned by the
 * buyer (a record travels with the goods; the supplier's file stays the supplier's).
 */
async function recordShipment(tx: Executor, order: OrderRow, purchaseOrder: PurchaseOrderRow) {
  const items = await itemsOfOrder(tx, order)
  const lines = await tx
    .select({ id: purchaseOrderItems.id, position: purchaseOrderItems.position })
    .from(purchaseOrderItems)
    .where(eq(purchaseOrderItems.purchaseOrderId, purchaseOrder.id))
  const lineAt = new Map(lines.map((line) => [line.position, line.id]))
  const itemLine = new Map(items.map((item) => [item.id, lineAt.get(item.position)]))
  const picks = await picksOfOrder(tx, order)
  const certificateIds = [...new Set(picks.flatMap((pick) => pick.coaFileId ?? []))]
  const certificates = certificateIds.length
    ? await tx
        .select()
        .from(storedFiles)
        .where(and(inArray(storedFiles.id, certificateIds), isNotNull(storedFiles.organisationId)))
    : []
  const copies = new Map<string, string>()
  for (const certificate of certificates) {
    copies.set(certificate.id, await buyerCopyOf(tx, certificate, purchaseOrder.organisationId))
  }
  const rows = picks.flatMap((pick) => {
    const purchaseOrderItemId = itemLine.get(pick.itemId)
    if (!purchaseOrderItemId) return []
    return [
      {
        organisationId: purchaseOrder.organisationId,
        purchaseOrderId: purchaseOrder.id,
        purchaseOrderItemId,
        batchNumber: pick.batchNumber,
        quantity: pick.quantity,
        expiryDate: pick.expiryDate,
        certificateFileId: pick.coaFileId ? (copies.get(pick.coaFileId) ?? null) : null,
      },
    ]
  })
  if (rows.length > 0) await tx.insert(purchaseOrderShipmentLines).values(rows)
}

/**
 * Called by every transition of a customer order, after its row changed: an order answering a
 * purchase order moves that purchase order along (confirm → confirmed, ship → shipped with the
 * shipped batches, cancel → cancelled with the reason). A purchase order already where the step
 * leads (the buyer's own cancel) is left alone.
 */
export async function afterCustomerOrderTransition(
  tx: Executor,
  actor: Actor,
  _before: OrderRow,
  after: OrderRow,
  action: CustomerOrderAction,
): Promise<void> {
  const purchaseOrderId = after.channel === 'purchase_order' ? after.purchaseOrderId : null
  if (purchaseOrderId) {
    await withinScope(tx, platformBridge, () =>
      movePurchaseOrder(tx, actor, after, purchaseOrderId, action),
    )
  }
}

async function movePurchaseOrder(
  tx: Executor,
  actor: Actor,
  after: OrderRow,
  purchaseOrderId: string,
  action: CustomerOrderAction,
): Promise<void> {
  const [purchaseOrder] = await tx
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, purchaseOrderId))
    .for('update')
  if (!purchaseOrder) throw new Error(`purchase order ${purchaseOrderId} missing`)
  const now = new Date()
  if (action === 'confirm' && purchaseOrder.status === 'ordered') {
    await changePurchaseOrder(tx, actor, purchaseOrder, purchaseOrderAudit.confirmed, {
      status: 'confirmed',
      confirmedAt: now,
    })
  } else if (action === 'ship' && purchaseOrder.status === 'confirmed') {
    await recordShipment(tx, after, purchaseOrder)
    await changePurchaseOrder(tx, actor, purchaseOrder, purchaseOrderAudit.shipped, {
      status: 'shipped',
      shippedAt: now,
    })
  } else if (action === 'cancel' && purchaseOrder.status !== 'cancelled') {
    await changePurchaseOrder(tx, actor, purchaseOrder, purchaseOrderAudit.cancelled, {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: actor.kind === 'business' ? actor.user.id : null,
      cancelReason: `Vom Lieferanten storniert: ${after.cancelReason ?? ''}`.trim(),
    })
  }
}

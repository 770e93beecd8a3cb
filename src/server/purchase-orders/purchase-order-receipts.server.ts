import { and, eq } from 'drizzle-orm'
import { formatSalesQuantity } from '../../lib/product-display'
import { purchaseOrderReceiptSchema } from '../../lib/purchase-order-schemas'
import { overDeliveryMessage, receivableStatuses } from '../../lib/purchase-orders'
import { purchaseOrderItemSource } from '../../lib/stock'
import type { Actor } from '../actor.server'
import type { Database, Executor } from '../db/client.server'
import { ConflictError, DomainError, InvalidError, parseInput } from '../errors.server'
import { ensureMasterListing } from '../products/organisation-products.server'
import { type ReceivedBatch, receiveIntoBatch } from '../stock/stock-receipts.server'
import { managingPurchaser } from './purchase-order-access.server'
import { changeOrder, purchaseOrderAudit } from './purchase-order-changes.server'
import { purchaseOrderItems } from './purchase-orders.schema'
import { orderForTransition, type SavedPurchaseOrder } from './purchase-orders.server'

/**
 * Goods received against a purchase order: per line one or more batches, each booked through
 * `receiveIntoBatch` with the line as its source, in one transaction with the order's update
 * (received base units per line, state partially received or received).
 */

type ItemRow = typeof purchaseOrderItems.$inferSelect

/** A field error of `receiveIntoBatch` (`expiryDate`) named after the batch it belongs to. */
function atBatch(error: unknown, itemIndex: number, batchIndex: number): unknown {
  if (!(error instanceof DomainError) || !error.extra.errors) return error
  const errors: Record<string, string> = {}
  for (const [field, message] of Object.entries(error.extra.errors)) {
    errors[`items.${itemIndex}.batches.${batchIndex}.${field}`] = message
  }
  return error instanceof InvalidError
    ? new InvalidError(errors, error.message)
    : new DomainError(error.status, error.message, { errors })
}

/**
 * The buyer's listing the goods of a line are booked to: the line's own (external supplier) or
 * the buyer's listing of the same master product, taken over hidden from the shop at the
 * purchase price when it has none yet (platform supplier).
 */
async function bookingListing(
  tx: Executor,
  business: Parameters<typeof ensureMasterListing>[1],
  item: ItemRow,
): Promise<string> {
  if (item.organisationProductId) return item.organisationProductId
  const listingId = await ensureMasterListing(tx, business, item.productId, {
    salesUnit: item.salesUnit,
    priceCents: item.unitPriceCents,
    vatRate: item.vatRate,
    orderStep: 1,
    minOrderQuantity: null,
    maxOrderQuantity: null,
    lowStockThreshold: null,
    targetStock: null,
  })
  await tx
    .update(purchaseOrderItems)
    .set({ organisationProductId: listingId })
    .where(eq(purchaseOrderItems.id, item.id))
  return listingId
}

export interface PurchaseOrderReceipt extends SavedPurchaseOrder {
  batches: (ReceivedBatch & { itemId: string })[]
}

/**
 * Books the delivered batches of an ordered, confirmed, shipped or partially received order.
 * Quantities are in each line's sales units; more than ordered is refused unless
 * `overDeliveryConfirmed`. The order is received once every line has all it ordered.
 */
export async function receivePurchaseOrder(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<PurchaseOrderReceipt> {
  const { owner, business } = managingPurchaser(actor)
  const request = parseInput(purchaseOrderReceiptSchema, input)
  return db.transaction(async (tx) => {
    const { order } = await orderForTransition(
      tx,
      owner,
      id,
      request.revision,
      receivableStatuses,
      'receive',
    )
    const items = await tx
      .select()
      .from(purchaseOrderItems)
      .where(
        and(
          eq(purchaseOrderItems.purchaseOrderId, order.id),
          eq(purchaseOrderItems.organisationId, owner.id),
        ),
      )
      .for('update')
    const byId = new Map(items.map((item) => [item.id, item]))
    const received = new Map(items.map((item) => [item.id, item.receivedBaseUnits]))

    const unknown: Record<string, string> = {}
    const overDelivered: Record<string, string> = {}
    request.items.forEach((line, index) => {
      const item = byId.get(line.itemId)
      if (!item) {
        unknown[`items.${index}.itemId`] = 'Diese Position gehört nicht zur Bestellung.'
        return
      }
      const delivered = line.batches.reduce(
        (sum, batch) => sum + batch.quantity * item.baseUnitsPerSalesUnit,
        0,
      )
      const total = (received.get(item.id) ?? 0) + delivered
      received.set(item.id, total)
      if (total > item.quantity * item.baseUnitsPerSalesUnit && !request.overDeliveryConfirmed) {
        overDelivered[`items.${index}.batches`] = overDeliveryMessage
      }
    })
    if (Object.keys(unknown).length > 0) throw new InvalidError(unknown)
    if (Object.keys(overDelivered).length > 0) {
      throw new ConflictError(overDeliveryMessage, {
        ...overDelivered,
        overDeliveryConfirmed: overDeliveryMessage,
      })
    }

    const booked: PurchaseOrderReceipt['batches'] = []
    const receipts: string[] = []
    for (const [itemIndex, line] of request.items.entries()) {
      if (line.batches.length === 0) continue
      const item = byId.get(line.itemId) as ItemRow
      const listingId = await bookingListing(tx, business, item)
      for (const [batchIndex, batch] of line.batches.entries()) {
        const result = await receiveIntoBatch(tx, business, {
          ...batch,
          organisationProductId: listingId,
          quantity: batch.quantity * item.baseUnitsPerSalesUnit,
          supplierId: order.supplierId,
          origin: 'purchase',
          source: { type: purchaseOrderItemSource, id: item.id },
        }).catch((error: unknown) => {
          throw atBatch(error, itemIndex, batchIndex)
        })
        booked.push({ ...result, itemId: item.id })
        receipts.push(
          `${item.name}: Charge ${batch.batchNumber}, ${formatSalesQuantity(batch.quantity, item.salesUnit)}`,
        )
      }
      await tx
        .update(purchaseOrderItems)
        .set({ receivedBaseUnits: received.get(item.id) as number })
        .where(eq(purchaseOrderItems.id, item.id))
    }

    const complete = items.every(
      (item) => (received.get(item.id) ?? 0) >= item.quantity * item.baseUnitsPerSalesUnit,
    )
    const updated = await changeOrder(
      tx,
      actor,
      order,
      purchaseOrderAudit.received,
      complete ? { status: 'received', receivedAt: new Date() } : { status: 'partially_received' },
      { receipts },
    )
    return {
      id: updated.id,
      revision: updated.revision,
      status: updated.status,
      number: updated.number,
      changed: true,
      batches: booked,
    }
  })
}

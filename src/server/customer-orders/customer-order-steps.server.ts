import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import {
  type CustomerOrderAction,
  customerOrderTransitions,
  type OrderEventKind,
} from '../../lib/customer-orders'
import type { Actor } from '../actor.server'
import type { Executor } from '../db/client.server'
import { storedFiles } from '../db/core.schema'
import { withinScope } from '../db/scope.server'
import { storeServerFile } from '../files/file-store.server'
import {
  changeOrder as changePurchaseOrder,
  purchaseOrderAudit,
} from '../purchase-orders/purchase-order-changes.server'
import {
  purchaseOrderItems,
  purchaseOrderShipmentLines,
  purchaseOrders,
} from '../purchase-orders/purchase-orders.schema'
import {
  assertAllowed,
  changeOrder,
  customerOrderAudit,
  itemsOfOrder,
  type OrderRow,
  picksOfOrder,
} from './customer-order-core.server'
import { mailShopCustomerAbout } from './customer-order-mails.server'

/**
 * A customer order's transition as one step: its row, timeline and audit (the core), then what
 * follows from it — the purchase order it answers moves along, the shop customer hears of it.
 * Above the core, which knows nothing of purchasing or mail (ADR 059).
 */

type PurchaseOrderRow = typeof purchaseOrders.$inferSelect

/**
 * One order between two organisations is two records (ADR 025): the steps that keep them in step
 * read and write both sides, so they run in the system scope — the three of
 * customer-order-links.server.ts and the purchase order's following here, nothing else (ADR 050).
 */
export const platformBridge = { kind: 'system' } as const

const transitionRecords: Record<
  CustomerOrderAction,
  { audit: string; event: OrderEventKind; at: keyof OrderRow | null }
> = {
  confirm: { audit: customerOrderAudit.confirmed, event: 'confirmed', at: 'confirmedAt' },
  markReady: { audit: customerOrderAudit.ready, event: 'ready', at: 'readyAt' },
  ship: { audit: customerOrderAudit.shipped, event: 'shipped', at: 'shippedAt' },
  complete: { audit: customerOrderAudit.completed, event: 'completed', at: 'completedAt' },
  cancel: { audit: customerOrderAudit.cancelled, event: 'cancelled', at: 'cancelledAt' },
  expire: { audit: customerOrderAudit.expired, event: 'expired', at: null },
}

/**
 * Moves a locked order by `action` (checked again here, so no caller can skip the table), with
 * the stock work already done by the caller in the same transaction, then lets a linked purchase
 * order follow.
 */
export async function applyTransition(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  action: CustomerOrderAction,
  options: {
    changes?: Partial<OrderRow>
    detail?: string | null
    extra?: Record<string, unknown>
  } = {},
): Promise<OrderRow> {
  assertAllowed(order, action)
  const record = transitionRecords[action]
  const changes: Partial<OrderRow> = {
    ...(record.at ? { [record.at]: new Date() } : {}),
    // A caller may name the moment itself (a hand-over paid at that moment, ADR 055).
    ...options.changes,
    status: customerOrderTransitions[action].to,
  }
  const updated = await changeOrder(tx, actor, order, changes, {
    audit: record.audit,
    event: record.event,
    detail: options.detail,
    extra: options.extra,
  })
  await afterCustomerOrderTransition(tx, actor, order, updated, action)
  await mailShopCustomerAbout(tx, updated, action)
  return updated
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
async function afterCustomerOrderTransition(
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

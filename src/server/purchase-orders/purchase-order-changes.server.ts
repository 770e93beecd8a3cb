import { and, eq } from 'drizzle-orm'
import { formatMoney } from '../../lib/format'
import { formatSalesQuantity } from '../../lib/product-display'
import { purchaseOrderNotFoundMessage } from '../../lib/purchase-orders'
import type { Actor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Executor } from '../db/client.server'
import { NotFoundError } from '../errors.server'
import { type purchaseOrderItems, purchaseOrders } from './purchase-orders.schema'

/**
 * Writing a purchase order's row with its audit entry: what the buyer's own steps
 * (purchase-orders.server.ts, purchase-order-receipts.server.ts) and the supplier's, through its
 * customer order (customer-order-steps.server.ts), have in common. Below both, so neither side
 * imports the other (ADR 059).
 */

type PurchaseOrderRowType = typeof purchaseOrders.$inferSelect
type ItemValues = Omit<typeof purchaseOrderItems.$inferInsert, 'purchaseOrderId' | 'organisationId'>

export const purchaseOrderAudit = {
  entityType: 'purchase_order',
  created: 'purchase_order.created',
  updated: 'purchase_order.updated',
  ordered: 'purchase_order.ordered',
  confirmed: 'purchase_order.confirmed',
  shipped: 'purchase_order.shipped',
  received: 'purchase_order.received',
  cancelled: 'purchase_order.cancelled',
} as const

/** The order's business fields for the audit log and its timeline. */
export function auditedOrderFields(
  order: PurchaseOrderRowType,
  items: Pick<ItemValues, 'name' | 'quantity' | 'unitPriceCents' | 'salesUnit'>[] | null,
): Record<string, unknown> {
  return {
    status: order.status,
    number: order.number,
    supplierId: order.supplierId,
    note: order.note,
    ...(items && {
      items: items.map(
        (item) =>
          `${formatSalesQuantity(item.quantity, item.salesUnit)} ${item.name} à ${formatMoney(item.unitPriceCents)}`,
      ),
    }),
    netCents: order.netCents,
    grossCents: order.grossCents,
    cancelReason: order.cancelReason,
  }
}

export async function auditOrder(
  tx: Executor,
  actor: Actor,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  order: PurchaseOrderRowType,
) {
  await recordAudit(tx, {
    organisationId: order.organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action,
    entity: { type: purchaseOrderAudit.entityType, id: order.id },
    before,
    after,
  })
}

/** Sets a locked order's columns, moves its revision on and audits the change. */
export async function changeOrder(
  tx: Executor,
  actor: Actor,
  order: PurchaseOrderRowType,
  action: string,
  changes: Partial<PurchaseOrderRowType>,
  extra: Record<string, unknown> = {},
): Promise<PurchaseOrderRowType> {
  const [updated] = await tx
    .update(purchaseOrders)
    .set({ ...changes, revision: order.revision + 1 })
    .where(
      and(eq(purchaseOrders.id, order.id), eq(purchaseOrders.organisationId, order.organisationId)),
    )
    .returning()
  if (!updated) throw new NotFoundError(purchaseOrderNotFoundMessage)
  await auditOrder(
    tx,
    actor,
    action,
    auditedOrderFields(order, null),
    { ...auditedOrderFields(updated, null), ...extra },
    updated,
  )
  return updated
}

import { and, asc, eq, sql } from 'drizzle-orm'
import {
  type CustomerOrderAction,
  customerOrderNotFoundMessage,
  type OrderEventKind,
  refusedActionMessage,
  staleCustomerOrderMessage,
} from '../../lib/customer-orders'
import { formatMoney } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { formatSalesQuantity } from '../../lib/product-display'
import type { Actor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Executor } from '../db/client.server'
import { ConflictError, NotFoundError } from '../errors.server'
import { bookPaymentStateChange, type PaymentBooking } from '../payments/order-payments.server'
import { batches } from '../stock/stock.schema'
import type { MovementSource } from '../stock/stock-ledger.server'
import {
  customerOrderEvents,
  customerOrderItems,
  customerOrderPicks,
  customerOrders,
} from './customer-orders.schema'

/**
 * The one core every change of a customer order goes through: lock the row, compare the version
 * the page showed, check the state table, then write the row (version + 1), the timeline event
 * and the audit log in the caller's transaction.
 */

export type OrderRow = typeof customerOrders.$inferSelect
export type ItemRow = typeof customerOrderItems.$inferSelect

export const customerOrderAudit = {
  entityType: 'customer_order',
  created: 'customer_order.created',
  updated: 'customer_order.updated',
  confirmed: 'customer_order.confirmed',
  ready: 'customer_order.ready',
  shipped: 'customer_order.shipped',
  completed: 'customer_order.completed',
  cancelled: 'customer_order.cancelled',
  expired: 'customer_order.expired',
  paymentChanged: 'customer_order.payment_changed',
  prescriptionRecorded: 'customer_order.prescription_recorded',
  prescriptionChecked: 'customer_order.prescription_checked',
  prescriptionOriginal: 'customer_order.prescription_original',
  withdrawn: 'customer_order.withdrawn',
} as const

/** The reservations of an order: one set per order (areas.md). */
export const orderSource = (order: Pick<OrderRow, 'id'>): MovementSource => ({
  type: 'customer_order',
  id: order.id,
})

/** The order row of `organisationId` (null: any, for the system's jobs), locked for the change. */
export async function lockOrder(
  tx: Executor,
  organisationId: string | null,
  id: string,
  version?: number,
): Promise<OrderRow> {
  if (!isUuid(id)) throw new NotFoundError(customerOrderNotFoundMessage)
  const [order] = await tx
    .select()
    .from(customerOrders)
    .where(
      and(
        eq(customerOrders.id, id),
        organisationId === null ? undefined : eq(customerOrders.organisationId, organisationId),
      ),
    )
    .for('update')
  if (!order) throw new NotFoundError(customerOrderNotFoundMessage)
  if (version !== undefined && order.version !== version) {
    throw new ConflictError(staleCustomerOrderMessage)
  }
  return order
}

export async function itemsOfOrder(tx: Executor, order: Pick<OrderRow, 'id' | 'organisationId'>) {
  return tx
    .select()
    .from(customerOrderItems)
    .where(
      and(
        eq(customerOrderItems.orderId, order.id),
        eq(customerOrderItems.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(customerOrderItems.position))
}

/**
 * The batches the order's lines were picked from, with batch number, expiry and CoA: for the
 * detail page, the delivery note and what a platform supplier reports shipped.
 */
export async function picksOfOrder(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'organisationId'>,
) {
  return executor
    .select({
      itemId: customerOrderPicks.itemId,
      batchId: customerOrderPicks.batchId,
      quantity: customerOrderPicks.quantity,
      batchNumber: batches.batchNumber,
      expiryDate: batches.expiryDate,
      coaFileId: batches.coaFileId,
    })
    .from(customerOrderPicks)
    .innerJoin(batches, eq(batches.id, customerOrderPicks.batchId))
    .where(
      and(
        eq(customerOrderPicks.orderId, order.id),
        eq(customerOrderPicks.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(batches.expiryDate), asc(batches.batchNumber))
}

/** Personal data of an order: in the audit log only as "changed" (areas.md). */
const personalFields = ['delivery', 'note', 'cancelReason'] as const

/** The order's business fields for the audit log. */
export function auditedOrderFields(
  order: OrderRow,
  items: readonly Pick<ItemRow, 'name' | 'quantity' | 'unitPriceCents' | 'salesUnit'>[] | null,
): Record<string, unknown> {
  return {
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    customerId: order.customerId,
    channel: order.channel,
    deliveryMethod: order.deliveryMethod,
    delivery: [
      order.deliveryName,
      order.deliveryStreet,
      order.deliveryPostalCode,
      order.deliveryCity,
      order.deliveryCountry,
    ],
    note: order.note,
    ...(items && {
      items: items.map(
        (item) =>
          `${formatSalesQuantity(item.quantity, item.salesUnit)} ${item.name} à ${formatMoney(item.unitPriceCents)}`,
      ),
    }),
    netCents: order.netCents,
    grossCents: order.grossCents,
    copaymentCents: order.copaymentCents,
    insurerCents: order.insurerCents,
    cancelReason: order.cancelReason,
  }
}

export async function auditOrder(
  tx: Executor,
  actor: Actor,
  action: string,
  order: OrderRow,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  await recordAudit(tx, {
    organisationId: order.organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action,
    entity: { type: customerOrderAudit.entityType, id: order.id },
    before,
    after,
    personalFields,
  })
}

export async function recordOrderEvent(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  event: {
    kind: OrderEventKind
    fromStatus?: OrderRow['status'] | null
    toStatus?: OrderRow['status'] | null
    detail?: string | null
  },
) {
  const auditActor = auditActorOf(actor)
  await tx.insert(customerOrderEvents).values({
    organisationId: order.organisationId,
    orderId: order.id,
    kind: event.kind,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    detail: event.detail ?? null,
    actorKind: auditActor.kind,
    actorId:
      auditActor.kind === 'system'
        ? auditActor.name
        : auditActor.kind === 'visitor'
          ? null
          : auditActor.id,
  })
}

/**
 * What every new order records, whichever way it came (back-office, shop reservation, a buyer's
 * purchase order): the timeline's first event and the audit row with its items.
 */
export async function recordOrderCreated(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  items: readonly ItemRow[],
  detail: string | null = null,
) {
  await recordOrderEvent(tx, actor, order, { kind: 'created', toStatus: 'new', detail })
  await auditOrder(
    tx,
    actor,
    customerOrderAudit.created,
    order,
    null,
    auditedOrderFields(order, items),
  )
}

/**
 * When an order becomes paid, the moment and — where the method chosen says it — the means are
 * recorded with it (ADR 055): whichever way it is set (by hand, Mollie, the hand-over).
 */
function paymentRecordOf(order: OrderRow, changes: Partial<OrderRow>): Partial<OrderRow> {
  if (changes.paymentStatus !== 'paid' || order.paymentStatus === 'paid') return {}
  const means =
    order.paymentMethod === 'mollie'
      ? 'online'
      : order.paymentMethod === 'bank_transfer'
        ? 'transfer'
        : null
  return { paidAt: new Date(), paymentMeans: means }
}

/**
 * Writes a change of a locked order: its columns with the next version, the timeline event, the
 * audit row (`extra` adds business facts such as the picked batches) and, when the payment state
 * changes, the payment booking (`payment` says where it came from where that is not inferred).
 */
export async function changeOrder(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  changes: Partial<OrderRow>,
  record: {
    audit: string
    event: OrderEventKind
    detail?: string | null
    items?: readonly ItemRow[] | null
    itemsBefore?: readonly ItemRow[] | null
    extra?: Record<string, unknown>
    payment?: PaymentBooking
  },
): Promise<OrderRow> {
  const [updated] = await tx
    .update(customerOrders)
    .set({
      ...paymentRecordOf(order, changes),
      ...changes,
      version: sql`${customerOrders.version} + 1`,
    })
    .where(
      and(eq(customerOrders.id, order.id), eq(customerOrders.organisationId, order.organisationId)),
    )
    .returning()
  if (!updated) throw new NotFoundError(customerOrderNotFoundMessage)
  await bookPaymentStateChange(tx, actor, order, updated, record.payment)
  const moved = updated.status !== order.status
  await recordOrderEvent(tx, actor, updated, {
    kind: record.event,
    fromStatus: moved ? order.status : null,
    toStatus: moved ? updated.status : null,
    detail: record.detail,
  })
  await auditOrder(
    tx,
    actor,
    record.audit,
    updated,
    auditedOrderFields(order, record.itemsBefore ?? null),
    { ...auditedOrderFields(updated, record.items ?? null), ...record.extra },
  )
  return updated
}

/** Refuses (409) an action the state table does not allow for the order as it is now. */
export function assertAllowed(order: OrderRow, action: CustomerOrderAction) {
  const refusal = refusedActionMessage(action, order.status, order.deliveryMethod, order.channel)
  if (refusal) throw new ConflictError(refusal)
}

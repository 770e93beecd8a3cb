import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { customerOrderNotFoundMessage } from '../../lib/customer-orders'
import { deletedDocumentFileText } from '../../lib/documents'
import { isUuid } from '../../lib/ids'
import { mayPayOnline } from '../../lib/payments'
import { lineAmountCents } from '../../lib/prices'
import {
  customerCancelReason,
  customerEventText,
  customerMayCancel,
  notCancellableMessage,
  type ShopOrderDetail,
  type ShopOrderList,
  shopOrdersPageSize,
} from '../../lib/shop-account'
import type { Actor, ShopActor } from '../actor.server'
import {
  itemsOfOrder,
  lockOrder,
  type OrderRow,
} from '../customer-orders/customer-order-core.server'
import { cancelLockedOrder } from '../customer-orders/customer-order-transitions.server'
import {
  orderWithdrawalView,
  type WithdrawalReceipt,
  withdrawOwnOrder,
} from '../customer-orders/customer-order-withdrawals.server'
import {
  customerOrderEvents,
  customerOrderEvidence,
  customerOrderItems,
  customerOrders,
} from '../customer-orders/customer-orders.schema'
import { customers } from '../customers/customers.schema'
import type { Database, Executor } from '../db/client.server'
import { validInvoiceOf } from '../documents/document-issue.server'
import { ConflictError, NotFoundError } from '../errors.server'
import { type OpenedFile, openFileOfCheckedRecord } from '../files/file-store.server'
import { transferInstructionsOf } from '../payments/transfer-instructions.server'
import { shopCustomerOf } from './shop-account-access.server'

/**
 * A shop customer's own orders: those of the customer rows linked to their account, placed
 * through this shop (channel `shop`, this tenant) — orders and Rezeptkonfigurator reservations
 * alike. Anything else, another customer's order included, is not found (404).
 */

/** The condition that makes an order the shop customer's own. */
const ownOrder = (actor: ShopActor): SQL =>
  and(
    eq(customers.shopUserId, actor.user.id),
    eq(customerOrders.channel, 'shop'),
    eq(customerOrders.tenantId, actor.tenant.id),
  ) as SQL

/** The shop customer's orders, newest first, one page of `shopOrdersPageSize`. */
export async function listShopOrders(
  actor: Actor,
  page: number,
  db: Database,
  pageSize: number = shopOrdersPageSize,
): Promise<ShopOrderList> {
  const customer = shopCustomerOf(actor)
  const [counted] = await db
    .select({ total: count() })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(ownOrder(customer))
  const total = counted?.total ?? 0
  const lastPage = Math.max(1, Math.ceil(total / pageSize))
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), lastPage)
  const rows = await db
    .select({
      id: customerOrders.id,
      number: customerOrders.number,
      type: customerOrders.type,
      status: customerOrders.status,
      paymentStatus: customerOrders.paymentStatus,
      customerShareCents: sql<number>`${customerOrders.grossCents} - ${customerOrders.insurerCents}`,
      createdAt: customerOrders.createdAt,
      itemCount: count(customerOrderItems.id),
    })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .leftJoin(customerOrderItems, eq(customerOrderItems.orderId, customerOrders.id))
    .where(ownOrder(customer))
    .groupBy(customerOrders.id)
    .orderBy(desc(customerOrders.createdAt), desc(customerOrders.id))
    .limit(pageSize)
    .offset((shown - 1) * pageSize)
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    page: shown,
    pageSize,
  }
}

/** The id of the shop customer's own order `id`, or 404. */
async function ownOrderRow(executor: Executor, actor: ShopActor, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw new NotFoundError(customerOrderNotFoundMessage)
  const [row] = await executor
    .select({ order: customerOrders })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(and(eq(customerOrders.id, id), ownOrder(actor)))
  if (!row) throw new NotFoundError(customerOrderNotFoundMessage)
  return row.order
}

const addressOf = (
  name: string | null,
  street: string | null,
  postalCode: string | null,
  city: string | null,
  country: string | null,
) => ({ name, street, postalCode, city, country })

/** One of the shop customer's orders with items, totals, evidence, timeline and invoice. */
export async function getShopOrder(
  actor: Actor,
  id: string,
  db: Database,
): Promise<ShopOrderDetail> {
  const customer = shopCustomerOf(actor)
  const order = await ownOrderRow(db, customer, id)
  const items = await itemsOfOrder(db, order)
  const [evidence] = await db
    .select({ payer: customerOrderEvidence.payer, kind: customerOrderEvidence.kind })
    .from(customerOrderEvidence)
    .where(
      and(
        eq(customerOrderEvidence.orderId, order.id),
        eq(customerOrderEvidence.organisationId, order.organisationId),
      ),
    )
  const events = await db
    .select({
      id: customerOrderEvents.id,
      kind: customerOrderEvents.kind,
      detail: customerOrderEvents.detail,
      createdAt: customerOrderEvents.createdAt,
    })
    .from(customerOrderEvents)
    .where(
      and(
        eq(customerOrderEvents.orderId, order.id),
        eq(customerOrderEvents.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(customerOrderEvents.createdAt), asc(customerOrderEvents.id))
  const invoice = await validInvoiceOf(db, order)
  return {
    id: order.id,
    number: order.number,
    type: order.type,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    deliveryMethod: order.deliveryMethod,
    delivery: addressOf(
      order.deliveryName,
      order.deliveryStreet,
      order.deliveryPostalCode,
      order.deliveryCity,
      order.deliveryCountry,
    ),
    billing: order.billingName
      ? addressOf(
          order.billingName,
          order.billingStreet,
          order.billingPostalCode,
          order.billingCity,
          order.billingCountry,
        )
      : null,
    items: items.map((item) => {
      return {
        id: item.id,
        name: item.name,
        salesUnit: item.salesUnit,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        vatRate: item.vatRate,
        // A patient sees gross lines (ADR 056); an order from before may differ by a cent.
        grossCents: lineAmountCents(item, 'gross'),
        requiresPrescription: item.requiresPrescription,
        copaymentCents: item.copaymentCents,
      }
    }),
    netCents: order.netCents,
    vatCents: order.vatCents,
    grossCents: order.grossCents,
    deliveryFeeCents: order.deliveryFeeCents,
    copaymentCents: order.copaymentCents,
    insurerCents: order.insurerCents,
    evidence: evidence ?? null,
    timeline: events.map((event) => ({
      id: event.id,
      text: customerEventText(event.kind, order.type, event.detail),
      at: event.createdAt.toISOString(),
    })),
    invoice: invoice
      ? {
          number: invoice.number,
          issuedAt: invoice.issuedAt.toISOString(),
          pdf: invoice.pdfFileId !== null,
        }
      : null,
    cancelReason: order.cancelReason,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    canCancel: customerMayCancel(order),
    canPay: mayPayOnline(order),
    withdrawal: await orderWithdrawalView(db, order),
    transfer: await transferInstructionsOf(db, order),
  }
}

/**
 * The shop customer withdraws from their own order through the account's function "Vertrag
 * widerrufen" (§ 356a BGB): recorded once, with the receipt mailed to the address they give.
 */
export async function withdrawShopOrder(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<WithdrawalReceipt> {
  const customer = shopCustomerOf(actor)
  return db.transaction(async (tx) => {
    const own = await ownOrderRow(tx, customer, id)
    return withdrawOwnOrder(tx, customer, own, input)
  })
}

/**
 * Cancels the shop customer's own order while it is new and unpaid, with the reason "Vom Kunden
 * storniert": the seller's cancel transition (stock released, timeline event, audit row) with the
 * customer as actor. The order row is locked, so parallel requests cancel it once; the others get
 * 409.
 */
export async function cancelShopOrder(
  actor: Actor,
  id: string,
  db: Database,
): Promise<{ id: string; number: string }> {
  const customer = shopCustomerOf(actor)
  return db.transaction(async (tx) => {
    const own = await ownOrderRow(tx, customer, id)
    const order = await lockOrder(tx, own.organisationId, own.id)
    if (!customerMayCancel(order)) throw new ConflictError(notCancellableMessage)
    const cancelled = await cancelLockedOrder(tx, customer, order, customerCancelReason, null)
    return { id: cancelled.id, number: cancelled.number }
  })
}

/** The PDF of the valid invoice of the shop customer's own order; 404 before one is issued. */
export async function openShopInvoice(
  actor: Actor,
  orderId: string,
  db: Database,
): Promise<{ file: OpenedFile; number: string }> {
  const customer = shopCustomerOf(actor)
  const order = await ownOrderRow(db, customer, orderId)
  const invoice = await validInvoiceOf(db, order)
  if (!invoice) throw new NotFoundError('Zu dieser Bestellung gibt es noch keine Rechnung.')
  if (!invoice.pdfFileId) throw new NotFoundError(`${deletedDocumentFileText} (${invoice.number}).`)
  return { file: await openFileOfCheckedRecord(db, invoice.pdfFileId), number: invoice.number }
}

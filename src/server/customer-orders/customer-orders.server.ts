import { isDeepStrictEqual } from 'node:util'
import { and, asc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { CustomerOrderListSearch, CustomerOrderTodo } from '../../lib/customer-order-lists'
import {
  createCustomerOrderSchema,
  type deliverySchema,
  updateCustomerOrderSchema,
} from '../../lib/customer-order-schemas'
import {
  availableActions,
  availablePaymentStatuses,
  type CustomerKind,
  type CustomerOrderDetail,
  type CustomerOrderList,
  closedOrderStatuses,
  customerOrderNotFoundMessage,
  customerShareCents,
  editableStatuses,
  isPrescriptionValidOn,
  linkedItemsMessage,
  manualRefundCents,
  notEditableMessage,
  openPaymentStatuses,
  orderTotalsWithFee,
  type PickableBatch,
  prescriptionShares,
  requiresPrescription,
  type SellableProduct,
  validUntil,
} from '../../lib/customer-orders'
import { berlinIsoDate } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { lineAmountCents, type PriceBasis, priceBasisOf, unitAmountCents } from '../../lib/prices'
import { availableSalesUnits, orderRuleProblem } from '../../lib/products'
import type { Actor } from '../actor.server'
import { takeDocumentNumber } from '../counters/counters.server'
import { customers } from '../customers/customers.schema'
import { berlinEndOfDay } from '../db/berlin-time.server'
import type { Database, Executor } from '../db/client.server'
import { users } from '../db/schema'
import { documents } from '../documents/documents.schema'
import { ConflictError, InvalidError, NotFoundError, parseInput } from '../errors.server'
import { handouts } from '../handouts/handouts.schema'
import { listPage, searchCondition } from '../list-query.server'
import { productSearchCondition } from '../products/product-search.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches, stockReservations } from '../stock/stock.schema'
import { activeReservation } from '../stock/stock-ledger.server'
import { stockByProduct } from '../stock/stock-levels.server'
import { releaseReservations } from '../stock/stock-reservations.server'
import { sellerOf } from './customer-order-access.server'
import {
  auditedOrderFields,
  changeOrder,
  customerOrderAudit,
  itemsOfOrder,
  lockOrder,
  type OrderRow,
  orderSource,
  picksOfOrder,
  recordOrderCreated,
} from './customer-order-core.server'
import { assertLicensedRecipient } from './customer-order-licences.server'
import { orderWithdrawalView } from './customer-order-withdrawals.server'
import {
  customerOrderEvents,
  customerOrderEvidence,
  customerOrderItems,
  customerOrderPrescriptions,
  customerOrders,
} from './customer-orders.schema'

/**
 * Customer orders: reading, the back office's new orders and their changes while `new`. The
 * transitions are in customer-order-transitions.server.ts, the prescription in
 * customer-order-prescriptions.server.ts.
 */

export const customerNotFoundMessage = 'Diesen Kunden gibt es nicht.'
const inactiveCustomerMessage = 'Dieser Kunde ist deaktiviert oder anonymisiert.'
const notSellableMessage = 'Dieses Produkt verkaufst du nicht (mehr).'
const addressMissingMessage = 'Bitte gib die Lieferanschrift an.'

/** A customer's name as lists and the order show it: the company, or first and last name. */
export const customerName = sql<string>`coalesce(${customers.companyName}, concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

/**
 * How many lines an order has (the list's and the live board's column). The subquery sits in an
 * `sql` of its own: drizzle writes the top-level columns of a single-table select's fields without
 * their table, and `"order_id" = "id"` would then compare the item with itself.
 */
export const itemCount = sql<number>`${sql`(select count(*) from ${customerOrderItems} where ${customerOrderItems.orderId} = ${customerOrders.id})`}::int`

/**
 * Orders still being worked on: every to-do names some of them (the dashboard reads only these,
 * through `customer_orders_in_progress_idx`, and the month's completed ones).
 */
export const openOrderStatuses = ['new', 'confirmed', 'ready'] as const

/**
 * The orders a to-do names (the dashboard's figure and the list behind it): prescription-only
 * lines without a checked prescription; paid and not yet prepared; shop holds that lapse before
 * midnight; open orders; orders to send out.
 */
/** Payment states in which the customer still owes their share (and owes one at all). */
const owesPayment = and(
  inArray(customerOrders.paymentStatus, [...openPaymentStatuses]),
  sql`${customerOrders.grossCents} - ${customerOrders.insurerCents} > 0`,
) as SQL

/** Today's date in Europe/Berlin, as the due dates on invoices count days. */
const berlinToday = sql`(now() at time zone 'Europe/Berlin')::date`

export function customerOrderTodoCondition(todo: CustomerOrderTodo): SQL {
  const inProgress = inArray(customerOrders.status, ['new', 'confirmed'])
  switch (todo) {
    case 'prescription_check':
      return and(
        inProgress,
        sql`exists (select 1 from ${customerOrderItems} where ${customerOrderItems.orderId} = ${customerOrders.id} and ${customerOrderItems.requiresPrescription})`,
        sql`not exists (select 1 from ${customerOrderPrescriptions} where ${customerOrderPrescriptions.orderId} = ${customerOrders.id} and ${customerOrderPrescriptions.checkedAt} is not null)`,
      ) as SQL
    case 'to_prepare':
      return and(inProgress, eq(customerOrders.paymentStatus, 'paid')) as SQL
    case 'expiring_today':
      return and(
        eq(customerOrders.type, 'reservation'),
        eq(customerOrders.status, 'new'),
        sql`${customerOrders.expiresAt} >= now()`,
        sql`${customerOrders.expiresAt} < ${berlinEndOfDay}`,
      ) as SQL
    case 'open':
      return inArray(customerOrders.status, [...openOrderStatuses])
    case 'to_ship':
      return and(
        inArray(customerOrders.status, ['confirmed', 'ready']),
        inArray(customerOrders.deliveryMethod, ['courier', 'shipping']),
      ) as SQL
    case 'unpaid':
      return and(eq(customerOrders.status, 'completed'), owesPayment) as SQL
    case 'payment_overdue':
      return and(
        notInArray(customerOrders.status, [...closedOrderStatuses]),
        owesPayment,
        sql`exists (select 1 from ${documents} where ${documents.orderId} = ${customerOrders.id} and ${documents.kind} = 'invoice' and (${documents.content}->>'dueDate')::date < ${berlinToday} and not exists (select 1 from ${documents} as cancellation where cancellation.cancels_document_id = ${documents.id}))`,
      ) as SQL
  }
}

export async function listCustomerOrders(
  actor: Actor,
  query: CustomerOrderListSearch,
  db: Database,
): Promise<CustomerOrderList> {
  const seller = sellerOf(actor)
  const select = db
    .select({
      id: customerOrders.id,
      number: customerOrders.number,
      status: customerOrders.status,
      paymentStatus: customerOrders.paymentStatus,
      channel: customerOrders.channel,
      customerId: customerOrders.customerId,
      customerName,
      itemCount,
      grossCents: customerOrders.grossCents,
      createdAt: customerOrders.createdAt,
    })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customerOrders.organisationId, seller.organisation.id),
        query.status && eq(customerOrders.status, query.status),
        query.payment && eq(customerOrders.paymentStatus, query.payment),
        query.channel && eq(customerOrders.channel, query.channel),
        query.todo && customerOrderTodoCondition(query.todo),
        searchCondition(query.q, [customerOrders.number, customerName, customers.number]),
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: {
      createdAt: customerOrders.createdAt,
      number: customerOrders.number,
      customer: customerName,
      total: customerOrders.grossCents,
      status: customerOrders.status,
    },
    tiebreaker: customerOrders.id,
  })
  return {
    ...page,
    items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  }
}

/** What the order holds on which batch (active reservations), with the batch's facts. */
async function heldByBatch(executor: Executor, order: OrderRow) {
  const rows = await executor
    .select({
      listingId: batches.organisationProductId,
      batchId: batches.id,
      batchNumber: batches.batchNumber,
      expiryDate: batches.expiryDate,
      quantity: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int`,
    })
    .from(stockReservations)
    .innerJoin(batches, eq(batches.id, stockReservations.batchId))
    .where(
      and(
        eq(stockReservations.organisationId, order.organisationId),
        eq(stockReservations.sourceType, orderSource(order).type),
        eq(stockReservations.sourceId, order.id),
        activeReservation(),
      ),
    )
    .groupBy(batches.organisationProductId, batches.id, batches.batchNumber, batches.expiryDate)
    .orderBy(sql`${batches.expiryDate} asc nulls last`, asc(batches.batchNumber))
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity) }))
}

const actorName = sql<string>`coalesce(${users.name}, case ${customerOrderEvents.actorKind} when 'system' then 'System' when 'shop_user' then 'Kunde (Online-Shop)' when 'visitor' then 'Gast (Online-Shop)' else 'Unbekannt' end)`

export async function getCustomerOrder(
  actor: Actor,
  id: string,
  db: Database,
): Promise<CustomerOrderDetail> {
  const seller = sellerOf(actor)
  if (!isUuid(id)) throw new NotFoundError(customerOrderNotFoundMessage)
  const [row] = await db
    .select({
      order: customerOrders,
      customer: {
        id: customers.id,
        number: customers.number,
        kind: customers.kind,
        name: customerName,
      },
    })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(eq(customerOrders.id, id), eq(customerOrders.organisationId, seller.organisation.id)),
    )
  if (!row) throw new NotFoundError(customerOrderNotFoundMessage)
  const { order, customer } = row
  const items = await db
    .select({ item: customerOrderItems, category: products.category, packUnit: products.packUnit })
    .from(customerOrderItems)
    .innerJoin(products, eq(products.id, customerOrderItems.productId))
    .where(
      and(
        eq(customerOrderItems.orderId, order.id),
        eq(customerOrderItems.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(customerOrderItems.position))
  const picks = await picksOfOrder(db, order)
  const held = await heldByBatch(db, order)
  const originalRecorder = alias(users, 'original_recorder')
  const [prescription] = await db
    .select({
      prescription: customerOrderPrescriptions,
      checkedByName: users.name,
      originalByName: originalRecorder.name,
    })
    .from(customerOrderPrescriptions)
    .leftJoin(users, eq(users.id, customerOrderPrescriptions.checkedBy))
    .leftJoin(originalRecorder, eq(originalRecorder.id, customerOrderPrescriptions.originalBy))
    .where(
      and(
        eq(customerOrderPrescriptions.orderId, order.id),
        eq(customerOrderPrescriptions.organisationId, order.organisationId),
      ),
    )
  const [evidence] = await db
    .select({
      payer: customerOrderEvidence.payer,
      kind: customerOrderEvidence.kind,
      scanFileId: customerOrderEvidence.scanFileId,
      eRezeptToken: customerOrderEvidence.eRezeptToken,
      exemptionFileId: customerOrderEvidence.exemptionFileId,
    })
    .from(customerOrderEvidence)
    .where(
      and(
        eq(customerOrderEvidence.orderId, order.id),
        eq(customerOrderEvidence.organisationId, order.organisationId),
      ),
    )
  const timeline = await db
    .select({
      id: customerOrderEvents.id,
      kind: customerOrderEvents.kind,
      fromStatus: customerOrderEvents.fromStatus,
      toStatus: customerOrderEvents.toStatus,
      detail: customerOrderEvents.detail,
      actorName,
      at: customerOrderEvents.createdAt,
    })
    .from(customerOrderEvents)
    .leftJoin(
      users,
      and(
        eq(customerOrderEvents.actorKind, 'business_user'),
        eq(sql`${users.id}::text`, customerOrderEvents.actorId),
      ),
    )
    .where(
      and(
        eq(customerOrderEvents.orderId, order.id),
        eq(customerOrderEvents.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(customerOrderEvents.createdAt), asc(customerOrderEvents.id))
  const dispensed = await db
    .select({
      id: handouts.id,
      number: handouts.number,
      productName: handouts.productName,
      batchNumber: handouts.batchNumber,
      quantity: handouts.quantity,
      packUnit: handouts.packUnit,
    })
    .from(handouts)
    .where(
      and(
        eq(handouts.customerOrderId, order.id),
        eq(handouts.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(handouts.number))
  const totals = orderTotalsWithFee(
    items.map(({ item }) => item),
    order.deliveryFeeCents,
    order.priceBasis,
  )
  const today = berlinIsoDate()
  const p = prescription?.prescription
  const withdrawal = order.channel === 'shop' ? await orderWithdrawalView(db, order) : null
  return {
    withdrawal,
    id: order.id,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    channel: order.channel,
    type: order.type,
    customer,
    delivery: {
      method: order.deliveryMethod,
      name: order.deliveryName,
      street: order.deliveryStreet,
      postalCode: order.deliveryPostalCode,
      city: order.deliveryCity,
      country: order.deliveryCountry,
    },
    note: order.note,
    items: items.map(({ item, category, packUnit }) => {
      return {
        id: item.id,
        position: item.position,
        listingId: item.organisationProductId,
        productId: item.productId,
        name: item.name,
        pzn: item.pzn,
        category,
        packUnit,
        salesUnit: item.salesUnit,
        baseUnitsPerSalesUnit: item.baseUnitsPerSalesUnit,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        vatRate: item.vatRate,
        unitCents: unitAmountCents(item.unitPriceCents, item.vatRate, order.priceBasis),
        lineCents: lineAmountCents(item, order.priceBasis),
        requiresPrescription: item.requiresPrescription,
        copaymentCents: item.copaymentCents,
        held: held
          .filter((row) => row.listingId === item.organisationProductId)
          .map(({ listingId: _listing, ...row }) => row),
        picks: picks
          .filter((pick) => pick.itemId === item.id)
          .map(({ itemId: _item, ...pick }) => pick),
      }
    }),
    priceBasis: order.priceBasis,
    netCents: order.netCents,
    vatCents: order.vatCents,
    grossCents: order.grossCents,
    vatByRate: totals.byRate.map(({ rate, netCents, vatCents }) => ({ rate, netCents, vatCents })),
    copaymentCents: order.copaymentCents,
    insurerCents: order.insurerCents,
    needsPrescription: items.some(({ item }) => item.requiresPrescription),
    prescription: p
      ? {
          payer: p.payer,
          form: p.form,
          prescriberName: p.prescriberName,
          prescriberAddress: p.prescriberAddress,
          issuedOn: p.issuedOn,
          dosage: p.dosage,
          preparation: p.preparation,
          validUntil: validUntil(p.issuedOn, p.payer),
          validToday: isPrescriptionValidOn(p.issuedOn, p.payer, today),
          insurerName: p.insurerName,
          insuranceNumber: p.insuranceNumber,
          copaymentExempt: p.copaymentExempt,
          scanFileId: p.scanFileId,
          eRezeptToken: p.eRezeptToken,
          checkedAt: p.checkedAt?.toISOString() ?? null,
          checkedByName: prescription?.checkedByName ?? null,
          originalAt: p.originalAt?.toISOString() ?? null,
          originalByName: prescription?.originalByName ?? null,
        }
      : null,
    paymentMethod: order.paymentMethod,
    payment: {
      paidAt: order.paidAt?.toISOString() ?? null,
      means: order.paymentMeans,
      tillReceiptNumber: order.tillReceiptNumber,
    },
    customerShareCents: customerShareCents(order),
    deliveryFeeCents: order.deliveryFeeCents,
    billing: order.billingName
      ? {
          name: order.billingName,
          street: order.billingStreet,
          postalCode: order.billingPostalCode,
          city: order.billingCity,
          country: order.billingCountry,
        }
      : null,
    evidence: evidence ?? null,
    cancelReason: order.cancelReason,
    manualRefundCents: manualRefundCents(order),
    createdAt: order.createdAt.toISOString(),
    version: order.version,
    actions: availableActions(order.status, order.deliveryMethod, order.channel),
    paymentOptions: availablePaymentStatuses(order.paymentStatus, order.status),
    editable: editableStatuses.includes(order.status),
    timeline: timeline.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    handouts: dispensed,
  }
}

// ─── What the form offers ────────────────────────────────────────────────────────────────────

const pickLimit = 20

/** Listings that can be sold: not archived, of a product not withdrawn. */
const sellableListing = (organisationId: string): SQL =>
  and(
    eq(organisationProducts.organisationId, organisationId),
    isNull(organisationProducts.archivedAt),
    eq(products.status, 'active'),
  ) as SQL

/** The item search of the order form: name, PZN or cultivar, with what is available now. */
export async function searchSellableProducts(
  actor: Actor,
  search: string,
  db: Database,
): Promise<SellableProduct[]> {
  const seller = sellerOf(actor)
  const stock = stockByProduct(db, seller.organisation.id, berlinIsoDate())
  const rows = await db
    .select({
      listingId: organisationProducts.id,
      productId: products.id,
      name: products.name,
      pzn: products.pzn,
      category: products.category,
      packBaseUnits: products.packBaseUnits,
      packUnit: products.packUnit,
      salesUnit: organisationProducts.salesUnit,
      baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
      priceCents: organisationProducts.priceCents,
      vatRate: organisationProducts.vatRate,
      orderStep: organisationProducts.orderStep,
      minOrderQuantity: organisationProducts.minOrderQuantity,
      maxOrderQuantity: organisationProducts.maxOrderQuantity,
      available: sql<string>`coalesce(${stock.available}, 0)`.as('order_available'),
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .leftJoin(stock, eq(stock.productId, organisationProducts.id))
    .where(and(sellableListing(seller.organisation.id), productSearchCondition(search)))
    .orderBy(asc(products.name), asc(organisationProducts.id))
    .limit(pickLimit)
  return rows.map(({ available, ...row }) => ({
    ...row,
    availableSalesUnits: availableSalesUnits(Number(available), row.baseUnitsPerSalesUnit),
  }))
}

// ─── New orders and changes while new ────────────────────────────────────────────────────────

export type Line = ReturnType<typeof parseInput<typeof createCustomerOrderSchema>>['items'][number]
type ItemValues = Omit<typeof customerOrderItems.$inferInsert, 'orderId' | 'organisationId'>
type CustomerRow = typeof customers.$inferSelect

/**
 * The organisation's customer an order is for; 400 for unknown, deactivated or anonymised. The
 * row stays share-locked until the order's transaction ends: anonymising (which locks it for
 * update, then looks for open orders) either waits and sees the new order, or has finished and
 * this read sees the customer anonymised.
 */
export async function orderCustomer(
  tx: Executor,
  organisationId: string,
  customerId: string,
): Promise<CustomerRow> {
  const [customer] = isUuid(customerId)
    ? await tx
        .select()
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.organisationId, organisationId)))
        .for('share')
    : []
  if (!customer) throw new InvalidError({ customerId: customerNotFoundMessage })
  if (customer.deactivatedAt || customer.anonymisedAt) {
    throw new InvalidError({ customerId: inactiveCustomerMessage })
  }
  return customer
}

/** The lines as stored: the listing's price, unit and VAT frozen; 400 per line that fails. */
export async function resolveLines(
  tx: Executor,
  organisationId: string,
  customerKind: CustomerKind,
  lines: Line[],
): Promise<ItemValues[]> {
  const rows = await tx
    .select({
      listingId: organisationProducts.id,
      productId: products.id,
      name: products.name,
      pzn: products.pzn,
      category: products.category,
      salesUnit: organisationProducts.salesUnit,
      baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
      priceCents: organisationProducts.priceCents,
      vatRate: organisationProducts.vatRate,
      orderStep: organisationProducts.orderStep,
      minOrderQuantity: organisationProducts.minOrderQuantity,
      maxOrderQuantity: organisationProducts.maxOrderQuantity,
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        inArray(
          organisationProducts.id,
          lines.map((line) => line.listingId),
        ),
        sellableListing(organisationId),
      ),
    )
  const byId = new Map(rows.map((row) => [row.listingId, row]))
  const errors: Record<string, string> = {}
  const values: ItemValues[] = []
  lines.forEach((line, index) => {
    const listing = byId.get(line.listingId)
    if (!listing) {
      errors[`items.${index}.listingId`] = notSellableMessage
      return
    }
    const problem = orderRuleProblem(line.quantity, listing)
    if (problem) errors[`items.${index}.quantity`] = problem
    values.push({
      position: index + 1,
      organisationProductId: listing.listingId,
      productId: listing.productId,
      name: listing.name,
      pzn: listing.pzn,
      salesUnit: listing.salesUnit,
      baseUnitsPerSalesUnit: listing.baseUnitsPerSalesUnit,
      quantity: line.quantity,
      unitPriceCents: listing.priceCents,
      vatRate: listing.vatRate,
      requiresPrescription: requiresPrescription(listing.category, customerKind),
    })
  })
  if (Object.keys(errors).length > 0) throw new InvalidError(errors)
  return values
}

type DeliveryRequest = ReturnType<typeof parseInput<typeof deliverySchema>>

/** Delivery method and address: given fields win, the customer's address fills the rest. */
function deliveryOf(customer: CustomerRow, request: DeliveryRequest | undefined) {
  const method = request?.method ?? 'pickup'
  if (method === 'pickup') {
    return {
      deliveryMethod: method,
      deliveryName: null,
      deliveryStreet: null,
      deliveryPostalCode: null,
      deliveryCity: null,
      deliveryCountry: null,
    }
  }
  const name =
    customer.companyName ??
    ([customer.firstName, customer.lastName].filter(Boolean).join(' ') || null)
  const delivery = {
    deliveryMethod: method,
    deliveryName: request?.name ?? name,
    deliveryStreet: request?.street ?? customer.street,
    deliveryPostalCode: request?.postalCode ?? customer.postalCode,
    deliveryCity: request?.city ?? customer.city,
    deliveryCountry: request?.country ?? customer.country,
  }
  if (!delivery.deliveryStreet || !delivery.deliveryPostalCode || !delivery.deliveryCity) {
    throw new InvalidError({ 'delivery.street': addressMissingMessage })
  }
  return delivery
}

/**
 * Totals, co-payments and insurer share of the lines under the order's prescription, plus the
 * order's delivery fee (gross cents; `orderTotalsWithFee`), in the order's price basis (ADR 056). The shares cover the prescription
 * lines only: the fee is always the customer's.
 */
export function pricedLines<
  T extends Pick<ItemValues, 'unitPriceCents' | 'quantity' | 'vatRate' | 'requiresPrescription'>,
>(
  items: readonly T[],
  prescription: { payer: CustomerRow['payerKind'] & string; copaymentExempt: boolean } | null,
  deliveryFeeCents: number,
  priceBasis: PriceBasis,
) {
  const totals = orderTotalsWithFee(items, deliveryFeeCents, priceBasis)
  const shares = prescriptionShares(
    items.map((item) => ({ ...item, requiresPrescription: item.requiresPrescription ?? false })),
    prescription,
    totals.goodsGrossCents,
  )
  return {
    items: items.map((item, index) => ({
      ...item,
      copaymentCents: shares.lineCopayments[index] ?? 0,
    })),
    totals: {
      priceBasis,
      netCents: totals.netCents,
      vatCents: totals.vatCents,
      grossCents: totals.grossCents,
      copaymentCents: shares.copaymentCents,
      insurerCents: shares.insurerCents,
    },
  }
}

export async function insertItems(tx: Executor, order: OrderRow, items: readonly ItemValues[]) {
  return tx
    .insert(customerOrderItems)
    .values(
      items.map((item) => ({ ...item, orderId: order.id, organisationId: order.organisationId })),
    )
    .returning()
}

export interface SavedCustomerOrder {
  id: string
  number: string
  version: number
  status: OrderRow['status']
  changed: boolean
}

export const savedOrder = (order: OrderRow, changed = true): SavedCustomerOrder => ({
  id: order.id,
  number: order.number,
  version: order.version,
  status: order.status,
  changed,
})

/** A back-office order: numbered `AU-YYYY-NNNNN` from the organisation's counter, status new. */
export async function createCustomerOrder(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const request = parseInput(createCustomerOrderSchema, input)
  const organisationId = seller.organisation.id
  return db.transaction(async (tx) => {
    const customer = await orderCustomer(tx, organisationId, request.customerId)
    assertLicensedRecipient(seller.organisation.category, customer, berlinIsoDate())
    const lines = await resolveLines(tx, organisationId, customer.kind, request.items)
    const delivery = deliveryOf(customer, request.delivery)
    const priced = pricedLines(lines, null, 0, priceBasisOf(customer.kind))
    const number = await takeDocumentNumber(tx, organisationId, 'customer_order')
    const [order] = await tx
      .insert(customerOrders)
      .values({
        organisationId,
        number,
        customerId: customer.id,
        channel: 'back_office',
        ...delivery,
        note: request.note ?? null,
        ...priced.totals,
        createdBy: seller.user.id,
      })
      .returning()
    if (!order) throw new Error('customer order was not inserted')
    const items = await insertItems(tx, order, priced.items)
    await recordOrderCreated(tx, actor, order, items)
    return savedOrder(order)
  })
}

/** The prescription as the shares need it. */
export async function prescriptionOf(tx: Executor, order: Pick<OrderRow, 'id' | 'organisationId'>) {
  const [row] = await tx
    .select()
    .from(customerOrderPrescriptions)
    .where(
      and(
        eq(customerOrderPrescriptions.orderId, order.id),
        eq(customerOrderPrescriptions.organisationId, order.organisationId),
      ),
    )
  return row
}

/** Changes items, delivery or note of a `new` order loaded at `version`. */
export async function updateCustomerOrder(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const request = parseInput(updateCustomerOrderSchema, input)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, id, request.version)
    if (!editableStatuses.includes(order.status)) {
      throw new ConflictError(notEditableMessage(order.status))
    }
    if (request.items && order.channel === 'purchase_order') {
      throw new ConflictError(linkedItemsMessage)
    }
    const customer = await orderCustomer(tx, order.organisationId, order.customerId)
    const currentItems = await itemsOfOrder(tx, order)
    const prescription = (await prescriptionOf(tx, order)) ?? null
    const lines = request.items
      ? await resolveLines(tx, order.organisationId, customer.kind, request.items)
      : currentItems.map(
          ({ id: _id, orderId: _o, organisationId: _g, createdAt: _c, updatedAt: _u, ...item }) =>
            item,
        )
    const priced = pricedLines(lines, prescription, order.deliveryFeeCents, order.priceBasis)
    const delivery = request.delivery ? deliveryOf(customer, request.delivery) : {}
    const next: OrderRow = {
      ...order,
      ...delivery,
      note: request.note === undefined ? order.note : request.note,
      ...priced.totals,
    }
    const before = auditedOrderFields(order, currentItems)
    const after = auditedOrderFields(next, priced.items)
    if (isDeepStrictEqual(before, after)) return savedOrder(order, false)
    let items = currentItems
    if (request.items) {
      await tx
        .delete(customerOrderItems)
        .where(
          and(
            eq(customerOrderItems.orderId, order.id),
            eq(customerOrderItems.organisationId, order.organisationId),
          ),
        )
      items = await insertItems(tx, order, priced.items)
      // Held goods (a shop order arrives with reservations) no longer match the lines: confirming
      // reserves again for what the order now says.
      await releaseReservations(tx, order.organisationId, orderSource(order))
    }
    const updated = await changeOrder(
      tx,
      actor,
      order,
      {
        ...delivery,
        note: next.note,
        ...priced.totals,
      },
      {
        audit: customerOrderAudit.updated,
        event: 'updated',
        items,
        itemsBefore: currentItems,
      },
    )
    return savedOrder(updated)
  })
}

/**
 * The batches each line of a confirmed order may be picked from: released, unexpired, with stock,
 * and what is free for this order (what it holds itself counts as free). First-expiring first.
 */
export async function listPickableBatches(
  actor: Actor,
  id: string,
  db: Database,
): Promise<Record<string, PickableBatch[]>> {
  const seller = sellerOf(actor)
  if (!isUuid(id)) throw new NotFoundError(customerOrderNotFoundMessage)
  const [order] = await db
    .select()
    .from(customerOrders)
    .where(
      and(eq(customerOrders.id, id), eq(customerOrders.organisationId, seller.organisation.id)),
    )
  if (!order) throw new NotFoundError(customerOrderNotFoundMessage)
  const items = await itemsOfOrder(db, order)
  if (items.length === 0) return {}
  const today = berlinIsoDate()
  const othersHold = sql<number>`coalesce((select sum(${stockReservations.quantity}) from ${stockReservations} where ${stockReservations.batchId} = ${batches.id} and ${activeReservation()} and not (${stockReservations.sourceType} = ${orderSource(order).type} and ${stockReservations.sourceId} = ${order.id})), 0)::int`
  const rows = await db
    .select({
      listingId: batches.organisationProductId,
      batchId: batches.id,
      batchNumber: batches.batchNumber,
      expiryDate: batches.expiryDate,
      balance: batches.balance,
      othersHold,
    })
    .from(batches)
    .where(
      and(
        eq(batches.organisationId, order.organisationId),
        inArray(
          batches.organisationProductId,
          items.map((item) => item.organisationProductId),
        ),
        eq(batches.status, 'released'),
        sql`${batches.balance} > 0`,
        sql`(${batches.expiryDate} is null or ${batches.expiryDate} >= ${today})`,
      ),
    )
    .orderBy(sql`${batches.expiryDate} asc nulls last`, asc(batches.createdAt), asc(batches.id))
  const result: Record<string, PickableBatch[]> = {}
  for (const item of items) {
    result[item.id] = rows
      .filter((row) => row.listingId === item.organisationProductId)
      .map((row) => ({
        batchId: row.batchId,
        batchNumber: row.batchNumber,
        expiryDate: row.expiryDate,
        availableBaseUnits: Math.max(0, row.balance - Number(row.othersHold)),
      }))
      .filter((row) => row.availableBaseUnits > 0)
  }
  return result
}

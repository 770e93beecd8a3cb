import { and, asc, eq } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import { priceBasisOf } from '../../lib/prices'
import type { Actor } from '../actor.server'
import { takeDocumentNumber } from '../counters/counters.server'
import { customers } from '../customers/customers.schema'
import { insertCustomer } from '../customers/customers.server'
import type { Executor } from '../db/client.server'
import { organisations } from '../db/schema'
import { withinScope } from '../db/scope.server'
import { purchaseOrderItems, type purchaseOrders } from '../purchase-orders/purchase-orders.schema'
import { releaseReservations } from '../stock/stock-reservations.server'
import { type OrderRow, orderSource, recordOrderCreated } from './customer-order-core.server'
import { recipientLicenceProblem } from './customer-order-licences.server'
import { applyTransition, platformBridge } from './customer-order-steps.server'
import { customerOrders } from './customer-orders.schema'
import { insertItems, pricedLines } from './customer-orders.server'

/**
 * Orders between platform organisations (the LeafLink flow): a buyer's purchase order to a
 * platform supplier is, on the supplier's side, a customer order with channel `purchase_order`.
 * Ordering opens it (here); the supplier's confirm, ship and cancel move the purchase order along
 * in the same transaction (customer-order-steps.server.ts); the buyer may cancel only until the
 * supplier confirms (here). Each side reads and changes only its own record — these two modules
 * are the one bridge between them, and purchasing imports only this one.
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
  // A buying pharmacy's operating licence is on its profile: number and authority start the
  // record; the seller adds the validity from the licence itself before confirming.
  const pharmacy = buyer.category === 'pharmacy'
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
    licenceType: pharmacy ? 'pharmacy' : null,
    licenceNumber: pharmacy ? buyer.licenceNumber : null,
    licenceAuthority: pharmacy ? buyer.licenceAuthority : null,
  })
}

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
  const [seller] = await tx
    .select({ category: organisations.category })
    .from(organisations)
    .where(eq(organisations.id, sellerId))
  if (!seller) throw new Error(`selling organisation ${sellerId} missing`)
  // The order is taken, not refused: it is only a request, no goods move yet, and the buyer has
  // no way to record its licence with the seller. Confirming and shipping stay refused until the
  // seller has recorded a valid one; the timeline says so from the start.
  const licence = recipientLicenceProblem(seller.category, customer, berlinIsoDate())
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
    [`Bestellung ${purchaseOrder.number} von ${customer.companyName}`, licence]
      .filter(Boolean)
      .join(' – '),
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

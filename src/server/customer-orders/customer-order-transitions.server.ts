import { and, eq, inArray } from 'drizzle-orm'
import {
  cancelCustomerOrderSchema,
  completeCustomerOrderSchema,
  customerOrderTransitionSchema,
  fulfilmentSchema,
  type PickupPaymentInput,
  paymentStatusSchema,
} from '../../lib/customer-order-schemas'
import {
  alreadyPaidMessage,
  type CustomerOrderAction,
  isPrescriptionValidOn,
  notPaidYetMessage,
  paymentMeansLabels,
  paymentNotCompletedMessage,
  paymentStatusLabels,
  pickupPaymentMissingMessage,
  pickupPaymentNotApplicableMessage,
  prescriptionExpiredMessage,
  prescriptionLapsedMessage,
  prescriptionMissingMessage,
  prescriptionOriginalMissingMessages,
  prescriptionUncheckedMessage,
  refusedPaymentMessage,
  validUntil,
} from '../../lib/customer-orders'
import { berlinIsoDate, formatQuantity } from '../../lib/format'
import { quantityUnitOfPack } from '../../lib/stock'
import type { Actor, SystemActor } from '../actor.server'
import type { Database, Executor } from '../db/client.server'
import { ConflictError, ForbiddenError, InvalidError, parseInput } from '../errors.server'
import { recordPharmacyHandouts } from '../handouts/pharmacy-handouts.server'
import { refundOnCancel } from '../payments/mollie-refunds.server'
import { products } from '../products/products.schema'
import { batches, stockReservations } from '../stock/stock.schema'
import { activeReservation } from '../stock/stock-ledger.server'
import {
  consumeReservations,
  keepReservations,
  releaseReservations,
  releaseUnsellableReservations,
  reserveNamedBatches,
  reserveStock,
} from '../stock/stock-reservations.server'
import { sellerOf } from './customer-order-access.server'
import {
  assertAllowed,
  changeOrder,
  customerOrderAudit,
  type ItemRow,
  itemsOfOrder,
  lockOrder,
  type OrderRow,
  orderSource,
} from './customer-order-core.server'
import { assertOrderRecipientLicensed } from './customer-order-licences.server'
import { applyTransition } from './customer-order-steps.server'
import { customerOrderPicks } from './customer-orders.schema'
import { prescriptionOf, type SavedCustomerOrder, savedOrder } from './customer-orders.server'

/**
 * The transitions of a customer order and its payment. Each runs in one transaction: lock the
 * order, compare the version, check the state table, do the stock work (reserve, pick, sell,
 * release), then write row, timeline and audit through `applyTransition`.
 */

const reservationsShortMessage =
  'Die reservierte Ware deckt die Bestellung nicht mehr. Bitte markiere sie erneut als abholbereit bzw. versandt.'

/** The lines in the order batches are locked: by listing id, the same for every transaction. */
const inLockOrder = (items: readonly ItemRow[]) =>
  [...items].sort((a, b) => a.organisationProductId.localeCompare(b.organisationProductId))

const baseUnitsOf = (item: ItemRow) => item.quantity * item.baseUnitsPerSalesUnit

/**
 * Makes the order hold exactly its lines: gives back what sits on batches blocked or expired
 * since, then reserves only what is still missing (first-expiring first). 409 with what is
 * available when the goods are not there; nothing is kept then.
 */
async function holdGoods(tx: Executor, order: OrderRow, items: readonly ItemRow[]) {
  const source = orderSource(order)
  await releaseUnsellableReservations(tx, order.organisationId, source)
  for (const item of inLockOrder(items)) {
    await reserveStock(tx, {
      organisationId: order.organisationId,
      organisationProductId: item.organisationProductId,
      quantity: baseUnitsOf(item),
      source,
    })
  }
  await keepReservations(tx, order.organisationId, source)
}

/**
 * The prescription rules of an order's prescription-only lines: confirming needs a checked, valid
 * prescription; handing the goods over or shipping them checks the validity again (it may have
 * lapsed since) and needs the original on paper or the redeemed e-Rezept (domain.md).
 */
async function assertPrescriptionReady(
  tx: Executor,
  order: OrderRow,
  items: readonly ItemRow[],
  step: 'confirm' | 'handOver',
  today: string,
) {
  if (!items.some((item) => item.requiresPrescription)) return
  const prescription = await prescriptionOf(tx, order)
  if (!prescription) throw new ConflictError(prescriptionMissingMessage)
  if (!prescription.checkedAt) throw new ConflictError(prescriptionUncheckedMessage)
  if (!isPrescriptionValidOn(prescription.issuedOn, prescription.payer, today)) {
    const until = validUntil(prescription.issuedOn, prescription.payer)
    throw new ConflictError(
      step === 'confirm' ? prescriptionExpiredMessage(until) : prescriptionLapsedMessage(until),
    )
  }
  if (step === 'handOver' && !prescription.originalAt) {
    throw new ConflictError(prescriptionOriginalMissingMessages[prescription.form])
  }
}

/**
 * Confirms a new order: refused until a needed prescription is checked, and for a wholesaler or
 * producer while the customer's licence is missing or expired; reserves what the order
 * does not hold yet (a shop order arrives with reservations), so it never holds two sets.
 */
export async function confirmCustomerOrder(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const { version } = parseInput(customerOrderTransitionSchema, input)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, id, version)
    assertAllowed(order, 'confirm')
    const today = berlinIsoDate()
    await assertOrderRecipientLicensed(tx, order, today)
    const items = await itemsOfOrder(tx, order)
    await assertPrescriptionReady(tx, order, items, 'confirm', today)
    await holdGoods(tx, order, items)
    return savedOrder(
      await applyTransition(tx, actor, order, 'confirm', { changes: { expiresAt: null } }),
    )
  })
}

type PickRequest = NonNullable<ReturnType<typeof parseInput<typeof fulfilmentSchema>>['picks']>

/** The order's active reservations per batch, with the listing each batch belongs to. */
async function heldBatches(tx: Executor, order: OrderRow) {
  return tx
    .select({
      batchId: stockReservations.batchId,
      listingId: batches.organisationProductId,
      quantity: stockReservations.quantity,
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
}

/**
 * Records which batches each line is picked from. Without a choice the reserved batches are
 * picked (re-planned first when a batch was blocked since); a chosen batch replaces the line's
 * reservations, so completing the order sells exactly what was picked.
 */
async function pickGoods(
  tx: Executor,
  order: OrderRow,
  items: readonly ItemRow[],
  requested: PickRequest | undefined,
) {
  const byItem = new Map((requested ?? []).map((pick) => [pick.itemId, pick.batches]))
  const known = new Set(items.map((item) => item.id))
  for (const itemId of byItem.keys()) {
    if (!known.has(itemId)) throw new InvalidError({ picks: 'Unbekannte Position.' })
  }
  const source = orderSource(order)
  await releaseUnsellableReservations(tx, order.organisationId, source)
  for (const item of inLockOrder(items)) {
    const chosen = byItem.get(item.id)
    if (!chosen) {
      await reserveStock(tx, {
        organisationId: order.organisationId,
        organisationProductId: item.organisationProductId,
        quantity: baseUnitsOf(item),
        source,
      })
      continue
    }
    const total = chosen.reduce((sum, part) => sum + part.quantity, 0)
    if (total !== baseUnitsOf(item)) {
      const [product] = await tx
        .select({ packUnit: products.packUnit })
        .from(products)
        .where(eq(products.id, item.productId))
      const unit = quantityUnitOfPack[product?.packUnit ?? 'piece']
      throw new InvalidError({
        [`picks.${item.id}`]: `Für ${item.name} sind ${formatQuantity(baseUnitsOf(item), unit)} zu entnehmen, gewählt sind ${formatQuantity(total, unit)}.`,
      })
    }
    await reserveNamedBatches(tx, {
      organisationId: order.organisationId,
      organisationProductId: item.organisationProductId,
      source,
      parts: chosen,
    })
  }
  const held = await heldBatches(tx, order)
  const itemByListing = new Map(items.map((item) => [item.organisationProductId, item]))
  const picks = new Map<string, { itemId: string; batchId: string; quantity: number }>()
  for (const row of held) {
    const item = itemByListing.get(row.listingId)
    if (!item) continue
    const key = `${item.id}:${row.batchId}`
    const pick = picks.get(key) ?? { itemId: item.id, batchId: row.batchId, quantity: 0 }
    pick.quantity += row.quantity
    picks.set(key, pick)
  }
  await tx
    .delete(customerOrderPicks)
    .where(
      and(
        eq(customerOrderPicks.orderId, order.id),
        eq(customerOrderPicks.organisationId, order.organisationId),
      ),
    )
  const rows = [...picks.values()]
  if (rows.length > 0) {
    await tx.insert(customerOrderPicks).values(
      rows.map((pick) => ({
        ...pick,
        orderId: order.id,
        organisationId: order.organisationId,
      })),
    )
  }
  const numbers = await tx
    .select({ id: batches.id, batchNumber: batches.batchNumber })
    .from(batches)
    .where(
      inArray(
        batches.id,
        rows.map((pick) => pick.batchId),
      ),
    )
  const numberOf = new Map(numbers.map((row) => [row.id, row.batchNumber]))
  return rows.map((pick) => `${numberOf.get(pick.batchId) ?? pick.batchId}: ${pick.quantity}`)
}

async function fulfil(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
  action: 'markReady' | 'ship',
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const { version, picks } = parseInput(fulfilmentSchema, input)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, id, version)
    assertAllowed(order, action)
    const today = berlinIsoDate()
    await assertOrderRecipientLicensed(tx, order, today)
    const items = await itemsOfOrder(tx, order)
    // Shipping is the goods leaving the house; a pickup order leaves at its completion.
    if (action === 'ship') await assertPrescriptionReady(tx, order, items, 'handOver', today)
    const picked = await pickGoods(tx, order, items, picks)
    return savedOrder(await applyTransition(tx, actor, order, action, { extra: { picks: picked } }))
  })
}

/** A confirmed pickup order is ready at the counter; the picks are recorded. */
export function markCustomerOrderReady(actor: Actor, id: string, input: unknown, db: Database) {
  return fulfil(actor, id, input, db, 'markReady')
}

/** A confirmed courier or shipping order left the house; the picks are recorded. */
export function shipCustomerOrder(actor: Actor, id: string, input: unknown, db: Database) {
  return fulfil(actor, id, input, db, 'ship')
}

/**
 * What the hand-over of a pay-at-pickup order records about its payment (ADR 055): paid cash or
 * by card at the till (with the till receipt's number — the TSE-signed receipt stays the record
 * for cash, § 146a AO), paid before, or to be paid by transfer on the invoice. Other orders
 * complete without.
 */
function pickupPaymentOf(
  order: OrderRow,
  payment: PickupPaymentInput | undefined,
): { changes: Partial<OrderRow>; detail: string | null } {
  if (order.paymentMethod !== 'pickup') {
    if (payment) throw new ConflictError(pickupPaymentNotApplicableMessage)
    return { changes: {}, detail: null }
  }
  if (!payment) throw new ConflictError(pickupPaymentMissingMessage)
  const paid = order.paymentStatus === 'paid'
  switch (payment.choice) {
    case 'already_paid':
      if (!paid) throw new ConflictError(notPaidYetMessage)
      return { changes: {}, detail: 'Zahlung: bereits bezahlt' }
    case 'on_invoice':
      if (paid) throw new ConflictError(alreadyPaidMessage)
      return {
        changes: { paymentMethod: 'bank_transfer' },
        detail: 'Zahlung: auf Rechnung per Überweisung',
      }
    default: {
      if (paid) throw new ConflictError(alreadyPaidMessage)
      const receipt = payment.tillReceiptNumber ?? ''
      return {
        changes: {
          paymentStatus: 'paid',
          paidAt: new Date(),
          paymentMeans: payment.choice,
          tillReceiptNumber: receipt,
        },
        detail: `Bezahlt ${paymentMeansLabels[payment.choice]}, Bon ${receipt}`,
      }
    }
  }
}

/**
 * Completes a ready or shipped order: its reservations become `sale` movements, in one step. For
 * a pharmacy this is the dispensing: the same transaction records the hand-out of every
 * prescription-only line with the batches picked for it (`recordPharmacyHandouts`), and a pay-at-pickup
 * order's payment (`pickupPaymentOf`).
 */
export async function completeCustomerOrder(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const { version, payment } = parseInput(completeCustomerOrderSchema, input)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, id, version)
    assertAllowed(order, 'complete')
    const paid = pickupPaymentOf(order, payment)
    const items = await itemsOfOrder(tx, order)
    // A shipped order's goods left with the shipment, checked then; a ready one's leave now.
    if (order.status === 'ready') {
      await assertPrescriptionReady(tx, order, items, 'handOver', berlinIsoDate())
    }
    const held = new Map<string, number>()
    for (const row of await heldBatches(tx, order)) {
      held.set(row.listingId, (held.get(row.listingId) ?? 0) + row.quantity)
    }
    if (items.some((item) => held.get(item.organisationProductId) !== baseUnitsOf(item))) {
      throw new ConflictError(reservationsShortMessage)
    }
    const sold = await consumeReservations(
      tx,
      actor,
      order.organisationId,
      orderSource(order),
      'sale',
    )
    const handouts =
      seller.organisation.category === 'pharmacy'
        ? await recordPharmacyHandouts(tx, seller, order, items, sold, new Date())
        : []
    return savedOrder(
      await applyTransition(tx, actor, order, 'complete', {
        // Paid at the hand-over: one moment for both.
        changes: { completedAt: paid.changes.paidAt ?? new Date(), ...paid.changes },
        detail: paid.detail,
        extra: {
          movements: sold.length,
          ...(handouts.length > 0 && { handouts }),
          ...(payment && { payment: paid.detail }),
        },
      }),
    )
  })
}

/**
 * Cancels an order before completion, with the reason; what it held goes back to stock, and a
 * paid Mollie payment is queued for its refund.
 */
export async function cancelCustomerOrder(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const { version, reason } = parseInput(cancelCustomerOrderSchema, input)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, id, version)
    return savedOrder(await cancelLockedOrder(tx, actor, order, reason, order.organisationId))
  })
}

/**
 * The cancellation of an order the caller has locked in its transaction (the seller above, the
 * shop customer from the account pages): what it held goes back to stock, the reason is recorded.
 * `cancelledBy` is the organisation that cancelled, null when the customer did.
 */
export async function cancelLockedOrder(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  reason: string,
  cancelledBy: string | null,
): Promise<OrderRow> {
  assertAllowed(order, 'cancel')
  await releaseReservations(tx, order.organisationId, orderSource(order))
  await refundOnCancel(tx, order)
  return applyTransition(tx, actor, order, 'cancel', {
    changes: { cancelReason: reason, cancelledByOrganisationId: cancelledBy },
    detail: reason,
  })
}

/**
 * Lets an unconfirmed hold lapse: only the platform's jobs (the shop's expiry job) call it; what
 * the order held goes back to stock.
 */
export async function expireCustomerOrder(
  actor: Actor,
  id: string,
  db: Database,
): Promise<SavedCustomerOrder> {
  if (actor.kind !== 'system') throw new ForbiddenError()
  return db.transaction(async (tx) =>
    savedOrder(await expireLockedOrder(tx, actor, await lockOrder(tx, null, id))),
  )
}

/**
 * The expiry of an order the caller has locked in its transaction (the shop's expiry job locks
 * a batch of lapsed holds with `SKIP LOCKED`): what it held goes back to stock.
 */
export async function expireLockedOrder(
  tx: Executor,
  actor: SystemActor,
  order: OrderRow,
): Promise<OrderRow> {
  assertAllowed(order, 'expire')
  await releaseReservations(tx, order.organisationId, orderSource(order))
  // An online order lapses because its payment never arrived: the timeline says so.
  const unpaidOnline = order.paymentMethod === 'mollie' && order.paymentStatus !== 'paid'
  return applyTransition(tx, actor, order, 'expire', {
    detail: unpaidOnline ? paymentNotCompletedMessage : null,
  })
}

/** Sets the payment sub-state by hand along its graph (lib/customer-orders.ts). */
export async function setCustomerOrderPayment(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const { version, paymentStatus } = parseInput(paymentStatusSchema, input)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, id, version)
    const refusal = refusedPaymentMessage(order.paymentStatus, paymentStatus, order.status)
    if (refusal) throw new ConflictError(refusal)
    const updated = await changeOrder(
      tx,
      actor,
      order,
      { paymentStatus },
      {
        audit: customerOrderAudit.paymentChanged,
        event: 'payment_changed',
        detail: `${paymentStatusLabels[order.paymentStatus]} → ${paymentStatusLabels[paymentStatus]}`,
      },
    )
    return savedOrder(updated)
  })
}

/** Each action's service, for callers that go by the state table's names (seed, tests). */
export const customerOrderActionServices: Record<
  Exclude<CustomerOrderAction, 'expire'>,
  (actor: Actor, id: string, input: unknown, db: Database) => Promise<SavedCustomerOrder>
> = {
  confirm: confirmCustomerOrder,
  markReady: markCustomerOrderReady,
  ship: shipCustomerOrder,
  complete: completeCustomerOrder,
  cancel: cancelCustomerOrder,
}

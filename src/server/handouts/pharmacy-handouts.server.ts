import { and, eq, inArray } from 'drizzle-orm'
import { prescriptionMissingMessage } from '../../lib/customer-orders'
import { berlinIsoDate } from '../../lib/format'
import { formOfUseOf, storageNoteByCategory } from '../../lib/handouts'
import type { BusinessActor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { berlinYear, takeDocumentNumbers } from '../counters/counters.server'
import type { ItemRow, OrderRow } from '../customer-orders/customer-order-core.server'
import { customerOrderPrescriptions } from '../customer-orders/customer-orders.schema'
import type { Executor } from '../db/client.server'
import { ConflictError } from '../errors.server'
import { products } from '../products/products.schema'
import { batches } from '../stock/stock.schema'
import { handouts } from './handouts.schema'
import { handoutAudit } from './handouts.server'

/**
 * A pharmacy's dispensing (Abgabe, ApBetrO): completing a customer order is handing its goods to
 * the patient. Inside the completion's transaction this writes one hand-out record for each
 * `sale` movement of a prescription-only line — the goods were booked once, by the completion;
 * the record points at that movement — with the label data of § 14 ApBetrO: content, form of
 * use (the prescribed preparation's), the prescription's directions and prescriber, the batch's THC and CBD, preparation and
 * use-by date and the storage note (ADR 048). Lines sold without a prescription (accessories)
 * are ordinary sales and get no record.
 */

interface SoldPart {
  batchId: string
  quantity: number
  movementId: string
}

export async function recordPharmacyHandouts(
  tx: Executor,
  seller: BusinessActor,
  order: OrderRow,
  items: readonly ItemRow[],
  sold: readonly SoldPart[],
  now: Date,
): Promise<string[]> {
  const prescribed = new Map(
    items
      .filter((item) => item.requiresPrescription)
      .map((item) => [item.organisationProductId, item]),
  )
  if (prescribed.size === 0 || sold.length === 0) return []
  const [prescription] = await tx
    .select()
    .from(customerOrderPrescriptions)
    .where(
      and(
        eq(customerOrderPrescriptions.orderId, order.id),
        eq(customerOrderPrescriptions.organisationId, order.organisationId),
      ),
    )
  if (!prescription) throw new ConflictError(prescriptionMissingMessage)
  const batchRows = await tx
    .select({
      id: batches.id,
      organisationProductId: batches.organisationProductId,
      batchNumber: batches.batchNumber,
      expiryDate: batches.expiryDate,
      thcContent: batches.thcContent,
      cbdContent: batches.cbdContent,
      filledFromBatchId: batches.filledFromBatchId,
      createdAt: batches.createdAt,
    })
    .from(batches)
    .where(
      and(
        eq(batches.organisationId, order.organisationId),
        inArray(
          batches.id,
          sold.map((part) => part.batchId),
        ),
      ),
    )
  const batchOf = new Map(batchRows.map((batch) => [batch.id, batch]))
  const productRows = await tx
    .select({
      id: products.id,
      category: products.category,
      packUnit: products.packUnit,
      cannabinoidUnit: products.cannabinoidUnit,
      thcContent: products.thcContent,
      cbdContent: products.cbdContent,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        [...prescribed.values()].map((item) => item.productId),
      ),
    )
  const productOf = new Map(productRows.map((product) => [product.id, product]))

  const day = berlinIsoDate(now)
  // Loose goods are made up for the patient when the order is picked (ready or shipped); a unit
  // filled in advance was prepared when its filling was confirmed, which created its batch.
  const pickedOn = berlinIsoDate(order.readyAt ?? order.shippedAt ?? now)
  const dispensed = sold.flatMap((part) => {
    const batch = batchOf.get(part.batchId)
    const item = batch && prescribed.get(batch.organisationProductId)
    return batch && item ? [{ part, batch, item }] : []
  })
  if (dispensed.length === 0) return []
  // One block of numbers from the counter for all of the order's records.
  const year = berlinYear(now)
  const recordNumbers = await takeDocumentNumbers(
    tx,
    order.organisationId,
    'hand_out',
    year,
    dispensed.length,
    now,
  )
  const numbers: string[] = []
  for (const [index, { part, batch, item }] of dispensed.entries()) {
    const product = productOf.get(item.productId)
    if (!product) throw new Error('the sold item has no product')
    const id = crypto.randomUUID()
    const number = recordNumbers[index] as string
    const record = {
      number,
      customerOrderId: order.id,
      organisationProductId: batch.organisationProductId,
      batchId: batch.id,
      productName: item.name,
      batchNumber: batch.batchNumber,
      quantity: part.quantity,
      packUnit: product.packUnit,
      thcContent: batch.thcContent ?? product.thcContent,
      cbdContent: batch.cbdContent ?? product.cbdContent,
      // Without a unit the product declares no content either: the label shows none.
      cannabinoidUnit: product.cannabinoidUnit ?? 'percent',
      formOfUse: formOfUseOf(product.category, prescription.preparation),
      preparedOn: batch.filledFromBatchId ? berlinIsoDate(batch.createdAt) : pickedOn,
      useBy: batch.expiryDate,
      storageNote: storageNoteByCategory[product.category],
      handedOutOn: day,
      movementId: part.movementId,
    }
    await tx.insert(handouts).values({
      ...record,
      id,
      organisationId: order.organisationId,
      customerId: order.customerId,
      dosage: prescription.dosage,
      prescriberName: prescription.prescriberName,
      prescriberAddress: prescription.prescriberAddress,
      handedOutAt: now,
      handedOutBy: seller.user.id,
    })
    // The directions and the prescriber stay out of the log: health and personal data.
    await recordAudit(tx, {
      organisationId: order.organisationId,
      actor: auditActorOf(seller),
      requestId: seller.requestId,
      action: handoutAudit.created,
      entity: { type: handoutAudit.entityType, id },
      after: { ...record, orderNumber: order.number },
    })
    numbers.push(number)
  }
  return numbers
}

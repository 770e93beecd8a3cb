import { and, eq } from 'drizzle-orm'
import { customerOrderTransitionSchema, prescriptionSchema } from '../../lib/customer-order-schemas'
import {
  editableStatuses,
  isPrescriptionValidOn,
  notEditableMessage,
  prescriptionExpiredMessage,
  prescriptionFormLabels,
  prescriptionOriginalLabels,
  prescriptionOriginalRecordedMessages,
  prescriptionOriginalStatuses,
  validUntil,
} from '../../lib/customer-orders'
import { payerKindLabels } from '../../lib/customers'
import { berlinIsoDate } from '../../lib/format'
import type { Actor } from '../actor.server'
import type { Database } from '../db/client.server'
import { ConflictError, InvalidError, parseInput } from '../errors.server'
import { isStoredFileOf } from '../files/file-store.server'
import { requirePharmacistFor } from '../organisations/pharmacist-steps.server'
import { sellerOf } from './customer-order-access.server'
import {
  changeOrder,
  customerOrderAudit,
  itemsOfOrder,
  lockOrder,
} from './customer-order-core.server'
import { customerOrderItems, customerOrderPrescriptions } from './customer-orders.schema'
import {
  prescriptionOf,
  pricedLines,
  type SavedCustomerOrder,
  savedOrder,
} from './customer-orders.server'

/**
 * The prescription of an order: recorded (payer, form, prescriber, issue date, scan or e-Rezept
 * token, exemption) while the order is new, then checked by a pharmacist. Recording recomputes
 * the statutory co-payment per line and the insurer's share, and asks for a new check.
 */

const prescriptionMissingToCheck = 'Es ist noch kein Rezept erfasst.'
const futureIssueMessage = 'Das Ausstellungsdatum liegt in der Zukunft.'
const scanNotFoundMessage = 'Diesen Rezept-Scan gibt es nicht. Bitte lade ihn erneut hoch.'

export async function recordPrescription(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const request = parseInput(prescriptionSchema, input)
  if (request.issuedOn > berlinIsoDate()) throw new InvalidError({ issuedOn: futureIssueMessage })
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, id, request.version)
    if (!editableStatuses.includes(order.status)) {
      throw new ConflictError(notEditableMessage(order.status))
    }
    const scanFileId = request.form === 'paper' ? (request.scanFileId ?? null) : null
    if (
      scanFileId &&
      !(await isStoredFileOf(tx, scanFileId, {
        purpose: 'prescription_scan',
        organisationId: order.organisationId,
      }))
    ) {
      throw new InvalidError({ scanFileId: scanNotFoundMessage })
    }
    const values = {
      payer: request.payer,
      form: request.form,
      prescriberName: request.prescriberName,
      prescriberAddress: request.prescriberAddress ?? null,
      issuedOn: request.issuedOn,
      dosage: request.dosage,
      preparation: request.preparation ?? null,
      insurerName: request.insurerName ?? null,
      insuranceNumber: request.insuranceNumber ?? null,
      copaymentExempt: request.payer === 'statutory' && request.copaymentExempt,
      scanFileId,
      eRezeptToken: request.form === 'e_rezept' ? (request.eRezeptToken ?? null) : null,
      // A changed prescription is checked again, and its original recorded again.
      checkedAt: null,
      checkedBy: null,
      originalAt: null,
      originalBy: null,
    }
    await tx
      .insert(customerOrderPrescriptions)
      .values({ ...values, orderId: order.id, organisationId: order.organisationId })
      .onConflictDoUpdate({ target: customerOrderPrescriptions.orderId, set: values })
    const items = await itemsOfOrder(tx, order)
    const priced = pricedLines(items, values, order.deliveryFeeCents, order.priceBasis)
    for (const item of priced.items) {
      await tx
        .update(customerOrderItems)
        .set({ copaymentCents: item.copaymentCents })
        .where(
          and(
            eq(customerOrderItems.id, item.id),
            eq(customerOrderItems.organisationId, order.organisationId),
          ),
        )
    }
    const updated = await changeOrder(
      tx,
      actor,
      order,
      {
        copaymentCents: priced.totals.copaymentCents,
        insurerCents: priced.totals.insurerCents,
      },
      {
        audit: customerOrderAudit.prescriptionRecorded,
        event: 'prescription_recorded',
        detail: `${prescriptionFormLabels[values.form]}, ${payerKindLabels[values.payer]}`,
        // Payer and form only: prescriber, insurance number and exemption are personal data.
        extra: { prescription: { payer: values.payer, form: values.form } },
      },
    )
    return savedOrder(updated)
  })
}

/**
 * The pharmacist has checked the prescription (who, when); an expired one is refused. In a
 * pharmacy only a pharmacist may (plausibility check, § 7 Abs. 1b ApBetrO).
 */
export async function checkPrescription(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const { version } = parseInput(customerOrderTransitionSchema, input)
  return db.transaction(async (tx) => {
    await requirePharmacistFor(tx, seller, 'prescriptionCheck')
    const order = await lockOrder(tx, seller.organisation.id, id, version)
    if (!editableStatuses.includes(order.status)) {
      throw new ConflictError(notEditableMessage(order.status))
    }
    const prescription = await prescriptionOf(tx, order)
    if (!prescription) throw new ConflictError(prescriptionMissingToCheck)
    if (!isPrescriptionValidOn(prescription.issuedOn, prescription.payer, berlinIsoDate())) {
      throw new ConflictError(
        prescriptionExpiredMessage(validUntil(prescription.issuedOn, prescription.payer)),
      )
    }
    await tx
      .update(customerOrderPrescriptions)
      .set({ checkedAt: new Date(), checkedBy: seller.user.id })
      .where(eq(customerOrderPrescriptions.id, prescription.id))
    const updated = await changeOrder(
      tx,
      actor,
      order,
      {},
      {
        audit: customerOrderAudit.prescriptionChecked,
        event: 'prescription_checked',
        extra: { prescriptionChecked: true },
      },
    )
    return savedOrder(updated)
  })
}

/**
 * Records that the paper original arrived ("Original liegt vor") or the e-Rezept was redeemed
 * ("E-Rezept eingelöst"), with who and when: a scan is enough to check and prepare, but the goods
 * leave only with this (shipping, hand-over). Once per prescription; a new recording resets it.
 */
export async function recordPrescriptionOriginal(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedCustomerOrder> {
  const seller = sellerOf(actor)
  const { version } = parseInput(customerOrderTransitionSchema, input)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, id, version)
    if (!prescriptionOriginalStatuses.includes(order.status)) {
      throw new ConflictError(notEditableMessage(order.status))
    }
    const prescription = await prescriptionOf(tx, order)
    if (!prescription) throw new ConflictError(prescriptionMissingToCheck)
    if (prescription.originalAt) {
      throw new ConflictError(prescriptionOriginalRecordedMessages[prescription.form])
    }
    await tx
      .update(customerOrderPrescriptions)
      .set({ originalAt: new Date(), originalBy: seller.user.id })
      .where(eq(customerOrderPrescriptions.id, prescription.id))
    const updated = await changeOrder(
      tx,
      actor,
      order,
      {},
      {
        audit: customerOrderAudit.prescriptionOriginal,
        event: 'prescription_original',
        detail: prescriptionOriginalLabels[prescription.form],
        extra: { prescriptionOriginal: prescriptionOriginalLabels[prescription.form] },
      },
    )
    return savedOrder(updated)
  })
}

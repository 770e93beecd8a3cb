import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { EInvoiceFormat } from '../../lib/customer-enums'
import { customerOrderStatusLabels, type DocumentKind } from '../../lib/customer-orders'
import {
  anonymisedCustomerMessage,
  creditedInvoiceMessage,
  deliveryNoteStatuses,
  documentExistsMessage,
  invoiceExistsMessage,
  invoiceRefusal,
  noInvoiceToCancelMessage,
  orderConfirmationExistsMessage,
  orderConfirmationStatuses,
  wrongStatusMessage,
} from '../../lib/documents'
import { addCalendarDays, berlinIsoDate } from '../../lib/format'
import type { PrefixedNumberSeries } from '../../lib/number-series'
import { formatSalesQuantity } from '../../lib/product-display'
import type { Actor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { berlinYear, takeDocumentNumber } from '../counters/counters.server'
import { sellerOf } from '../customer-orders/customer-order-access.server'
import {
  itemsOfOrder,
  lockOrder,
  type OrderRow,
  picksOfOrder,
  recordOrderEvent,
} from '../customer-orders/customer-order-core.server'
import { customerOrderPrescriptions } from '../customer-orders/customer-orders.schema'
import { customers } from '../customers/customers.schema'
import type { Database, Executor } from '../db/client.server'
import { ConflictError, parseInput } from '../errors.server'
import { storeServerFile } from '../files/file-store.server'
import { documentSellerOf } from '../organisations/organisation-settings.server'
import { purchaseOrders } from '../purchase-orders/purchase-orders.schema'
import {
  cancellationContent,
  type DocumentContent,
  type DocumentItem,
  type DocumentPayment,
  type DocumentRecipient,
  type DocumentSeller,
  deliveryFeeDocumentItem,
  documentContentOf,
  documentItemOf,
  documentKindLabels,
  documentTotals,
  type StoredDocumentContent,
  storedDocumentContent,
} from './document-content'
import { documents } from './documents.schema'
import type { RenderOptions } from './render/index.server'
import { vatExemptionOf } from './vat-treatment.server'

/**
 * Issuing documents for a customer order (ADR 022): the order row is locked, the number taken
 * from the organisation's counter, the content frozen from the order, customer and letterhead,
 * rendered, the bytes stored, the row inserted, and the order's timeline and the audit log
 * written — one transaction, so a failure anywhere hands the number back (no gaps).
 */

export const documentAudit = {
  entityType: 'document',
  issued: 'document.issued',
  /** The same document drawn again with a readable font (ADR 053). */
  reissued: 'document.reissued',
} as const

const counterSeries = {
  invoice: 'invoice',
  cancellation_invoice: 'invoice',
  delivery_note: 'delivery_note',
  order_confirmation: 'order_confirmation',
  credit_note: 'credit_note',
} as const satisfies Record<DocumentKind, PrefixedNumberSeries>

/** The next number of a document kind's series, in the caller's transaction. */
export async function nextDocumentNumber(
  tx: Executor,
  organisationId: string,
  kind: DocumentKind,
  now: Date,
) {
  return takeDocumentNumber(tx, organisationId, counterSeries[kind], berlinYear(now))
}

/**
 * Letterhead facts per document kind; the invoice's are § 14 UStG, the e-invoice's BR-DE — and an
 * invoice that asks for a transfer names the account to pay to (ADR 055, BR-DE-23).
 */
function missingLetterhead(
  seller: DocumentSeller,
  kind: DocumentKind,
  eInvoice: boolean,
  transfer: boolean,
) {
  const missing: string[] = []
  if (!seller.address.street || !seller.address.postalCode || !seller.address.city)
    missing.push('Anschrift')
  const invoice = kind !== 'delivery_note' && kind !== 'order_confirmation'
  if (invoice && !seller.taxNumber && !seller.vatId) missing.push('Steuernummer oder USt-IdNr.')
  if (invoice && eInvoice && !seller.email) missing.push('E-Mail-Adresse')
  if (invoice && eInvoice && !seller.phone) missing.push('Telefonnummer')
  // A transfer request names the account (ADR 055; BR-DE-23 for the e-invoice).
  if (invoice && transfer && !seller.iban) missing.push('IBAN')
  return missing
}

export const letterheadMissingMessage = (missing: string[], organisationId: string) =>
  `Im Briefkopf deiner Organisation fehlt: ${missing.join(', ')}. Bitte ergänze die Angaben unter /organisations/${organisationId}.`

type CustomerRow = typeof customers.$inferSelect

/**
 * The e-invoice an invoice to this customer goes out as (ADR 054): every business gets one, in the
 * format its record names, whether or not an e-invoice address is stored (§ 14 UStG); persons get
 * a PDF.
 */
export const eInvoiceFormatOf = (
  customer: Pick<CustomerRow, 'kind' | 'eInvoiceFormat'>,
): EInvoiceFormat | null => (customer.kind === 'business' ? customer.eInvoiceFormat : null)

const customerDisplayName = (customer: CustomerRow) =>
  customer.kind === 'business'
    ? (customer.companyName ?? '')
    : [customer.firstName, customer.lastName].filter(Boolean).join(' ')

function recipientOf(
  customer: CustomerRow,
  order: OrderRow,
  kind: DocumentKind,
): DocumentRecipient {
  const business = customer.kind === 'business'
  // A delivery note goes with the goods: to the delivery address where the order has one.
  const delivered = kind === 'delivery_note' && order.deliveryStreet && order.deliveryCity
  // The rest goes to the billing address the shop customer chose at checkout, if any.
  const billed = !delivered && order.billingStreet && order.billingCity
  return {
    kind: business ? 'business' : 'person',
    name:
      (delivered && order.deliveryName) ||
      (billed && order.billingName) ||
      customerDisplayName(customer),
    contactName: business ? customer.contactPerson : null,
    address: delivered
      ? {
          street: order.deliveryStreet ?? '',
          postalCode: order.deliveryPostalCode ?? '',
          city: order.deliveryCity ?? '',
          country: order.deliveryCountry ?? customer.country,
        }
      : billed
        ? {
            street: order.billingStreet ?? '',
            postalCode: order.billingPostalCode ?? '',
            city: order.billingCity ?? '',
            country: order.billingCountry ?? customer.country,
          }
        : {
            street: customer.street ?? '',
            postalCode: customer.postalCode ?? '',
            city: customer.city ?? '',
            country: customer.country,
          },
    vatId: business ? customer.vatId : null,
    customerNumber: customer.number,
    email: customer.email,
    eInvoiceAddress: business ? customer.eInvoiceAddress : null,
  }
}

async function itemsWithBatches(tx: Executor, order: OrderRow): Promise<DocumentItem[]> {
  const items = await itemsOfOrder(tx, order)
  const picks = await picksOfOrder(tx, order)
  return items.map((item) =>
    documentItemOf(
      item,
      order.priceBasis,
      picks
        .filter((pick) => pick.itemId === item.id)
        .map((pick) => ({
          number: pick.batchNumber,
          quantityText: formatSalesQuantity(
            pick.quantity / item.baseUnitsPerSalesUnit,
            item.salesUnit,
          ).replace(/\u00a0/g, ' '),
          expiryDate: pick.expiryDate,
        })),
    ),
  )
}

/** Days a patient or business has to pay an unpaid invoice. */
const paymentDays = 14

/** The buyer's number of the purchase order an order between organisations answers (BT-13). */
async function buyerOrderReferenceOf(tx: Executor, order: OrderRow): Promise<string | null> {
  if (!order.purchaseOrderId) return null
  const [purchaseOrder] = await tx
    .select({ number: purchaseOrders.number })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, order.purchaseOrderId))
  return purchaseOrder?.number ?? null
}

/**
 * How the order's invoice is paid, from the order as it is at issue (ADR 055): paid (how, when,
 * the till receipt), due at the pickup (an advance invoice of a pay-at-pickup order — its
 * hand-over records the payment), else due by transfer.
 */
function paymentOfOrder(order: OrderRow): DocumentPayment {
  if (order.paymentStatus === 'paid')
    return {
      kind: 'paid',
      means: order.paymentMeans,
      paidOn: order.paidAt ? berlinIsoDate(order.paidAt) : null,
      tillReceiptNumber: order.tillReceiptNumber,
    }
  if (order.paymentMethod === 'pickup') return { kind: 'at_pickup' }
  return { kind: 'transfer' }
}

/** The frozen content of a new document of `kind` for a locked order. */
async function contentOf(
  tx: Executor,
  order: OrderRow,
  customer: CustomerRow,
  { smallBusiness, ...seller }: DocumentSeller & { smallBusiness: boolean },
  kind: IssuedFromOrder,
  number: string,
  now: Date,
  advance: boolean,
): Promise<DocumentContent> {
  const issueDate = berlinIsoDate(now)
  const goods = await itemsWithBatches(tx, order)
  const items =
    order.deliveryFeeCents > 0
      ? [
          ...goods,
          deliveryFeeDocumentItem(
            order.deliveryFeeCents,
            order.deliveryMethod === 'shipping' ? 'Versandkosten' : 'Liefergebühr Botendienst',
            goods.length + 1,
            order.priceBasis,
          ),
        ]
      : goods
  // § 3 Abs. 6 UStG: a pickup is delivered at its hand-over, courier and shipping at dispatch.
  const delivered = order.deliveryMethod === 'pickup' ? order.completedAt : order.shippedAt
  const [prescription] = await tx
    .select()
    .from(customerOrderPrescriptions)
    .where(
      and(
        eq(customerOrderPrescriptions.orderId, order.id),
        eq(customerOrderPrescriptions.organisationId, order.organisationId),
      ),
    )
  const invoice = kind === 'invoice'
  const payment = invoice ? paymentOfOrder(order) : ({ kind: 'none' } as const)
  const recipient = recipientOf(customer, order, kind)
  // The order's own computation (`orderTotalsWithFee`): the fee is one more line (ADR 056).
  const totals = documentTotals(items, order.priceBasis)
  return {
    kind,
    number,
    issueDate,
    deliveryDate: kind === 'order_confirmation' || !delivered ? null : berlinIsoDate(delivered),
    advanceInvoice: invoice && advance,
    orderNumber: order.number,
    orderDate: berlinIsoDate(order.createdAt),
    buyerOrderReference: await buyerOrderReferenceOf(tx, order),
    seller,
    recipient,
    priceBasis: order.priceBasis,
    items,
    totals,
    payment,
    dueDate: payment.kind === 'transfer' ? addCalendarDays(issueDate, paymentDays) : null,
    // A patient with a statutory prescription paid their share; the insurer pays the rest.
    paidCents: payment.kind === 'paid' ? order.grossCents - order.insurerCents : 0,
    vatExemption: invoice
      ? vatExemptionOf({
          seller: { smallBusiness, vatId: seller.vatId, country: seller.address.country },
          recipient,
          items,
        })
      : null,
    eInvoiceFormat: invoice ? eInvoiceFormatOf(customer) : null,
    notes: null,
    prescription:
      kind !== 'delivery_note' && prescription?.payer === 'statutory'
        ? {
            insurerName: prescription.insurerName ?? 'Gesetzliche Krankenkasse',
            coPaymentCents: order.copaymentCents,
            insurerShareCents: order.insurerCents,
            exempt: prescription.copaymentExempt,
          }
        : null,
    cancels: null,
    corrects: null,
    creditReason: null,
  }
}

/** The documents made from the order itself; a Storno and a credit note are made from an invoice. */
type IssuedFromOrder = Exclude<DocumentKind, 'cancellation_invoice' | 'credit_note'>

/**
 * The renderers load on first use: pdf-lib, fontkit and the e-invoice library are large and
 * only issuing needs them (the server bundle's start-up stays small).
 */
const renderers = () => import('./render/index.server')

/**
 * The document's files: an XRechnung is the XML with the PDF as a readable copy, a ZUGFeRD
 * invoice the PDF with the XML inside (one e-invoice per invoice, ADR 054). Also what a re-issue
 * draws its PDF with (`reissuedOn`).
 */
export async function renderDocument(content: DocumentContent, options: RenderOptions = {}) {
  const { DocumentContentError, renderDocumentPdfOf, renderFacturX, renderXRechnung } =
    await renderers()
  try {
    if (content.eInvoiceFormat === 'xrechnung') {
      return {
        pdf: await renderDocumentPdfOf(content, options),
        xml: await renderXRechnung(content),
      }
    }
    if (content.eInvoiceFormat === 'zugferd') {
      return { pdf: await renderFacturX(content, options), xml: null }
    }
    return { pdf: await renderDocumentPdfOf(content, options), xml: null }
  } catch (error) {
    // Facts the renderer refuses without (§ 14 UStG, BR-DE): the user can fix them.
    if (error instanceof DocumentContentError) throw new ConflictError(error.message)
    throw error
  }
}

export interface IssuedDocumentResult {
  id: string
  kind: DocumentKind
  number: string
  pdfFileId: string
  xmlFileId: string | null
}

async function customerOf(tx: Executor, order: OrderRow): Promise<CustomerRow> {
  const [customer] = await tx
    .select()
    .from(customers)
    .where(
      and(eq(customers.id, order.customerId), eq(customers.organisationId, order.organisationId)),
    )
  if (!customer) throw new Error(`customer of order ${order.id} missing`)
  return customer
}

/**
 * Stores the rendered bytes and the row, writes timeline and audit. `refersTo` is the invoice a
 * Storno cancels or a credit note corrects.
 */
export async function recordIssued(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  content: DocumentContent,
  rendered: { pdf: Uint8Array; xml: string | null },
  refersTo: { id: string; number: string } | null,
): Promise<IssuedDocumentResult> {
  const cancels = content.kind === 'cancellation_invoice' ? refersTo : null
  const corrects = content.kind === 'credit_note' ? refersTo : null
  const createdBy = actor.kind === 'business' ? actor.user.id : null
  const pdf = await storeServerFile(tx, {
    organisationId: order.organisationId,
    purpose: 'issued_document',
    contentType: 'application/pdf',
    data: rendered.pdf,
    createdBy,
  })
  const xml =
    rendered.xml === null
      ? null
      : await storeServerFile(tx, {
          organisationId: order.organisationId,
          purpose: 'issued_document',
          contentType: 'application/xml',
          data: new TextEncoder().encode(rendered.xml),
          createdBy,
        })
  const [row] = await tx
    .insert(documents)
    .values({
      organisationId: order.organisationId,
      kind: content.kind,
      number: content.number,
      orderId: order.id,
      customerId: order.customerId,
      cancelsDocumentId: cancels?.id ?? null,
      correctsDocumentId: corrects?.id ?? null,
      content: storedDocumentContent(content),
      pdfFileId: pdf.id,
      xmlFileId: xml?.id ?? null,
      netCents: content.totals.netCents,
      vatCents: content.totals.vatCents,
      grossCents: content.totals.grossCents,
      issuedBy: createdBy,
    })
    .returning({ id: documents.id })
  if (!row) throw new Error('document was not inserted')
  await recordOrderEvent(tx, actor, order, {
    kind: 'document_issued',
    detail: `${documentKindLabels[content.kind]} ${content.number}`,
  })
  await recordAudit(tx, {
    organisationId: order.organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action: documentAudit.issued,
    entity: { type: documentAudit.entityType, id: row.id },
    before: null,
    after: {
      kind: content.kind,
      number: content.number,
      orderId: order.id,
      orderNumber: order.number,
      customerId: order.customerId,
      netCents: content.totals.netCents,
      vatCents: content.totals.vatCents,
      grossCents: content.totals.grossCents,
      cancels: cancels?.number ?? null,
      ...(corrects && { corrects: corrects.number, creditReason: content.creditReason }),
      pdfSha256: pdf.sha256,
      eInvoice: content.eInvoiceFormat,
    },
  })
  return {
    id: row.id,
    kind: content.kind,
    number: content.number,
    pdfFileId: pdf.id,
    xmlFileId: xml?.id ?? null,
  }
}

/** Whether credit notes correct invoice `invoiceId` in part (a Storno would then credit twice). */
async function hasCreditNotes(executor: Executor, invoiceId: string) {
  const [credit] = await executor
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.correctsDocumentId, invoiceId))
    .limit(1)
  return credit !== undefined
}

/** The order's invoice that no cancellation invoice reverses yet, if any. */
export async function validInvoiceOf(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'organisationId'>,
) {
  const [invoice] = await executor
    .select({
      id: documents.id,
      number: documents.number,
      content: documents.content,
      pdfFileId: documents.pdfFileId,
      issuedAt: documents.issuedAt,
    })
    .from(documents)
    .where(
      and(
        eq(documents.organisationId, order.organisationId),
        eq(documents.orderId, order.id),
        eq(documents.kind, 'invoice'),
        sql`not exists (select 1 from ${documents} as cancellation where cancellation.cancels_document_id = ${documents.id})`,
      ),
    )
  return invoice
}

async function existingOf(tx: Executor, order: OrderRow, kind: DocumentKind) {
  const [existing] = await tx
    .select({ number: documents.number })
    .from(documents)
    .where(
      and(
        eq(documents.organisationId, order.organisationId),
        eq(documents.orderId, order.id),
        eq(documents.kind, kind),
      ),
    )
  return existing
}

const statusesOf: Record<Exclude<IssuedFromOrder, 'invoice'>, readonly string[]> = {
  delivery_note: deliveryNoteStatuses,
  order_confirmation: orderConfirmationStatuses,
}

/**
 * Issues an invoice, a delivery note or an order confirmation for order `orderId`. One valid
 * invoice per order (a second waits for the Storno of the first), one delivery note and one
 * order confirmation — the order no longer changes once confirmed, so a second would only repeat
 * the first; its download gives the same bytes.
 */
export async function issueOrderDocument(
  actor: Actor,
  orderId: string,
  kind: IssuedFromOrder,
  db: Database,
  now: Date = new Date(),
  options: { advance?: boolean } = {},
): Promise<IssuedDocumentResult> {
  const seller = sellerOf(actor)
  const advance = kind === 'invoice' && options.advance === true
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, orderId)
    const label = documentKindLabels[kind]
    if (kind === 'invoice') {
      const refusal = invoiceRefusal(order, advance)
      if (refusal) throw new ConflictError(refusal)
    } else if (!statusesOf[kind].includes(order.status)) {
      throw new ConflictError(wrongStatusMessage(label, customerOrderStatusLabels[order.status]))
    }
    if (kind === 'invoice') {
      const valid = await validInvoiceOf(tx, order)
      if (valid) throw new ConflictError(invoiceExistsMessage(valid.number))
    } else {
      const existing = await existingOf(tx, order, kind)
      if (existing) {
        throw new ConflictError(
          kind === 'delivery_note'
            ? documentExistsMessage(label, existing.number)
            : orderConfirmationExistsMessage(existing.number),
        )
      }
    }
    const customer = await customerOf(tx, order)
    // Erased or restricted (Art. 18 DSGVO, ADR 068): no new processing, only the Storno.
    if (customer.anonymisedAt || customer.restrictedAt) {
      throw new ConflictError(anonymisedCustomerMessage)
    }
    const letterhead = await documentSellerOf(tx, order.organisationId)
    const invoice = kind === 'invoice'
    const missing = missingLetterhead(
      letterhead,
      kind,
      invoice && eInvoiceFormatOf(customer) !== null,
      invoice && paymentOfOrder(order).kind === 'transfer',
    )
    if (missing.length > 0) {
      throw new ConflictError(letterheadMissingMessage(missing, order.organisationId))
    }
    const number = await nextDocumentNumber(tx, order.organisationId, kind, now)
    const content = await contentOf(tx, order, customer, letterhead, kind, number, now, advance)
    const rendered = await renderDocument(content)
    return recordIssued(tx, actor, order, content, rendered, null)
  })
}

export const cancellationSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, 'Bitte höchstens 500 Zeichen.')
    .nullish()
    .transform((value) => value || null),
})

/**
 * Issues the cancellation invoice of the order's valid invoice: the same lines negated (its
 * e-invoice: a credit note with them positive, ADR 054), its own number from the invoice counter,
 * referring to the original — which stays untouched. It is made from the original's frozen
 * content, so it names the same recipient even after the customer was anonymised, and goes out as
 * the same e-invoice as the original.
 */
export async function cancelOrderInvoice(
  actor: Actor,
  orderId: string,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<IssuedDocumentResult> {
  const seller = sellerOf(actor)
  const { reason } = parseInput(cancellationSchema, input ?? {})
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, orderId)
    const issued = await cancelInvoiceOfLockedOrder(tx, actor, order, reason, now)
    if (!issued) throw new ConflictError(noInvoiceToCancelMessage)
    return issued
  })
}

/**
 * The cancellation invoice of an order the caller has locked in its transaction (a refund that
 * Mollie reports done issues it in the same transaction); null when no valid invoice is left.
 */
export async function cancelInvoiceOfLockedOrder(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  reason: string | null,
  now: Date = new Date(),
): Promise<IssuedDocumentResult | null> {
  const original = await validInvoiceOf(tx, order)
  if (!original) return null
  const [files] = await tx
    .select({ xmlFileId: documents.xmlFileId })
    .from(documents)
    .where(eq(documents.id, original.id))
  if (await hasCreditNotes(tx, original.id)) throw new ConflictError(creditedInvoiceMessage)
  const stored = original.content as StoredDocumentContent
  const number = await nextDocumentNumber(tx, order.organisationId, 'cancellation_invoice', now)
  const invoice = documentContentOf(stored)
  const content = cancellationContent(
    {
      ...invoice,
      // Invoices issued before ADR 054 name no format: those with an XML went out as XRechnung.
      eInvoiceFormat: invoice.eInvoiceFormat ?? (files?.xmlFileId ? 'xrechnung' : null),
    },
    {
      number,
      issueDate: berlinIsoDate(now),
      notes: reason,
    },
  )
  const rendered = await renderDocument(content)
  return recordIssued(tx, actor, order, content, rendered, {
    id: original.id,
    number: original.number,
  })
}

import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { customerOrderStatusLabels, type DocumentKind } from '../../lib/customer-orders'
import type { EInvoiceFormat } from '../../lib/customer-values'
import {
  anonymisedCustomerMessage,
  deliveryNoteStatuses,
  documentExistsMessage,
  invoiceExistsMessage,
  invoiceStatuses,
  noInvoiceToCancelMessage,
  orderConfirmationExistsMessage,
  orderConfirmationStatuses,
  wrongStatusMessage,
} from '../../lib/documents'
import { berlinIsoDate } from '../../lib/format'
import { formatSalesQuantity } from '../../lib/purchase-orders'
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
import { purchaseOrders } from '../purchasing/purchasing.schema'
import {
  cancellationContent,
  type DocumentContent,
  type DocumentItem,
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
} as const satisfies Record<DocumentKind, string>

/**
 * Letterhead facts per document kind; the invoice's are § 14 UStG, the e-invoice's BR-DE — and an
 * e-invoice that asks for money names the account to pay to (BR-DE-1, BR-DE-23).
 */
function missingLetterhead(
  seller: DocumentSeller,
  kind: DocumentKind,
  eInvoice: { paid: boolean } | null,
) {
  const missing: string[] = []
  if (!seller.address.street || !seller.address.postalCode || !seller.address.city)
    missing.push('Anschrift')
  const invoice = kind === 'invoice' || kind === 'cancellation_invoice'
  if (invoice && !seller.taxNumber && !seller.vatId) missing.push('Steuernummer oder USt-IdNr.')
  if (invoice && eInvoice && !seller.email) missing.push('E-Mail-Adresse')
  if (invoice && eInvoice && !seller.phone) missing.push('Telefonnummer')
  if (invoice && eInvoice && !eInvoice.paid && !seller.iban) missing.push('IBAN')
  return missing
}

export const letterheadMissingMessage = (missing: string[], organisationId: string) =>
  `Im Briefkopf Ihrer Organisation fehlt: ${missing.join(', ')}. Bitte ergänzen Sie die Angaben unter /organisations/${organisationId}.`

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

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
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

/** The frozen content of a new document of `kind` for a locked order. */
async function contentOf(
  tx: Executor,
  order: OrderRow,
  customer: CustomerRow,
  { smallBusiness, ...seller }: DocumentSeller & { smallBusiness: boolean },
  kind: Exclude<DocumentKind, 'cancellation_invoice'>,
  number: string,
  now: Date,
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
  const delivered = order.completedAt ?? order.shippedAt ?? order.readyAt
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
  const paid = order.paymentStatus === 'paid'
  const recipient = recipientOf(customer, order, kind)
  // The order's own computation (`orderTotalsWithFee`): the fee is one more line (ADR 056).
  const totals = documentTotals(items, order.priceBasis)
  return {
    kind,
    number,
    issueDate,
    deliveryDate: kind === 'order_confirmation' || !delivered ? null : berlinIsoDate(delivered),
    orderNumber: order.number,
    orderDate: berlinIsoDate(order.createdAt),
    buyerOrderReference: await buyerOrderReferenceOf(tx, order),
    seller,
    recipient,
    priceBasis: order.priceBasis,
    items,
    totals,
    paymentTerms: invoice
      ? paid
        ? 'Der Betrag ist bereits beglichen. Vielen Dank.'
        : `Zahlbar innerhalb von ${paymentDays} Tagen ohne Abzug.`
      : null,
    dueDate: invoice && !paid ? addDays(issueDate, paymentDays) : null,
    paidCents: invoice && paid ? totals.grossCents : 0,
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
  }
}

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

/** Stores the rendered bytes and the row, writes timeline and audit. */
async function recordIssued(
  tx: Executor,
  actor: Actor,
  order: OrderRow,
  content: DocumentContent,
  rendered: { pdf: Uint8Array; xml: string | null },
  cancels: { id: string; number: string } | null,
): Promise<IssuedDocumentResult> {
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

const statusesOf: Record<Exclude<DocumentKind, 'cancellation_invoice'>, readonly string[]> = {
  invoice: invoiceStatuses,
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
  kind: Exclude<DocumentKind, 'cancellation_invoice'>,
  db: Database,
  now: Date = new Date(),
): Promise<IssuedDocumentResult> {
  const seller = sellerOf(actor)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seller.organisation.id, orderId)
    const label = documentKindLabels[kind]
    if (!statusesOf[kind].includes(order.status)) {
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
    if (customer.anonymisedAt) throw new ConflictError(anonymisedCustomerMessage)
    const letterhead = await documentSellerOf(tx, order.organisationId)
    const eInvoice =
      kind === 'invoice' && eInvoiceFormatOf(customer)
        ? { paid: order.paymentStatus === 'paid' }
        : null
    const missing = missingLetterhead(letterhead, kind, eInvoice)
    if (missing.length > 0) {
      throw new ConflictError(letterheadMissingMessage(missing, order.organisationId))
    }
    const year = berlinYear(now)
    const number = await takeDocumentNumber(tx, order.organisationId, counterSeries[kind], year)
    const content = await contentOf(tx, order, customer, letterhead, kind, number, now)
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
  const stored = original.content as StoredDocumentContent
  const year = berlinYear(now)
  const number = await takeDocumentNumber(tx, order.organisationId, 'invoice', year)
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

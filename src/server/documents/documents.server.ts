import { type AnyColumn, and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { alias, unionAll } from 'drizzle-orm/pg-core'
import type { DocumentKind } from '../../lib/customer-enums'
import { customerOrderNotFoundMessage } from '../../lib/customer-orders'
import {
  type DocumentList,
  type DocumentListSearch,
  type DocumentListType,
  type DocumentRow,
  deletedDocumentFileText,
  deliveryNoteStatuses,
  documentListTypes,
  documentNotFoundMessage,
  type IssuedDocument,
  invoiceRefusal,
  type OrderDocuments,
  orderConfirmationStatuses,
} from '../../lib/documents'
import { isUuid } from '../../lib/ids'
import { type Actor, type BusinessActor, requireRole } from '../actor.server'
import { sellingCategories } from '../customer-orders/customer-order-access.server'
import {
  customerOrderPrescriptions,
  customerOrders,
} from '../customer-orders/customer-orders.schema'
import { customers } from '../customers/customers.schema'
import type { Database } from '../db/client.server'
import { storedFiles } from '../db/core.schema'
import { organisations } from '../db/schema'
import { ForbiddenError, NotFoundError } from '../errors.server'
import { type OpenedFile, openStoredFile } from '../files/file-store.server'
import { listPage, searchCondition } from '../list-query.server'
import { suppliers } from '../purchase-orders/purchase-orders.schema'
import { batches } from '../stock/stock.schema'
import { creditableInvoiceOf } from './credit-notes.server'
import { eInvoiceFormatOf, validInvoiceOf } from './document-issue.server'
import { documents } from './documents.schema'

/**
 * Reading documents: `/documents` (issued documents and uploads of the organisation), the
 * documents of one order and of one customer, and their files. Only the owning organisation
 * reads (another organisation's are not found); sellers see everything, a club only its CoAs
 * (it issues no documents and keeps no prescriptions); the platform admin and shop customers 403.
 */

interface DocumentReader {
  business: BusinessActor
  /** Whether the organisation issues documents and keeps prescriptions (sellers). */
  seller: boolean
}

function documentReaderOf(actor: Actor): DocumentReader {
  const business = requireRole(actor, 'owner', 'staff')
  const category = business.organisation.category
  if (sellingCategories.includes(category)) return { business, seller: true }
  if (category === 'club') return { business, seller: false }
  throw new ForbiddenError()
}

const customerNameSql = sql<string>`coalesce(${customers.companyName}, concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`

const supplierOrganisations = alias(organisations, 'supplier_organisations')

function issuedSelect(db: Database, organisationId: string) {
  return db
    .select({
      id: sql<string>`${documents.id}::text`.as('id'),
      type: sql<string>`${documents.kind}::text`.as('type'),
      number: sql<string>`${documents.number}`.as('number'),
      date: sql<Date>`${documents.issuedAt}`.as('date'),
      partyName: sql<string | null>`${customerNameSql}`.as('party_name'),
      orderId: sql<string | null>`${documents.orderId}::text`.as('order_id'),
      orderNumber: sql<string | null>`${customerOrders.number}`.as('order_number'),
      batchId: sql<string | null>`null::text`.as('batch_id'),
      fileId: sql<string | null>`${documents.pdfFileId}::text`.as('file_id'),
      xmlFileId: sql<string | null>`${documents.xmlFileId}::text`.as('xml_file_id'),
      contentType: sql<string>`'application/pdf'::text`.as('content_type'),
      grossCents: sql<number | null>`${documents.grossCents}`.as('gross_cents'),
    })
    .from(documents)
    .innerJoin(customers, eq(customers.id, documents.customerId))
    .innerJoin(customerOrders, eq(customerOrders.id, documents.orderId))
    .where(eq(documents.organisationId, organisationId))
}

function certificateSelect(db: Database, organisationId: string) {
  return db
    .select({
      id: sql<string>`${batches.id}::text`.as('id'),
      type: sql<string>`'certificate'::text`.as('type'),
      number: sql<string>`${batches.batchNumber}`.as('number'),
      date: sql<Date>`${storedFiles.createdAt}`.as('date'),
      partyName: sql<string | null>`coalesce(${suppliers.name}, ${supplierOrganisations.name})`.as(
        'party_name',
      ),
      orderId: sql<string | null>`null::text`.as('order_id'),
      orderNumber: sql<string | null>`null::text`.as('order_number'),
      batchId: sql<string | null>`${batches.id}::text`.as('batch_id'),
      fileId: sql<string>`${storedFiles.id}::text`.as('file_id'),
      xmlFileId: sql<string | null>`null::text`.as('xml_file_id'),
      contentType: sql<string>`${storedFiles.contentType}`.as('content_type'),
      grossCents: sql<number | null>`null::integer`.as('gross_cents'),
    })
    .from(batches)
    .innerJoin(storedFiles, eq(storedFiles.id, batches.coaFileId))
    .leftJoin(suppliers, eq(suppliers.id, batches.supplierId))
    .leftJoin(supplierOrganisations, eq(supplierOrganisations.id, suppliers.supplierOrganisationId))
    .where(and(eq(batches.organisationId, organisationId), isNotNull(batches.coaFileId)))
}

function prescriptionSelect(db: Database, organisationId: string) {
  return db
    .select({
      id: sql<string>`${customerOrderPrescriptions.id}::text`.as('id'),
      type: sql<string>`'prescription_scan'::text`.as('type'),
      number: sql<string>`${customerOrders.number}`.as('number'),
      date: sql<Date>`${storedFiles.createdAt}`.as('date'),
      partyName: sql<string | null>`${customerNameSql}`.as('party_name'),
      orderId: sql<string | null>`${customerOrders.id}::text`.as('order_id'),
      orderNumber: sql<string | null>`${customerOrders.number}`.as('order_number'),
      batchId: sql<string | null>`null::text`.as('batch_id'),
      fileId: sql<string>`${storedFiles.id}::text`.as('file_id'),
      xmlFileId: sql<string | null>`null::text`.as('xml_file_id'),
      contentType: sql<string>`${storedFiles.contentType}`.as('content_type'),
      grossCents: sql<number | null>`null::integer`.as('gross_cents'),
    })
    .from(customerOrderPrescriptions)
    .innerJoin(storedFiles, eq(storedFiles.id, customerOrderPrescriptions.scanFileId))
    .innerJoin(customerOrders, eq(customerOrders.id, customerOrderPrescriptions.orderId))
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(eq(customerOrderPrescriptions.organisationId, organisationId))
}

const clubTypes: DocumentListType[] = ['certificate']

/** `/documents`: the organisation's issued documents and uploads, one server-side page. */
export async function listDocuments(
  actor: Actor,
  query: DocumentListSearch,
  db: Database,
): Promise<DocumentList> {
  const reader = documentReaderOf(actor)
  const organisationId = reader.business.organisation.id
  const types = reader.seller ? [...documentListTypes] : clubTypes
  const all = reader.seller
    ? unionAll(
        issuedSelect(db, organisationId),
        certificateSelect(db, organisationId),
        prescriptionSelect(db, organisationId),
      )
    : certificateSelect(db, organisationId)
  const list = all.as('document_list')
  const type = query.type && types.includes(query.type) ? query.type : undefined
  if (query.type && !type) {
    return { items: [], total: 0, page: 1, pageSize: query.pageSize, types }
  }
  const select = db
    .select()
    .from(list)
    .where(
      and(
        type ? eq(list.type, type) : undefined,
        searchCondition(query.q, [list.number, list.partyName, list.orderNumber]),
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: {
      date: list.date,
      number: list.number,
      type: list.type,
      party: list.partyName,
    },
    // The list's id is unique per row (document, CoA or scan file); asc/desc take any SQL.
    tiebreaker: list.id as unknown as AnyColumn,
  })
  return {
    ...page,
    types,
    items: page.items.map(
      (row): DocumentRow => ({
        ...row,
        type: row.type as DocumentListType,
        date: new Date(row.date).toISOString(),
        grossCents: row.grossCents === null ? null : Number(row.grossCents),
      }),
    ),
  }
}

const issuedColumns = {
  id: documents.id,
  kind: documents.kind,
  number: documents.number,
  issuedAt: documents.issuedAt,
  orderId: documents.orderId,
  orderNumber: customerOrders.number,
  pdfFileId: documents.pdfFileId,
  xmlFileId: documents.xmlFileId,
  grossCents: documents.grossCents,
  cancelsDocumentId: documents.cancelsDocumentId,
  correctsDocumentId: documents.correctsDocumentId,
}

type IssuedRow = {
  id: string
  kind: DocumentKind
  number: string
  issuedAt: Date
  orderId: string
  orderNumber: string
  pdfFileId: string | null
  xmlFileId: string | null
  grossCents: number
  cancelsDocumentId: string | null
  correctsDocumentId: string | null
}

/** Rows with the cross references of invoices and their cancellations filled in. */
function issuedDocumentsOf(rows: IssuedRow[]): IssuedDocument[] {
  const numberOf = new Map(rows.map((row) => [row.id, row.number]))
  const cancelledBy = new Map(
    rows.filter((row) => row.cancelsDocumentId).map((row) => [row.cancelsDocumentId, row.number]),
  )
  return rows.map(({ cancelsDocumentId, correctsDocumentId, issuedAt, ...row }) => ({
    ...row,
    issuedAt: issuedAt.toISOString(),
    cancelledBy: cancelledBy.get(row.id) ?? null,
    cancels: cancelsDocumentId ? (numberOf.get(cancelsDocumentId) ?? null) : null,
    corrects: correctsDocumentId ? (numberOf.get(correctsDocumentId) ?? null) : null,
  }))
}

/** The documents of one order and what may be issued for it now (the order page's card). */
export async function getOrderDocuments(
  actor: Actor,
  orderId: string,
  db: Database,
): Promise<OrderDocuments> {
  const reader = documentReaderOf(actor)
  if (!reader.seller) throw new ForbiddenError()
  const organisationId = reader.business.organisation.id
  if (!isUuid(orderId)) throw new NotFoundError(customerOrderNotFoundMessage)
  const [order] = await db
    .select({
      id: customerOrders.id,
      organisationId: customerOrders.organisationId,
      status: customerOrders.status,
      deliveryMethod: customerOrders.deliveryMethod,
      customerKind: customers.kind,
      eInvoiceFormat: customers.eInvoiceFormat,
      anonymisedAt: customers.anonymisedAt,
    })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(and(eq(customerOrders.id, orderId), eq(customerOrders.organisationId, organisationId)))
  if (!order) throw new NotFoundError(customerOrderNotFoundMessage)
  const rows = await db
    .select(issuedColumns)
    .from(documents)
    .innerJoin(customerOrders, eq(customerOrders.id, documents.orderId))
    .where(and(eq(documents.organisationId, organisationId), eq(documents.orderId, orderId)))
    .orderBy(desc(documents.issuedAt), desc(documents.number))
  const issued = issuedDocumentsOf(rows)
  const valid = await validInvoiceOf(db, order)
  const creditable = valid ? await creditableInvoiceOf(db, order) : null
  const credited = (creditable?.creditedGrossCents ?? 0) > 0
  const fresh = order.anonymisedAt === null
  const has = (kind: DocumentKind) => issued.some((document) => document.kind === kind)
  const inStatus = (statuses: readonly string[]) => statuses.includes(order.status)
  return {
    orderId,
    documents: issued,
    can: {
      invoice: fresh && !valid && invoiceRefusal(order, false) === null,
      advanceInvoice: fresh && !valid && invoiceRefusal(order, true) === null,
      // A partly credited invoice is corrected further by credit notes, not cancelled (ADR 057).
      cancellation: credited ? null : (valid?.number ?? null),
      credit:
        creditable && creditable.creditedGrossCents < creditable.grossCents ? creditable : null,
      deliveryNote: fresh && !has('delivery_note') && inStatus(deliveryNoteStatuses),
      orderConfirmation: fresh && !has('order_confirmation') && inStatus(orderConfirmationStatuses),
    },
    eInvoice: eInvoiceFormatOf({ kind: order.customerKind, eInvoiceFormat: order.eInvoiceFormat }),
  }
}

/** The documents issued to one customer, newest first (the customer page's card). */
export async function listCustomerDocuments(
  actor: Actor,
  customerId: string,
  db: Database,
): Promise<IssuedDocument[]> {
  const reader = documentReaderOf(actor)
  // A club's members get no documents; its member page shows an empty card.
  if (!reader.seller) return []
  const organisationId = reader.business.organisation.id
  if (!isUuid(customerId)) throw new NotFoundError('Diesen Kunden gibt es nicht.')
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.organisationId, organisationId)))
  if (!customer) throw new NotFoundError('Diesen Kunden gibt es nicht.')
  const rows = await db
    .select(issuedColumns)
    .from(documents)
    .innerJoin(customerOrders, eq(customerOrders.id, documents.orderId))
    .where(and(eq(documents.organisationId, organisationId), eq(documents.customerId, customerId)))
    .orderBy(desc(documents.issuedAt), desc(documents.number))
  return issuedDocumentsOf(rows)
}

/**
 * The stored PDF (or XRechnung XML) of an issued document: the bytes frozen at issue, the same on
 * every download. The browser fetches them through `/api/files/$id`; this is the same check for
 * callers that start from the document.
 */
export async function openDocumentFile(
  actor: Actor,
  documentId: string,
  format: 'pdf' | 'xml',
  db: Database,
): Promise<OpenedFile & { number: string }> {
  const reader = documentReaderOf(actor)
  if (!reader.seller || !isUuid(documentId)) throw new NotFoundError(documentNotFoundMessage)
  const [document] = await db
    .select({
      number: documents.number,
      pdfFileId: documents.pdfFileId,
      xmlFileId: documents.xmlFileId,
    })
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.organisationId, reader.business.organisation.id),
      ),
    )
  const fileId = format === 'pdf' ? document?.pdfFileId : document?.xmlFileId
  if (!document) throw new NotFoundError(documentNotFoundMessage)
  if (!fileId)
    throw new NotFoundError(
      format === 'pdf'
        ? `${deletedDocumentFileText} (${document.number}).`
        : documentNotFoundMessage,
    )
  return { ...(await openStoredFile(actor, fileId, db)), number: document.number }
}

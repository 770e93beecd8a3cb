import type { DocumentKind, EInvoiceFormat } from './customer-values'
import type { DocumentListType } from './document-lists'
import type { ListResult } from './list-query'

export * from './document-lists'

/** Labels, types and messages of issued documents shared by the pages and the services. */

export const documentTypeLabels: Record<DocumentListType, string> = {
  invoice: 'Rechnung',
  cancellation_invoice: 'Stornorechnung',
  delivery_note: 'Lieferschein',
  order_confirmation: 'Auftragsbestätigung',
  certificate: 'Analysezertifikat',
  prescription_scan: 'Rezept',
}

export const documentNotFoundMessage = 'Dieses Dokument gibt es nicht.'

/** One row of `/documents`. */
export interface DocumentRow {
  /** The document's id; for an upload the batch's (CoA) or the prescription's (scan). */
  id: string
  type: DocumentListType
  number: string
  /** ISO timestamp: issued, uploaded or received. */
  date: string
  /** Customer (issued documents, prescriptions) or supplier (CoAs). */
  partyName: string | null
  orderId: string | null
  orderNumber: string | null
  /** The batch a CoA belongs to. */
  batchId: string | null
  /** The PDF (or the uploaded scan) to download. */
  fileId: string
  /** Invoices to businesses: the XRechnung XML. */
  xmlFileId: string | null
  contentType: string
  /** Signed (a cancellation invoice is negative); null for uploads. */
  grossCents: number | null
}

export interface DocumentList extends ListResult<DocumentRow> {
  /** Clubs see only their CoAs: the type filter offers just those. */
  types: DocumentListType[]
}

/** An issued document as the order's and the customer's pages list it. */
export interface IssuedDocument {
  id: string
  kind: DocumentKind
  number: string
  issuedAt: string
  orderId: string
  orderNumber: string
  pdfFileId: string
  xmlFileId: string | null
  grossCents: number
  /** An invoice: the cancellation invoice that reverses it, if any. */
  cancelledBy: string | null
  /** A cancellation invoice: the number of the invoice it reverses. */
  cancels: string | null
}

/** What may be issued for an order now; each null or the reason it cannot (for the buttons). */
export interface OrderDocumentActions {
  invoice: boolean
  /** The valid (not cancelled) invoice a Storno would reverse. */
  cancellation: string | null
  deliveryNote: boolean
  orderConfirmation: boolean
}

export interface OrderDocuments {
  orderId: string
  documents: IssuedDocument[]
  can: OrderDocumentActions
  /** The e-invoice an invoice to this customer goes out as; null: a PDF only. */
  eInvoice: EInvoiceFormat | null
}

/** File names the browser saves a document as. */
export const documentFileName = (number: string, format: 'pdf' | 'xml') =>
  format === 'pdf' ? `${number}.pdf` : `${number}-xrechnung.xml`

/**
 * Order states a document may be issued in. An invoice needs the goods picked (ready, shipped
 * or completed): then the batches and the delivery date (§ 14 Abs. 4 Nr. 6 UStG) are known; a
 * confirmed order gets an order confirmation instead. A cancellation invoice may follow in any
 * state, a cancelled order included — that is what it is for.
 */
export const invoiceStatuses = ['ready', 'shipped', 'completed'] as const
export const deliveryNoteStatuses = ['ready', 'shipped', 'completed'] as const
export const orderConfirmationStatuses = ['confirmed', 'ready', 'shipped', 'completed'] as const

export const invoiceExistsMessage = (number: string) =>
  `Für diese Bestellung gibt es bereits die Rechnung ${number}. Stornieren Sie diese zuerst, dann lässt sich eine neue ausstellen.`
export const documentExistsMessage = (label: string, number: string) =>
  `Für diese Bestellung gibt es bereits den ${label} ${number}.`
export const orderConfirmationExistsMessage = (number: string) =>
  `Für diese Bestellung gibt es bereits die Auftragsbestätigung ${number}.`
export const noInvoiceToCancelMessage =
  'Für diese Bestellung gibt es keine gültige Rechnung, die sich stornieren ließe.'
export const anonymisedCustomerMessage =
  'Der Kunde ist anonymisiert: Für ihn lassen sich keine neuen Dokumente mehr ausstellen (eine Stornorechnung schon).'
export const wrongStatusMessage = (label: string, statusLabel: string) =>
  `Eine ${label} lässt sich für eine Bestellung im Status „${statusLabel}“ nicht ausstellen.`

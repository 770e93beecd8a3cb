import type {
  CustomerOrderStatus,
  DeliveryMethod,
  DocumentKind,
  EInvoiceFormat,
} from './customer-enums'
import { customerOrderStatusLabels } from './customer-orders'
import type { DocumentListType } from './document-lists'
import type { ListResult } from './list-query'
import type { SalesUnit, VatRate } from './products'

export * from './document-lists'

/** Labels, types and messages of issued documents shared by the pages and the services. */

export const documentTypeLabels: Record<DocumentListType, string> = {
  invoice: 'Rechnung',
  cancellation_invoice: 'Stornorechnung',
  delivery_note: 'Lieferschein',
  order_confirmation: 'Auftragsbestätigung',
  credit_note: 'Rechnungskorrektur',
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
  /** The PDF (or the uploaded scan) to download; null once deleted after its period (ADR 076). */
  fileId: string | null
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
  /** Null once the retention job deleted it after the period (ADR 076). */
  pdfFileId: string | null
  xmlFileId: string | null
  grossCents: number
  /** An invoice: the cancellation invoice that reverses it, if any. */
  cancelledBy: string | null
  /** A cancellation invoice: the number of the invoice it reverses. */
  cancels: string | null
  /** A credit note: the number of the invoice it corrects in part. */
  corrects: string | null
}

/** One invoice line as the credit dialog offers it: what is left of it after earlier credits. */
export interface CreditableLine {
  position: number
  name: string
  quantity: number
  salesUnit: SalesUnit
  unitNetCents: number
  vatRate: VatRate
  /** Goods (may be returned) or a fee (price correction only). */
  goods: boolean
  quantityLeft: number
  netLeftCents: number
}

export interface CreditableInvoice {
  invoiceNumber: string
  invoiceDate: string
  grossCents: number
  /** What earlier credit notes credited, positive. */
  creditedGrossCents: number
  lines: CreditableLine[]
}

/** What may be issued for an order now; each null or the reason it cannot (for the buttons). */
export interface OrderDocumentActions {
  /** An invoice: the goods have left (ADR 055). */
  invoice: boolean
  /** An advance invoice ("Vorausrechnung"): confirmed, the goods not yet gone. */
  advanceInvoice: boolean
  /** The valid (not cancelled, not partly credited) invoice a Storno would reverse. */
  cancellation: string | null
  /** The valid invoice with something left to credit, and what is left of each line. */
  credit: CreditableInvoice | null
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
 * Order states a document may be issued in. An invoice is issued when the goods leave (ADR 055,
 * `invoiceRefusal`), before that only as an advance invoice; a delivery note needs the goods
 * picked. A cancellation invoice may follow in any state, a cancelled order included — that is
 * what it is for.
 */
export const invoiceStatuses = ['confirmed', 'ready', 'shipped', 'completed'] as const
export const deliveryNoteStatuses = ['ready', 'shipped', 'completed'] as const
export const orderConfirmationStatuses = ['confirmed', 'ready', 'shipped', 'completed'] as const

export const invoiceExistsMessage = (number: string) =>
  `Für diese Bestellung gibt es bereits die Rechnung ${number}. Storniere sie zuerst, dann lässt sich eine neue ausstellen.`
export const documentExistsMessage = (label: string, number: string) =>
  `Für diese Bestellung gibt es bereits den ${label} ${number}.`
export const orderConfirmationExistsMessage = (number: string) =>
  `Für diese Bestellung gibt es bereits die Auftragsbestätigung ${number}.`
export const noInvoiceToCancelMessage =
  'Für diese Bestellung gibt es keine gültige Rechnung, die sich stornieren ließe.'
export const creditedInvoiceMessage =
  'Diese Rechnung ist bereits teilweise korrigiert: Ein Storno würde die Korrekturen doppelt gutschreiben. Korrigiere den Rest mit einer weiteren Rechnungskorrektur.'
export const noInvoiceToCreditMessage =
  'Für diese Bestellung gibt es keine gültige Rechnung, die sich korrigieren ließe.'
export const anonymisedCustomerMessage =
  'Der Kunde ist anonymisiert oder gesperrt: Für ihn lassen sich keine neuen Dokumente mehr ausstellen (eine Stornorechnung schon).'
export const wrongStatusMessage = (label: string, statusLabel: string) =>
  `Eine ${label} lässt sich für eine Bestellung im Status „${statusLabel}“ nicht ausstellen.`

/**
 * Whether the goods of an order have left the house (§ 3 Abs. 6 UStG): a pickup at its hand-over
 * (completion), a courier or shipping order when dispatched.
 */
export const goodsHaveLeft = (order: {
  status: CustomerOrderStatus
  deliveryMethod: DeliveryMethod
}) =>
  order.deliveryMethod === 'pickup'
    ? order.status === 'completed'
    : order.status === 'shipped' || order.status === 'completed'

/**
 * Why an invoice (or, with `advance`, an advance invoice) may not be issued for an order now;
 * null when it may. The product rule (ADR 055): an invoice is issued when the goods leave — its
 * delivery date is then known — or explicitly as an advance invoice before that.
 */
export function invoiceRefusal(
  order: { status: CustomerOrderStatus; deliveryMethod: DeliveryMethod },
  advance: boolean,
): string | null {
  if (!(invoiceStatuses as readonly string[]).includes(order.status))
    return wrongStatusMessage(
      advance ? 'Vorausrechnung' : 'Rechnung',
      customerOrderStatusLabels[order.status],
    )
  const left = goodsHaveLeft(order)
  if (advance && left)
    return 'Die Ware hat das Haus bereits verlassen: Stelle eine Rechnung aus, keine Vorausrechnung.'
  if (!advance && !left)
    return order.deliveryMethod === 'pickup'
      ? 'Die Ware ist noch nicht übergeben: Eine Rechnung entsteht mit der Übergabe (Abschließen der Bestellung). Soll der Kunde vorab zahlen, stelle ausdrücklich eine Vorausrechnung aus.'
      : 'Die Ware ist noch nicht versandt: Eine Rechnung entsteht mit dem Versand. Soll der Kunde vorab zahlen, stelle ausdrücklich eine Vorausrechnung aus.'
  return null
}

/** Where a document's PDF was: the retention job deleted it after the period (ADR 076). */
export const deletedDocumentFileText = 'PDF nach Ablauf der Aufbewahrungsfrist gelöscht'

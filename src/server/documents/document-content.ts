import type { EInvoiceFormat, PaymentMeans } from '../../lib/customer-enums'
import { deliveryFeeParts, deliveryFeeVatRate } from '../../lib/customer-orders'
import type { LegalIdentity } from '../../lib/legal-forms'
import {
  lineAmountCents,
  type PriceBasis,
  totalsOfAmounts,
  unitAmountCents,
} from '../../lib/prices'
import { lineTotalCents, type SalesUnit, type VatRate } from '../../lib/products'

/**
 * Everything a generated document shows, frozen at the moment it is issued (ADR 022). The
 * renderers in `render/` turn exactly this into bytes and read nothing else — no clock, no
 * database — so the same content always gives the same bytes, and an issued invoice can be
 * rendered again from its stored content for an e-invoice without drifting from its PDF.
 *
 * Money is in integer cents; a cancellation invoice carries negative amounts (its e-invoice is a
 * credit note with the same amounts positive, ADR 054). Dates are calendar
 * days as `YYYY-MM-DD` (German time already applied by whoever froze the content).
 */

export const documentKinds = [
  'invoice',
  'cancellation_invoice',
  'delivery_note',
  'order_confirmation',
  'credit_note',
] as const
export type DocumentKind = (typeof documentKinds)[number]

export const documentKindLabels: Record<DocumentKind, string> = {
  invoice: 'Rechnung',
  cancellation_invoice: 'Stornorechnung',
  delivery_note: 'Lieferschein',
  order_confirmation: 'Auftragsbestätigung',
  credit_note: 'Rechnungskorrektur',
}

export interface DocumentAddress {
  street: string
  postalCode: string
  city: string
  /** ISO 3166-1 alpha-2, `DE` for Germany (not printed for domestic letters, DIN 5008). */
  country: string
}

/** The issuing organisation's letterhead (organisation record, ADR 022). */
export interface DocumentSeller {
  name: string
  address: DocumentAddress
  /** Steuernummer; § 14 UStG needs it or the VAT id. */
  taxNumber: string | null
  /** USt-IdNr., e.g. `DE123456789`. */
  vatId: string | null
  iban: string | null
  bic: string | null
  bankName: string | null
  email: string | null
  phone: string | null
  website: string | null
  /**
   * Legal form, register and managers, printed in the footer where the form's law asks for them
   * (§ 37a, § 125a HGB, § 35a GmbHG, § 80 AktG, § 25a GenG); the e-invoice's BT-30 and BT-33.
   * Null: not stated (and in documents issued before it was kept).
   */
  legal: LegalIdentity | null
  /** The organisation's logo, PNG or JPEG bytes (the type is read from the bytes). */
  logo: Uint8Array | null
  /**
   * A wholesaler's or producer's permits as printed on its delivery notes (MedCanG, § 52a or
   * § 13 AMG), e.g. `Großhandelserlaubnis nach § 52a AMG: HB-52a-0042, Senator für Gesundheit`.
   * Absent in documents issued before they were kept.
   */
  licences?: string[]
}

export interface DocumentRecipient {
  kind: 'person' | 'business'
  name: string
  /** Contact person of a business ("z. Hd. …"). */
  contactName: string | null
  address: DocumentAddress
  /** USt-IdNr. of a business recipient. */
  vatId: string | null
  customerNumber: string | null
  email: string | null
  /** Where an e-invoice goes (Leitweg-ID or e-mail); the buyer reference of XRechnung. */
  eInvoiceAddress: string | null
}

export interface DocumentBatch {
  number: string
  /** "10 g", "2 Packungen" — the part of the line taken from this batch. */
  quantityText: string
  expiryDate: string | null
}

export interface DocumentItem {
  position: number
  name: string
  pzn: string | null
  /** Number of sales units (negative on a cancellation invoice). */
  quantity: number
  salesUnit: SalesUnit
  unitNetCents: number
  vatRate: VatRate
  /** unitNetCents × quantity. */
  lineNetCents: number
  /**
   * A gross-priced document's (ADR 056) unit and line gross as printed; null when net-priced.
   * The line gross is unit gross × quantity, the sums come from these.
   */
  unitGrossCents: number | null
  lineGrossCents: number | null
  /** Picked batches (delivery notes; invoices may show them too). */
  batches: DocumentBatch[]
  /**
   * A credit note's price correction of the line (ADR 057): one unit of `unitNetCents` credited,
   * no goods. Absent on other documents.
   */
  priceCorrection?: boolean
}

/**
 * Why the 0 % lines of an invoice carry no VAT (§ 14 Abs. 4 Nr. 8 UStG): the EN 16931 VAT
 * category (BT-118/BT-151) and the exemption reason text and code (BT-120/BT-121, VATEX).
 */
export interface DocumentVatExemption {
  /** E: exempt (§ 19 UStG small business), K: intra-community supply, G: export outside the EU. */
  category: 'E' | 'K' | 'G'
  reason: string
  code: string | null
}

export interface DocumentVatLine {
  rate: VatRate
  netCents: number
  vatCents: number
}

export interface DocumentTotals {
  /** One line per VAT rate that occurs, highest rate first. */
  byRate: DocumentVatLine[]
  netCents: number
  vatCents: number
  grossCents: number
}

/** A statutory prescription (§ 61 SGB V): what the patient pays and what the insurer is billed. */
export interface DocumentPrescriptionShare {
  insurerName: string
  coPaymentCents: number
  insurerShareCents: number
  /** Exempt from co-payment (Befreiungsbescheinigung). */
  exempt: boolean
}

/**
 * How an invoice is paid, frozen at issue (ADR 055): paid already (how, when, the till receipt),
 * due by bank transfer (to the seller's account, by `dueDate`, quoting the invoice number), or
 * due at the pickup (an advance invoice of a pay-at-pickup order). `none`: the document asks for
 * no payment (delivery note, order confirmation, cancellation invoice).
 */
export type DocumentPayment =
  | {
      kind: 'paid'
      means: PaymentMeans | null
      /** `YYYY-MM-DD`; null for payments recorded before ADR 055. */
      paidOn: string | null
      tillReceiptNumber: string | null
    }
  | { kind: 'transfer' }
  | { kind: 'at_pickup' }
  | { kind: 'none' }

export interface DocumentContent {
  kind: DocumentKind
  /** RE-2026-00001, LS-…, AB-… */
  number: string
  issueDate: string
  /**
   * Date of delivery (§ 14 Abs. 4 Nr. 6 UStG, § 3 Abs. 6 UStG): the hand-over of a pickup, the
   * day of dispatch of a courier or shipping order. Null: the same day as issueDate, or — on an
   * advance invoice — not yet known.
   */
  deliveryDate: string | null
  /** An advance invoice ("Vorausrechnung"): issued before the goods left, and marked so (ADR 055). */
  advanceInvoice: boolean
  /** The seller's own order number (the e-invoice's sales order reference, BT-14). */
  orderNumber: string | null
  orderDate: string | null
  /** The buyer's own order number (BT-13): the purchase order an order between organisations answers. */
  buyerOrderReference: string | null
  seller: DocumentSeller
  recipient: DocumentRecipient
  /** Gross prices for a patient, net for a business (ADR 056); issued before it: net. */
  priceBasis: PriceBasis
  items: DocumentItem[]
  totals: DocumentTotals
  /** What the payment statement says (`payment-statement.ts`, ADR 055). */
  payment: DocumentPayment
  /** A transfer's due date. */
  dueDate: string | null
  /** What the buyer has paid already: a paid order's total less an insurer's share, else 0. */
  paidCents: number
  /** Set when a line is at 0 %; every 0 % line carries this exemption, every other line VAT (S). */
  vatExemption: DocumentVatExemption | null
  /** An invoice to a business goes out as this e-invoice (ADR 054); null: a PDF only. */
  eInvoiceFormat: EInvoiceFormat | null
  notes: string | null
  prescription: DocumentPrescriptionShare | null
  /** The invoice a cancellation invoice reverses; set only for `cancellation_invoice`. */
  cancels: { number: string; issueDate: string } | null
  /**
   * The invoice a credit note corrects in part (ADR 057); set only for `credit_note`. Absent in
   * documents issued before credit notes existed.
   */
  corrects: { number: string; issueDate: string } | null
  /** A credit note: returned goods or a price correction (the wording of its PDF). */
  creditReason: CreditReason | null
}

/** "12.11.2026" from "2026-11-12": the content's calendar days need no time zone. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}.${month}.${year}`
}

/** Groups of four, as IBANs are printed: "DE89 3704 0044 0532 0130 00". */
export const formatIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim()
export const creditReasons = ['return', 'price_correction'] as const
export type CreditReason = (typeof creditReasons)[number]

/** Documents that credit the buyer: their amounts are negative here and positive in the e-invoice. */
export const isCreditDocument = (kind: DocumentKind) =>
  kind === 'cancellation_invoice' || kind === 'credit_note'

/** The invoice a Storno or credit note refers to (BG-3, § 31 Abs. 5 UStDV). */
export const precedingInvoiceOf = (content: Pick<DocumentContent, 'cancels' | 'corrects'>) =>
  content.cancels ?? content.corrects

/**
 * Totals of a document's lines in its price basis (ADR 056, `src/lib/prices.ts`): gross lines
 * summed per rate with the VAT taken out once, or net lines with the VAT added once. A negative
 * rate total (cancellation) is rounded like its positive twin and negated, so a Storno mirrors
 * its invoice to the cent.
 */
export function documentTotals(
  items: readonly Pick<DocumentItem, 'lineNetCents' | 'lineGrossCents' | 'vatRate'>[],
  basis: PriceBasis,
): DocumentTotals {
  const totals = totalsOfAmounts(
    items.map((item) => ({
      rate: item.vatRate,
      amountCents: basis === 'gross' ? (item.lineGrossCents ?? 0) : item.lineNetCents,
    })),
    basis,
  )
  return {
    byRate: totals.byRate.map(({ rate, netCents, vatCents }) => ({ rate, netCents, vatCents })),
    netCents: totals.netCents,
    vatCents: totals.vatCents,
    grossCents: totals.grossCents,
  }
}

/** A line's net from its unit price and quantity (integers, ADR 014). */
export const documentLineNetCents = (unitNetCents: number, quantity: number): number =>
  lineTotalCents(unitNetCents, quantity)

/** A document line of an order line, priced in the order's basis (ADR 056). */
export function documentItemOf(
  line: Pick<DocumentItem, 'position' | 'name' | 'pzn' | 'quantity' | 'salesUnit' | 'vatRate'> & {
    unitPriceCents: number
  },
  basis: PriceBasis,
  batches: DocumentBatch[],
): DocumentItem {
  const gross = basis === 'gross'
  return {
    position: line.position,
    name: line.name,
    pzn: line.pzn,
    quantity: line.quantity,
    salesUnit: line.salesUnit,
    unitNetCents: line.unitPriceCents,
    vatRate: line.vatRate,
    lineNetCents: documentLineNetCents(line.unitPriceCents, line.quantity),
    unitGrossCents: gross ? unitAmountCents(line.unitPriceCents, line.vatRate, 'gross') : null,
    lineGrossCents: gross ? lineAmountCents(line, 'gross') : null,
    batches,
  }
}

/**
 * A delivery fee (gross cents, standard rate) as a document line: gross-priced the fee itself,
 * net-priced its net part — as `orderTotalsWithFee` counts it, so document and order agree.
 */
export function deliveryFeeDocumentItem(
  feeCents: number,
  name: string,
  position: number,
  basis: PriceBasis,
): DocumentItem {
  const { netCents } = deliveryFeeParts(feeCents)
  const gross = basis === 'gross' ? feeCents : null
  return {
    position,
    name,
    pzn: null,
    quantity: 1,
    salesUnit: 'pack',
    unitNetCents: netCents,
    vatRate: deliveryFeeVatRate,
    lineNetCents: netCents,
    unitGrossCents: gross,
    lineGrossCents: gross,
    batches: [],
  }
}

/**
 * The cancellation invoice of an issued invoice: same lines with negated quantities and amounts,
 * referring to the original. Issued invoices are never edited (§ 14 UStG, GoBD).
 */
export function cancellationContent(
  original: DocumentContent,
  cancellation: { number: string; issueDate: string; notes: string | null },
): DocumentContent {
  if (original.kind !== 'invoice') throw new Error('Only an invoice can be cancelled')
  const items = original.items.map((item) => ({
    ...item,
    quantity: -item.quantity,
    lineNetCents: -item.lineNetCents,
    lineGrossCents: item.lineGrossCents === null ? null : -item.lineGrossCents,
  }))
  return {
    ...original,
    kind: 'cancellation_invoice',
    // A Storno reverses whatever the original was; it is no advance invoice itself.
    advanceInvoice: false,
    number: cancellation.number,
    issueDate: cancellation.issueDate,
    items,
    // Exactly the original's amounts reversed (an order's delivery fee included).
    totals: {
      byRate: original.totals.byRate.map((line) => ({
        ...line,
        netCents: -line.netCents,
        vatCents: -line.vatCents,
      })),
      netCents: -original.totals.netCents,
      vatCents: -original.totals.vatCents,
      grossCents: -original.totals.grossCents,
    },
    payment: { kind: 'none' },
    dueDate: null,
    // A credit note asks for no money and was paid nothing: it reverses the invoice.
    paidCents: 0,
    notes: cancellation.notes,
    prescription: original.prescription && {
      ...original.prescription,
      coPaymentCents: -original.prescription.coPaymentCents,
      insurerShareCents: -original.prescription.insurerShareCents,
    },
    cancels: { number: original.number, issueDate: original.issueDate },
  }
}

/** Fields added to the content after documents had been issued (ADR 054–057): absent in older rows. */
type LaterContentFields =
  | 'buyerOrderReference'
  | 'paidCents'
  | 'vatExemption'
  | 'eInvoiceFormat'
  | 'payment'
  | 'advanceInvoice'
  | 'corrects'
  | 'creditReason'
  | 'priceBasis'

/**
 * `DocumentContent` as it is stored (jsonb): the logo as base64, everything else as is. Rows
 * issued before ADR 055 carry their payment text as `paymentTerms` instead of `payment`.
 */
export type StoredDocumentContent = Omit<DocumentContent, 'seller' | LaterContentFields> &
  Partial<Pick<DocumentContent, LaterContentFields>> & {
    seller: Omit<DocumentSeller, 'logo' | 'legal'> & {
      logo: string | null
      legal?: LegalIdentity | null
    }
    paymentTerms?: string | null
  }

/** The payment of a row stored before ADR 055: paid when it says so, else a transfer when due. */
function earlierPaymentOf(stored: StoredDocumentContent): DocumentPayment {
  if (stored.kind !== 'invoice') return { kind: 'none' }
  if ((stored.paidCents ?? 0) > 0 || stored.paymentTerms?.includes('beglichen'))
    return { kind: 'paid', means: null, paidOn: null, tillReceiptNumber: null }
  return stored.dueDate ? { kind: 'transfer' } : { kind: 'none' }
}

/**
 * The frozen form of a document's content for its row. Stored once when the document is issued;
 * `documentContentOf` gives back exactly what was rendered, so a later e-invoice or a check
 * renders the same bytes.
 */
export function storedDocumentContent(content: DocumentContent): StoredDocumentContent {
  const { logo, ...seller } = content.seller
  return {
    ...content,
    seller: { ...seller, logo: logo ? Buffer.from(logo).toString('base64') : null },
  }
}

export function documentContentOf(stored: StoredDocumentContent): DocumentContent {
  const { logo, ...seller } = stored.seller
  const { paymentTerms: _earlierText, ...content } = stored
  const payment = stored.payment ?? earlierPaymentOf(stored)
  // Rows older than ADR 054 said "paid" in words only: the patient's share was what they paid.
  const earlierPaid =
    payment.kind === 'paid'
      ? stored.totals.grossCents - (stored.prescription?.insurerShareCents ?? 0)
      : 0
  return {
    ...content,
    payment,
    advanceInvoice: stored.advanceInvoice ?? false,
    buyerOrderReference: stored.buyerOrderReference ?? null,
    paidCents: stored.paidCents ?? earlierPaid,
    vatExemption: stored.vatExemption ?? null,
    eInvoiceFormat: stored.eInvoiceFormat ?? null,
    corrects: stored.corrects ?? null,
    creditReason: stored.creditReason ?? null,
    priceBasis: stored.priceBasis ?? 'net',
    items: stored.items.map((item) => ({
      ...item,
      unitGrossCents: item.unitGrossCents ?? null,
      lineGrossCents: item.lineGrossCents ?? null,
    })),
    seller: {
      ...seller,
      legal: seller.legal ?? null,
      logo: logo ? new Uint8Array(Buffer.from(logo, 'base64')) : null,
    },
  }
}

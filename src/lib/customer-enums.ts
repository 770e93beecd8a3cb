/**
 * The values customers and customer orders are stored with: the enums of their tables and the
 * list filters. Apart from the labels and types in `customers.ts` / `customer-orders.ts` because
 * the schema modules and the list routes import them (ADR 013): this stays small.
 */

/** A person with a prescription, a company (pharmacy, practice, …) or a club member. */
export const customerKinds = ['patient', 'business', 'member'] as const
export type CustomerKind = (typeof customerKinds)[number]

/**
 * The e-invoice a business customer receives (§ 14 UStG, ADR 054): XRechnung (CII XML), or
 * ZUGFeRD / Factur-X in profile EN 16931 (a PDF with the XML embedded) for customers who want a PDF.
 */
export const eInvoiceFormats = ['xrechnung', 'zugferd'] as const
export type EInvoiceFormat = (typeof eInvoiceFormats)[number]

/**
 * The licence a business customer of a wholesaler or producer holds (§ 47 AMG, MedCanG § 4): a
 * pharmacy's operating licence (§ 1 ApoG), a wholesale licence (§ 52a AMG) or a manufacturing
 * licence (§ 13 AMG); the latter two come with a permit under the MedCanG.
 */
export const licenceTypes = ['pharmacy', 'wholesale', 'manufacturing'] as const
export type LicenceType = (typeof licenceTypes)[number]

/** Who pays for a prescription (a patient's usual payer; the prescription says it again). */
export const payerKinds = ['statutory', 'private', 'self_pay'] as const
export type PayerKind = (typeof payerKinds)[number]

/** What form a prescription has: Muster 16 / private form on paper, or an e-Rezept. */
export const prescriptionForms = ['paper', 'e_rezept'] as const
export type PrescriptionForm = (typeof prescriptionForms)[number]

/**
 * The preparation the prescription asks for, which the label's form of use states (§ 14 ApBetrO):
 * flowers unground, ground (NRF 22.12.), in single doses (NRF 22.13.), for tea (NRF 22.14.) or tea
 * in single doses (NRF 22.15.); or an extract.
 */
export const prescribedPreparations = [
  'unground',
  'ground',
  'single_doses',
  'tea',
  'tea_single_doses',
  'extract',
] as const
export type PrescribedPreparation = (typeof prescribedPreparations)[number]

/**
 * How a shop customer hands in the prescription of an order: a scan uploaded at checkout, the
 * token of an e-Rezept, or the original shown at pickup / sent by post.
 */
export const prescriptionEvidenceKinds = [
  'upload',
  'e_rezept',
  'original_at_pickup',
  'original_by_post',
] as const
export type PrescriptionEvidenceKind = (typeof prescriptionEvidenceKinds)[number]

export const customerOrderStatuses = [
  'new',
  'confirmed',
  'ready',
  'shipped',
  'completed',
  'cancelled',
  'expired',
] as const
export type CustomerOrderStatus = (typeof customerOrderStatuses)[number]

export const paymentStatuses = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/**
 * How a paid order was paid (ADR 055): cash or card at the pharmacy's till (its TSE-signed receipt
 * is the record, § 146a AO), a bank transfer, or online through Mollie.
 */
export const paymentMeans = ['cash', 'card', 'transfer', 'online'] as const
export type PaymentMeans = (typeof paymentMeans)[number]

/** Who recorded a payment of an order: the hand-over at the till, Mollie, a bank statement, a person. */
export const orderPaymentSources = ['till', 'mollie', 'bank_statement', 'manual'] as const
export type OrderPaymentSource = (typeof orderPaymentSources)[number]

/** Where the order came from: entered at the desk, the tenant's shop, or a buyer's purchase order. */
export const orderChannels = ['back_office', 'shop', 'purchase_order'] as const
export type OrderChannel = (typeof orderChannels)[number]

/** An order to fulfil, or a hold without payment (the shop's Rezeptkonfigurator reserves). */
export const orderTypes = ['order', 'reservation'] as const
export type OrderType = (typeof orderTypes)[number]

/** Configurable per tenant later (a mail-order ban would remove `shipping`, domain.md). */
export const deliveryMethods = ['pickup', 'courier', 'shipping'] as const
export type DeliveryMethod = (typeof deliveryMethods)[number]

/** What a timeline entry of an order records. */
export const orderEventKinds = [
  'created',
  'updated',
  'confirmed',
  'ready',
  'shipped',
  'completed',
  'cancelled',
  'expired',
  'payment_changed',
  'prescription_recorded',
  'prescription_checked',
  'prescription_original',
  'document_issued',
  'payment_reminded',
] as const
export type OrderEventKind = (typeof orderEventKinds)[number]

/** Documents an organisation issues for an order (uploads such as CoAs are stored files). */
export const documentKinds = [
  'invoice',
  'cancellation_invoice',
  'delivery_note',
  'order_confirmation',
  'credit_note',
] as const
export type DocumentKind = (typeof documentKinds)[number]

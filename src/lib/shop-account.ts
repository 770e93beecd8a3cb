import {
  type CustomerOrderStatus,
  type DeliveryMethod,
  type OrderEventKind,
  type OrderType,
  type PayerKind,
  type PaymentStatus,
  type PrescriptionEvidenceKind,
  refusedActionMessage,
} from './customer-orders'
import type { TransferInstructions } from './payments'
import type { SalesUnit, VatRate } from './products'
import type { ShopPaymentMethod } from './shop'
import type { OrderWithdrawalView } from './withdrawal'

/**
 * A shop customer's account and own orders as the account pages show them: the words and shapes shared by the
 * pages and the services. No zod here — the pages import it before they hydrate (ADR 013).
 */

/** Orders per page of "Meine Bestellungen". */
export const shopOrdersPageSize = 10

/** The reason the order records when its customer cancels it in the shop. */
export const customerCancelReason = 'Vom Kunden storniert'

export const notCancellableMessage =
  'Diese Bestellung lässt sich nicht mehr online stornieren. Bitte wenden Sie sich an die Apotheke.'

/** A customer may cancel only what the pharmacy has not started on and nobody has paid yet. */
export const customerMayCancel = (order: {
  status: CustomerOrderStatus
  paymentStatus: PaymentStatus
  deliveryMethod: DeliveryMethod
}) =>
  order.status === 'new' &&
  order.paymentStatus === 'unpaid' &&
  refusedActionMessage('cancel', order.status, order.deliveryMethod, 'shop') === null

/** Who pays, in the customer's words (the back-office's labels carry the abbreviations). */
export const customerPayerLabels: Record<PayerKind, string> = {
  statutory: 'Gesetzliche Krankenversicherung',
  private: 'Private Krankenversicherung',
  self_pay: 'Selbstzahler',
}

/** The timeline of an order in the customer's words: what happened, never who at the pharmacy. */
export function customerEventText(
  kind: OrderEventKind,
  type: OrderType,
  detail: string | null,
): string {
  const what = type === 'reservation' ? 'Reservierung' : 'Bestellung'
  switch (kind) {
    case 'created':
      return `${what} eingegangen`
    case 'updated':
      return `${what} von der Apotheke angepasst`
    case 'confirmed':
      return `${what} von der Apotheke bestätigt`
    case 'ready':
      return 'Zur Abholung bereit'
    case 'shipped':
      return 'Versandt'
    case 'completed':
      return 'Abgeschlossen'
    case 'cancelled':
      return detail ? `Storniert: ${detail}` : 'Storniert'
    case 'expired':
      return `${what} abgelaufen, die Ware ist wieder freigegeben`
    case 'payment_changed':
      return detail ? `Zahlungsstatus: ${detail}` : 'Zahlungsstatus geändert'
    case 'prescription_recorded':
      return 'Rezept erfasst'
    case 'prescription_checked':
      return 'Rezept von der Apotheke geprüft'
    case 'prescription_original':
      // The detail is the label of what was recorded (paper original or redeemed e-Rezept).
      return detail ?? 'Rezept vermerkt'
    case 'document_issued':
      return detail ? `Dokument erstellt: ${detail}` : 'Dokument erstellt'
    case 'payment_reminded':
      return 'Zahlungserinnerung gesendet'
  }
}

export interface ShopOrderRow {
  id: string
  number: string
  type: OrderType
  status: CustomerOrderStatus
  paymentStatus: PaymentStatus
  itemCount: number
  /** What the patient pays: the total less a statutory insurer's share (the co-payment). */
  customerShareCents: number
  createdAt: string
}

export interface ShopOrderList {
  items: ShopOrderRow[]
  total: number
  /** The page shown, clamped to the last one. */
  page: number
  pageSize: number
}

export interface ShopOrderAddress {
  name: string | null
  street: string | null
  postalCode: string | null
  city: string | null
  country: string | null
}

export interface ShopOrderDetail {
  id: string
  number: string
  type: OrderType
  status: CustomerOrderStatus
  paymentStatus: PaymentStatus
  paymentMethod: ShopPaymentMethod | null
  deliveryMethod: DeliveryMethod
  delivery: ShopOrderAddress
  billing: ShopOrderAddress | null
  items: {
    id: string
    name: string
    salesUnit: SalesUnit
    quantity: number
    unitPriceCents: number
    vatRate: VatRate
    grossCents: number
    requiresPrescription: boolean
    copaymentCents: number
  }[]
  netCents: number
  vatCents: number
  grossCents: number
  deliveryFeeCents: number
  copaymentCents: number
  insurerCents: number
  evidence: { payer: PayerKind; kind: PrescriptionEvidenceKind } | null
  timeline: { id: string; text: string; at: string }[]
  /** The valid invoice, once one is issued; `pdf` false once deleted after its period (ADR 076). */
  invoice: { number: string; issuedAt: string; pdf: boolean } | null
  cancelReason: string | null
  expiresAt: string | null
  createdAt: string
  canCancel: boolean
  /** Online payment may be started (again): "Jetzt bezahlen" / "Erneut bezahlen". */
  canPay: boolean
  /** The right of withdrawal per line, and the function "Vertrag widerrufen" (ADR 067). */
  withdrawal: OrderWithdrawalView
  /** Bank transfer still to pay: account, amount owed and reference (`transferInstructionsOf`). */
  transfer: TransferInstructions | null
}

/** What a shop customer may download of an order: the PDF of its valid invoice. */
export const shopInvoicePath = (orderId: string) => `/api/shop_users/orders/${orderId}/invoice`
export const shopExportPath = '/api/shop_users/export'

export interface ShopProfile {
  name: string
  email: string
  phone: string | null
  birthDate: string | null
  createdAt: string
  /** A new address waiting for its confirmation link to be used. */
  pendingEmail: string | null
}

export interface ShopAccountAddress {
  name: string
  addition: string | null
  street: string
  postalCode: string
  city: string
  country: string
}

export interface ShopAccountOverview {
  profile: ShopProfile
  recentOrders: ShopOrderRow[]
  orderCount: number
  defaultAddress: ShopAccountAddress | null
}

/** The data export (Art. 15, 20 DSGVO) as the JSON download carries it. */
export interface ShopAccountExport {
  exportedAt: string
  shop: string
  account: {
    name: string
    email: string
    phone: string | null
    birthDate: string | null
    emailConfirmedAt: string | null
    createdAt: string
  }
  consents: { kind: 'privacy_policy'; at: string | null; version: string | null }[]
  addresses: (ShopAccountAddress & { defaultBilling: boolean; defaultShipping: boolean })[]
  orders: {
    number: string
    type: OrderType
    status: CustomerOrderStatus
    paymentStatus: PaymentStatus
    paymentMethod: ShopPaymentMethod | null
    createdAt: string
    deliveryMethod: DeliveryMethod
    delivery: ShopOrderAddress
    billing: ShopOrderAddress
    netCents: number
    vatCents: number
    grossCents: number
    deliveryFeeCents: number
    copaymentCents: number
    insurerCents: number
    cancelReason: string | null
    items: {
      name: string
      pzn: string | null
      quantity: number
      salesUnit: SalesUnit
      unitPriceCents: number
      vatRate: VatRate
      copaymentCents: number
    }[]
  }[]
}

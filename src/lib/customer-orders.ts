import type {
  CustomerOrderStatus,
  DeliveryMethod,
  OrderChannel,
  OrderType,
  PaymentStatus,
  PrescriptionForm,
} from './customer-values'

/**
 * Customer orders: the words and values shared by the pages and the services. No zod here —
 * pages import it (ADR 013).
 */

export * from './customer-values'

export const customerOrderStatusLabels: Record<CustomerOrderStatus, string> = {
  new: 'Neu',
  confirmed: 'Bestätigt',
  ready: 'Abholbereit',
  shipped: 'Versandt',
  completed: 'Abgeschlossen',
  cancelled: 'Storniert',
  expired: 'Abgelaufen',
}

/** Orders still being worked: a customer with one of these cannot be anonymised. */
export const openOrderStatuses = [
  'new',
  'confirmed',
  'ready',
  'shipped',
] as const satisfies readonly CustomerOrderStatus[]

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: 'Offen',
  pending: 'In Bearbeitung',
  paid: 'Bezahlt',
  failed: 'Fehlgeschlagen',
  refunded: 'Erstattet',
}

export const orderChannelLabels: Record<OrderChannel, string> = {
  back_office: 'Back-Office',
  shop: 'Online-Shop',
  purchase_order: 'Bestellung eines Kunden auf Blattwerk',
}

export const orderTypeLabels: Record<OrderType, string> = {
  order: 'Bestellung',
  reservation: 'Reservierung',
}

export const deliveryMethodLabels: Record<DeliveryMethod, string> = {
  pickup: 'Abholung',
  courier: 'Botendienst',
  shipping: 'Versand',
}

export const prescriptionFormLabels: Record<PrescriptionForm, string> = {
  paper: 'Papierrezept',
  e_rezept: 'E-Rezept',
}

/** Prefix of customer-order numbers: `AU-2026-00017` (Auftrag). */
export const customerOrderNumberPrefix = 'AU'

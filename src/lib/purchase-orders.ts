/**
 * Suppliers and purchase orders: the words and values shared by the pages and the services.
 * No zod here — route files import it (ADR 013).
 */

export const supplierKinds = ['platform', 'external'] as const
export type SupplierKind = (typeof supplierKinds)[number]

/** The licence an external supplier trades cannabis under. */
export const supplierLicenceTypes = ['medcang', 'amg_52a'] as const
export type SupplierLicenceType = (typeof supplierLicenceTypes)[number]

export const supplierLicenceTypeLabels: Record<SupplierLicenceType, string> = {
  medcang: 'Erlaubnis nach MedCanG',
  amg_52a: 'Großhandelserlaubnis nach § 52a AMG',
}

export const purchaseOrderStatuses = [
  'draft',
  'ordered',
  'confirmed',
  'shipped',
  'partially_received',
  'received',
  'cancelled',
] as const
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number]

export const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  draft: 'Entwurf',
  ordered: 'Bestellt',
  confirmed: 'Bestätigt',
  shipped: 'Versandt',
  partially_received: 'Teilweise eingegangen',
  received: 'Eingegangen',
  cancelled: 'Storniert',
}

/** Prefix of purchase-order numbers: `EK-2026-00042` (Einkauf). */
export const purchaseOrderNumberPrefix = 'EK'

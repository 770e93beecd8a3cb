import type { ListResult } from './list-query'
import type { ProductHistoryEntry } from './master-products'
import {
  lineTotalCents,
  type PackUnit,
  type ProductCategory,
  type SalesUnit,
  type VatRate,
  vatCents,
} from './products'
import type { PurchaseOrderStatus, SupplierKind } from './purchase-order-lists'

/**
 * Suppliers and purchase orders: the words and values shared by the pages and the services.
 * No zod here — pages import it (ADR 013); the list routes' part is `purchase-order-lists.ts`.
 */

export * from './purchase-order-lists'

/** The licence an external supplier trades cannabis under. */
export const supplierLicenceTypes = ['medcang', 'amg_52a'] as const
export type SupplierLicenceType = (typeof supplierLicenceTypes)[number]

export const supplierLicenceTypeLabels: Record<SupplierLicenceType, string> = {
  medcang: 'Erlaubnis nach MedCanG',
  amg_52a: 'Großhandelserlaubnis nach § 52a AMG',
}

export const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  draft: 'Entwurf',
  ordered: 'Bestellt',
  confirmed: 'Bestätigt',
  shipped: 'Versandt',
  partially_received: 'Teilweise eingegangen',
  received: 'Eingegangen',
  cancelled: 'Storniert',
}

export const supplierKindLabels: Record<SupplierKind, string> = {
  platform: 'Auf Blattwerk',
  external: 'Extern',
}

/** The organisation whose purchasing a page shows, and whether the user may change it. */
export interface PurchaseOrderOwner {
  id: string
  name: string
  canManage: boolean
  /** Clubs order no cannabis (KCanG): only accessories. */
  accessoriesOnly: boolean
}

export interface SupplierRow {
  id: string
  kind: SupplierKind
  name: string
  city: string | null
  licence: string | null
  contactName: string | null
  archivedAt: string | null
  createdAt: string
}

export interface SupplierList extends ListResult<SupplierRow> {
  owner: PurchaseOrderOwner
}

/** A supplier with everything its form shows. */
export interface SupplierDetail extends SupplierRow {
  supplierOrganisationId: string | null
  street: string | null
  postalCode: string | null
  country: string | null
  licenceType: SupplierLicenceType | null
  licenceNumber: string | null
  email: string | null
  phone: string | null
}

/** A selling organisation of the platform the buyer may add as supplier. */
export interface PlatformSellerOption {
  id: string
  name: string
  city: string | null
  /** Already one of the buyer's suppliers. */
  added: boolean
}

/** A supplier to choose in the purchase-order form. */
export interface SupplierOption {
  id: string
  name: string
  kind: SupplierKind
}

export interface PurchaseOrderRow {
  id: string
  number: string | null
  status: PurchaseOrderStatus
  supplierId: string
  supplierName: string
  itemCount: number
  netCents: number
  grossCents: number
  createdAt: string
  orderedAt: string | null
}

export interface PurchaseOrderList extends ListResult<PurchaseOrderRow> {
  owner: PurchaseOrderOwner
}

/** A product the purchase-order form offers for the chosen supplier. */
export interface OrderableProduct {
  /** The supplier's listing (platform) or the buyer's own (external). */
  listingId: string
  productId: string
  name: string
  pzn: string | null
  category: ProductCategory
  salesUnit: SalesUnit
  baseUnitsPerSalesUnit: number
  packBaseUnits: number
  packUnit: PackUnit
  /** The supplier's price per sales unit (platform); the buyer's own sales price (external). */
  priceCents: number
  vatRate: VatRate
  orderStep: number
  minOrderQuantity: number | null
  maxOrderQuantity: number | null
}

export interface PurchaseOrderItemDetail {
  id: string
  position: number
  listingId: string
  productId: string
  name: string
  pzn: string | null
  category: ProductCategory
  salesUnit: SalesUnit
  baseUnitsPerSalesUnit: number
  packUnit: PackUnit
  quantity: number
  unitPriceCents: number
  vatRate: VatRate
  receivedBaseUnits: number
  /** What a platform supplier shipped against the line, for the receipt form. */
  shipped: ShippedBatch[]
}

/** A batch a platform supplier shipped: quantity in base units, CoA as the buyer's own copy. */
export interface ShippedBatch {
  batchNumber: string
  quantity: number
  expiryDate: string | null
  certificateFileId: string | null
}

export type PurchaseOrderAction = 'edit' | 'order' | 'cancel' | 'receive'

export interface PurchaseOrderDetail {
  id: string
  owner: PurchaseOrderOwner
  number: string | null
  status: PurchaseOrderStatus
  supplier: SupplierOption & { archived: boolean }
  note: string | null
  items: PurchaseOrderItemDetail[]
  netCents: number
  vatCents: number
  grossCents: number
  createdAt: string
  orderedAt: string | null
  cancelReason: string | null
  revision: number
  /** What the viewer may do now (none for the admin's read). */
  actions: PurchaseOrderAction[]
}

export type PurchaseOrderHistoryEntry = ProductHistoryEntry<
  'created' | 'updated' | 'ordered' | 'confirmed' | 'shipped' | 'received' | 'cancelled'
>

export const purchaseOrderHistoryLabels: Record<PurchaseOrderHistoryEntry['action'], string> = {
  created: 'Entwurf angelegt',
  updated: 'Entwurf geändert',
  ordered: 'Bestellt',
  confirmed: 'Vom Lieferanten bestätigt',
  shipped: 'Vom Lieferanten versandt',
  received: 'Ware eingebucht',
  cancelled: 'Storniert',
}

export const purchaseOrderFieldLabels: Record<string, string> = {
  status: 'Status',
  number: 'Nummer',
  supplierId: 'Lieferant',
  note: 'Notiz',
  items: 'Positionen',
  netCents: 'Netto',
  grossCents: 'Brutto',
  cancelReason: 'Stornogrund',
  receipts: 'Eingebuchte Chargen',
}

// ─── State machine ───────────────────────────────────────────────────────────────────────────

/** Where goods may be booked in against the order. */
export const receivableStatuses: readonly PurchaseOrderStatus[] = [
  'ordered',
  'confirmed',
  'shipped',
  'partially_received',
]

/** The buyer may cancel until the order is confirmed (or, for a draft, at once). */
export const cancellableStatuses: readonly PurchaseOrderStatus[] = ['draft', 'ordered']

/** What the buying organisation may do with a purchase order in `status`. */
export function buyerActions(status: PurchaseOrderStatus): PurchaseOrderAction[] {
  const actions: PurchaseOrderAction[] = []
  if (status === 'draft') actions.push('edit', 'order')
  if (receivableStatuses.includes(status)) actions.push('receive')
  if (cancellableStatuses.includes(status)) actions.push('cancel')
  return actions
}

/** The receipt's quantity of a line as typed: sales units of the ordered product. */
export const orderedBaseUnits = (
  item: Pick<PurchaseOrderItemDetail, 'quantity' | 'baseUnitsPerSalesUnit'>,
) => item.quantity * item.baseUnitsPerSalesUnit

// ─── Messages ────────────────────────────────────────────────────────────────────────────────

export const supplierNotFoundMessage = 'Diesen Lieferanten gibt es nicht.'
export const purchaseOrderNotFoundMessage = 'Diese Einkaufsbestellung gibt es nicht.'
export const stalePurchaseOrderMessage =
  'Die Bestellung wurde inzwischen geändert. Bitte lade die Seite neu.'
export const clubCannabisMessage =
  'Anbauvereinigungen bestellen kein Cannabis (KCanG) – nur Zubehör.'
export const overDeliveryMessage =
  'Mehr als bestellt – bitte bestätige, dass du die Mehrmenge trotzdem buchen wollen.'

const transitionWords = {
  order: 'bestellt',
  cancel: 'storniert',
  edit: 'geändert',
} as const

/** The 409 of a refused transition: says what state the order is in and what cannot happen. */
export function refusedTransitionMessage(
  status: PurchaseOrderStatus,
  transition: keyof typeof transitionWords | 'receive',
): string {
  const label = purchaseOrderStatusLabels[status]
  if (transition === 'cancel' && (status === 'confirmed' || status === 'shipped')) {
    return `Der Lieferant hat die Bestellung bereits ${status === 'confirmed' ? 'bestätigt' : 'versandt'}: Stornieren kann sie jetzt nur noch er. Bitte wende dich an ihn.`
  }
  return transition === 'receive'
    ? `Gegen eine Bestellung im Status „${label}“ kann keine Ware eingebucht werden.`
    : `Eine Bestellung im Status „${label}“ kann nicht ${transitionWords[transition]} werden.`
}

/**
 * Net, VAT and gross of an order's lines in cents: VAT per rate on that rate's net total, rounded
 * once per rate (src/lib/products.ts), so the page and the stored order agree to the cent.
 */
export function purchaseOrderTotals(
  items: readonly { unitPriceCents: number; quantity: number; vatRate: VatRate }[],
) {
  const netByRate = new Map<VatRate, number>()
  for (const item of items) {
    const net = lineTotalCents(item.unitPriceCents, item.quantity)
    netByRate.set(item.vatRate, (netByRate.get(item.vatRate) ?? 0) + net)
  }
  let netCents = 0
  let vat = 0
  for (const [rate, net] of netByRate) {
    netCents += net
    vat += vatCents(net, rate)
  }
  return { netCents, vatCents: vat, grossCents: netCents + vat }
}

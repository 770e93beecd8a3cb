import { isUuid } from './ids'
import { listSearchSchema, oneOf } from './list-query'
import { type ProductCategory, productCategories } from './product-lists'
import type { CannabinoidUnit, PackUnit, SalesUnit } from './products'
import type { BatchOrigin, BatchStatus, StockMovementKind } from './stock'

/**
 * The inventory list's search params and rows (`/inventory`): one row per product with its stock
 * by state, and its batches. Route files import this, so it stays free of zod (ADR 012, 013).
 */

export const stockSortKeys = ['name', 'available', 'nextExpiry', 'category'] as const
/**
 * `low`: below the product's low-stock threshold; `expiring`: a batch expires within 60 days;
 * `quarantine`: goods wait for their release (the dashboard links here).
 */
export const stockWarnings = ['low', 'expiring', 'quarantine', 'any'] as const
export type StockWarning = (typeof stockWarnings)[number]

export const stockListSearch = listSearchSchema({
  sort: stockSortKeys,
  defaultSort: 'name',
  filters: {
    category: oneOf(productCategories),
    warning: oneOf(stockWarnings),
    /** `yes`: only products with any stock on hand. */
    inStock: oneOf(['yes'] as const),
    /** The platform admin reads this organisation's stock (support); others see their own. */
    organisation: (value: unknown) => (isUuid(value) ? value.toLowerCase() : undefined),
  },
})
export type StockListSearch = ReturnType<typeof stockListSearch.parse>

/** One batch under a product in the list. Quantities in base units. */
export interface StockBatchSummary {
  id: string
  batchNumber: string
  status: BatchStatus
  expiryDate: string | null
  balance: number
  reserved: number
  expired: boolean
}

/** One product of `/inventory`. Quantities in base units; the page shows g, ml or Stk. */
export interface StockRow {
  /** The listing (organisation product). */
  id: string
  name: string
  pzn: string | null
  category: ProductCategory
  packUnit: PackUnit
  salesUnit: SalesUnit
  baseUnitsPerSalesUnit: number
  /** Released, unexpired stock minus active reservations. */
  available: number
  quarantine: number
  reserved: number
  expired: number
  blocked: number
  /** Earliest expiry among batches with stock that have not expired yet. */
  nextExpiry: string | null
  /** In sales units, as set on the product; null: no warning. */
  lowStockThreshold: number | null
  lowStock: boolean
  expiringSoon: boolean
  archived: boolean
  batches: StockBatchSummary[]
}

/** `/inventory` as the server answers it: the page, and whose stock it is. */
export interface StockList {
  items: StockRow[]
  total: number
  page: number
  pageSize: 25 | 50 | 100
  owner: StockOwner
}

/** Whose stock a page shows, and whether the viewer may change it (the admin only reads). */
export interface StockOwner {
  id: string
  name: string
  canManage: boolean
  /** A club records harvests instead of receiving goods (KCanG). */
  harvest: boolean
}

/** What the actor may do with a batch in its current state (`/inventory/batches/$id`). */
export interface BatchActions {
  release: boolean
  block: boolean
  correct: boolean
  destroy: boolean
  attachCertificate: boolean
  /** THC/CBD completed or corrected after receipt. */
  correctCannabinoids: boolean
}

export interface BatchMovement {
  id: string
  kind: StockMovementKind
  /** Signed base units. */
  quantity: number
  /** The batch's balance after this movement: the running balance. */
  balanceAfter: number
  reason: string | null
  sourceType: string | null
  sourceId: string | null
  /** A receipt against a purchase order: that order, to show its number and link to it. */
  purchaseOrder: { id: string; number: string | null } | null
  /** The user's name; a job's name; null for nobody known. */
  actorName: string | null
  createdAt: string
}

export interface BatchReservation {
  id: string
  quantity: number
  sourceType: string
  sourceId: string
  expiresAt: string | null
  createdAt: string
}

/** Everything `/inventory/batches/$id` shows. Quantities in base units. */
export interface BatchDetail {
  id: string
  owner: StockOwner
  product: {
    id: string
    name: string
    pzn: string | null
    category: ProductCategory
    packUnit: PackUnit
    cannabinoidUnit: CannabinoidUnit | null
  }
  origin: BatchOrigin
  batchNumber: string
  supplierName: string | null
  /** Units filled from a bulk batch: that batch (ADR 045). */
  filledFrom: { id: string; batchNumber: string } | null
  status: BatchStatus
  expiryDate: string | null
  harvestDate: string | null
  expired: boolean
  thcContent: number | null
  cbdContent: number | null
  certificate: { id: string; contentType: string } | null
  testNumber: string | null
  releasedAt: string | null
  releasedByName: string | null
  blockedAt: string | null
  blockedByName: string | null
  blockedReason: string | null
  balance: number
  reserved: number
  createdAt: string
  /** Newest first, at most `batchMovementLimit`. */
  movements: BatchMovement[]
  movementTotal: number
  reservations: BatchReservation[]
  actions: BatchActions
  /** Why the viewer may not release this quarantined batch (a pharmacy's non-pharmacist), or null. */
  releaseNote: string | null
}

/** A product the receipt form offers (own varieties for a club's harvest). */
export interface ReceivableProduct {
  id: string
  name: string
  pzn: string | null
  category: ProductCategory
  packBaseUnits: number
  packUnit: PackUnit
  cannabinoidUnit: CannabinoidUnit | null
}

/** What `/inventory/receipt` needs besides the product search. */
export interface ReceiptFormContext {
  /** A club records harvests instead of receiving goods (KCanG). */
  harvest: boolean
  suppliers: { id: string; name: string }[]
  /** Whether a receipt with a CoA goes straight into `released`. */
  receivesReleased: boolean
  /** Only owners of wholesalers and producers decide that. */
  mayChangeReceiptsReleased: boolean
}

import { isUuid } from './ids'
import { listSearchSchema, oneOf } from './list-query'
import { type ProductCategory, productCategories } from './product-lists'
import type { PackUnit, SalesUnit } from './products'
import type { BatchStatus } from './stock'

/**
 * The inventory list's search params and rows (`/inventory`): one row per product with its stock
 * by state, and its batches. Route files import this, so it stays free of zod (ADR 012, 013).
 */

export const inventorySortKeys = ['name', 'available', 'nextExpiry', 'category'] as const
/** `low`: below the product's low-stock threshold; `expiring`: a batch expires within 60 days. */
export const inventoryWarnings = ['low', 'expiring', 'any'] as const
export type InventoryWarning = (typeof inventoryWarnings)[number]

export const inventoryListSearch = listSearchSchema({
  sort: inventorySortKeys,
  defaultSort: 'name',
  filters: {
    category: oneOf(productCategories),
    warning: oneOf(inventoryWarnings),
    /** `yes`: only products with any stock on hand. */
    inStock: oneOf(['yes'] as const),
    /** The platform admin reads this organisation's stock (support); others see their own. */
    organisation: (value: unknown) => (isUuid(value) ? value.toLowerCase() : undefined),
  },
})
export type InventoryListSearch = ReturnType<typeof inventoryListSearch.parse>

/** One batch under a product in the list. Quantities in base units. */
export interface InventoryBatchSummary {
  id: string
  batchNumber: string
  status: BatchStatus
  expiryDate: string | null
  balance: number
  reserved: number
  expired: boolean
}

/** One product of `/inventory`. Quantities in base units; the page shows g, ml or Stk. */
export interface InventoryRow {
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
  batches: InventoryBatchSummary[]
}

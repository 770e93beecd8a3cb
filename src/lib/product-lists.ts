import { isUuid } from './ids'
import { type ListFilter, listSearchSchema, oneOf } from './list-query'
import type { CannabinoidUnit, PackUnit, SalesUnit, VatRate } from './products'

/**
 * The product lists' search params and rows, with the few values they filter by. Apart from
 * `products.ts` (which re-exports all of this) because list routes parse their search on first
 * paint: a route file's imports load with every page (ADR 012, 013), so this module stays small.
 */

export const productCategories = [
  'flower',
  'extract',
  'cbd_solution',
  'dronabinol',
  'accessory',
] as const
export type ProductCategory = (typeof productCategories)[number]

/** Here rather than in `products.ts`: the shop catalogue's search filters by it on first paint. */
export const geneticsTypes = ['indica', 'sativa', 'hybrid'] as const
export type Genetics = (typeof geneticsTypes)[number]

export const productStatuses = ['active', 'withdrawn'] as const
export type ProductStatus = (typeof productStatuses)[number]

/** A number filter: applied only when it is a finite number within the bounds. */
export const numberBetween =
  (min: number, max: number): ListFilter<number> =>
  (value) => {
    // An empty form field is no filter (Number('') would be 0).
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
    return typeof number === 'number' && Number.isFinite(number) && number >= min && number <= max
      ? number
      : undefined
  }

/** A free-text filter value (an exact match such as a manufacturer), trimmed, at most 200 chars. */
export const exactText: ListFilter<string> = (value) => {
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  return trimmed && trimmed.length <= 200 && !/[\u0000-\u001f]/.test(trimmed) ? trimmed : undefined
}

export const yesNo = ['yes', 'no'] as const

export const masterProductSortKeys = [
  'name',
  'pzn',
  'manufacturer',
  'category',
  'thc',
  'updatedAt',
] as const
export const masterProductListSearch = listSearchSchema({
  sort: masterProductSortKeys,
  defaultSort: 'name',
  filters: {
    category: oneOf(productCategories),
    status: oneOf(productStatuses),
    irradiated: oneOf(yesNo),
    manufacturer: exactText,
    thcMin: numberBetween(0, 1000),
    thcMax: numberBetween(0, 1000),
  },
})
export type MasterProductListSearch = ReturnType<typeof masterProductListSearch.parse>

/** One row of the platform admin's product database list. */
export interface MasterProductRow {
  id: string
  pzn: string | null
  name: string
  manufacturer: string
  brand: string | null
  category: ProductCategory
  cultivar: string | null
  thcContent: number | null
  cbdContent: number | null
  cannabinoidUnit: CannabinoidUnit | null
  irradiated: boolean
  packBaseUnits: number
  packUnit: PackUnit
  status: ProductStatus
  updatedAt: string
}

export const organisationProductSortKeys = [
  'name',
  'category',
  'pzn',
  'price',
  'updatedAt',
] as const
export const shopVisibilities = ['visible', 'hidden'] as const
export type ShopVisibility = (typeof shopVisibilities)[number]
/**
 * Where a listing stands against its product: up to date, the master data changed since the
 * organisation last looked, or the master product was withdrawn from the market.
 */
export const organisationProductStatuses = ['current', 'master_changed', 'withdrawn'] as const
export type OrganisationProductStatus = (typeof organisationProductStatuses)[number]
export const organisationProductListSearch = listSearchSchema({
  sort: organisationProductSortKeys,
  defaultSort: 'name',
  filters: {
    category: oneOf(productCategories),
    shop: oneOf(shopVisibilities),
    status: oneOf(organisationProductStatuses),
    /** The platform admin reads this organisation's products (support); others see their own. */
    organisation: (value: unknown) => (isUuid(value) ? value.toLowerCase() : undefined),
  },
})
export type OrganisationProductListSearch = ReturnType<typeof organisationProductListSearch.parse>

/** One row of an organisation's product list (`/products`, `/archive/products`). */
export interface OrganisationProductRow {
  id: string
  name: string
  category: ProductCategory
  pzn: string | null
  cultivar: string | null
  /** Whether it is the organisation's own product rather than one from the master database. */
  custom: boolean
  salesUnit: SalesUnit
  baseUnitsPerSalesUnit: number
  packUnit: PackUnit
  priceCents: number
  vatRate: VatRate
  visibleInShop: boolean
  status: OrganisationProductStatus
  /** Stock available to sell, in base units (released, unexpired, not reserved). */
  available: number
  archivedAt: string | null
  updatedAt: string
}

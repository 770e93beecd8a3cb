import type { SearchSchemaInput } from '@tanstack/react-router'
import { type ListSearchInput, searchTextOf } from './list-query'
import {
  exactText,
  type Genetics,
  geneticsTypes,
  numberBetween,
  type ProductCategory,
} from './product-lists'
import type { AvailabilityLevel } from './shop'

/**
 * The shop catalogue's contract (`/blueten`, `/extrakte`): the search params every filter, sort
 * and page lives in, and what the server answers. Shared by the routes (`validateSearch`), the
 * server function's validator and the query, so a filtered list is a link. Zod-free like
 * `list-query.ts`: the routes parse their search on first paint (ADR 012, 013).
 */

/** The categories the shop presents, with the path of each list. */
export const catalogueCategories = ['flower', 'extract'] as const
export type CatalogueCategory = (typeof catalogueCategories)[number]

export const catalogueListPaths = {
  flower: '/blueten',
  extract: '/extrakte',
} as const satisfies Record<CatalogueCategory, string>

/** Products per catalogue page: divisible by 2, 3 and 4, so every grid row is full. */
export const cataloguePageSize = 48

/**
 * One key per order a visitor picks from a single select: neutral orders only. No ranking by
 * cannabinoid content and no "new" first — both advertise a prescription medicine (§ 10 HWG,
 * domain.md); an old link with such a sort shows the list by name.
 */
export const catalogueSortKeys = ['name', 'price-asc', 'price-desc'] as const
export type CatalogueSort = (typeof catalogueSortKeys)[number]

/** Sorts that need prices: where prices are hidden, they fall back to the name. */
export const priceSorts: readonly CatalogueSort[] = ['price-asc', 'price-desc']

export const irradiatedOptions = ['yes', 'no'] as const
export type IrradiatedOption = (typeof irradiatedOptions)[number]

export interface CatalogueSearch {
  /** 1-based. */
  page: number
  sort: CatalogueSort
  /** Text in the name, cultivar, genetics, manufacturer, brand or PZN; case and umlauts folded. */
  q?: string
  /** Cannabinoid content in the category's unit (% for flowers, mg/ml or mg/g for extracts). */
  thcMin?: number
  thcMax?: number
  cbdMin?: number
  cbdMax?: number
  /** Any of these (a visitor ticks several). */
  genetics?: Genetics[]
  /** The manufacturer, exactly as the facet lists it. */
  producer?: string
  /** One of the main terpenes. */
  terpene?: string
  irradiated?: IrradiatedOption
  /** Gross price per g or ml in euros (the base price, PAngV). */
  priceMin?: number
  priceMax?: number
  /** Only products that can be sold now. */
  available?: true
}

/** The filter params, in the order the form shows them. */
export const catalogueFilterKeys = [
  'q',
  'thcMin',
  'thcMax',
  'cbdMin',
  'cbdMax',
  'genetics',
  'producer',
  'terpene',
  'irradiated',
  'priceMin',
  'priceMax',
  'available',
] as const satisfies readonly (keyof CatalogueSearch)[]

const maxPage = 10_000
const content = numberBetween(0, 1_000)
const euros = numberBetween(0, 100_000)
const ranges = [
  ['thcMin', 'thcMax', content],
  ['cbdMin', 'cbdMax', content],
  ['priceMin', 'priceMax', euros],
] as const

/** A form sends a ticked box as "on" (or the value it names); links carry `true` or `yes`. */
const isTicked = (value: unknown) =>
  value === true || value === 1 || value === 'true' || value === 'yes' || value === 'on'

/** `genetics=indica&genetics=hybrid` (a form) arrives as a list, a single one as a string. */
function geneticsOf(value: unknown): Genetics[] | undefined {
  const values = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []
  const picked = geneticsTypes.filter((genetics) => values.includes(genetics))
  return picked.length > 0 ? picked : undefined
}

function pageOf(value: unknown): number {
  const page = typeof value === 'string' ? Number(value) : value
  return Number.isInteger(page) && (page as number) >= 1 && (page as number) <= maxPage
    ? (page as number)
    : 1
}

/**
 * Reads the catalogue's search params. Anything missing or invalid falls back to its default or is
 * not applied, so a broken or outdated link still shows the catalogue; a range given upside down
 * is turned round.
 */
export function parseCatalogueSearch(input: ListSearchInput<CatalogueSearch>): CatalogueSearch {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const search: CatalogueSearch = {
    page: pageOf(raw.page),
    sort: catalogueSortKeys.includes(raw.sort as CatalogueSort)
      ? (raw.sort as CatalogueSort)
      : 'name',
  }
  const q = searchTextOf(raw.q)
  if (q) search.q = q
  for (const [minKey, maxKey, parse] of ranges) {
    let min = parse(raw[minKey])
    let max = parse(raw[maxKey])
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
    if (min !== undefined) search[minKey] = min
    if (max !== undefined) search[maxKey] = max
  }
  const genetics = geneticsOf(raw.genetics)
  if (genetics) search.genetics = genetics
  const producer = exactText(raw.producer)
  if (producer) search.producer = producer
  const terpene = exactText(raw.terpene)
  if (terpene) search.terpene = terpene
  if (irradiatedOptions.includes(raw.irradiated as IrradiatedOption)) {
    search.irradiated = raw.irradiated as IrradiatedOption
  }
  if (isTicked(raw.available)) search.available = true
  return search
}

/** The routes' `validateSearch`: links may leave out any param. */
export const validateCatalogueSearch = (
  search: ListSearchInput<CatalogueSearch> & SearchSchemaInput,
): CatalogueSearch => parseCatalogueSearch(search)

export const catalogueSearchDefaults: CatalogueSearch = { page: 1, sort: 'name' }

/** Whether any filter narrows the list (an empty list then means "nothing matches"). */
export const isCatalogueFiltered = (search: CatalogueSearch): boolean =>
  catalogueFilterKeys.some((key) => search[key] !== undefined)

/** The server function's input: which list, which page of it. */
export interface CatalogueListInput {
  category: CatalogueCategory
  search: CatalogueSearch
}

export function parseCatalogueListInput(input: unknown): CatalogueListInput {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const category = catalogueCategories.includes(raw.category as CatalogueCategory)
    ? (raw.category as CatalogueCategory)
    : 'flower'
  return { category, search: parseCatalogueSearch(raw.search as CatalogueSearch) }
}

// ─── What the server answers ───────────────────────────────────────────────────────────────

/** What a category's list shows unfiltered: its products, and how many can be sold now. */
export interface CatalogueCount {
  listed: number
  available: number
}

/**
 * What the storefront's tiles count: the catalogue lists' own counts, and the available products
 * of every category (the configurator offers them all).
 */
export interface StorefrontCounts {
  catalogue: Record<CatalogueCategory, CatalogueCount>
  available: Record<ProductCategory, number>
}

/** A price as a consumer sees it: gross, per sales unit and per g or ml (PAngV). */
export interface CataloguePrice {
  /** Gross cents of one sales unit (a gram, a pack). */
  grossCents: number
  /** Gross cents per g or ml. */
  unitPriceCents: number
}

export interface CatalogueAvailability {
  level: AvailabilityLevel
  /** Sales units available; only where the pharmacy shows exact amounts. */
  salesUnits: number | null
}

/** One product card. `id` is the pharmacy's listing (organisation product). */
export interface CatalogueItem {
  id: string
  name: string
  cultivar: string | null
  producer: string
  brand: string | null
  genetics: Genetics | null
  dominance: 'indica' | 'sativa' | 'balanced' | null
  /** Of the batch that would be sold; the product's nominal values when there is none. */
  thc: number | null
  cbd: number | null
  /** True when THC and CBD are a batch's measured values rather than the nominal ones. */
  measured: boolean
  cannabinoidUnit: 'percent' | 'mg_per_ml' | 'mg_per_g' | 'mg_per_piece' | null
  terpenes: string[]
  irradiated: boolean
  salesUnit: 'gram' | 'pack'
  packBaseUnits: number
  packUnit: 'g' | 'ml' | 'piece'
  /** The rendition of the product's confirmed pack photo (`packPhotoUrl`); null: none to show. */
  packPhotoId: string | null
  /** Null where the pharmacy shows prices only to logged-in customers. */
  price: CataloguePrice | null
  availability: CatalogueAvailability
}

export interface FacetOption<TValue extends string = string> {
  value: TValue
  /** Products the list would show with this option (and the other filters as they are). */
  count: number
}

/** What each filter leaves, and the spans of the range filters. */
export interface CatalogueFacets {
  genetics: FacetOption<Genetics>[]
  producers: FacetOption[]
  terpenes: FacetOption[]
  irradiated: FacetOption<IrradiatedOption>[]
  /** Products left with "only available" ticked. */
  available: number
  /** Lowest and highest values over the whole category; null without any. */
  thc: { min: number; max: number } | null
  cbd: { min: number; max: number } | null
  price: { min: number; max: number } | null
}

export interface CataloguePage {
  category: CatalogueCategory
  items: CatalogueItem[]
  total: number
  page: number
  pageCount: number
  /** The search as applied: price filters and sorts dropped where prices are hidden. */
  search: CatalogueSearch
  facets: CatalogueFacets
  pricesShown: boolean
}

export interface CatalogueBatchFacts {
  thc: number | null
  cbd: number | null
  expiryDate: string | null
}

/** A product page: the card's facts and everything else the pharmacy records about it. */
export interface CatalogueProduct extends CatalogueItem {
  category: CatalogueCategory
  pzn: string | null
  countryOfCultivation: string | null
  /** Nominal values as the product states them. */
  nominalThc: number | null
  nominalCbd: number | null
  /** The batch that would be sold now; null when none is available. */
  currentBatch: CatalogueBatchFacts | null
  orderStep: number
  minOrderQuantity: number | null
  maxOrderQuantity: number | null
  vatRate: '19' | '7' | '0'
  prescriptionRequired: boolean
  updatedAt: string
  /** One sentence of facts for the page's meta description and its JSON-LD. */
  summary: string
  pricesShown: boolean
}

/**
 * Cannabis flowers and extracts are prescription-only (MedCanG); so are CBD solutions and
 * dronabinol. Only accessories are sold without.
 */
export const requiresPrescription = (category: string): boolean => category !== 'accessory'

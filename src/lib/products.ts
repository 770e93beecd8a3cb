import {
  baseUnitsPerPackUnit,
  formatPackSize,
  type PackUnit,
  parseDecimal,
  type SalesUnit,
  type VatRate,
} from './product-display'
import type { ProductCategory, ProductStatus } from './product-lists'

/**
 * The product catalogue's plain values: categories, units, PZN rules, sales-unit arithmetic;
 * the list searches come from `product-lists.ts` and the labels and formatting the shop's pages
 * show from `product-display.ts`, both re-exported here. No schema library
 * here; the zod schemas shared by forms, import and server are in `product-schemas.ts`. List
 * routes import their search from `product-lists.ts` directly: whatever a route file imports
 * joins every page's first load (ADR 012, 013), and the labels and helpers here need not.
 */
export * from './product-display'
export * from './product-lists'

export const productStatusLabels: Record<ProductStatus, string> = {
  active: 'aktiv',
  withdrawn: 'zurückgezogen',
}

/** Countries medical cannabis for Germany is grown in (ISO 3166-1 alpha-2). */
export const cultivationCountries = [
  'DE',
  'AL',
  'AT',
  'AU',
  'CA',
  'CH',
  'CO',
  'CZ',
  'DK',
  'ES',
  'GR',
  'IL',
  'IT',
  'JM',
  'LS',
  'MK',
  'MT',
  'NL',
  'PL',
  'PT',
  'TH',
  'UG',
  'US',
  'UY',
  'ZA',
  'ZW',
] as const
export type CultivationCountry = (typeof cultivationCountries)[number]

// ─── PZN ────────────────────────────────────────────────────────────────────────────────────

/**
 * The check digit of a PZN's first seven digits: the digits weighted 1…7, summed, modulo 11.
 * Null for a remainder of 10 — such numbers are never issued.
 */
export function pznCheckDigit(firstSeven: string): number | null {
  if (!/^\d{7}$/.test(firstSeven)) return null
  let sum = 0
  for (let index = 0; index < 7; index++) sum += Number(firstSeven[index]) * (index + 1)
  const remainder = sum % 11
  return remainder === 10 ? null : remainder
}

/** Eight digits (text, leading zeros kept) whose last digit is the check digit of the others. */
export function isValidPzn(pzn: string): boolean {
  if (!/^\d{8}$/.test(pzn)) return false
  return pznCheckDigit(pzn.slice(0, 7)) === Number(pzn[7])
}

/**
 * A PZN as people write it: "PZN 01234567", "PZN-01234567", "-01234567", "0123 4567". Returns
 * the bare digits (which may still be invalid); leading zeros are kept.
 */
export function normalisePzn(input: string): string {
  return input
    .trim()
    .replace(/^pzn[\s:-]*/i, '')
    .replace(/^-/, '')
    .replace(/[\s.]/g, '')
}

/** Euros typed as "9,50", "9.5" or "1.234,00 €" → cents; null when empty, NaN when not a price. */
export function parseEuroToCents(input: string): number | null {
  const euros = parseDecimal(input)
  if (euros === null || Number.isNaN(euros)) return euros
  return Math.round(euros * 100)
}

/**
 * A number as it goes into an input the user may edit: German decimal comma, up to three
 * decimals, no thousands separator — "1.000" would read back as 1 (`parseDecimal` takes a single
 * dot for a decimal point, as English exports write it).
 */
const inputFormat = new Intl.NumberFormat('de-DE', {
  maximumFractionDigits: 3,
  useGrouping: false,
})

export const decimalInputText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : inputFormat.format(value)

/** What tells two products of one name apart wherever one is picked: its pack size and PZN. */
export interface ProductIdentity {
  name: string
  pzn: string | null
  packBaseUnits: number
  packUnit: PackUnit
}

/** What a product's name leaves out: "5 g · PZN 12345678" (a chart's second line). */
export function productPackAndPzn(product: Omit<ProductIdentity, 'name'>): string {
  const pack = formatPackSize(product.packBaseUnits, product.packUnit)
  return product.pzn ? `${pack} · PZN ${product.pzn}` : pack
}

/** A product as every picker names it: "Bedrocan 5 g · PZN 12345678" (issue 35). */
export function productOptionLabel(product: ProductIdentity): string {
  const pack = formatPackSize(product.packBaseUnits, product.packUnit)
  // A filled pack's name often names its size already ("Auwald, 5 g"): say it once.
  const size = product.name.endsWith(pack) ? product.name : `${product.name} ${pack}`
  return product.pzn ? `${size} · PZN ${product.pzn}` : size
}

/** The pack size users typed (10 g, 2,5 ml, 60 Stk) in base units. */
export const packSizeToBaseUnits = (size: number, unit: PackUnit): number =>
  Math.round(size * baseUnitsPerPackUnit[unit])

// ─── Sales units (ADR 014) ─────────────────────────────────────────────────────────────────

/**
 * Base units one sales unit holds: a gram of loose flowers is 1,000 mg; a pack holds what its
 * pack size says.
 */
export function baseUnitsPerSalesUnit(salesUnit: SalesUnit, packBaseUnits: number): number {
  return salesUnit === 'gram' ? baseUnitsPerPackUnit.g : packBaseUnits
}

/** Only flowers, whose content is weighed in grams, can be sold loose by the gram. */
export const canSellByGram = (category: ProductCategory, packUnit: PackUnit): boolean =>
  category === 'flower' && packUnit === 'g'

/** The label of one sales unit in prices: "g", "Packung". */
export const salesUnitShortLabel = (salesUnit: SalesUnit): string =>
  salesUnit === 'gram' ? 'g' : 'Packung'

/** Whole sales units that `availableBaseUnits` can fill: floor(available ÷ per unit). */
export const availableSalesUnits = (availableBaseUnits: number, perSalesUnit: number): number =>
  Math.floor(Math.max(0, availableBaseUnits) / perSalesUnit)

/** A line's total in cents: price per sales unit × number of sales units, in integers. */
export const lineTotalCents = (priceCents: number, quantity: number): number =>
  priceCents * quantity

/**
 * VAT contained in, or added to, a net total of one rate: rounded half up once per rate, so a
 * document's tax is the sum of one rounding per rate, never of one per line.
 */
export const vatCents = (netCents: number, rate: VatRate): number =>
  Math.floor((netCents * Number(rate) + 50) / 100)

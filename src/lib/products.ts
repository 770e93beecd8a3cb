import type { Genetics, ProductCategory, ProductStatus } from './product-lists'

/**
 * The product catalogue's plain values: categories, units, PZN rules, sales-unit arithmetic;
 * the list searches come from `product-lists.ts` and are re-exported here. No schema library
 * here; the zod schemas shared by forms, import and server are in `product-schemas.ts`. List
 * routes import their search from `product-lists.ts` directly: whatever a route file imports
 * joins every page's first load (ADR 012, 013), and the labels and helpers here need not.
 */
export * from './product-lists'

export const productCategoryLabels: Record<ProductCategory, string> = {
  flower: 'Blüte',
  extract: 'Extrakt',
  cbd_solution: 'CBD-Lösung',
  dronabinol: 'Dronabinol',
  accessory: 'Hilfsmittel',
}

export const geneticsLabels: Record<Genetics, string> = {
  indica: 'Indica',
  sativa: 'Sativa',
  hybrid: 'Hybrid',
}

/** Which side a hybrid leans to. */
export const dominances = ['indica', 'sativa', 'balanced'] as const
export type Dominance = (typeof dominances)[number]
export const dominanceLabels: Record<Dominance, string> = {
  indica: 'indica-dominant',
  sativa: 'sativa-dominant',
  balanced: 'ausgeglichen',
}

/**
 * % w/w for flowers; mg per ml or per g for extracts, solutions and dronabinol drops; mg per
 * piece for dronabinol capsules.
 */
export const cannabinoidUnits = ['percent', 'mg_per_ml', 'mg_per_g', 'mg_per_piece'] as const
export type CannabinoidUnit = (typeof cannabinoidUnits)[number]
export const cannabinoidUnitLabels: Record<CannabinoidUnit, string> = {
  percent: '%',
  mg_per_ml: 'mg/ml',
  mg_per_g: 'mg/g',
  mg_per_piece: 'mg/Stk',
}

/** The unit a pack's content is given in; stock counts it in base units (mg, µl, pieces). */
export const packUnits = ['g', 'ml', 'piece'] as const
export type PackUnit = (typeof packUnits)[number]
export const packUnitLabels: Record<PackUnit, string> = { g: 'g', ml: 'ml', piece: 'Stk' }
/** Base units in one g (milligrams), one ml (microlitres) or one piece. */
export const baseUnitsPerPackUnit: Record<PackUnit, number> = { g: 1000, ml: 1000, piece: 1 }

export const productStatusLabels: Record<ProductStatus, string> = {
  active: 'aktiv',
  withdrawn: 'zurückgezogen',
}

/** What one unit of an organisation's product is: a gram of loose flowers, or one pack. ADR 014. */
export const salesUnits = ['gram', 'pack'] as const
export type SalesUnit = (typeof salesUnits)[number]
export const salesUnitLabels: Record<SalesUnit, string> = {
  gram: 'lose, je Gramm',
  pack: 'je Packung',
}

export const vatRates = ['19', '7', '0'] as const
export type VatRate = (typeof vatRates)[number]
export const vatRateLabels: Record<VatRate, string> = { '19': '19 %', '7': '7 %', '0': '0 %' }

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

const germanRegionNames = new Intl.DisplayNames('de', { type: 'region' })
export const countryLabel = (code: string): string => germanRegionNames.of(code) ?? code

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

// ─── Numbers as Germans type them ──────────────────────────────────────────────────────────

/**
 * A decimal number typed or exported in German or English style: "22,5", "22.5", "1.234,5",
 * "1,234.5", "22,5 %". Null for an empty text, NaN for anything else that is not a number.
 */
export function parseDecimal(input: string): number | null {
  let value = input
    .trim()
    .replace(/\s*(%|mg\/ml|mg\/g|g|ml|stk\.?|€|eur)$/i, '')
    .replace(/\s/g, '')
  if (value === '') return null
  const comma = value.lastIndexOf(',')
  const dot = value.lastIndexOf('.')
  if (comma !== -1 && dot !== -1) {
    // The separator that comes last is the decimal one; the other groups thousands.
    value = comma > dot ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '')
  } else if (comma !== -1) {
    if (value.indexOf(',') !== comma) return Number.NaN
    value = value.replace(',', '.')
  } else if (dot !== -1 && value.indexOf('.') !== dot) {
    // "1.234.567": dots only as thousands separators.
    if (!/^-?\d{1,3}(\.\d{3})+$/.test(value)) return Number.NaN
    value = value.replace(/\./g, '')
  }
  return /^-?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : Number.NaN
}

/** Euros typed as "9,50", "9.5" or "1.234,00 €" → cents; null when empty, NaN when not a price. */
export function parseEuroToCents(input: string): number | null {
  const euros = parseDecimal(input)
  if (euros === null || Number.isNaN(euros)) return euros
  return Math.round(euros * 100)
}

const decimalFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 })
/** A number as the German forms and tables show it: "22,5". */
export const formatDecimal = (value: number): string => decimalFormat.format(value)

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

// ─── Content and pack size ─────────────────────────────────────────────────────────────────

/** "22 % THC" / "25 mg/ml"; null when no value. */
export function formatCannabinoid(value: number | null, unit: CannabinoidUnit | null) {
  if (value === null || unit === null) return null
  return unit === 'percent'
    ? `${formatDecimal(value)} %`
    : `${formatDecimal(value)} ${cannabinoidUnitLabels[unit]}`
}

/** Pack content in base units → "10 g", "50 ml", "60 Stk". */
export function formatPackSize(baseUnits: number, unit: PackUnit): string {
  return `${formatDecimal(baseUnits / baseUnitsPerPackUnit[unit])} ${packUnitLabels[unit]}`
}

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

/** A listing's order rules, in sales units. */
export interface OrderRules {
  orderStep: number
  minOrderQuantity: number | null
  maxOrderQuantity: number | null
}

/**
 * Which of a listing's order rules `quantity` breaks, with the rule's number; null when none.
 * Purchase and customer orders check the same rules and word them for their reader.
 */
export function brokenOrderRule(
  quantity: number,
  rules: OrderRules,
): { rule: 'min' | 'max' | 'step'; limit: number } | null {
  if (rules.minOrderQuantity !== null && quantity < rules.minOrderQuantity) {
    return { rule: 'min', limit: rules.minOrderQuantity }
  }
  if (rules.maxOrderQuantity !== null && quantity > rules.maxOrderQuantity) {
    return { rule: 'max', limit: rules.maxOrderQuantity }
  }
  if (quantity % rules.orderStep !== 0) return { rule: 'step', limit: rules.orderStep }
  return null
}

const orderRuleMessages: Record<'min' | 'max' | 'step', (limit: number) => string> = {
  min: (limit) => `Mindestens ${limit} je Bestellung.`,
  max: (limit) => `Höchstens ${limit} je Bestellung.`,
  step: (limit) => `Bitte in Schritten von ${limit}.`,
}

/** The broken order rule in words (customer orders, the shop's cart); null when none is broken. */
export function orderRuleProblem(quantity: number, rules: OrderRules): string | null {
  const broken = brokenOrderRule(quantity, rules)
  return broken && orderRuleMessages[broken.rule](broken.limit)
}

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

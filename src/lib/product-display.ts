import { formatCount } from './format'
import type { Genetics, ProductCategory } from './product-lists'

/**
 * What the shop's pages show of a product, and what every page shares with them: the labels,
 * numbers as Germans write them, content and pack size, order rules in words. The rest of the
 * product values (the list of cultivation countries, PZN, sales-unit arithmetic) are in
 * `products.ts`, which re-exports these; the shop's pages import them from here, so their first
 * load does not carry the rest (ADR 029).
 */

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

/** What one unit of an organisation's product is: a gram of loose flowers, or one pack. ADR 014. */
export const salesUnits = ['gram', 'pack'] as const
export type SalesUnit = (typeof salesUnits)[number]
export const salesUnitLabels: Record<SalesUnit, string> = {
  gram: 'lose, je Gramm',
  pack: 'je Packung',
}

const germanRegionNames = new Intl.DisplayNames('de', { type: 'region' })
/** A country's German name from its ISO 3166-1 code (a product's cultivation country). */
export const countryLabel = (code: string): string => germanRegionNames.of(code) ?? code

export const vatRates = ['19', '7', '0'] as const
export type VatRate = (typeof vatRates)[number]
export const vatRateLabels: Record<VatRate, string> = { '19': '19 %', '7': '7 %', '0': '0 %' }

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

const decimalFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 })
/** A number as the German forms and tables show it: "22,5". */
export const formatDecimal = (value: number): string => decimalFormat.format(value)

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

/** A quantity in sales units as people read it: "25 g", "1 Packung", "3 Packungen". */
export function formatSalesQuantity(quantity: number, salesUnit: SalesUnit): string {
  if (salesUnit === 'gram') return `${formatCount(quantity)}\u00a0g`
  return `${formatCount(quantity)}\u00a0${quantity === 1 ? 'Packung' : 'Packungen'}`
}

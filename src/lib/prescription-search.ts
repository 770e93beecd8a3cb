import { isUuid } from './ids'

/**
 * The Rezeptkonfigurator's search params and their parser, apart from the rules in
 * `prescription-configurator.ts` (which re-exports all of this): the route's `validateSearch`
 * runs on every page's first load (ADR 012, 013), so this module stays small.
 */

export const configuratorCategories = [
  'bluete',
  'extrakt',
  'cbd',
  'dronabinol',
  'hilfsmittel',
] as const
export type ConfiguratorCategory = (typeof configuratorCategories)[number]

export const flowerForms = [
  'unzerkleinert',
  'zerkleinert',
  'einzeldosen',
  'tee',
  'tee-einzeldosen',
] as const
export type FlowerForm = (typeof flowerForms)[number]
export const dronabinolForms = ['tropfen', 'kapseln'] as const
export type DronabinolForm = (typeof dronabinolForms)[number]
export type UseForm = FlowerForm | DronabinolForm

export const doseUnits = ['g', 'tropfen', 'ml', 'mg', 'kapseln'] as const
export type DoseUnit = (typeof doseUnits)[number]

export const directionsKinds = ['dosis', 'schriftlich'] as const
export type DirectionsKind = (typeof directionsKinds)[number]

export const configuratorPayers = ['gkv', 'pkv', 'selbst'] as const
export type ConfiguratorPayer = (typeof configuratorPayers)[number]

/** The configuration as the URL carries it: short German names, only what differs from empty. */
export interface ConfiguratorSearch {
  kategorie?: ConfiguratorCategory
  /** The pharmacy's listing id: the catalogue's product pages link here with it. */
  produkt?: string
  name?: string
  thc?: number
  cbd?: number
  menge?: number
  form?: UseForm
  staerke?: number
  anweisung?: DirectionsKind
  ed?: number
  td?: number
  einheit?: DoseUnit
  kostentraeger?: ConfiguratorPayer
  arzt?: string
  praxis?: string
  telefon?: string
  patient?: string
  geboren?: string
  datum?: string
}

export const textParamKeys = [
  'name',
  'arzt',
  'praxis',
  'telefon',
  'patient',
  'geboren',
  'datum',
] as const
export const numberParamKeys = ['thc', 'cbd', 'menge', 'staerke', 'ed', 'td'] as const

export const maxTextLength = 200

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
const controlCharacter = /[\u0000-\u001f\u007f]/

/** The router reads `?name=123` as a number: text params take either, trimmed and cut. */
function textOf(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || controlCharacter.test(text)) return undefined
  const trimmed = text.trim().slice(0, maxTextLength).trim()
  return trimmed || undefined
}

/** A number param: finite, non-negative, at most 100,000; "0,05" typed by hand counts too. */
function numberOf(value: unknown): number | undefined {
  const parsed =
    typeof value === 'string' ? Number(value.trim().replace(',', '.')) : (value as number)
  return typeof parsed === 'number' &&
    value !== '' &&
    Number.isFinite(parsed) &&
    parsed >= 0 &&
    parsed <= 100_000
    ? Math.round(parsed * 1000) / 1000
    : undefined
}

const oneOfValues = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined

/**
 * The route's `validateSearch` and the PDF route's and reservation's input parser: every param
 * that does not parse is dropped, so a broken or outdated link still opens the configurator.
 */
export function parseConfiguratorSearch(input: unknown): ConfiguratorSearch {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const search: ConfiguratorSearch = {}
  const category = oneOfValues(configuratorCategories, raw.kategorie)
  if (category) search.kategorie = category
  const productId = typeof raw.produkt === 'string' ? raw.produkt.toLowerCase() : undefined
  if (isUuid(productId)) search.produkt = productId
  for (const key of textParamKeys) {
    const value = textOf(raw[key])
    if (value !== undefined) search[key] = value
  }
  for (const key of numberParamKeys) {
    const value = numberOf(raw[key])
    if (value !== undefined) search[key] = value
  }
  const form = oneOfValues<UseForm>([...flowerForms, ...dronabinolForms], raw.form)
  if (form) search.form = form
  const directions = oneOfValues(directionsKinds, raw.anweisung)
  if (directions) search.anweisung = directions
  const doseUnit = oneOfValues(doseUnits, raw.einheit)
  if (doseUnit) search.einheit = doseUnit
  const payer = oneOfValues(configuratorPayers, raw.kostentraeger)
  if (payer) search.kostentraeger = payer
  return search
}

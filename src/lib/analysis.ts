import { addCalendarDays } from './format'
import type { OrganisationCategory } from './organisation'
import type { CannabinoidUnit, ProductCategory, ProductIdentity } from './products'

/**
 * `/analyse` (issue 14): the charts an organisation's owner (or the platform admin) reads, each
 * with its rows as the service answers them. Which charts a category gets, their names and the
 * words the page, the tables and the CSV files share.
 */

export const analysisChartKeys = [
  'revenue',
  'topProducts',
  'channels',
  'handOuts',
  'thc',
  'turnover',
] as const
export type AnalysisChartKey = (typeof analysisChartKeys)[number]

/** What each category works with, in the order the page shows it. */
export const analysisChartsOf: Record<OrganisationCategory, readonly AnalysisChartKey[]> = {
  platform: [],
  pharmacy: ['revenue', 'topProducts', 'channels', 'thc', 'turnover'],
  wholesaler: ['revenue', 'topProducts', 'channels', 'thc', 'turnover'],
  producer: ['revenue', 'topProducts', 'channels', 'thc', 'turnover'],
  club: ['handOuts', 'thc', 'turnover'],
}

export const analysisChartTitles: Record<AnalysisChartKey, string> = {
  revenue: 'Umsatz je Monat',
  topProducts: 'Umsatzstärkste Produkte',
  channels: 'Bestellungen nach Herkunft',
  handOuts: 'Abgabemenge je Sorte',
  thc: 'Durchschnittlicher THC-Gehalt',
  turnover: 'Lagerumschlag und Reichweite',
}

/** What each chart counts, under its title. */
export const analysisChartHints: Record<AnalysisChartKey, string> = {
  revenue: 'Nettoumsatz der Waren abgeschlossener Bestellungen, nach Monat des Abschlusses.',
  topProducts: 'Die zehn Produkte mit dem höchsten Nettoumsatz im Zeitraum.',
  channels:
    'Eingegangene Bestellungen je Monat: Back-Office, Shop, Reservierungen und Einkaufsbestellungen von Kunden.',
  handOuts: 'Nicht stornierte Abgaben im Zeitraum je Sorte, mit der Zahl der Mitglieder.',
  thc: 'Mittlerer THC-Gehalt der abgegebenen bzw. verkauften Blüten, gewichtet nach Menge.',
  turnover:
    'Abgang ÷ mittlerer Bestand im Zeitraum, und wie viele Tage der heutige nutzbare Bestand beim mittleren Abgang reicht. Die 20 Produkte mit dem größten Abgang.',
}

/** The CSV file's name part of each chart: `analyse-<slug>-<from>-bis-<to>.csv`. */
const analysisChartSlugs: Record<AnalysisChartKey, string> = {
  revenue: 'umsatz',
  topProducts: 'top-produkte',
  channels: 'bestellungen-nach-herkunft',
  handOuts: 'abgaben-je-sorte',
  thc: 'thc-gehalt',
  turnover: 'lagerumschlag',
}

/** The name a chart's CSV file is saved under. */
export const analysisCsvFileName = (key: AnalysisChartKey, from: string, to: string) =>
  `analyse-${analysisChartSlugs[key]}-${from}-bis-${to}.csv`

/** How many products "Umsatzstärkste Produkte" and "Lagerumschlag" show. */
export const topProductsLimit = 10
export const turnoverLimit = 20

/** The longest period one analysis covers: five years of monthly figures. */
export const maxAnalysisDays = 5 * 366

/** Where an order came from: the desk, the shop (an order or a Rezeptkonfigurator hold), a buyer. */
export const orderOrigins = ['back_office', 'shop', 'reservation', 'purchase_order'] as const
export type OrderOrigin = (typeof orderOrigins)[number]

export const orderOriginLabels: Record<OrderOrigin, string> = {
  back_office: 'Back-Office',
  shop: 'Shop-Bestellung',
  reservation: 'Reservierung (Rezeptkonfigurator)',
  purchase_order: 'Einkaufsbestellung eines Kunden',
}

/** Net revenue of goods (no delivery fees) of orders completed in a Berlin month. */
export interface RevenueMonth {
  /** `YYYY-MM`. */
  month: string
  orders: number
  netCents: number
}

/**
 * One of the organisation's products as the analysis names it: by its listing, with what tells
 * two of one name apart (pack size, PZN — `productOptionLabel`, issue 35).
 */
export interface AnalysisProduct extends ProductIdentity {
  listingId: string
}

export interface TopProduct extends AnalysisProduct {
  /** Base units sold (mg, µl or pieces). */
  quantity: number
  netCents: number
}

/** Orders received in a Berlin month, per origin. */
export interface ChannelMonth {
  month: string
  orders: Record<OrderOrigin, number>
}

/** Gram-weighted contents of the flowers sold or handed out in a month (contents in % only). */
export interface ThcMonth {
  month: string
  quantityMg: number
  averageThc: number | null
  averageCbd: number | null
}

export interface HandoutVariety {
  name: string
  unit: CannabinoidUnit
  handouts: number
  quantityMg: number
  members: number
  averageThc: number | null
  averageCbd: number | null
}

/**
 * A product's stock over the period: what left it (sales, hand-outs, fillings, less returns), the
 * stock at its start and end, and today's usable stock (released or in quarantine, unexpired).
 * Turnover = outflow ÷ average of opening and closing stock; days of stock = usable stock ÷ the
 * period's average outflow per day. Both null where they divide by zero.
 */
export interface TurnoverRow extends AnalysisProduct {
  outflow: number
  openingStock: number
  closingStock: number
  usableStock: number
  turnover: number | null
  daysOfStock: number | null
}

export type AnalysisChart =
  | { key: 'revenue'; rows: RevenueMonth[] }
  | { key: 'topProducts'; rows: TopProduct[] }
  | { key: 'channels'; rows: ChannelMonth[] }
  | { key: 'handOuts'; rows: HandoutVariety[] }
  | { key: 'thc'; rows: ThcMonth[] }
  | { key: 'turnover'; rows: TurnoverRow[] }

export type AnalysisRows<K extends AnalysisChartKey> = Extract<AnalysisChart, { key: K }>['rows']

export interface AnalysisOrganisation {
  id: string
  name: string
  category: OrganisationCategory
}

export interface Analysis {
  /** Null while the platform admin has not chosen one. */
  organisation: AnalysisOrganisation | null
  /** The platform admin's choice of organisations; empty for everyone else. */
  organisations: AnalysisOrganisation[]
  /** The period shown (the default when the search names none). */
  from: string
  to: string
  category: ProductCategory | null
  /** The products the figures are narrowed to (none: all). */
  products: AnalysisProduct[]
  charts: AnalysisChart[]
}

/** The period without a choice: the current month and the eleven before it, up to today. */
export function defaultAnalysisPeriod(today: string): { from: string; to: string } {
  let first = `${today.slice(0, 7)}-01`
  for (let month = 0; month < 11; month++) first = `${addCalendarDays(first, -1).slice(0, 7)}-01`
  return { from: first, to: today }
}

/** The Berlin months (`YYYY-MM`) from the month of `from` to the month of `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = []
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
    months.push(month)
    const [year, number] = month.split('-').map(Number) as [number, number]
    month = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`
  }
  return months
}

const monthFormat = new Intl.DateTimeFormat('de-DE', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** `2026-03` → "März 2026" (short month names: "Nov. 2025"). */
export const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T12:00:00Z`))

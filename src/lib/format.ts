/**
 * Display formats for German users, the same on the server and in the browser. Formatters are
 * built once: constructing an `Intl` formatter costs far more than using one, and tables call
 * these for every cell.
 */

const locale = 'de-DE'
const timeZone = 'Europe/Berlin'

/** Between a number and its unit, so that "1,5 g" never breaks across lines (Intl does the same before "€"). */
const unitSpace = '\u00a0'

const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })
const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
const upToThreeDecimals = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })
const date = new Intl.DateTimeFormat(locale, {
  timeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})
const dateTime = new Intl.DateTimeFormat(locale, {
  timeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' })
const longDate = new Intl.DateTimeFormat(locale, {
  timeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})

function assertSafeInteger(value: number, what: string) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer: ${value}`)
}

/** Money is kept as integer cents everywhere; `123450` → "1.234,50 €". */
export function formatMoney(cents: number): string {
  assertSafeInteger(cents, 'Cents')
  return euro.format(cents / 100)
}

/** A count as people read it: `12345` → "12.345". */
export function formatCount(value: number): string {
  return integer.format(value)
}

/** The base unit a quantity is stored in: milligrams, microlitres or pieces. */
export type QuantityUnit = 'mg' | 'ul' | 'piece'

/**
 * Each unit's one display unit: a quantity keeps its precision and one context never mixes units
 * ("eingegangen 0 g · offen 100 g", never "0 mg · 100 g"; 1.250,5 g, never a rounded "1,251 kg").
 */
const quantitySymbols: Record<Exclude<QuantityUnit, 'piece'>, string> = { mg: 'g', ul: 'ml' }

/**
 * A stored quantity in its display unit, exact to the base unit: `1500, 'mg'` → "1,5 g",
 * `1_250_500, 'mg'` → "1.250,5 g", `50_000, 'ul'` → "50 ml", `3, 'piece'` → "3 Stk".
 */
export function formatQuantity(amount: number, unit: QuantityUnit): string {
  assertSafeInteger(amount, 'Quantity')
  if (unit === 'piece') return `${integer.format(amount)}${unitSpace}Stk`
  return `${upToThreeDecimals.format(amount / 1000)}${unitSpace}${quantitySymbols[unit]}`
}

const threeDecimals = new Intl.NumberFormat(locale, {
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
})

/**
 * Milligrams as grams with three decimals always, for lists of weighings that are read against
 * each other (a filling protocol): `10_500` → "10,500 g" beside "10,012 g".
 */
export function formatWeighedGrams(mg: number): string {
  assertSafeInteger(mg, 'Weight')
  return `${threeDecimals.format(mg / 1000)}${unitSpace}g`
}

/** A calendar day in German time: "05.03.2025". */
export function formatDate(value: Date | string): string {
  return date.format(new Date(value))
}

/** A moment in German time: "05.03.2025, 14:30". */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(new Date(value))
}

/** The time of day in German time: "14:30". */
export function formatTime(value: Date | string): string {
  return time.format(new Date(value))
}

/** A day in words, in German time: "Freitag, 27. November 2026". */
export function formatLongDate(value: Date | string): string {
  return longDate.format(new Date(value))
}

const isoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar day in Germany as `YYYY-MM-DD`: what expiry dates are compared with. */
export const berlinIsoDate = (at: Date = new Date()) => isoDate.format(at)

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/

/**
 * The days the app works with: birth days to far-off expiry dates. Bounded so that a day ± a
 * period stays a valid date and timestamp (year 9999 plus a day is none).
 */
const firstCalendarDay = '1900-01-01'
const lastCalendarDay = '2199-12-31'

/**
 * A real calendar day as `YYYY-MM-DD` (no 31 February) from 1900 to 2199. Here, not with the
 * schemas: zod-free parsers use it.
 */
export function isCalendarDay(value: string): boolean {
  if (!isoDatePattern.test(value) || value < firstCalendarDay || value > lastCalendarDay) {
    return false
  }
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** A calendar day (`YYYY-MM-DD`) plus `days` (negative: before it). */
export function addCalendarDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * A calendar day (`YYYY-MM-DD`) plus `months`, kept inside the target month: 30 November plus
 * three months is the last day of February, not 2 March.
 */
export function addCalendarMonths(day: string, months: number): string {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number]
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate()
  target.setUTCDate(Math.min(dayOfMonth, lastDay))
  return target.toISOString().slice(0, 10)
}

import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatQuantity,
  formatWeighedGrams,
} from '~/lib/format'

/** Intl and our units put a no-break space before the unit; tests spell it out. */
const nbsp = '\u00a0'

describe('formatMoney', () => {
  it('shows cents as euros with German separators', () => {
    expect(formatMoney(123450)).toBe(`1.234,50${nbsp}€`)
    expect(formatMoney(0)).toBe(`0,00${nbsp}€`)
    expect(formatMoney(5)).toBe(`0,05${nbsp}€`)
  })

  it('keeps the sign of negative amounts', () => {
    expect(formatMoney(-199)).toBe(`-1,99${nbsp}€`)
  })

  it('stays exact for large amounts', () => {
    expect(formatMoney(123_456_789_012)).toBe(`1.234.567.890,12${nbsp}€`)
  })

  it('refuses fractions of a cent instead of rounding them away', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError)
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError)
  })
})

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(12345)).toBe('12.345')
    expect(formatCount(1)).toBe('1')
  })
})

describe('formatQuantity', () => {
  it('shows milligrams in grams, whatever their size, so one line never mixes units', () => {
    expect(formatQuantity(1500, 'mg')).toBe(`1,5${nbsp}g`)
    expect(formatQuantity(1000, 'mg')).toBe(`1${nbsp}g`)
    expect(formatQuantity(250, 'mg')).toBe(`0,25${nbsp}g`)
    expect(formatQuantity(0, 'mg')).toBe(`0${nbsp}g`)
    expect(formatQuantity(2_500_000, 'mg')).toBe(`2.500${nbsp}g`)
  })

  it('keeps the precision: exact to the milligram, nothing rounded away', () => {
    expect(formatQuantity(1_250_500, 'mg')).toBe(`1.250,5${nbsp}g`)
    expect(formatQuantity(1234, 'mg')).toBe(`1,234${nbsp}g`)
    expect(formatQuantity(1_234_567, 'mg')).toBe(`1.234,567${nbsp}g`)
  })

  it('shows microlitres in millilitres', () => {
    expect(formatQuantity(50_000, 'ul')).toBe(`50${nbsp}ml`)
    expect(formatQuantity(750, 'ul')).toBe(`0,75${nbsp}ml`)
    expect(formatQuantity(1_500_000, 'ul')).toBe(`1.500${nbsp}ml`)
  })

  it('counts pieces', () => {
    expect(formatQuantity(3, 'piece')).toBe(`3${nbsp}Stk`)
    expect(formatQuantity(12000, 'piece')).toBe(`12.000${nbsp}Stk`)
  })

  it('keeps negative quantities (corrections) in the same unit as positive ones', () => {
    expect(formatQuantity(-1500, 'mg')).toBe(`-1,5${nbsp}g`)
    expect(formatQuantity(-3, 'piece')).toBe(`-3${nbsp}Stk`)
  })

  it('refuses fractions of the base unit', () => {
    expect(() => formatQuantity(0.5, 'mg')).toThrow(RangeError)
  })
})

describe('formatWeighedGrams', () => {
  it('gives every weighing of a protocol three decimals, so they read against each other', () => {
    expect(formatWeighedGrams(10_500)).toBe(`10,500${nbsp}g`)
    expect(formatWeighedGrams(10_012)).toBe(`10,012${nbsp}g`)
    expect(formatWeighedGrams(0)).toBe(`0,000${nbsp}g`)
    expect(formatWeighedGrams(1_250_500)).toBe(`1.250,500${nbsp}g`)
  })
})

describe('dates', () => {
  it('shows dates in German time, whatever the machine’s zone', () => {
    // 23:30 UTC on 31 December is already New Year in Berlin (UTC+1 in winter).
    expect(formatDate(new Date('2024-12-31T23:30:00Z'))).toBe('01.01.2025')
    expect(formatDateTime('2024-12-31T23:30:00Z')).toBe('01.01.2025, 00:30')
  })

  it('follows summer time', () => {
    expect(formatDateTime(new Date('2025-07-01T12:05:00Z'))).toBe('01.07.2025, 14:05')
  })
})

import { describe, expect, it } from 'vitest'
import { catalogueSortLabels, catalogueWords } from '~/features/shop/catalogue/catalogue-words'
import { availabilityLabels } from '~/lib/shop'
import {
  catalogueSearchDefaults,
  catalogueSortKeys,
  isCatalogueFiltered,
  parseCatalogueListInput,
  parseCatalogueSearch,
  requiresPrescription,
} from '~/lib/shop-catalogue'
import { hwgViolationsIn } from '../support/hwg-forbidden'

const parse = (input: Record<string, unknown>) => parseCatalogueSearch(input as never)

describe('parseCatalogueSearch', () => {
  it('falls back to the first page by name without params', () => {
    expect(parse({})).toEqual(catalogueSearchDefaults)
    expect(parseCatalogueSearch(null as never)).toEqual({ page: 1, sort: 'name' })
  })

  it.each([
    // What a link carries (the router has parsed numbers and booleans already) …
    [
      { thcMin: 18, thcMax: 24.5 },
      { thcMin: 18, thcMax: 24.5 },
    ],
    [{ available: true }, { available: true }],
    [{ genetics: ['hybrid', 'indica'] }, { genetics: ['indica', 'hybrid'] }],
    [
      { sort: 'price-desc', page: 3 },
      { sort: 'price-desc', page: 3 },
    ],
    // … and what a plain GET form sends.
    [
      { thcMin: '20', cbdMax: '1.5' },
      { thcMin: 20, cbdMax: 1.5 },
    ],
    [{ genetics: 'sativa' }, { genetics: ['sativa'] }],
    [{ genetics: 'sativa,hybrid' }, { genetics: ['sativa', 'hybrid'] }],
    [{ available: 'on' }, { available: true }],
    [{ available: 'yes' }, { available: true }],
    [{ page: '2' }, { page: 2 }],
    [
      { producer: '  Polderveld B.V. ', terpene: 'Myrcen' },
      { producer: 'Polderveld B.V.', terpene: 'Myrcen' },
    ],
    [{ irradiated: 'no' }, { irradiated: 'no' }],
    [
      { priceMin: '8', priceMax: 12.5 },
      { priceMin: 8, priceMax: 12.5 },
    ],
  ])('reads %j', (input, expected) => {
    expect(parse(input)).toEqual({ page: 1, sort: 'name', ...expected })
  })

  it('turns a range given upside down round', () => {
    expect(parse({ thcMin: 25, thcMax: 18, priceMin: 14, priceMax: 9 })).toMatchObject({
      thcMin: 18,
      thcMax: 25,
      priceMin: 9,
      priceMax: 14,
    })
  })

  it.each([
    { page: 0 },
    { page: -1 },
    { page: 1.5 },
    { page: 'zwei' },
    { page: 100_000 },
    { sort: 'rating' },
    { sort: 'price' },
    // § 10 HWG: rankings by potency or novelty are no sort of the shop (domain.md).
    { sort: 'thc-desc' },
    { sort: 'thc_desc' },
    { sort: 'thc-asc' },
    { sort: 'newest' },
    { thcMin: -1 },
    { thcMin: 'viel' },
    { thcMax: 2_000 },
    { cbdMin: Number.NaN },
    { genetics: ['ruderalis'] },
    { genetics: 42 },
    { producer: '' },
    { producer: 'x'.repeat(201) },
    { terpene: 'Myrcen\u0000' },
    { irradiated: 'maybe' },
    { available: 'no' },
    { available: false },
    { priceMax: '' },
  ])('ignores %j', (input) => {
    expect(parse(input)).toEqual({ page: 1, sort: 'name' })
  })

  it('tells a filtered search from the plain list', () => {
    expect(isCatalogueFiltered(parse({ page: 3, sort: 'price-desc' }))).toBe(false)
    expect(isCatalogueFiltered(parse({ thcMin: 0 }))).toBe(true)
    expect(isCatalogueFiltered(parse({ available: 'on' }))).toBe(true)
  })
})

describe('catalogue sorts (§ 10 HWG)', () => {
  it('orders by name or by the price a consumer must be shown, never by potency or novelty', () => {
    expect(catalogueSortKeys).toEqual(['name', 'price-asc', 'price-desc'])
    expect(Object.values(catalogueSortLabels).join(' ')).not.toMatch(/THC|CBD|Gehalt|Neu/)
  })

  it('the shop’s fixed words pass the HWG check', () => {
    const words = [
      ...Object.values(catalogueSortLabels),
      ...Object.values(availabilityLabels),
      ...Object.values(catalogueWords).flatMap((category) => Object.values(category)),
    ].join('\n')
    expect(hwgViolationsIn(words)).toEqual([])
    expect(Object.values(availabilityLabels)).toEqual(['vorrätig', 'nicht vorrätig'])
  })
})

describe('parseCatalogueListInput', () => {
  it('takes a known category and parses the search', () => {
    expect(parseCatalogueListInput({ category: 'extract', search: { thcMin: '5' } })).toEqual({
      category: 'extract',
      search: { page: 1, sort: 'name', thcMin: 5 },
    })
  })

  it('shows flowers for an unknown category', () => {
    expect(parseCatalogueListInput({ category: 'accessory' }).category).toBe('flower')
    expect(parseCatalogueListInput('nonsense')).toEqual({
      category: 'flower',
      search: { page: 1, sort: 'name' },
    })
  })
})

describe('requiresPrescription', () => {
  it.each([
    ['flower', true],
    ['extract', true],
    ['cbd_solution', true],
    ['dronabinol', true],
    ['accessory', false],
  ])('%s → %s', (category, expected) => {
    expect(requiresPrescription(category)).toBe(expected)
  })
})

import { describe, expect, it } from 'vitest'
import {
  availableSalesUnits,
  baseUnitsPerSalesUnit,
  canSellByGram,
  formatPackSize,
  isValidPzn,
  lineTotalCents,
  masterProductListSearch,
  normalisePzn,
  organisationProductListSearch,
  packSizeToBaseUnits,
  parseDecimal,
  parseEuroToCents,
  productOptionLabel,
  pznCheckDigit,
  vatCents,
} from '~/lib/products'

describe('PZN', () => {
  it('computes the check digit from the first seven digits weighted 1…7, modulo 11', () => {
    // 0·1 + 1·2 + 2·3 + 3·4 + 4·5 + 5·6 + 6·7 = 112; 112 mod 11 = 2
    expect(pznCheckDigit('0123456')).toBe(2)
    // 1·1 + 9·2 + 4·3 + 3·4 + 2·5 + 6·6 + 9·7 = 152; 152 mod 11 = 9
    expect(pznCheckDigit('1943269')).toBe(9)
    expect(pznCheckDigit('0000000')).toBe(0)
  })

  it('has no check digit for a remainder of 10, so such numbers are never valid', () => {
    // 3·7 = 21; 21 mod 11 = 10
    expect(pznCheckDigit('0000003')).toBeNull()
    for (let last = 0; last <= 9; last++) expect(isValidPzn(`0000003${last}`)).toBe(false)
  })

  it('takes only seven digits for the check digit', () => {
    expect(pznCheckDigit('012345')).toBeNull()
    expect(pznCheckDigit('01234567')).toBeNull()
    expect(pznCheckDigit('012345a')).toBeNull()
  })

  it('accepts eight digits whose last is the check digit, and nothing else', () => {
    expect(isValidPzn('01234562')).toBe(true)
    expect(isValidPzn('19432699')).toBe(true)
    expect(isValidPzn('01234563')).toBe(false)
    expect(isValidPzn('19432698')).toBe(false)
    expect(isValidPzn('1234562')).toBe(false)
    expect(isValidPzn('001234562')).toBe(false)
    expect(isValidPzn('0123456x')).toBe(false)
    expect(isValidPzn('')).toBe(false)
  })

  it('keeps leading zeros: a PZN is text', () => {
    expect(isValidPzn('01234562')).toBe(true)
    // The same digits without the zero are a different, seven-digit, invalid number.
    expect(isValidPzn(String(Number('01234562')))).toBe(false)
    expect(normalisePzn('01234562')).toBe('01234562')
    expect(normalisePzn('00000000')).toBe('00000000')
  })

  it('normalises the ways people write a PZN', () => {
    expect(normalisePzn('PZN 01234567')).toBe('01234567')
    expect(normalisePzn('PZN-01234567')).toBe('01234567')
    expect(normalisePzn('pzn:01234567')).toBe('01234567')
    expect(normalisePzn('PZN: 01234567')).toBe('01234567')
    expect(normalisePzn('-01234567')).toBe('01234567')
    expect(normalisePzn('  0123 4567 ')).toBe('01234567')
    expect(normalisePzn('0123.4567')).toBe('01234567')
    // Normalising never validates.
    expect(normalisePzn('PZN 123')).toBe('123')
  })
})

describe('parseDecimal', () => {
  it('reads German and English decimal separators', () => {
    expect(parseDecimal('22,5')).toBe(22.5)
    expect(parseDecimal('22.5')).toBe(22.5)
    expect(parseDecimal('22')).toBe(22)
    expect(parseDecimal(',5')).toBe(0.5)
    expect(parseDecimal('-1,5')).toBe(-1.5)
    expect(parseDecimal(' 22,5 ')).toBe(22.5)
  })

  it('takes the last separator as the decimal one when both occur', () => {
    expect(parseDecimal('1.234,5')).toBe(1234.5)
    expect(parseDecimal('1,234.5')).toBe(1234.5)
    expect(parseDecimal('1.234.567,89')).toBe(1234567.89)
    expect(parseDecimal('1,234,567.89')).toBe(1234567.89)
  })

  it('reads several dots as thousands separators', () => {
    expect(parseDecimal('1.234.567')).toBe(1234567)
    expect(parseDecimal('1.23.4')).toBeNaN()
    expect(parseDecimal('12.3456.789')).toBeNaN()
  })

  it('ignores a trailing unit', () => {
    expect(parseDecimal('22,5 %')).toBe(22.5)
    expect(parseDecimal('22,5%')).toBe(22.5)
    expect(parseDecimal('25 mg/ml')).toBe(25)
    expect(parseDecimal('10 g')).toBe(10)
    expect(parseDecimal('9,50 €')).toBe(9.5)
  })

  it('gives null for an empty text and NaN for anything else that is no number', () => {
    expect(parseDecimal('')).toBeNull()
    expect(parseDecimal('   ')).toBeNull()
    expect(parseDecimal('abc')).toBeNaN()
    expect(parseDecimal('12abc')).toBeNaN()
    expect(parseDecimal('1,2,3')).toBeNaN()
    expect(parseDecimal('1e3')).toBeNaN()
    expect(parseDecimal('Infinity')).toBeNaN()
    expect(parseDecimal('1.234,5.6')).toBeNaN()
  })
})

describe('parseEuroToCents', () => {
  it('turns typed euros into whole cents', () => {
    expect(parseEuroToCents('9,50')).toBe(950)
    expect(parseEuroToCents('9.5')).toBe(950)
    expect(parseEuroToCents('1.234,00 €')).toBe(123400)
    expect(parseEuroToCents('19,99 EUR')).toBe(1999)
    expect(parseEuroToCents('12')).toBe(1200)
    // 0.29 × 100 is 28.999… in floating point.
    expect(parseEuroToCents('0,29')).toBe(29)
  })

  it('passes empty and invalid input on as null and NaN', () => {
    expect(parseEuroToCents('')).toBeNull()
    expect(parseEuroToCents('neun Euro')).toBeNaN()
  })
})

describe('pack sizes', () => {
  it('formats base units in the pack unit the UI shows', () => {
    expect(formatPackSize(10_000, 'g')).toBe('10 g')
    expect(formatPackSize(100_000, 'g')).toBe('100 g')
    expect(formatPackSize(2_500, 'g')).toBe('2,5 g')
    expect(formatPackSize(1_500_000, 'g')).toBe('1.500 g')
    expect(formatPackSize(30_000, 'ml')).toBe('30 ml')
    expect(formatPackSize(56, 'piece')).toBe('56 Stk')
  })

  it('names a product in a picker by name, pack size and PZN, so twins of one name differ', () => {
    const bedrocan = { name: 'Bedrocan', packUnit: 'g' } as const
    expect(productOptionLabel({ ...bedrocan, pzn: '12345678', packBaseUnits: 5_000 })).toBe(
      'Bedrocan 5 g · PZN 12345678',
    )
    expect(productOptionLabel({ ...bedrocan, pzn: '87654321', packBaseUnits: 10_000 })).toBe(
      'Bedrocan 10 g · PZN 87654321',
    )
    expect(productOptionLabel({ ...bedrocan, pzn: null, packBaseUnits: 2_500 })).toBe(
      'Bedrocan 2,5 g',
    )
    expect(
      productOptionLabel({ ...bedrocan, name: 'Auwald, 5 g', pzn: null, packBaseUnits: 5_000 }),
    ).toBe('Auwald, 5 g')
  })

  it('turns a typed pack size into integer base units', () => {
    expect(packSizeToBaseUnits(10, 'g')).toBe(10_000)
    expect(packSizeToBaseUnits(1.005, 'g')).toBe(1_005)
    expect(packSizeToBaseUnits(2.5, 'ml')).toBe(2_500)
    expect(packSizeToBaseUnits(56, 'piece')).toBe(56)
  })
})

describe('sales units (ADR 014)', () => {
  it('holds 1,000 mg in a gram and the pack content in a pack', () => {
    expect(baseUnitsPerSalesUnit('gram', 100_000)).toBe(1_000)
    expect(baseUnitsPerSalesUnit('gram', 5_000)).toBe(1_000)
    expect(baseUnitsPerSalesUnit('pack', 10_000)).toBe(10_000)
    expect(baseUnitsPerSalesUnit('pack', 56)).toBe(56)
  })

  it('sells only flowers weighed in grams by the gram', () => {
    expect(canSellByGram('flower', 'g')).toBe(true)
    expect(canSellByGram('extract', 'g')).toBe(false)
    expect(canSellByGram('flower', 'ml')).toBe(false)
    expect(canSellByGram('accessory', 'piece')).toBe(false)
  })

  it('counts only whole sales units as available', () => {
    expect(availableSalesUnits(10_500, 1_000)).toBe(10)
    expect(availableSalesUnits(999, 1_000)).toBe(0)
    expect(availableSalesUnits(30_000, 10_000)).toBe(3)
    expect(availableSalesUnits(0, 1_000)).toBe(0)
    // A negative balance (a correction) never makes negative availability.
    expect(availableSalesUnits(-5_000, 1_000)).toBe(0)
  })

  it('multiplies price and quantity in integers', () => {
    expect(lineTotalCents(1_150, 7)).toBe(8_050)
    expect(lineTotalCents(11_900, 1)).toBe(11_900)
    expect(lineTotalCents(999, 0)).toBe(0)
  })

  it('rounds VAT half up, once per rate', () => {
    expect(vatCents(1_000, '19')).toBe(190)
    expect(vatCents(50, '19')).toBe(10) // 9.5 → 10
    expect(vatCents(150, '7')).toBe(11) // 10.5 → 11
    expect(vatCents(149, '7')).toBe(10) // 10.43 → 10
    expect(vatCents(105, '19')).toBe(20) // 19.95 → 20
    expect(vatCents(1_000, '0')).toBe(0)
    expect(vatCents(0, '19')).toBe(0)
    // Three lines of 0.50 € each: one rounding on the total (28.5 → 29), not three (3 × 10).
    const lines = [50, 50, 50]
    const perRate = vatCents(
      lines.reduce((sum, net) => sum + net, 0),
      '19',
    )
    expect(perRate).toBe(29)
    expect(lines.map((net) => vatCents(net, '19')).reduce((sum, vat) => sum + vat, 0)).toBe(30)
  })
})

describe('master product list search', () => {
  it('defaults to the first page sorted by name, without filters', () => {
    expect(masterProductListSearch.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'name',
      dir: 'asc',
      q: '',
    })
  })

  it('keeps valid params and filters', () => {
    expect(
      masterProductListSearch.parse({
        page: 3,
        pageSize: 50,
        sort: 'thc',
        dir: 'desc',
        q: ' Nordstern ',
        category: 'flower',
        status: 'withdrawn',
        irradiated: 'no',
        manufacturer: ' Nordlicht Cannabis GmbH ',
        thcMin: 15,
        thcMax: 25,
      }),
    ).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'thc',
      dir: 'desc',
      q: 'Nordstern',
      category: 'flower',
      status: 'withdrawn',
      irradiated: 'no',
      manufacturer: 'Nordlicht Cannabis GmbH',
      thcMin: 15,
      thcMax: 25,
    })
  })

  it('falls back to defaults and drops filters that do not parse', () => {
    expect(
      masterProductListSearch.parse({
        page: 0,
        pageSize: 30,
        sort: 'price',
        dir: 'up',
        category: 'seeds',
        status: 'deleted',
        irradiated: 'maybe',
        manufacturer: '   ',
        thcMin: 'viel',
        thcMax: Number.POSITIVE_INFINITY,
      } as never),
    ).toEqual(masterProductListSearch.parse({}))
    expect(masterProductListSearch.parse({ manufacturer: 'x'.repeat(201) })).not.toHaveProperty(
      'manufacturer',
    )
    expect(masterProductListSearch.parse({ manufacturer: 'a\u0000b' })).not.toHaveProperty(
      'manufacturer',
    )
  })

  it('reads the THC range from numbers or numeric text within 0–1,000', () => {
    expect(masterProductListSearch.parse({ thcMin: '12.5' } as never).thcMin).toBe(12.5)
    expect(masterProductListSearch.parse({ thcMin: 0 }).thcMin).toBe(0)
    expect(masterProductListSearch.parse({ thcMax: 1_000 }).thcMax).toBe(1_000)
    expect(masterProductListSearch.parse({ thcMin: -1 })).not.toHaveProperty('thcMin')
    expect(masterProductListSearch.parse({ thcMax: 1_001 })).not.toHaveProperty('thcMax')
    expect(masterProductListSearch.parse({ thcMin: Number.NaN })).not.toHaveProperty('thcMin')
  })
})

describe('organisation product list search', () => {
  it('defaults to the first page sorted by name, without filters', () => {
    expect(organisationProductListSearch.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'name',
      dir: 'asc',
      q: '',
    })
  })

  it('filters by category and shop visibility, sorts by price', () => {
    expect(
      organisationProductListSearch.parse({
        sort: 'price',
        dir: 'desc',
        category: 'extract',
        shop: 'hidden',
      }),
    ).toMatchObject({ sort: 'price', dir: 'desc', category: 'extract', shop: 'hidden' })
  })

  it('drops invalid values', () => {
    expect(
      organisationProductListSearch.parse({
        sort: 'thc',
        category: 'flowers',
        shop: 'yes',
        pageSize: 1_000,
      } as never),
    ).toEqual(organisationProductListSearch.parse({}))
  })
})

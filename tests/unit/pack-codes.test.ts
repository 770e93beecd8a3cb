import { describe, expect, it } from 'vitest'
import {
  batchLabelCode,
  expiryOf,
  gtinOfPzn,
  isValidGtin,
  type PackCode,
  parsePackCode,
  ppnCheck,
} from '~/lib/pack-codes'
import { isValidPzn, pznCheckDigit } from '~/lib/products'

const GS = '\x1d'
const RS = '\x1e'
const EOT = '\x04'

/** A valid PZN8 from seven digits. */
function pznFrom(seven: string): string {
  const check = pznCheckDigit(seven)
  if (check === null) throw new Error(`${seven} has no valid PZN`)
  return `${seven}${check}`
}

const pzn = pznFrom('1234562')
const gtin = gtinOfPzn(pzn)
const ppn = `11${pzn}${ppnCheck(`11${pzn}`)}`

const expected = (overrides: Partial<PackCode>): PackCode => ({
  format: 'gs1',
  pzn,
  gtin,
  batchNumber: 'CH4711',
  expiryDate: '2027-06-30',
  serial: 'SN7X4Q9P2K3M',
  organisationProductId: null,
  ...overrides,
})

const read = (code: string) => {
  const result = parsePackCode(code)
  if (!result.ok) throw new Error(result.message)
  return result.code
}
const refusal = (code: string) => {
  const result = parsePackCode(code)
  if (result.ok) throw new Error(`accepted ${code}`)
  return result.message
}

describe('check digits', () => {
  it('verifies PZN8 (modulo 11, weights 1–7) and GTIN (modulo 10)', () => {
    expect(isValidPzn(pzn)).toBe(true)
    expect(isValidPzn(`${pzn.slice(0, 7)}${(Number(pzn[7]) + 1) % 10}`)).toBe(false)
    expect(isValidGtin(gtin)).toBe(true)
    expect(gtin).toMatch(/^04150\d{9}$/)
    expect(isValidGtin(`${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`)).toBe(false)
    // A published GTIN: 4006381333931 (EAN-13) as GTIN-14.
    expect(isValidGtin('04006381333931')).toBe(true)
  })

  it('reads expiry YYMMDD, day 00 as the month end, leap years included', () => {
    expect(expiryOf('270600')).toBe('2027-06-30')
    expect(expiryOf('280200')).toBe('2028-02-29')
    expect(expiryOf('270215')).toBe('2027-02-15')
    expect(expiryOf('271301')).toBeNull()
    expect(expiryOf('270230')).toBeNull()
  })
})

describe('securPharm GS1 codes', () => {
  const withSeparators = `01${gtin}21SN7X4Q9P2K3M${GS}10CH4711${GS}17270600`

  it('reads a code with GS separators, with FNC1 or the ]d2 prefix', () => {
    expect(read(withSeparators)).toEqual(expected({}))
    expect(read(`${GS}${withSeparators}`)).toEqual(expected({}))
    expect(read(`]d2${withSeparators}`)).toEqual(expected({}))
  })

  it('reads the securPharm orders without separators, as a keyboard wedge sends them', () => {
    expect(read(`01${gtin}17270600` + `10CH4711` + `21SN7X4Q9P2K3M`)).toEqual(expected({}))
    expect(read(`01${gtin}21SN7X4Q9P2K3M` + `17270600` + `10CH4711`)).toEqual(expected({}))
    expect(read(`01${gtin}17270600` + `21SN7X4Q9P2K3M` + `10CH4711`)).toEqual(expected({}))
  })

  it('reads the printed (01)… form and a code with a day of its own', () => {
    expect(read(`(01)${gtin}(17)270615(10)CH4711(21)SN7X4Q9P2K3M`)).toEqual(
      expected({ expiryDate: '2027-06-15' }),
    )
  })

  it('keeps a GTIN without PZN (not an NTIN) and reads a code without serial', () => {
    const foreign = '04006381333931'
    expect(read(`01${foreign}17270600${GS}10CH4711`)).toEqual(
      expected({ gtin: foreign, pzn: null, serial: null }),
    )
  })

  it('refuses a wrong GTIN check digit, a bad expiry and an ambiguous separator-less code', () => {
    const badGtin = `${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`
    expect(refusal(`01${badGtin}17270600${GS}10CH4711`)).toMatch(/Prüfziffer/)
    expect(refusal(`01${gtin}17271340${GS}10CH4711`)).toMatch(/kein gültiges Datum/)
    // Without GS: batch "A" with serial "B21C", or batch "A21B" with serial "C"?
    expect(refusal(`01${gtin}1727060010A21B21C`)).toMatch(/nicht eindeutig/)
    // A serial ending in "21" + a character could also be a second, short serial field.
    expect(refusal(`01${gtin}1727060010CH471121SN98765432210`)).toMatch(/nicht eindeutig/)
  })

  it('reads a batch with digits that look like an AI only where one reading has all fields', () => {
    // batch "CH17" + serial "SN1": reading 17 again is refused (each AI once), so only one fits.
    expect(read(`01${gtin}17270600` + `10CH17` + `21SN1`)).toEqual(
      expected({ batchNumber: 'CH17', serial: 'SN1' }),
    )
  })
})

describe('IFA codes', () => {
  const body = `9N${ppn}${GS}1TCH4711${GS}D270600${GS}SSN7X4Q9P2K3M`
  const ifaExpected = expected({ format: 'ifa', gtin: null })

  it('reads the full format 06 envelope', () => {
    expect(read(`[)>${RS}06${GS}${body}${RS}${EOT}`)).toEqual(ifaExpected)
  })

  it('reads it when the wedge drops RS, GS and EOT', () => {
    expect(read(`[)>069N${ppn}1TCH4711D270600SSN7X4Q9P2K3M`)).toEqual(ifaExpected)
    expect(read(`9N${ppn}1TCH4711D270600SSN7X4Q9P2K3M`)).toEqual(ifaExpected)
  })

  it("computes the PPN check digits of the IFA specification's worked examples", () => {
    // IFA, "Check Digit Calculations PZN, PPN": ASCII codes weighted 2, 3, 4, … from the left, mod 97.
    expect(ppnCheck('1103752864')).toBe('14')
    expect(ppnCheck('1112345678')).toBe('42')
    expect(read(`9N110375286414${GS}1TCH4711`)).toMatchObject({ pzn: '03752864' })
  })

  it('refuses a wrong PPN check', () => {
    const wrong = `11${pzn}${ppn.slice(10) === '00' ? '01' : '00'}`
    expect(refusal(`[)>${RS}06${GS}9N${wrong}${GS}1TCH4711${RS}${EOT}`)).toMatch(/PPN/)
  })
})

describe('PZN barcodes and the club label', () => {
  it('reads Code 39 "-PZN", 8 digits and an old 7-digit PZN', () => {
    const plain = {
      format: 'pzn',
      gtin: null,
      batchNumber: null,
      expiryDate: null,
      serial: null,
      organisationProductId: null,
    }
    expect(read(`-${pzn}`)).toEqual({ ...plain, pzn })
    expect(read(pzn)).toEqual({ ...plain, pzn })
    const old = pznFrom('0345678')
    expect(read(old.slice(1))).toEqual({ ...plain, pzn: old })
  })

  it('refuses a PZN with a wrong check digit', () => {
    expect(refusal(`-${pzn.slice(0, 7)}${(Number(pzn[7]) + 1) % 10}`)).toMatch(/Prüfziffer/)
  })

  const listing = '0b9f4c1e-7d2a-4e5b-9c3f-1a2b3c4d5e6f'

  it('reads the club label code: variety, batch and best-before date', () => {
    const code = batchLabelCode({
      organisationProductId: listing,
      batchNumber: 'BW/2026-007 A',
      expiryDate: '2027-03-31',
    })
    expect(code).toBe(`BW-CHARGE:${listing.toUpperCase()}/270331/BW/2026-007 A`)
    expect(read(code)).toEqual({
      format: 'label',
      pzn: null,
      gtin: null,
      batchNumber: 'BW/2026-007 A',
      expiryDate: '2027-03-31',
      serial: null,
      organisationProductId: listing,
    })
    const undated = batchLabelCode({
      organisationProductId: listing,
      batchNumber: 'E1',
      expiryDate: null,
    })
    expect(read(undated)).toMatchObject({ batchNumber: 'E1', expiryDate: null })
  })

  it('refuses a label code without variety or batch, or with an impossible date, and what is none of these', () => {
    expect(refusal('BW-CHARGE:BW-2026-007')).toMatch(/nicht Sorte und Charge/)
    expect(refusal(`BW-CHARGE:${listing}/270331/`)).toMatch(/nicht Sorte und Charge/)
    expect(refusal(`BW-CHARGE:${listing}/271340/E1`)).toMatch(/kein gültiges Datum/)
    expect(refusal('hello')).toMatch(/kein Packungscode/)
  })
})

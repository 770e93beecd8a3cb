import { describe, expect, it } from 'vitest'
import { datevAmount, datevText, windows1252 } from '~/server/bookkeeping/datev-format'

/** ADR 072: what DATEV reads — decimal comma, quoted texts, Windows-1252. */
describe('DATEV format', () => {
  it('writes amounts with a decimal comma, no thousands separator, always positive', () => {
    expect(datevAmount(123456789)).toBe('1234567,89')
    expect(datevAmount(-5)).toBe('0,05')
    expect(datevAmount(100)).toBe('1,00')
  })

  it('quotes texts, doubles quotes, flattens line breaks and cuts to the length', () => {
    expect(datevText('Praxis "Am Markt"\r\nBerlin')).toBe('"Praxis ""Am Markt"" Berlin"')
    expect(datevText('x'.repeat(70), 60)).toBe(`"${'x'.repeat(60)}"`)
  })

  it('encodes Windows-1252 and replaces what the code page lacks on purpose', () => {
    expect([...windows1252('äöüß€')]).toEqual([0xe4, 0xf6, 0xfc, 0xdf, 0x80])
    // Without the accent where that is a letter of the code page, else a visible question mark.
    expect(windows1252('Ő').toString('latin1')).toBe('O')
    expect(windows1252('Łódź ✓').toString('latin1')).toBe('?ódz ?')
  })
})

import { describe, expect, it } from 'vitest'
import {
  isValidIban,
  isValidVatId,
  letterheadSchema,
  taxIdentityMessage,
} from '~/lib/organisation-settings'

const letterhead = {
  taxNumber: '29/512/34567',
  vatId: 'DE287654321',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
  bankName: 'Commerzbank Berlin',
  email: 'kontakt@sonnen-apotheke.example',
  phone: '+49 30 6123456',
  website: 'www.sonnen-apotheke.example',
  logoFileId: null,
}

describe('letterhead checks', () => {
  it('accepts IBANs with correct check digits, in any spacing and case', () => {
    expect(isValidIban('DE89370400440532013000')).toBe(true)
    expect(isValidIban('de02 1203 0000 0000 2020 51')).toBe(true)
    expect(isValidIban('AT611904300234573201')).toBe(true)
  })

  it('refuses a typo, a wrong German length and garbage', () => {
    expect(isValidIban('DE89370400440532013001')).toBe(false)
    expect(isValidIban('DE8937040044053201300')).toBe(false)
    expect(isValidIban('Kontonummer 123')).toBe(false)
  })

  it('knows the shape of VAT ids', () => {
    expect(isValidVatId('DE123456789')).toBe(true)
    expect(isValidVatId('de 123 456 789')).toBe(true)
    expect(isValidVatId('ATU12345678')).toBe(true)
    expect(isValidVatId('DE12345678')).toBe(false)
    expect(isValidVatId('US123456789')).toBe(false)
  })

  it('stores compact values and empty fields as null', () => {
    const parsed = letterheadSchema.parse({ ...letterhead, website: '  ', phone: '' })
    expect(parsed).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      website: null,
      phone: null,
    })
  })

  it('needs the tax number or the VAT id (§ 14 UStG)', () => {
    const result = letterheadSchema.safeParse({ ...letterhead, taxNumber: '', vatId: null })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['taxNumber'], message: taxIdentityMessage }),
    ])
    expect(letterheadSchema.safeParse({ ...letterhead, taxNumber: '' }).success).toBe(true)
  })
})

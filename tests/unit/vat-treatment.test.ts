import { describe, expect, it } from 'vitest'
import type { VatRate } from '~/lib/products'
import {
  sellerVatIdForExemptionMessage,
  smallBusinessVatMessage,
  type VatTreatmentFacts,
  vatExemptionOf,
  vatExemptions,
  zeroRateWithoutReasonMessage,
} from '~/server/documents/vat-treatment.server'
import { ConflictError } from '~/server/errors.server'

const seller = { smallBusiness: false, vatId: 'DE298765432', country: 'DE' }
const domesticBusiness = {
  kind: 'business' as const,
  vatId: 'DE811234567',
  address: { country: 'DE' },
}
const lines = (...rates: VatRate[]) => rates.map((vatRate) => ({ vatRate }))

const facts = (overrides: Partial<VatTreatmentFacts>): VatTreatmentFacts => ({
  seller,
  recipient: domesticBusiness,
  items: lines('0'),
  ...overrides,
})

describe('the VAT exemption of an invoice (§ 4 Nr. 1, § 6, § 6a, § 19 UStG)', () => {
  it.each([
    ['no 0 % line: none needed', facts({ items: lines('19', '7') }), null],
    [
      'a business in another EU state with its VAT id: intra-community supply (K)',
      facts({ recipient: { kind: 'business', vatId: 'ATU12345678', address: { country: 'AT' } } }),
      vatExemptions.intraCommunity,
    ],
    [
      'Greece, whose VAT ids start with EL: K as well',
      facts({ recipient: { kind: 'business', vatId: 'EL123456789', address: { country: 'GR' } } }),
      vatExemptions.intraCommunity,
    ],
    [
      'a business outside the EU: export (G)',
      facts({ recipient: { kind: 'business', vatId: null, address: { country: 'CH' } } }),
      vatExemptions.export,
    ],
    [
      'a person outside the EU: export (G)',
      facts({ recipient: { kind: 'person', vatId: null, address: { country: 'NO' } } }),
      vatExemptions.export,
    ],
    [
      'a small business: every line exempt (E)',
      facts({ seller: { ...seller, smallBusiness: true, vatId: null } }),
      vatExemptions.smallBusiness,
    ],
  ])('%s', (_, input, expected) => {
    expect(vatExemptionOf(input)).toEqual(expected)
  })

  it.each([
    ['a domestic business', facts({}), zeroRateWithoutReasonMessage],
    [
      'a domestic person',
      facts({ recipient: { kind: 'person', vatId: null, address: { country: 'DE' } } }),
      zeroRateWithoutReasonMessage,
    ],
    [
      'a person in another EU state (taxable, no VAT id)',
      facts({ recipient: { kind: 'person', vatId: null, address: { country: 'FR' } } }),
      zeroRateWithoutReasonMessage,
    ],
    [
      'a business in another EU state without a VAT id',
      facts({ recipient: { kind: 'business', vatId: null, address: { country: 'NL' } } }),
      zeroRateWithoutReasonMessage,
    ],
    [
      'a business abroad with a German VAT id',
      facts({ recipient: { kind: 'business', vatId: 'DE811234567', address: { country: 'AT' } } }),
      zeroRateWithoutReasonMessage,
    ],
    [
      'an intra-community supply without the seller VAT id',
      facts({
        seller: { ...seller, vatId: null },
        recipient: { kind: 'business', vatId: 'ATU12345678', address: { country: 'AT' } },
      }),
      sellerVatIdForExemptionMessage,
    ],
    [
      'a small business with a line at 19 %',
      facts({ seller: { ...seller, smallBusiness: true }, items: lines('0', '19') }),
      smallBusinessVatMessage,
    ],
  ])('refuses 0 %% for %s', (_, input, message) => {
    const refuse = () => vatExemptionOf(input)
    expect(refuse).toThrow(ConflictError)
    expect(refuse).toThrow(message)
  })
})

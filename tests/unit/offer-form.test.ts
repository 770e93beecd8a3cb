import { describe, expect, it } from 'vitest'
import { errorsByField } from '~/features/forms/field-errors'
import {
  offerFieldOf,
  offerFormErrors,
  offerFormValuesOf,
  offerInputOf,
} from '~/features/products/offer-form'
import { formatUnitPrice, grossCents } from '~/lib/organisation-products'
import { offerSchema } from '~/lib/product-schemas'
import { organisationProductListSearch } from '~/lib/products'

const stored = {
  salesUnit: 'gram',
  priceCents: 950,
  vatRate: '19',
  visibleInShop: true,
  orderStep: 5,
  minOrderQuantity: 5,
  maxOrderQuantity: null,
  lowStockThreshold: 100,
  targetStock: 250,
} as const

describe('offer form', () => {
  it('shows a stored offer the German way and reads it back unchanged', () => {
    const values = offerFormValuesOf(stored)
    expect(values).toMatchObject({ price: '9,50', orderStep: '5', maxOrderQuantity: '' })
    expect(offerFormValuesOf({ ...stored, priceCents: 123_400 }).price).toBe('1234,00')
    expect(offerFormValuesOf({ ...stored, priceCents: 5 }).price).toBe('0,05')
    expect(offerSchema.parse(offerInputOf(values))).toEqual(stored)
  })

  it('reads prices typed with a comma or a dot into cents', () => {
    const values = offerFormValuesOf(stored)
    expect(offerInputOf({ ...values, price: '12,3' }).priceCents).toBe(1230)
    expect(offerInputOf({ ...values, price: '1.234,56 €' }).priceCents).toBe(123_456)
    expect(offerInputOf({ ...values, price: '8.5' }).priceCents).toBe(850)
  })

  it('explains a missing or wrong price and the schema’s rules under the form’s fields', () => {
    const values = offerFormValuesOf(stored)
    expect(offerFormErrors(values)).toEqual({})
    expect(offerFormErrors({ ...values, price: '' }).price).toBe('Bitte gib den Preis an.')
    expect(offerFormErrors({ ...values, price: 'neun' }).price).toBe(
      'Bitte gib den Preis als Betrag an, z. B. 9,50.',
    )
    expect(offerFormErrors({ ...values, minOrderQuantity: '7' }).minOrderQuantity).toContain(
      'Vielfaches',
    )
    expect(offerFormErrors({ ...values, targetStock: '80' }).targetStock).toBe(
      'Der Zielbestand muss mindestens so hoch sein wie der Meldebestand.',
    )
    expect(offerFormErrors({ ...values, lowStockThreshold: '', targetStock: '80' })).toEqual({})
    expect(offerFormErrors({ ...values, salesUnit: '' }).salesUnit).toBe(
      'Bitte wähle die Verkaufseinheit.',
    )
  })

  it('renames the server’s field errors to the form’s fields', () => {
    const renamed = errorsByField(
      { 'offer.priceCents': 'zu teuer', 'product.terpenes.2': 'leer' },
      offerFieldOf,
    )
    expect(renamed).toEqual({ price: 'zu teuer', terpenes: 'leer' })
  })
})

describe('prices of organisation products', () => {
  it('names the sales unit and adds VAT rounded half up', () => {
    expect(formatUnitPrice(950, 'gram')).toBe('9,50\u00a0€ / g')
    expect(formatUnitPrice(8500, 'pack')).toBe('85,00\u00a0€ / Packung')
    expect(grossCents(950, '19')).toBe(1131)
    expect(grossCents(8950, '19')).toBe(10_651)
    expect(grossCents(1000, '0')).toBe(1000)
  })
})

describe('organisation product list search', () => {
  it('filters by status and, for the platform admin, by organisation id', () => {
    const organisation = '00000000-0000-4000-8000-000000000002'
    expect(
      organisationProductListSearch.parse({ status: 'master_changed', organisation }),
    ).toMatchObject({ status: 'master_changed', organisation })
    const ignored = organisationProductListSearch.parse({
      status: 'archived',
      organisation: 'not-an-id',
    } as never)
    expect(ignored).toEqual(organisationProductListSearch.parse({}))
  })
})

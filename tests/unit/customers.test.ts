import { describe, expect, it } from 'vitest'
import {
  customerFormErrors,
  customerInputOf,
  emptyCustomerValues,
} from '~/features/customers/customer-form'
import { customerSchema, isCalendarDay, isVatId } from '~/lib/customer-schemas'
import { ageOn, customerDisplayName, customerKindsFor, formatCustomerNumber } from '~/lib/customers'

describe('customer rules', () => {
  it.each([
    ['DE123456789', true],
    ['de 123 456 789', true],
    ['DE12345678', false],
    ['DE1234567890', false],
    ['ATU12345678', true],
    ['FRXX123456789', true],
    ['EL123456789', true],
    ['NL123456789B01', true],
    ['US123456789', false],
    ['12345', false],
  ])('VAT id %s is %s', (value, valid) => {
    expect(isVatId(value)).toBe(valid)
  })

  it.each([
    ['2000-02-29', '2018-02-28', 17],
    ['2000-02-29', '2018-03-01', 18],
    ['2008-11-25', '2026-11-24', 17],
    ['2008-11-25', '2026-11-25', 18],
    ['1990-12-31', '2026-01-01', 35],
  ])('someone born %s is on %s %i years old', (birth, day, age) => {
    expect(ageOn(birth, day)).toBe(age)
  })

  it('knows real calendar days only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true)
    expect(isCalendarDay('2025-02-29')).toBe(false)
    expect(isCalendarDay('2025-13-01')).toBe(false)
    expect(isCalendarDay('1.1.2025')).toBe(false)
  })

  it('knows the days from 1900 to 2199 only, so that a day plus a period is still a date', () => {
    expect(isCalendarDay('1900-01-01')).toBe(true)
    expect(isCalendarDay('2199-12-31')).toBe(true)
    expect(isCalendarDay('1899-12-31')).toBe(false)
    expect(isCalendarDay('0000-01-01')).toBe(false)
    expect(isCalendarDay('9999-12-31')).toBe(false)
  })

  it('offers each organisation category its kinds and numbers customers for ever', () => {
    expect(customerKindsFor('pharmacy')).toEqual(['patient', 'business'])
    expect(customerKindsFor('wholesaler')).toEqual(['business'])
    expect(customerKindsFor('producer')).toEqual(['business'])
    expect(customerKindsFor('club')).toEqual(['member'])
    expect(customerKindsFor('platform')).toEqual([])
    expect(formatCustomerNumber(42)).toBe('KD-00042')
    expect(formatCustomerNumber(123_456)).toBe('KD-123456')
  })

  it('names persons by first and last name, businesses by company', () => {
    const base = { firstName: null, lastName: null, companyName: null }
    expect(
      customerDisplayName({ ...base, kind: 'patient', firstName: 'Kim', lastName: 'Kunde' }),
    ).toBe('Kim Kunde')
    expect(customerDisplayName({ ...base, kind: 'business', companyName: 'Praxis Aue' })).toBe(
      'Praxis Aue',
    )
    expect(customerDisplayName({ ...base, kind: 'member', lastName: 'Anonymisiert' })).toBe(
      'Anonymisiert',
    )
  })
})

describe('customer form', () => {
  it('sends only the fields of its kind, which the shared schema accepts', () => {
    const values = {
      ...emptyCustomerValues('business'),
      companyName: 'Linden-Apotheke OHG',
      firstName: 'left over from another kind',
      vatId: 'DE289876543',
      postalCode: '10969',
    }
    const input = customerInputOf(values)
    expect(input).not.toHaveProperty('firstName')
    const parsed = customerSchema.parse(input)
    expect(parsed).toMatchObject({
      kind: 'business',
      companyName: 'Linden-Apotheke OHG',
      contactPerson: null,
      email: null,
      country: 'DE',
    })
  })

  it('shows the schema messages under the fields', () => {
    const errors = customerFormErrors({
      ...emptyCustomerValues('patient'),
      firstName: 'Edda',
      postalCode: '123',
      payerKind: 'statutory',
    })
    expect(errors?.fields).toMatchObject({
      lastName: 'Bitte gib den Nachnamen an.',
      birthDate: expect.stringMatching(/Geburtsdatum/),
      postalCode: 'Die Postleitzahl hat fünf Ziffern.',
      insurerName: 'Bitte gib die Krankenkasse an.',
    })
    expect(
      customerFormErrors({
        ...emptyCustomerValues('member'),
        firstName: 'Lea',
        lastName: 'Wolf',
        birthDate: '1990-01-01',
      }),
    ).toBeUndefined()
  })
})

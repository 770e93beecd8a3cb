import { describe, expect, it } from 'vitest'
import {
  ageClassOn,
  calendarMonthOf,
  formOfUseByCategory,
  formOfUseOf,
  handoutRulesFor,
  limitRefusal,
  remainingOf,
  thcPercentOf,
  thcRefusal,
} from '~/lib/handouts'

const adult = handoutRulesFor('adult')
const young = handoutRulesFor('young_adult')

describe('hand-out limits (KCanG)', () => {
  it('puts members below 21 on the hand-out day in the young class, from their birthday on not', () => {
    expect(ageClassOn('2005-06-15', '2026-06-14')).toBe('young_adult')
    expect(ageClassOn('2005-06-15', '2026-06-15')).toBe('adult')
    expect(ageClassOn('2008-01-01', '2026-01-01')).toBe('young_adult')
  })

  it('computes what remains: the smaller of day and month, never below zero', () => {
    expect(remainingOf(adult, { dayMg: 10_000, monthMg: 40_000 })).toEqual({
      dayMg: 15_000,
      monthMg: 10_000,
      nowMg: 10_000,
    })
    expect(remainingOf(young, { dayMg: 0, monthMg: 31_000 })).toEqual({
      dayMg: 25_000,
      monthMg: 0,
      nowMg: 0,
    })
  })

  it('names the limit reached first and what remains', () => {
    expect(limitRefusal(adult, { dayMg: 20_000, monthMg: 20_000 }, 5_000)).toBeNull()
    expect(limitRefusal(adult, { dayMg: 20_000, monthMg: 20_000 }, 5_001)).toBe(
      'Das überschreitet die Tageshöchstmenge von 25 g: Heute sind noch 5 g möglich.',
    )
    expect(limitRefusal(young, { dayMg: 0, monthMg: 27_500 }, 3_000)).toBe(
      'Das überschreitet die Monatshöchstmenge von 30 g für 18- bis 20-Jährige: In diesem Monat sind noch 2,5 g möglich.',
    )
    // Equal remainders: the day speaks.
    expect(limitRefusal(adult, { dayMg: 20_000, monthMg: 45_000 }, 6_000)).toContain('Heute')
  })

  it('allows 18- to 20-year-olds at most 10 % THC, measured in % or mg/g', () => {
    const batch = { batchNumber: 'ER-2026-00001', cannabinoidUnit: 'percent' as const }
    expect(thcRefusal(young, { ...batch, thcContent: 10 })).toBeNull()
    expect(thcRefusal(young, { ...batch, thcContent: 10.1 })).toContain('höchstens 10 % THC')
    expect(thcRefusal(adult, { ...batch, thcContent: 25 })).toBeNull()
    expect(thcPercentOf(95, 'mg_per_g')).toBe(9.5)
    expect(
      thcRefusal(young, { ...batch, cannabinoidUnit: 'mg_per_ml', thcContent: 1 }),
    ).not.toBeNull()
  })

  it('knows the calendar month of a day, across the year', () => {
    expect(calendarMonthOf('2026-12-31')).toEqual({ first: '2026-12-01', next: '2027-01-01' })
    expect(calendarMonthOf('2026-02-14')).toEqual({ first: '2026-02-01', next: '2026-03-01' })
  })
})

describe('the form of use on a dispensing label (§ 14 ApBetrO)', () => {
  it('states the prescribed preparation for the lines it describes', () => {
    expect(formOfUseOf('flower', 'ground')).toBe(
      'Zerkleinert, zur Inhalation nach Verdampfung (NRF 22.12.)',
    )
    expect(formOfUseOf('flower', 'tea_single_doses')).toBe(
      'In Einzeldosen, zur Teezubereitung (NRF 22.15.)',
    )
    expect(formOfUseOf('extract', 'extract')).toBe('Extrakt, zum Einnehmen')
  })

  it('falls back to the category where the preparation is missing or about other goods', () => {
    expect(formOfUseOf('flower', null)).toBe(formOfUseByCategory.flower)
    expect(formOfUseOf('extract', 'ground')).toBe(formOfUseByCategory.extract)
    expect(formOfUseOf('flower', 'extract')).toBe(formOfUseByCategory.flower)
  })
})

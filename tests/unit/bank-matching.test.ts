import { describe, expect, it } from 'vitest'
import {
  matchCredit,
  type OpenOrder,
  payerNameMatches,
  splitCredit,
} from '~/server/payments/bank-matching'

/** ADR 071: how a credit finds its order — references first, then amount and name. */

const order = (id: string, number: string, openCents: number, extra: Partial<OpenOrder> = {}) => ({
  id,
  number,
  openCents,
  invoiceNumbers: [],
  customerName: 'Jana Müller',
  ...extra,
})

const orders: OpenOrder[] = [
  order('a', 'AU-2026-00018', 500),
  order('b', 'AU-2026-00019', 530, { invoiceNumbers: ['RE-2026-00007'] }),
  order('c', 'AU-2026-00180', 530, { customerName: 'Linden-Apotheke OHG' }),
]

describe('matching a credit', () => {
  it('finds order and invoice numbers in any case, with or without separators', () => {
    for (const text of ['au-2026-00018', 'AU 2026 00018', 'Best.AU202600018 danke']) {
      expect(matchCredit({ amountCents: 500, remittance: text, payerName: null }, orders)).toEqual({
        status: 'matched',
        allocations: [{ orderId: 'a', amountCents: 500 }],
        surplusCents: 0,
      })
    }
    expect(
      matchCredit({ amountCents: 530, remittance: 'RE 2026-00007', payerName: null }, orders),
    ).toMatchObject({ status: 'matched', allocations: [{ orderId: 'b' }] })
  })

  it('does not take a number inside a longer one', () => {
    // AU-2026-001800 is neither 00018 nor 00180.
    expect(
      matchCredit({ amountCents: 1, remittance: 'AU-2026-001800', payerName: null }, orders),
    ).toEqual({ status: 'unknown' })
  })

  it('splits a credit naming several orders when it pays their sum, else asks', () => {
    const both = 'AU-2026-00018 AU-2026-00019'
    expect(matchCredit({ amountCents: 1030, remittance: both, payerName: null }, orders)).toEqual({
      status: 'matched',
      allocations: [
        { orderId: 'a', amountCents: 500 },
        { orderId: 'b', amountCents: 530 },
      ],
      surplusCents: 0,
    })
    expect(matchCredit({ amountCents: 700, remittance: both, payerName: null }, orders)).toEqual({
      status: 'ambiguous',
      candidates: ['a', 'b'],
    })
  })

  it('matches by amount only together with the payer’s name', () => {
    expect(
      matchCredit(
        { amountCents: 530, remittance: 'Danke', payerName: 'LINDEN APOTHEKE OHG' },
        orders,
      ),
    ).toMatchObject({ status: 'matched', allocations: [{ orderId: 'c' }] })
    expect(
      matchCredit({ amountCents: 530, remittance: 'Danke', payerName: 'Otto' }, orders),
    ).toEqual({ status: 'ambiguous', candidates: ['b', 'c'] })
  })

  it('compares names as banks transliterate them', () => {
    expect(payerNameMatches('MUELLER, JANA', 'Jana Müller')).toBe(true)
    expect(payerNameMatches('Jana Meier', 'Jana Müller')).toBe(false)
    expect(payerNameMatches(null, 'Jana Müller')).toBe(false)
  })

  it('gives each order what it owes and the last one the rest', () => {
    const open = [
      { id: 'a', openCents: 500 },
      { id: 'b', openCents: 530 },
    ]
    expect(splitCredit(1100, open)).toEqual({
      allocations: [
        { orderId: 'a', amountCents: 500 },
        { orderId: 'b', amountCents: 600 },
      ],
      surplusCents: 70,
    })
    expect(splitCredit(300, open)).toEqual({
      allocations: [{ orderId: 'a', amountCents: 300 }],
      surplusCents: 0,
    })
  })
})

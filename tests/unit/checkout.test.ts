import { describe, expect, it } from 'vitest'
import { deliveryFeeFor, parseERezeptTokens } from '~/lib/checkout'
import { deliveryFeeParts, orderTotals, orderTotalsWithFee } from '~/lib/customer-orders'
import type { ShopDeliveryMethod } from '~/lib/tenant-config'

const base = { label: 'x', description: '', flowersAllowed: true }
const courier: ShopDeliveryMethod = {
  kind: 'courier',
  ...base,
  postalCodes: ['12045'],
  feeCents: 490,
  freeFromCents: 10_000,
}

describe('delivery fee', () => {
  it('splits a gross fee into net and the VAT it contains at 19 %', () => {
    expect(deliveryFeeParts(490)).toEqual({ netCents: 412, vatCents: 78 })
    expect(deliveryFeeParts(690)).toEqual({ netCents: 580, vatCents: 110 })
    expect(deliveryFeeParts(0)).toEqual({ netCents: 0, vatCents: 0 })
    for (let gross = 1; gross < 2_000; gross++) {
      const parts = deliveryFeeParts(gross)
      expect(parts.netCents + parts.vatCents).toBe(gross)
    }
  })

  it('adds the gross fee to the 19 % gross sum before its VAT is taken out once', () => {
    const items = [
      { unitPriceCents: 1_000, quantity: 3, vatRate: '19' as const },
      { unitPriceCents: 500, quantity: 1, vatRate: '7' as const },
    ]
    const goods = orderTotals(items, 'gross')
    const totals = orderTotalsWithFee(items, 490, 'gross')
    expect(goods.grossCents).toBe(3 * 1_190 + 535)
    expect(totals.goodsGrossCents).toBe(goods.grossCents)
    expect(totals.grossCents).toBe(goods.grossCents + 490)
    expect(totals.grossCents).toBe(totals.netCents + totals.vatCents)
    expect(totals.byRate).toEqual([
      // 4.060 gross at 19 %: 648,24 contained, rounded once.
      { rate: '19', netCents: 3_412, vatCents: 648, grossCents: 4_060 },
      { rate: '7', netCents: 500, vatCents: 35, grossCents: 535 },
    ])
    const reduced = orderTotalsWithFee([items[1] as (typeof items)[number]], 690, 'gross')
    expect(reduced.byRate).toEqual([
      { rate: '19', netCents: 580, vatCents: 110, grossCents: 690 },
      { rate: '7', netCents: 500, vatCents: 35, grossCents: 535 },
    ])
    expect(orderTotalsWithFee(items, 0, 'gross')).toMatchObject(goods)
  })

  it('charges pickup nothing, the courier up to its free-from amount, shipping always', () => {
    expect(
      deliveryFeeFor(
        { kind: 'pickup', ...base, street: 's', postalCode: '12045', city: 'B', openingHours: '' },
        0,
      ),
    ).toBe(0)
    expect(deliveryFeeFor(courier, 9_999)).toBe(490)
    expect(deliveryFeeFor(courier, 10_000)).toBe(0)
    expect(deliveryFeeFor({ ...courier, freeFromCents: null }, 1_000_000)).toBe(490)
    expect(deliveryFeeFor({ kind: 'shipping', ...base, feeCents: 690 }, 1_000_000)).toBe(690)
  })
})

describe('e-Rezept tokens', () => {
  const code = 'f'.repeat(64)
  it('accepts the gematik forms and normalises them', () => {
    for (const flow of ['160', '169', '200', '209']) {
      const token = `Task/${flow}.100.000.000.001.05/$accept?ac=${code}`
      expect(parseERezeptTokens(token)).toEqual([token])
    }
    expect(
      parseERezeptTokens(
        `{"urls":["Task/160.000.000.000.000.01/$accept?ac=${code.toUpperCase()}"]}`,
      ),
    ).toEqual([`Task/160.000.000.000.000.01/$accept?ac=${code}`])
  })
  it('refuses anything else', () => {
    for (const wrong of [
      'Task/160.000.000.000.000.01/$accept?ac=123',
      `Task/160000000000000001/$accept?ac=${code}`,
      `{"urls":"Task/160.000.000.000.000.01/$accept?ac=${code}"}`,
      `{"urls":[1]}`,
      '{not json',
      Array.from({ length: 4 }, () => `Task/160.000.000.000.000.01/$accept?ac=${code}`).join(' '),
    ]) {
      expect(parseERezeptTokens(wrong)).toBeNull()
    }
  })
})

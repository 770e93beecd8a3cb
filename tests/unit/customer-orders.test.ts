import { describe, expect, it } from 'vitest'
import {
  availableActions,
  availablePaymentStatuses,
  type CustomerOrderAction,
  type CustomerOrderStatus,
  customerOrderActions,
  customerOrderStatuses,
  isPrescriptionValidOn,
  lineCopaymentCents,
  type PaymentStatus,
  paymentStatuses,
  prescriptionShares,
  refusedActionMessage,
  refusedPaymentMessage,
  requiresPrescription,
  validUntil,
} from '~/lib/customer-orders'

/** The state table as the issue states it: action → the statuses it may start from. */
const allowedFrom: Record<CustomerOrderAction, CustomerOrderStatus[]> = {
  confirm: ['new'],
  markReady: ['confirmed'],
  ship: ['confirmed'],
  complete: ['ready', 'shipped'],
  cancel: ['new', 'confirmed', 'ready', 'shipped'],
  expire: ['new'],
}

describe('customer order state table', () => {
  for (const action of customerOrderActions) {
    for (const status of customerOrderStatuses) {
      const delivery = action === 'ship' ? 'shipping' : 'pickup'
      const allowed = allowedFrom[action].includes(status)
      it(`${action} from ${status}: ${allowed ? 'allowed' : 'refused'}`, () => {
        const message = refusedActionMessage(action, status, delivery)
        if (allowed) expect(message).toBeNull()
        else expect(message).toMatch(/^Eine Bestellung im Status „.+“ kann nicht .+ werden\.$/)
      })
    }
  }

  it('sends pickup orders to ready and the others to shipped', () => {
    expect(refusedActionMessage('markReady', 'confirmed', 'courier')).toContain('Botendienst')
    expect(refusedActionMessage('ship', 'confirmed', 'pickup')).toContain('Abholung')
    expect(refusedActionMessage('ship', 'confirmed', 'courier')).toBeNull()
    expect(availableActions('confirmed', 'pickup')).toEqual(['markReady', 'cancel'])
    expect(availableActions('confirmed', 'shipping')).toEqual(['ship', 'cancel'])
    expect(availableActions('completed', 'pickup')).toEqual([])
    // The expiry is the shop job's: never offered to a user.
    expect(availableActions('new', 'pickup')).toEqual(['confirm', 'cancel'])
  })
})

describe('payment sub-state', () => {
  const graph: Record<PaymentStatus, PaymentStatus[]> = {
    unpaid: ['pending', 'paid', 'failed'],
    pending: ['unpaid', 'paid', 'failed'],
    failed: ['unpaid', 'pending', 'paid'],
    paid: ['refunded'],
    refunded: [],
  }
  for (const from of paymentStatuses) {
    for (const to of paymentStatuses) {
      const allowed = graph[from].includes(to)
      it(`${from} → ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        const message = refusedPaymentMessage(from, to, 'confirmed')
        if (allowed) expect(message).toBeNull()
        else expect(message).toBeTruthy()
      })
    }
  }

  it('only refunds on a cancelled or expired order', () => {
    expect(availablePaymentStatuses('paid', 'cancelled')).toEqual(['refunded'])
    expect(availablePaymentStatuses('unpaid', 'expired')).toEqual([])
    expect(refusedPaymentMessage('unpaid', 'paid', 'cancelled')).toContain('erstattet')
  })
})

describe('prescriptions', () => {
  it('needs one for prescription-only goods to patients only', () => {
    expect(requiresPrescription('flower', 'patient')).toBe(true)
    expect(requiresPrescription('dronabinol', 'patient')).toBe(true)
    expect(requiresPrescription('accessory', 'patient')).toBe(false)
    expect(requiresPrescription('flower', 'business')).toBe(false)
  })

  it.each([
    ['2026-11-02', 'statutory', '2026-11-30'],
    ['2026-02-10', 'statutory', '2026-03-10'],
    ['2026-11-02', 'private', '2027-02-02'],
    ['2026-11-30', 'self_pay', '2027-02-28'],
    ['2027-11-30', 'private', '2028-02-29'],
  ] as const)('issued %s, %s: valid until %s', (issuedOn, payer, until) => {
    expect(validUntil(issuedOn, payer)).toBe(until)
    expect(isPrescriptionValidOn(issuedOn, payer, until)).toBe(true)
    expect(isPrescriptionValidOn(issuedOn, payer, issuedOn)).toBe(true)
  })

  it('is not valid before its issue date or after its last day', () => {
    expect(isPrescriptionValidOn('2026-11-02', 'statutory', '2026-12-01')).toBe(false)
    expect(isPrescriptionValidOn('2026-11-02', 'statutory', '2026-11-01')).toBe(false)
  })
})

describe('co-payment', () => {
  it.each([
    // gross cents, exempt, co-payment cents
    [12_000, false, 1000], // 10 % = 12 € → at most 10 €
    [7_500, false, 750], // 10 %
    [3_000, false, 500], // 10 % = 3 € → at least 5 €
    [400, false, 400], // never more than the price
    [5_005, false, 501], // 500.5 rounds half up
    [12_000, true, 0], // exemption
    [0, false, 0],
  ] as const)('%i cents (exempt %s): %i', (gross, exempt, expected) => {
    expect(lineCopaymentCents(gross, exempt)).toBe(expected)
  })

  it('splits statutory lines into co-payment and insurer share, nothing for private', () => {
    const lines = [
      // 10 g at 13,69 € gross (11,50 € + 19 %, per gram: ADR 056) = 136,90 € → 10 €
      { unitPriceCents: 1150, quantity: 10, vatRate: '19' as const, requiresPrescription: true },
      // a grinder: no prescription, no share
      { unitPriceCents: 1000, quantity: 1, vatRate: '19' as const, requiresPrescription: false },
    ]
    const gross = 13690 + 1190
    expect(
      prescriptionShares(lines, { payer: 'statutory', copaymentExempt: false }, gross),
    ).toEqual({ lineCopayments: [1000, 0], copaymentCents: 1000, insurerCents: 12690 })
    expect(prescriptionShares(lines, { payer: 'private', copaymentExempt: false }, gross)).toEqual({
      lineCopayments: [0, 0],
      copaymentCents: 0,
      insurerCents: 0,
    })
    expect(prescriptionShares(lines, null, gross).insurerCents).toBe(0)
  })
})

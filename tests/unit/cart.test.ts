import { describe, expect, it } from 'vitest'
import {
  fittedQuantity,
  highestQuantity,
  lowestQuantity,
  orderableQuantity,
  steppedQuantity,
} from '~/lib/cart'

const rules = { orderStep: 5, minOrderQuantity: 8, maxOrderQuantity: 32 }
const free = { orderStep: 1, minOrderQuantity: null, maxOrderQuantity: null }

describe('cart quantities', () => {
  it('lowest and highest sit on the step within minimum and maximum', () => {
    expect(lowestQuantity(rules)).toBe(10)
    expect(highestQuantity(rules)).toBe(30)
    expect(lowestQuantity(free)).toBe(1)
    expect(highestQuantity(free)).toBeNull()
  })

  it('a merged sum is snapped down to the step and capped at the maximum', () => {
    expect(fittedQuantity(27, rules)).toBe(25)
    expect(fittedQuantity(45, rules)).toBe(30)
    expect(fittedQuantity(3, rules)).toBe(10)
    expect(fittedQuantity(1000, free)).toBe(1000)
  })

  it('the orderable amount of what is available is 0 below the lowest', () => {
    expect(orderableQuantity(23, rules)).toBe(20)
    expect(orderableQuantity(100, rules)).toBe(30)
    expect(orderableQuantity(9, rules)).toBe(0)
    expect(orderableQuantity(-4, free)).toBe(0)
  })

  it('the stepper moves one step and stops at the ends', () => {
    expect(steppedQuantity(10, 1, rules)).toBe(15)
    expect(steppedQuantity(10, -1, rules)).toBe(10)
    expect(steppedQuantity(30, 1, rules)).toBe(30)
    expect(steppedQuantity(1, -1, free)).toBe(1)
  })
})

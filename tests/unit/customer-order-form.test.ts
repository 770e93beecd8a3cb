import { describe, expect, it } from 'vitest'
import {
  type CustomerOrderFormValues,
  orderFormOf,
  updateInputOf,
} from '~/features/customer-orders/customer-order-form'
import type { CustomerOrderDetail } from '~/lib/customer-orders'

const item = {
  id: '00000000-0000-4000-8000-000000000011',
  position: 1,
  listingId: '00000000-0000-4000-8000-000000000021',
  productId: '00000000-0000-4000-8000-000000000031',
  name: 'Küstennebel',
  pzn: '12402695',
  category: 'flower',
  packUnit: 'gram',
  salesUnit: 'pack',
  baseUnitsPerSalesUnit: 10_000,
  quantity: 1,
  unitPriceCents: 11_900,
  vatRate: 'standard',
} as unknown as CustomerOrderDetail['items'][number]

const order = {
  id: '00000000-0000-4000-8000-000000000001',
  version: 3,
  channel: 'back_office',
  customer: {
    id: '00000000-0000-4000-8000-000000000041',
    number: 'KD-00001',
    name: 'A',
    kind: 'business',
  },
  delivery: {
    method: 'pickup',
    name: null,
    street: 'Alt',
    postalCode: '1',
    city: 'X',
    country: 'DE',
  },
  note: 'alt',
  items: [item],
} as unknown as CustomerOrderDetail

describe('the edit form of a saved order', () => {
  const saved = orderFormOf(order)
  const twoPacks = { ...saved, items: saved.items.map((line) => ({ ...line, quantity: '2' })) }

  it('starts from the order: its lines, delivery (no address for pickup) and note', () => {
    expect(saved.customerId).toBe(order.customer.id)
    expect(saved.items.map((line) => [line.listingId, line.quantity])).toEqual([
      [item.listingId, '1'],
    ])
    expect(saved.items[0]?.availableSalesUnits).toBeNull()
    expect([saved.deliveryMethod, saved.street, saved.note]).toEqual(['pickup', '', 'alt'])
  })

  it('sends the lines only when they changed, always with the version', () => {
    const noteOnly: CustomerOrderFormValues = { ...saved, note: 'neu' }
    expect(updateInputOf(noteOnly, saved, order)).toEqual({
      version: 3,
      delivery: { method: 'pickup', street: null, postalCode: null, city: null },
      note: 'neu',
    })
    expect(updateInputOf(twoPacks, saved, order).items).toEqual([
      { listingId: item.listingId, quantity: 2 },
    ])
  })

  it("never sends the lines of a buyer's purchase order", () => {
    const linked = { ...order, channel: 'purchase_order' } as CustomerOrderDetail
    expect(updateInputOf(twoPacks, saved, linked)).not.toHaveProperty('items')
  })
})

import { createCustomerOrderSchema } from '~/lib/customer-order-schemas'
import type { CustomerOrderDetail, DeliveryMethod, SellableProduct } from '~/lib/customer-orders'
import { formErrorsOf } from '../forms/field-errors'
import { lineFieldOf } from '../order-lines/order-line-form'

/**
 * The order form's values: lines as typed (text), delivery and note. A line taken over from a
 * saved order does not know what is available now (`null`); the server checks it on save.
 */
export interface LineValues extends Omit<SellableProduct, 'availableSalesUnits' | 'packBaseUnits'> {
  availableSalesUnits: number | null
  quantity: string
}

export interface CustomerOrderFormValues {
  customerId: string
  items: LineValues[]
  deliveryMethod: DeliveryMethod
  street: string
  postalCode: string
  city: string
  note: string
}

export const emptyCustomerOrderForm: CustomerOrderFormValues = {
  customerId: '',
  items: [],
  deliveryMethod: 'pickup',
  street: '',
  postalCode: '',
  city: '',
  note: '',
}

/** A new line: the smallest quantity the listing allows. */
export const lineOf = (product: SellableProduct): LineValues => ({
  ...product,
  quantity: String(product.minOrderQuantity ?? product.orderStep),
})

/** A saved order as the form shows it: its lines, delivery and note; the customer stays. */
export function orderFormOf(order: CustomerOrderDetail): CustomerOrderFormValues {
  const shipped = order.delivery.method !== 'pickup'
  return {
    customerId: order.customer.id,
    items: order.items.map((item) => ({
      listingId: item.listingId,
      productId: item.productId,
      name: item.name,
      pzn: item.pzn,
      category: item.category,
      packUnit: item.packUnit,
      salesUnit: item.salesUnit,
      baseUnitsPerSalesUnit: item.baseUnitsPerSalesUnit,
      priceCents: item.unitPriceCents,
      vatRate: item.vatRate,
      orderStep: 1,
      minOrderQuantity: null,
      maxOrderQuantity: null,
      availableSalesUnits: null,
      quantity: String(item.quantity),
    })),
    deliveryMethod: order.delivery.method,
    street: (shipped && order.delivery.street) || '',
    postalCode: (shipped && order.delivery.postalCode) || '',
    city: (shipped && order.delivery.city) || '',
    note: order.note ?? '',
  }
}

const wholeNumber = (text: string) => {
  const value = Number(text.trim())
  return text.trim() !== '' && Number.isInteger(value) ? value : Number.NaN
}

export const lineQuantity = (line: LineValues) => {
  const quantity = wholeNumber(line.quantity)
  return Number.isFinite(quantity) && quantity > 0 ? quantity : 0
}

/** What the service receives; empty address fields take the customer's address. */
export function orderInputOf(values: CustomerOrderFormValues) {
  const blank = (text: string) => text.trim() || null
  return {
    customerId: values.customerId,
    items: values.items.map((line) => ({
      listingId: line.listingId,
      quantity: wholeNumber(line.quantity),
    })),
    delivery: {
      method: values.deliveryMethod,
      street: blank(values.street),
      postalCode: blank(values.postalCode),
      city: blank(values.city),
    },
    note: blank(values.note),
  }
}

const linesKey = (values: CustomerOrderFormValues) =>
  JSON.stringify(values.items.map((line) => [line.listingId, line.quantity.trim()]))

/**
 * What the update service receives: the lines only when they changed (so a new note does not
 * re-price the order or release a shop order's held goods), never for a buyer's purchase order.
 */
export function updateInputOf(
  values: CustomerOrderFormValues,
  saved: CustomerOrderFormValues,
  order: Pick<CustomerOrderDetail, 'version' | 'channel'>,
) {
  const { items, delivery, note } = orderInputOf(values)
  const linesChanged = order.channel !== 'purchase_order' && linesKey(values) !== linesKey(saved)
  return { version: order.version, ...(linesChanged ? { items } : {}), delivery, note }
}

/** `items.0.quantity` (schema, server) → `items[0].quantity`; `delivery.street` → `street`. */
export function formFieldOf(path: string): string {
  const line = lineFieldOf(path, () => 'quantity')
  if (line) return line
  if (path === 'items') return 'customerId'
  return path.replace(/^delivery\./, '')
}

export function customerOrderFormErrors(values: CustomerOrderFormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  values.items.forEach((line, index) => {
    if (Number.isNaN(wholeNumber(line.quantity))) {
      errors[`items[${index}].quantity`] = 'Bitte gib eine ganze Zahl an.'
    }
  })
  const schemaErrors = formErrorsOf(createCustomerOrderSchema, orderInputOf(values), (path) =>
    path === 'items' ? 'items' : formFieldOf(path),
  )
  return { ...schemaErrors, ...errors }
}

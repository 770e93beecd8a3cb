import { decimalInputText, parseEuroToCents } from '~/lib/products'
import {
  type PurchaseOrderDraftInput,
  purchaseOrderDraftSchema,
} from '~/lib/purchase-order-schemas'
import type {
  OrderableProduct,
  PurchaseOrderDetail,
  PurchaseOrderItemDetail,
} from '~/lib/purchase-orders'
import { formErrorsOf } from '../forms/field-errors'
import { lineFieldOf } from '../order-lines/order-line-form'

/**
 * The purchase-order form's values and their way to and from `purchaseOrderDraftSchema`:
 * quantities typed as whole numbers, an external supplier's price in euros ("9,50").
 */

export interface LineValues
  extends Pick<
    OrderableProduct,
    | 'listingId'
    | 'name'
    | 'pzn'
    | 'category'
    | 'salesUnit'
    | 'packUnit'
    | 'baseUnitsPerSalesUnit'
    | 'vatRate'
  > {
  /** The platform supplier's price; null for an external supplier (typed in `unitPrice`). */
  supplierPriceCents: number | null
  quantity: string
  unitPrice: string
}

export interface PurchaseOrderFormValues {
  supplierId: string
  note: string
  items: LineValues[]
}

export const emptyPurchaseOrderForm: PurchaseOrderFormValues = {
  supplierId: '',
  note: '',
  items: [],
}

/** A new line for `product`: the smallest quantity the supplier's rules allow. */
export function lineOf(product: OrderableProduct, platform: boolean): LineValues {
  const step = product.orderStep
  const least = Math.ceil((product.minOrderQuantity ?? step) / step) * step
  return {
    listingId: product.listingId,
    name: product.name,
    pzn: product.pzn,
    category: product.category,
    salesUnit: product.salesUnit,
    packUnit: product.packUnit,
    baseUnitsPerSalesUnit: product.baseUnitsPerSalesUnit,
    vatRate: product.vatRate,
    supplierPriceCents: platform ? product.priceCents : null,
    quantity: String(platform ? least : 1),
    unitPrice: '',
  }
}

export function formValuesOf(detail: PurchaseOrderDetail): PurchaseOrderFormValues {
  const platform = detail.supplier.kind === 'platform'
  return {
    supplierId: detail.supplier.id,
    note: detail.note ?? '',
    items: detail.items.map((item: PurchaseOrderItemDetail) => ({
      listingId: item.listingId,
      name: item.name,
      pzn: item.pzn,
      category: item.category,
      salesUnit: item.salesUnit,
      packUnit: item.packUnit,
      baseUnitsPerSalesUnit: item.baseUnitsPerSalesUnit,
      vatRate: item.vatRate,
      supplierPriceCents: platform ? item.unitPriceCents : null,
      quantity: String(item.quantity),
      unitPrice: platform ? '' : decimalInputText(item.unitPriceCents / 100),
    })),
  }
}

/** A whole number as typed; NaN (refused by the schema) for anything else. */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN)

/** A line's price in cents: the supplier's, or the typed one (null when empty). */
export function unitPriceOf(line: LineValues): number | null {
  if (line.supplierPriceCents !== null) return line.supplierPriceCents
  return parseEuroToCents(line.unitPrice)
}

export function draftInputOf(values: PurchaseOrderFormValues): PurchaseOrderDraftInput {
  return {
    supplierId: values.supplierId,
    note: values.note,
    items: values.items.map((line) => ({
      listingId: line.listingId,
      quantity: wholeNumber(line.quantity),
      unitPriceCents: line.supplierPriceCents === null ? unitPriceOf(line) : null,
    })),
  }
}

/** `items.0.unitPriceCents` (schema, server) → `items[0].unitPrice` (form). */
export const formFieldOf = (path: string): string =>
  lineFieldOf(path, (key) => (key === 'unitPriceCents' ? 'unitPrice' : 'quantity')) ?? path

/** The schema's objections under the form's fields, before anything is sent. */
export function purchaseOrderFormErrors(values: PurchaseOrderFormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  values.items.forEach((line, index) => {
    if (line.supplierPriceCents === null && Number.isNaN(unitPriceOf(line))) {
      errors[`items[${index}].unitPrice`] = 'Bitte gib den Preis als Betrag an, z. B. 9,50.'
    }
  })
  const schemaErrors = formErrorsOf(purchaseOrderDraftSchema, draftInputOf(values), (path) =>
    path === 'items' ? 'supplierId' : formFieldOf(path),
  )
  return { ...schemaErrors, ...errors }
}

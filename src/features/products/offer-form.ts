import type { z } from 'zod'
import type { OrganisationProductOffer } from '~/lib/organisation-products'
import { offerSchema } from '~/lib/product-schemas'
import { parseDecimal, parseEuroToCents, type SalesUnit, type VatRate } from '~/lib/products'
import { formErrorsOf } from '../forms/field-errors'

/**
 * The offer part of the product forms and its way to and from `offerSchema`: the price is typed
 * in euros the German way ("9,50"), quantities as whole numbers, empty means "none".
 */
export interface OfferFormValues {
  salesUnit: SalesUnit | ''
  price: string
  vatRate: VatRate
  visibleInShop: boolean
  orderStep: string
  minOrderQuantity: string
  maxOrderQuantity: string
  lowStockThreshold: string
  targetStock: string
}

export const emptyOfferForm: OfferFormValues = {
  salesUnit: '',
  price: '',
  vatRate: '19',
  visibleInShop: false,
  orderStep: '1',
  minOrderQuantity: '',
  maxOrderQuantity: '',
  lowStockThreshold: '',
  targetStock: '',
}

/** Cents as typed in a price field: "9,50", "1234,00" (no thousands separator, see decimalInputText). */
const euroInputText = (cents: number): string =>
  `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`

/** A stored offer in the form. */
export function offerFormValuesOf(offer: OrganisationProductOffer): OfferFormValues {
  return {
    salesUnit: offer.salesUnit,
    price: euroInputText(offer.priceCents),
    vatRate: offer.vatRate,
    visibleInShop: offer.visibleInShop,
    orderStep: String(offer.orderStep),
    minOrderQuantity: offer.minOrderQuantity === null ? '' : String(offer.minOrderQuantity),
    maxOrderQuantity: offer.maxOrderQuantity === null ? '' : String(offer.maxOrderQuantity),
    lowStockThreshold: offer.lowStockThreshold === null ? '' : String(offer.lowStockThreshold),
    targetStock: offer.targetStock === null ? '' : String(offer.targetStock),
  }
}

/** A quantity field's text: null when empty, NaN (refused with the field's message) otherwise. */
const quantityOf = (text: string) => parseDecimal(text)

/** What the form sends as the offer (the schema's input). */
export function offerInputOf(values: OfferFormValues): z.input<typeof offerSchema> {
  return {
    salesUnit: (values.salesUnit || undefined) as SalesUnit,
    priceCents: parseEuroToCents(values.price) as number,
    vatRate: values.vatRate,
    visibleInShop: values.visibleInShop,
    orderStep: quantityOf(values.orderStep) as number,
    minOrderQuantity: quantityOf(values.minOrderQuantity),
    maxOrderQuantity: quantityOf(values.maxOrderQuantity),
    lowStockThreshold: quantityOf(values.lowStockThreshold),
    targetStock: quantityOf(values.targetStock),
  }
}

/** The schema's and the server's names of the offer's fields → the form's. */
export function offerFieldOf(path: string): string {
  const field = path.replace(/^(offer|product)\./, '').split('.')[0] ?? path
  return field === 'priceCents' ? 'price' : field
}

/** The offer's own check before sending, its messages under the form's fields. */
export function offerFormErrors(values: OfferFormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!values.price.trim()) errors.price = 'Bitte gib den Preis an.'
  else if (Number.isNaN(parseEuroToCents(values.price))) {
    errors.price = 'Bitte gib den Preis als Betrag an, z. B. 9,50.'
  }
  return { ...formErrorsOf(offerSchema, offerInputOf(values), offerFieldOf), ...errors }
}

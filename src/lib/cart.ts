import type { CatalogueCategory } from './shop-catalogue'

/**
 * The shop's cart as pages see it: types, limits and words. No schema library here (the cart page
 * and the product pages import it before they hydrate, ADR 013); the server checks its input by
 * hand-written parsers below, which need nothing else.
 */

/** Lines one cart may hold. */
export const cartLineLimit = 50
/** New guest carts one client address may open per hour. */
export const guestCartsPerAddressPerHour = 30
/** Guest carts untouched (nothing added, changed or removed) this long are purged. */
export const guestCartLifetimeDays = 30

export const cartLimitMessage = `Ihr Warenkorb enthält bereits ${cartLineLimit} Positionen. Bitte bestellen Sie diese zuerst oder entfernen Sie eine.`
export const cartItemNotFoundMessage = 'Diese Position ist nicht (mehr) in Ihrem Warenkorb.'
export const cartOutOfStockMessage = 'Dieses Produkt ist derzeit nicht vorrätig.'
export const cartTooManyGuestCartsMessage =
  'Von Ihrer Adresse wurden in der letzten Stunde zu viele Warenkörbe angelegt.'
export const cartQuantityMessage = 'Bitte geben Sie eine Menge als ganze Zahl an.'

/** "Nur noch 3 g verfügbar." with the amount in the line's sales unit. */
export const onlyAvailableMessage = (amount: string) => `Nur noch ${amount} verfügbar.`

/** How much is in the cart already, when an addition would break the listing's maximum. */
export const alreadyInCartMessage = (amount: string) => `Im Warenkorb liegen bereits ${amount}.`

/** A line of the cart, recomputed on every view. */
export interface CartLine {
  /** The cart item's id. */
  id: string
  listingId: string
  category: CatalogueCategory
  name: string
  /** The rendition of the product's confirmed pack photo; null: none to show. */
  packPhotoId: string | null
  salesUnit: 'gram' | 'pack'
  /** "je g", "je Packung (10 g)": what a unit price refers to. */
  unitLabel: string
  quantity: number
  orderStep: number
  minOrderQuantity: number | null
  maxOrderQuantity: number | null
  /** Gross price per sales unit now; null where the shop hides prices from this viewer. */
  unitGrossCents: number | null
  lineGrossCents: number | null
  /** The gross unit price when the item was added, where it differs from today's and is shown. */
  previousUnitGrossCents: number | null
  /** The shop no longer shows or sells the product. */
  unavailable: boolean
  /** What can be had now when the line asks for more (sales units); null when it fits. */
  availableUnits: number | null
  prescriptionRequired: boolean
}

export interface CartView {
  lines: CartLine[]
  /** Whether prices are shown to this viewer (the shop's config, or a logged-in customer). */
  pricesShown: boolean
  /** Totals of the orderable lines as the order would compute them; null when prices are hidden. */
  totals: {
    grossCents: number
    vat: { rate: '19' | '7' | '0'; cents: number }[]
  } | null
  /** A price changed, a line is unavailable or asks for more than there is. */
  hasChanges: boolean
}

/** The header's figure: the number of lines (products), not of units. */
export interface CartCount {
  lines: number
}

export interface AddToCartInput {
  listingId: string
  quantity: number
}

export interface UpdateCartItemInput {
  itemId: string
  quantity: number
}

export interface RemoveCartItemInput {
  itemId: string
}

const recordOf = (input: unknown): Record<string, unknown> =>
  typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}

/** A positive whole quantity, or NaN (the service answers 400 with `cartQuantityMessage`). */
const quantityOf = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : Number.NaN

const idOf = (value: unknown): string => (typeof value === 'string' ? value : '')

export const parseAddToCartInput = (input: unknown): AddToCartInput => {
  const raw = recordOf(input)
  return { listingId: idOf(raw.listingId), quantity: quantityOf(raw.quantity) }
}

export const parseUpdateCartItemInput = (input: unknown): UpdateCartItemInput => {
  const raw = recordOf(input)
  return { itemId: idOf(raw.itemId), quantity: quantityOf(raw.quantity) }
}

export const parseRemoveCartItemInput = (input: unknown): RemoveCartItemInput => ({
  itemId: idOf(recordOf(input).itemId),
})

type QuantityRules = Pick<CartLine, 'orderStep' | 'minOrderQuantity' | 'maxOrderQuantity'>

/** The smallest quantity the listing allows: its minimum (at least one step), on the step. */
export const lowestQuantity = (rules: QuantityRules): number =>
  Math.ceil(Math.max(rules.minOrderQuantity ?? 0, rules.orderStep) / rules.orderStep) *
  rules.orderStep

/** The largest quantity the listing allows: its maximum snapped down to the step; null if none. */
export const highestQuantity = (rules: QuantityRules): number | null =>
  rules.maxOrderQuantity === null
    ? null
    : Math.floor(rules.maxOrderQuantity / rules.orderStep) * rules.orderStep

/** `quantity` snapped down to the step and kept between the listing's lowest and highest. */
export function fittedQuantity(quantity: number, rules: QuantityRules): number {
  const highest = highestQuantity(rules)
  const snapped = Math.floor(quantity / rules.orderStep) * rules.orderStep
  return Math.max(lowestQuantity(rules), highest === null ? snapped : Math.min(snapped, highest))
}

/** The most that can be ordered of `available` sales units within the rules; 0 when none. */
export function orderableQuantity(available: number, rules: QuantityRules): number {
  const highest = highestQuantity(rules)
  const cap = highest === null ? available : Math.min(available, highest)
  const quantity = Math.floor(Math.max(0, cap) / rules.orderStep) * rules.orderStep
  return quantity >= lowestQuantity(rules) ? quantity : 0
}

/** The next quantity a stepper offers: one step up or down, within the lowest and highest. */
export function steppedQuantity(quantity: number, direction: 1 | -1, rules: QuantityRules): number {
  return fittedQuantity(quantity + direction * rules.orderStep, rules)
}

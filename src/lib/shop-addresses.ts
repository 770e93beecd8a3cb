import { z } from 'zod'
import { text } from './text-schema'

/**
 * A shop customer's address, as `/account/addresses` and the checkout's address step enter it.
 * The shop delivers in Germany only, so the postal code is five digits.
 */

const requiredText = (max: number, required: string, label: string) =>
  text({ trim: true, required, max, tooLong: `${label} hat höchstens ${max} Zeichen.` })

export const germanPostalCode = /^\d{5}$/

/** Addresses one account may keep. */
export const maxShopAddresses = 20

export const shopAddressSchema = z.object({
  name: requiredText(120, 'Bitte geben Sie den Namen an.', 'Der Name'),
  addition: text({ trim: true, max: 120, tooLong: 'Der Zusatz hat höchstens 120 Zeichen.' })
    .nullable()
    .optional()
    .transform((value) => value || null),
  street: requiredText(120, 'Bitte geben Sie Straße und Hausnummer an.', 'Die Straße'),
  postalCode: requiredText(5, 'Bitte geben Sie die Postleitzahl an.', 'Die Postleitzahl').regex(
    germanPostalCode,
    'Die Postleitzahl hat fünf Ziffern.',
  ),
  city: requiredText(80, 'Bitte geben Sie den Ort an.', 'Der Ort'),
  defaultBilling: z.boolean().optional().default(false),
  defaultShipping: z.boolean().optional().default(false),
})
export type ShopAddressInput = z.input<typeof shopAddressSchema>

export interface ShopAddress {
  id: string
  name: string
  addition: string | null
  street: string
  postalCode: string
  city: string
  country: string
  defaultBilling: boolean
  defaultShipping: boolean
}

/** One line, as lists and the checkout show an address. */
export const addressLine = (
  address: Omit<ShopAddress, 'id' | 'defaultBilling' | 'defaultShipping'>,
) =>
  [address.name, address.addition, address.street, `${address.postalCode} ${address.city}`]
    .filter(Boolean)
    .join(', ')

export const addressKinds = ['billing', 'shipping'] as const
export type AddressKind = (typeof addressKinds)[number]

export const addressKindLabels: Record<AddressKind, string> = {
  billing: 'Standard-Rechnungsadresse',
  shipping: 'Standard-Lieferadresse',
}

/** Makes an address the default billing or shipping address. */
export const shopAddressDefaultSchema = z.object({
  id: z.uuid({ error: 'Diese Adresse gibt es nicht.' }),
  kind: z.enum(addressKinds, { error: 'Bitte wählen Sie Rechnungs- oder Lieferadresse.' }),
})

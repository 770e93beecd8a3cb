import { z } from 'zod'
import { supplierLicenceTypes } from './purchase-orders'
import { batchDeliverySchema } from './stock-schemas'
import { emailAddress, text } from './text-schema'

/**
 * The inputs of the supplier and purchase-order services, shared by their forms and the server.
 * Money in integer cents, quantities in the product's sales units.
 */

const uuid = (message: string) => z.uuid({ error: message })

const optionalText = (max: number, label: string) =>
  text({ trim: true, max, tooLong: `${label} hat höchstens ${max} Zeichen.` })
    .nullable()
    .transform((value) => value || null)

const requiredText = (max: number, required: string, label: string) =>
  text({ trim: true, required, max, tooLong: `${label} hat höchstens ${max} Zeichen.` })

/** A selling organisation of the platform; its name and address come from its own row. */
export const platformSupplierSchema = z.object({
  kind: z.literal('platform'),
  supplierOrganisationId: uuid('Bitte wähle einen Anbieter auf Blattwerk.'),
})

/** A supplier the organisation keeps itself, with its licence (MedCanG or § 52a AMG). */
export const externalSupplierSchema = z.object({
  kind: z.literal('external'),
  name: requiredText(200, 'Bitte gib den Namen an.', 'Der Name'),
  street: requiredText(200, 'Bitte gib die Straße an.', 'Die Straße'),
  postalCode: text({ trim: true, required: 'Bitte gib die Postleitzahl an.' }).regex(
    /^\d{5}$/,
    'Die Postleitzahl hat fünf Ziffern.',
  ),
  city: requiredText(100, 'Bitte gib den Ort an.', 'Der Ort'),
  country: text({ trim: true, required: 'Bitte wähle das Land.' }).regex(
    /^[A-Z]{2}$/,
    'Bitte wähle das Land.',
  ),
  licenceType: z.enum(supplierLicenceTypes, { error: 'Bitte wähle die Art der Erlaubnis.' }),
  licenceNumber: requiredText(
    60,
    'Bitte gib die Nummer der Erlaubnis an.',
    'Die Nummer der Erlaubnis',
  ),
  contactName: optionalText(200, 'Der Name der Ansprechperson'),
  email: emailAddress({
    invalid: 'Bitte gib eine gültige E-Mail-Adresse an.',
    tooLong: 'Die E-Mail-Adresse ist zu lang.',
  })
    .nullable()
    .or(z.literal('').transform(() => null)),
  phone: optionalText(40, 'Die Telefonnummer'),
})

export const supplierSchema = z.discriminatedUnion('kind', [
  platformSupplierSchema,
  externalSupplierSchema,
])
export type SupplierInput = z.input<typeof supplierSchema>

/** One line: a listing (the supplier's or, for an external supplier, the buyer's own). */
export const purchaseOrderLineSchema = z.object({
  listingId: uuid('Bitte wähle ein Produkt.'),
  quantity: z
    .number({ error: 'Bitte gib die Menge an.' })
    .int('Bitte gib eine ganze Zahl an.')
    .positive('Die Menge muss größer als null sein.')
    .max(100_000, 'Diese Menge ist unplausibel groß.'),
  /** The agreed price per sales unit; only for an external supplier (a platform one sets it). */
  unitPriceCents: z
    .number({ error: 'Bitte gib den vereinbarten Preis an.' })
    .int('Der Preis ist auf den Cent genau.')
    .min(0, 'Der Preis kann nicht negativ sein.')
    .max(100_000_000, 'Dieser Preis ist unplausibel hoch.')
    .nullable(),
})
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineSchema>

const noteSchema = optionalText(2000, 'Die Notiz')

export const purchaseOrderDraftSchema = z.object({
  supplierId: uuid('Bitte wähle einen Lieferanten.'),
  note: noteSchema,
  items: z
    .array(purchaseOrderLineSchema)
    .max(200, 'Eine Bestellung hat höchstens 200 Positionen.')
    .refine(
      (items) => new Set(items.map((item) => item.listingId)).size === items.length,
      'Jedes Produkt steht nur einmal in der Bestellung.',
    ),
})
export type PurchaseOrderDraftInput = z.input<typeof purchaseOrderDraftSchema>

/** A change of a draft names the revision it was loaded at (ADR 019). */
export const updatePurchaseOrderSchema = purchaseOrderDraftSchema.extend({
  revision: z.number().int().positive(),
})
export type UpdatePurchaseOrderInput = z.input<typeof updatePurchaseOrderSchema>

/** A state change; with the revision the page showed, it is refused once the order moved on. */
export const purchaseOrderTransitionSchema = z.object({
  revision: z.number().int().positive().optional(),
})

export const cancelPurchaseOrderSchema = purchaseOrderTransitionSchema.extend({
  reason: text({
    trim: true,
    multiline: true,
    required: 'Bitte gib einen Grund an.',
    min: 3,
    tooShort: 'Bitte gib einen Grund mit mindestens 3 Zeichen an.',
    max: 500,
    tooLong: 'Der Grund hat höchstens 500 Zeichen.',
  }),
})

/** One delivered batch of a line: the quantity in the line's sales units (packs or grams). */
export const receiptBatchSchema = batchDeliverySchema.omit({ quantity: true }).extend({
  quantity: z
    .number({ error: 'Bitte gib die Menge an.' })
    .int('Bitte gib eine ganze Zahl an.')
    .positive('Die Menge muss größer als null sein.')
    .max(100_000, 'Diese Menge ist unplausibel groß.'),
})
export type ReceiptBatchInput = z.input<typeof receiptBatchSchema>

export const purchaseOrderReceiptSchema = purchaseOrderTransitionSchema.extend({
  items: z
    .array(
      z.object({
        itemId: uuid('Unbekannte Position.'),
        batches: z.array(receiptBatchSchema).max(50, 'Höchstens 50 Chargen je Position.'),
      }),
    )
    .max(200)
    .refine(
      (items) => items.some((item) => item.batches.length > 0),
      'Bitte erfasse mindestens eine Charge.',
    ),
  /** "Mehr als bestellt – trotzdem buchen?" answered with yes. */
  overDeliveryConfirmed: z.boolean().default(false),
})
export type PurchaseOrderReceiptInput = z.input<typeof purchaseOrderReceiptSchema>

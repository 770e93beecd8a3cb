import { z } from 'zod'
import {
  deliveryMethods,
  payerKinds,
  paymentStatuses,
  prescribedPreparations,
  prescriptionForms,
} from './customer-enums'
import { text } from './text-schema'

/**
 * The inputs of the customer-order services, shared by their forms and the server. Quantities in
 * the listing's sales units; picks in base units (mg, µl, pieces) of a batch.
 */

const uuid = (message: string) => z.uuid({ error: message })

const optionalText = (max: number, label: string) =>
  text({ trim: true, max, tooLong: `${label} hat höchstens ${max} Zeichen.` })
    .nullable()
    .transform((value) => value || null)

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message)

export const customerOrderLineSchema = z.object({
  listingId: uuid('Bitte wähle ein Produkt.'),
  quantity: z
    .number({ error: 'Bitte gib die Menge an.' })
    .int('Bitte gib eine ganze Zahl an.')
    .positive('Die Menge muss größer als null sein.')
    .max(100_000, 'Diese Menge ist unplausibel groß.'),
})
export type CustomerOrderLineInput = z.input<typeof customerOrderLineSchema>

/** Where the goods go; empty address fields take the customer's address. */
export const deliverySchema = z.object({
  method: z.enum(deliveryMethods, { error: 'Bitte wähle die Lieferart.' }),
  name: optionalText(200, 'Der Name').optional(),
  street: optionalText(200, 'Die Straße').optional(),
  postalCode: optionalText(10, 'Die Postleitzahl').optional(),
  city: optionalText(100, 'Der Ort').optional(),
  country: optionalText(2, 'Das Land').optional(),
})
export type DeliveryInput = z.input<typeof deliverySchema>

const itemsSchema = z
  .array(customerOrderLineSchema)
  .min(1, 'Bitte füge mindestens ein Produkt hinzu.')
  .max(100, 'Eine Bestellung hat höchstens 100 Positionen.')
  .refine(
    (items) => new Set(items.map((item) => item.listingId)).size === items.length,
    'Jedes Produkt steht nur einmal in der Bestellung.',
  )

const noteSchema = optionalText(2000, 'Die Notiz').optional()

export const createCustomerOrderSchema = z.object({
  customerId: uuid('Bitte wähle einen Kunden.'),
  items: itemsSchema,
  /** Left out: pickup at the customer's address on file. */
  delivery: deliverySchema.optional(),
  note: noteSchema,
})
export type CreateCustomerOrderInput = z.input<typeof createCustomerOrderSchema>

/** Every change names the version the page showed (optimistic concurrency). */
const versionSchema = z.number({ error: 'Die Version fehlt.' }).int().positive()

export const customerOrderTransitionSchema = z.object({ version: versionSchema })

/** How a pay-at-pickup order was paid when it was handed over (ADR 055). */
export const pickupPaymentChoices = ['cash', 'card', 'already_paid', 'on_invoice'] as const
export type PickupPaymentChoice = (typeof pickupPaymentChoices)[number]

export const pickupPaymentSchema = z
  .object({
    choice: z.enum(pickupPaymentChoices, { error: 'Bitte wähle, wie bezahlt wurde.' }),
    tillReceiptNumber: optionalText(40, 'Die Bonnummer').optional(),
  })
  .refine(
    (payment) =>
      !(payment.choice === 'cash' || payment.choice === 'card') || !!payment.tillReceiptNumber,
    {
      path: ['tillReceiptNumber'],
      message: 'Bitte gib die Nummer des Kassenbons an (die Kasse mit TSE ist der Beleg).',
    },
  )
export type PickupPaymentInput = z.input<typeof pickupPaymentSchema>

/** Completing an order; a pay-at-pickup order names how it was paid at the hand-over. */
export const completeCustomerOrderSchema = z.object({
  version: versionSchema,
  payment: pickupPaymentSchema.optional(),
})

export const updateCustomerOrderSchema = z.object({
  version: versionSchema,
  items: itemsSchema.optional(),
  delivery: deliverySchema.optional(),
  note: noteSchema,
})
export type UpdateCustomerOrderInput = z.input<typeof updateCustomerOrderSchema>

export const cancelCustomerOrderSchema = z.object({
  version: versionSchema,
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

export const paymentStatusSchema = z.object({
  version: versionSchema,
  paymentStatus: z.enum(paymentStatuses, { error: 'Bitte wähle den Zahlungsstatus.' }),
})

/** Which batches a line's goods come from (base units); left out: the reserved ones. */
export const fulfilmentSchema = z.object({
  version: versionSchema,
  picks: z
    .array(
      z.object({
        itemId: uuid('Unbekannte Position.'),
        batches: z
          .array(
            z.object({
              batchId: uuid('Bitte wähle eine Charge.'),
              quantity: z
                .number({ error: 'Bitte gib die Menge an.' })
                .int('Bitte gib eine ganze Zahl an.')
                .positive('Die Menge muss größer als null sein.'),
            }),
          )
          .min(1, 'Bitte wähle mindestens eine Charge.')
          .max(20, 'Höchstens 20 Chargen je Position.')
          .refine(
            (batches) => new Set(batches.map((batch) => batch.batchId)).size === batches.length,
            'Jede Charge steht nur einmal je Position.',
          ),
      }),
    )
    .max(100)
    .optional(),
})
export type FulfilmentInput = z.input<typeof fulfilmentSchema>

export const prescriptionSchema = z
  .object({
    version: versionSchema,
    payer: z.enum(payerKinds, { error: 'Bitte wähle, wer zahlt.' }),
    form: z.enum(prescriptionForms, { error: 'Bitte wähle die Form des Rezepts.' }),
    prescriberName: text({
      trim: true,
      required: 'Bitte gib die verschreibende Person an.',
      max: 200,
      tooLong: 'Der Name hat höchstens 200 Zeichen.',
    }),
    prescriberAddress: optionalText(300, 'Die Anschrift der Praxis').optional(),
    issuedOn: isoDate('Bitte gib das Ausstellungsdatum an.'),
    dosage: text({
      trim: true,
      required: 'Bitte gib die Gebrauchsanweisung des Rezepts an.',
      max: 500,
      tooLong: 'Die Gebrauchsanweisung hat höchstens 500 Zeichen.',
    }),
    preparation: z
      .enum(prescribedPreparations, { error: 'Bitte wähle eine Zubereitung aus der Liste.' })
      .nullable()
      .optional(),
    insurerName: optionalText(200, 'Die Krankenkasse').optional(),
    insuranceNumber: optionalText(20, 'Die Versichertennummer').optional(),
    copaymentExempt: z.boolean().default(false),
    scanFileId: uuid('Unbekannter Scan.').nullable().optional(),
    eRezeptToken: optionalText(2000, 'Der E-Rezept-Token').optional(),
  })
  .superRefine((value, context) => {
    if (value.form === 'e_rezept' && !value.eRezeptToken) {
      context.addIssue({
        code: 'custom',
        path: ['eRezeptToken'],
        message: 'Bitte gib den Token des E-Rezepts an.',
      })
    }
  })
export type PrescriptionInput = z.input<typeof prescriptionSchema>

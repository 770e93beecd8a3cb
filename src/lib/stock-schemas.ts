import { z } from 'zod'
import { text } from './text-schema'

/**
 * The inputs of the stock services, shared by the stock forms and the server. Quantities are
 * integers in base units (mg, µl, pieces): the forms convert what people type in g, ml or Stk.
 */

const uuid = (message: string) => z.uuid({ error: message })

/** A quantity in base units, > 0. The largest is 1,000 kg of flowers, far beyond any batch. */
export const baseQuantitySchema = z
  .number({ error: 'Bitte gib eine Menge an.' })
  .int('Die Menge ist zu genau (höchstens auf das Milligramm).')
  .positive('Die Menge muss größer als null sein.')
  .max(1_000_000_000, 'Diese Menge ist unplausibel groß.')

/** `YYYY-MM-DD`, a real calendar day. */
export const calendarDateSchema = (message: string) => z.iso.date({ error: message })

const measuredContent = (label: string) =>
  z
    .number({ error: `${label}: bitte eine Zahl angeben.` })
    .min(0, `${label} kann nicht negativ sein.`)
    .max(1000, `${label}: dieser Wert ist unplausibel.`)
    .nullable()

export const batchNumberSchema = text({
  trim: true,
  required: 'Bitte gib die Chargennummer an.',
  max: 60,
  tooLong: 'Die Chargennummer hat höchstens 60 Zeichen.',
})

export const reasonSchema = text({
  trim: true,
  multiline: true,
  required: 'Bitte gib einen Grund an.',
  max: 500,
  tooLong: 'Der Grund hat höchstens 500 Zeichen.',
})

/** What a receipt records about the batch; shared by the goods receipt and the PO receipt. */
export const batchDeliverySchema = z.object({
  batchNumber: batchNumberSchema,
  quantity: baseQuantitySchema,
  expiryDate: calendarDateSchema('Bitte gib das Verfallsdatum an.'),
  thcContent: measuredContent('THC'),
  cbdContent: measuredContent('CBD'),
  /** A stored `batch_certificate` of the organisation (uploaded first). */
  coaFileId: uuid('Das Analysezertifikat ist ungültig.').nullable(),
})
export type BatchDelivery = z.infer<typeof batchDeliverySchema>

/** `/inventory/receipt`: goods without a purchase order. */
export const goodsReceiptSchema = batchDeliverySchema.extend({
  organisationProductId: uuid('Bitte wähle ein Produkt.'),
  supplierId: uuid('Unbekannter Lieferant.').nullable(),
})
export type GoodsReceiptInput = z.input<typeof goodsReceiptSchema>

/**
 * A club's harvest (KCanG): its own variety, dried weight, best-before date (§ 21 Abs. 2 Nr. 3:
 * every hand-out names it), measured contents.
 */
export const harvestSchema = z.object({
  organisationProductId: uuid('Bitte wähle eine Sorte.'),
  harvestDate: calendarDateSchema('Bitte gib das Erntedatum an.'),
  quantity: baseQuantitySchema,
  expiryDate: calendarDateSchema('Bitte gib das Mindesthaltbarkeitsdatum an.'),
  thcContent: measuredContent('THC'),
  cbdContent: measuredContent('CBD'),
  coaFileId: uuid('Der Laborbericht ist ungültig.').nullable(),
})
export type HarvestInput = z.input<typeof harvestSchema>

export const releaseBatchSchema = z.object({
  batchId: uuid('Unbekannte Charge.'),
  testNumber: text({
    trim: true,
    required: 'Bitte gib die Prüfnummer an.',
    max: 60,
    tooLong: 'Die Prüfnummer hat höchstens 60 Zeichen.',
  }),
  /** Releasing flowers or an extract without measured THC and CBD, knowingly (domain.md). */
  confirmMissingCannabinoids: z.boolean().default(false),
})

/** THC/CBD of a batch completed or corrected after receipt, with the reason the history keeps. */
export const batchCannabinoidsSchema = z.object({
  batchId: uuid('Unbekannte Charge.'),
  thcContent: measuredContent('THC'),
  cbdContent: measuredContent('CBD'),
  reason: reasonSchema,
})
export type BatchCannabinoidsInput = z.input<typeof batchCannabinoidsSchema>

export const blockBatchSchema = z.object({
  batchId: uuid('Unbekannte Charge.'),
  reason: reasonSchema,
})

export const correctStockSchema = z.object({
  batchId: uuid('Unbekannte Charge.'),
  /** Signed: a count that found more is positive, one that found less negative. */
  quantity: z
    .number({ error: 'Bitte gib eine Menge an.' })
    .int('Die Menge ist zu genau (höchstens auf das Milligramm).')
    .refine((value) => value !== 0, 'Eine Korrektur um null ändert nichts.')
    .refine((value) => Math.abs(value) <= 1_000_000_000, 'Diese Menge ist unplausibel groß.'),
  reason: reasonSchema,
})

export const destroyStockSchema = z.object({
  batchId: uuid('Unbekannte Charge.'),
  quantity: baseQuantitySchema,
  reason: reasonSchema,
})

export const attachCertificateSchema = z.object({
  batchId: uuid('Unbekannte Charge.'),
  coaFileId: uuid('Das Analysezertifikat ist ungültig.'),
})

export const receiptsReleasedSchema = z.object({ receiptsReleased: z.boolean() })

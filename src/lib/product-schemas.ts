import { z } from 'zod'
import {
  type CannabinoidUnit,
  cannabinoidUnits,
  canSellByGram,
  cultivationCountries,
  dominances,
  geneticsTypes,
  isValidPzn,
  normalisePzn,
  type PackUnit,
  type ProductCategory,
  packUnits,
  productCategories,
  productStatuses,
  salesUnits,
  vatRates,
} from './products'
import { text } from './text-schema'

/**
 * The product schemas shared by the forms, the import and the services: one set of rules, so
 * a row the import accepts is a product the form could have saved, and the server checks both.
 */

/** Empty, missing or null (a stored product's facts, `productFactsOf`) all mean "none". */
const optionalText = (max: number, label: string) =>
  text({ trim: true, max, tooLong: `${label}: höchstens ${max} Zeichen.` })
    .nullish()
    .transform((value) => value || null)

/** Empty, missing or null all mean "no PZN"; the product rules decide whether one is needed. */
export const pznSchema = text({ trim: true, max: 20, tooLong: 'Die PZN ist zu lang.' })
  .nullish()
  .transform((pzn) => normalisePzn(pzn ?? ''))
  .refine((pzn) => pzn === '' || /^\d{8}$/.test(pzn), 'Die PZN hat genau 8 Ziffern.')
  // Only eight digits have a check digit: a wrong length gets one message, not two.
  .refine((pzn) => !/^\d{8}$/.test(pzn) || isValidPzn(pzn), 'Die Prüfziffer der PZN stimmt nicht.')
  .transform((pzn) => pzn || null)

/** Which unit the content of a category is given in. */
export const cannabinoidUnitsOf: Record<ProductCategory, readonly CannabinoidUnit[]> = {
  flower: ['percent'],
  extract: ['mg_per_ml', 'mg_per_g'],
  cbd_solution: ['mg_per_ml'],
  dronabinol: ['mg_per_ml', 'mg_per_g', 'mg_per_piece'],
  accessory: [],
}

/** Which units a category's pack size may be given in. */
export const packUnitsOf: Record<ProductCategory, readonly PackUnit[]> = {
  flower: ['g'],
  extract: ['ml', 'g'],
  cbd_solution: ['ml'],
  dronabinol: ['ml', 'piece'],
  accessory: ['piece'],
}

/** Highest plausible content: 40 % for flowers, 1,000 mg per ml or g otherwise. */
const maxContent = (unit: string) => (unit === 'percent' ? 40 : 1000)

const content = (label: string) =>
  z
    .number({ error: `${label}: bitte eine Zahl angeben.` })
    .min(0, `${label} kann nicht negativ sein.`)
    .nullable()

const productFields = {
  pzn: pznSchema,
  name: text({
    trim: true,
    required: 'Bitte gib den Namen ein.',
    max: 200,
    tooLong: 'Der Name hat höchstens 200 Zeichen.',
  }),
  manufacturer: text({
    trim: true,
    required: 'Bitte gib den Hersteller ein.',
    max: 200,
    tooLong: 'Der Hersteller hat höchstens 200 Zeichen.',
  }),
  brand: optionalText(200, 'Marke'),
  category: z.enum(productCategories, { error: 'Bitte wähle eine Kategorie.' }),
  cultivar: optionalText(200, 'Sorte'),
  genetics: z.enum(geneticsTypes, { error: 'Unbekannte Genetik.' }).nullable(),
  dominance: z.enum(dominances, { error: 'Unbekannte Dominanz.' }).nullable(),
  thcContent: content('THC'),
  cbdContent: content('CBD'),
  cannabinoidUnit: z.enum(cannabinoidUnits, { error: 'Unbekannte Einheit.' }).nullable(),
  terpenes: z
    .array(
      text({
        trim: true,
        required: 'Bitte keine leeren Terpene angeben.',
        max: 60,
        tooLong: 'Ein Terpen hat höchstens 60 Zeichen.',
      }),
    )
    .max(10, 'Höchstens 10 Terpene.'),
  irradiated: z.boolean({ error: 'Bitte gib an, ob die Ware bestrahlt ist.' }),
  countryOfCultivation: z
    .enum(cultivationCountries, { error: 'Unbekanntes Anbauland.' })
    .nullable(),
  packSize: z
    .number({ error: 'Bitte gib die Packungsgröße an.' })
    .positive('Die Packungsgröße muss größer als 0 sein.')
    .max(100_000, 'Die Packungsgröße ist zu groß.'),
  packUnit: z.enum(packUnits, { error: 'Bitte wähle die Einheit der Packung.' }),
  description: text({
    trim: true,
    multiline: true,
    max: 4000,
    tooLong: 'Die Beschreibung hat höchstens 4.000 Zeichen.',
  })
    .nullish()
    .transform((value) => value || null),
}

type ProductFacts = z.output<z.ZodObject<typeof productFields>>

/** 1.005 × 1000 is 1004.999… in floating point: compare with a tolerance far below 0.001. */
const hasAtMostThreeDecimals = (value: number): boolean =>
  Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6

/** The rules between fields; `pznRequired` is off for an organisation's own products. */
function checkProductFacts(
  product: ProductFacts,
  context: z.RefinementCtx,
  { pznRequired }: { pznRequired: boolean },
) {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message })
  if (pznRequired && product.pzn === null && product.category !== 'accessory') {
    issue('pzn', 'Bitte gib die PZN an (nur Hilfsmittel dürfen ohne PZN sein).')
  }
  if (product.category === 'flower' && !product.cultivar) {
    issue('cultivar', 'Blüten brauchen eine Sorte: ein Rezept muss sie nennen.')
  }
  const units = cannabinoidUnitsOf[product.category]
  const hasContent = product.thcContent !== null || product.cbdContent !== null
  if (units.length === 0) {
    if (hasContent) issue('thcContent', 'Hilfsmittel haben keinen THC- oder CBD-Gehalt.')
  } else if (hasContent) {
    if (product.cannabinoidUnit === null || !units.includes(product.cannabinoidUnit)) {
      issue('cannabinoidUnit', 'Diese Einheit passt nicht zur Kategorie.')
    } else if (
      product.category === 'dronabinol' &&
      (product.cannabinoidUnit === 'mg_per_piece') !== (product.packUnit === 'piece')
    ) {
      issue('cannabinoidUnit', 'Kapseln (Stk) geben den Gehalt in mg/Stk an, sonst nicht.')
    } else {
      const max = maxContent(product.cannabinoidUnit)
      for (const field of ['thcContent', 'cbdContent'] as const) {
        const value = product[field]
        if (value !== null && value > max) {
          issue(field, `Mehr als ${max.toLocaleString('de-DE')} ist nicht plausibel.`)
        }
      }
    }
  }
  if (!packUnitsOf[product.category].includes(product.packUnit)) {
    issue('packUnit', 'Diese Einheit passt nicht zur Kategorie.')
  } else if (product.packUnit === 'piece' && !Number.isInteger(product.packSize)) {
    issue('packSize', 'Stückzahlen sind ganze Zahlen.')
  } else if (!hasAtMostThreeDecimals(product.packSize)) {
    issue('packSize', 'Höchstens drei Nachkommastellen.')
  }
  if (product.dominance !== null && product.genetics !== 'hybrid') {
    issue('dominance', 'Eine Dominanz gibt es nur bei Hybriden.')
  }
}

/** A master product as the admin form and the import give it, and as the server checks it. */
export const masterProductSchema = z
  .object({
    ...productFields,
    status: z.enum(productStatuses, { error: 'Unbekannter Status.' }),
    imageFileId: z.uuid('Unbekanntes Bild.').nullable(),
    /**
     * Whoever saved the image confirmed it shows only the pack (§ 10 HWG, ADR 081); only such
     * an image reaches the shop. Optional in the input: older API clients keep parsing.
     */
    imageIsPackPhoto: z
      .boolean({ error: 'Bitte gib an, ob das Bild nur die Packung zeigt.' })
      .default(false),
  })
  .superRefine((product, context) => checkProductFacts(product, context, { pznRequired: true }))
export type MasterProductInput = z.input<typeof masterProductSchema>
export type MasterProduct = z.output<typeof masterProductSchema>

/** An organisation's own product (a club's cultivation, an accessory without PZN). */
export const customProductSchema = z
  .object(productFields)
  .superRefine((product, context) => checkProductFacts(product, context, { pznRequired: false }))
export type CustomProductInput = z.input<typeof customProductSchema>
export type CustomProduct = z.output<typeof customProductSchema>

const missingRevisionMessage = 'Der Bearbeitungsstand fehlt. Bitte lade die Seite neu.'

/**
 * The revision a form was loaded at, sent back with its save (optimistic locking of master
 * products and of listings): a save based on an older one is refused.
 */
export const revisionSchema = z
  .number({ error: missingRevisionMessage })
  .int(missingRevisionMessage)
  .min(1, missingRevisionMessage)

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: bitte eine ganze Zahl angeben.` })
    .int(`${label}: bitte eine ganze Zahl angeben.`)
    .min(min, `${label}: mindestens ${min.toLocaleString('de-DE')}.`)
    .max(max, `${label}: höchstens ${max.toLocaleString('de-DE')}.`)

/** How an organisation sells a product: its own data beside the master data. ADR 014. */
export const offerFields = {
  salesUnit: z.enum(salesUnits, { error: 'Bitte wähle die Verkaufseinheit.' }),
  priceCents: wholeNumber('Preis', 0, 10_000_000),
  vatRate: z.enum(vatRates, { error: 'Bitte wähle den Mehrwertsteuersatz.' }),
  visibleInShop: z.boolean(),
  orderStep: wholeNumber('Bestellschritt', 1, 1000),
  minOrderQuantity: wholeNumber('Mindestmenge', 1, 100_000).nullable(),
  maxOrderQuantity: wholeNumber('Höchstmenge', 1, 100_000).nullable(),
  lowStockThreshold: wholeNumber('Meldebestand', 0, 1_000_000).nullable(),
  // Optional in the input: API clients written before the field keep working (ADR 075).
  targetStock: wholeNumber('Zielbestand', 1, 1_000_000).nullable().default(null),
}

export const offerSchema = z.object(offerFields).superRefine((offer, context) => {
  const { minOrderQuantity: min, maxOrderQuantity: max, orderStep } = offer
  if (min !== null && min % orderStep !== 0) {
    context.addIssue({
      code: 'custom',
      path: ['minOrderQuantity'],
      message: 'Die Mindestmenge muss ein Vielfaches des Bestellschritts sein.',
    })
  }
  const { lowStockThreshold: threshold, targetStock: target } = offer
  if (threshold !== null && target !== null && target < threshold) {
    context.addIssue({
      code: 'custom',
      path: ['targetStock'],
      message: 'Der Zielbestand muss mindestens so hoch sein wie der Meldebestand.',
    })
  }
  if (max !== null && (max < (min ?? orderStep) || max % orderStep !== 0)) {
    context.addIssue({
      code: 'custom',
      path: ['maxOrderQuantity'],
      message:
        'Die Höchstmenge muss ein Vielfaches des Bestellschritts und mindestens die Mindestmenge sein.',
    })
  }
})
export type Offer = z.output<typeof offerSchema>

/** Whether `salesUnit` suits the product; a message for the form otherwise. */
export function salesUnitProblem(
  salesUnit: Offer['salesUnit'],
  product: { category: ProductCategory; packUnit: PackUnit },
): string | null {
  return salesUnit === 'gram' && !canSellByGram(product.category, product.packUnit)
    ? 'Lose nach Gramm lassen sich nur Blüten verkaufen.'
    : null
}

/** Taking a master product over, or creating an own product, with the offer. */
export const createOrganisationProductSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('master'),
    masterProductId: z.uuid('Bitte wähle ein Produkt aus der Datenbank.'),
    offer: offerSchema,
  }),
  z.object({
    source: z.literal('custom'),
    product: customProductSchema,
    offer: offerSchema,
  }),
])
export type CreateOrganisationProductInput = z.input<typeof createOrganisationProductSchema>
export type CreateOrganisationProduct = z.output<typeof createOrganisationProductSchema>

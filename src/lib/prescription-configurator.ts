import type { PayerKind } from './customer-enums'
import { isCalendarDay } from './format'
import {
  type ConfiguratorCategory,
  type ConfiguratorPayer,
  type ConfiguratorSearch,
  configuratorCategories,
  type DirectionsKind,
  type DoseUnit,
  type DronabinolForm,
  dronabinolForms,
  type FlowerForm,
  flowerForms,
  type numberParamKeys,
  parseConfiguratorSearch,
  type textParamKeys,
  type UseForm,
} from './prescription-search'
import {
  baseUnitsPerPackUnit,
  brokenOrderRule,
  type CannabinoidUnit,
  formatDecimal,
  type OrderRules,
  type PackUnit,
} from './product-display'
import type { ProductCategory } from './product-lists'
import type { AvailabilityLevel } from './shop'

export * from './prescription-search'

/**
 * Every rule of the Rezeptkonfigurator in one isomorphic module: the categories and their fields,
 * valid combinations, amounts and doses, the live prescription text, the hints, and the
 * configuration as URL search params. The page, the sample PDF and the reservation service all
 * parse and check with these functions, so browser and server never disagree (domain.md,
 * "Prescriptions"). No schema library; the search params' parser lives in `prescription-search.ts`
 * (re-exported here), small because the route table loads it on every page's first load.
 */

// ─── Categories, forms, units ────────────────────────────────────────────────────────────────

export const configuratorCategoryLabels: Record<ConfiguratorCategory, string> = {
  bluete: 'Blüte',
  extrakt: 'Extrakt',
  cbd: 'CBD-Lösung',
  dronabinol: 'Dronabinol',
  hilfsmittel: 'Hilfsmittel',
}

/** The catalogue's product category each tab picks from. */
export const productCategoryOf: Record<ConfiguratorCategory, ProductCategory> = {
  bluete: 'flower',
  extrakt: 'extract',
  cbd: 'cbd_solution',
  dronabinol: 'dronabinol',
  hilfsmittel: 'accessory',
}

export const categoryOfProduct = (category: ProductCategory): ConfiguratorCategory =>
  configuratorCategories.find((key) => productCategoryOf[key] === category) ?? 'bluete'

/** Forms of use of flowers (NRF 22.12.–22.15.) and the two Dronabinol formulas (NRF 22.8., 22.7.). */
export const flowerFormLabels: Record<FlowerForm, string> = {
  unzerkleinert: 'unzerkleinert, zur Inhalation nach Verdampfung',
  zerkleinert: 'zerkleinert, zur Inhalation nach Verdampfung (NRF 22.12.)',
  einzeldosen: 'in Einzeldosen, zur Inhalation nach Verdampfung (NRF 22.13.)',
  tee: 'zur Teezubereitung (NRF 22.14.)',
  'tee-einzeldosen': 'in Einzeldosen, zur Teezubereitung (NRF 22.15.)',
}

export const dronabinolFormLabels: Record<DronabinolForm, string> = {
  tropfen: 'Ölige Dronabinol-Tropfen (NRF 22.8.)',
  kapseln: 'Dronabinol-Kapseln (NRF 22.7.)',
}

/** Single-dose forms: the pharmacy portions by the single dose, so it must be given. */
const singleDoseForms: readonly FlowerForm[] = ['einzeldosen', 'tee-einzeldosen']

/** NRF strengths: Dronabinol drops 25 mg/ml; capsules 2.5, 5 or 10 mg; CBD solution mg/ml. */
export const dronabinolDropStrengths = [25] as const
export const dronabinolCapsuleStrengths = [2.5, 5, 10] as const
export const cbdStrengths = [25, 50, 100] as const

export const doseUnitLabels: Record<DoseUnit, string> = {
  g: 'g',
  tropfen: 'Tropfen',
  ml: 'ml',
  mg: 'mg',
  kapseln: 'Kapseln',
}

export const configuratorPayerLabels: Record<ConfiguratorPayer, string> = {
  gkv: 'Gesetzlich versichert (Muster 16)',
  pkv: 'Privat versichert (Privatrezept)',
  selbst: 'Selbstzahler (Privatrezept)',
}
export const payerKindOf: Record<ConfiguratorPayer, PayerKind> = {
  gkv: 'statutory',
  pkv: 'private',
  selbst: 'self_pay',
}

/** The unit amounts are prescribed in, per category (a chosen product's pack unit wins). */
export type AmountUnit = 'g' | 'ml' | 'Stk'

interface CategoryRule {
  amountUnit: AmountUnit
  /** Largest amount accepted on one prescription (a typo guard, not a legal limit). */
  maxAmount: number
  /** Allowed dose units; empty: no directions (Hilfsmittel). */
  doseUnits: readonly DoseUnit[]
  /** Whether a free product name needs THC (and CBD) content. */
  needsContent: boolean
}

const categoryRules: Record<ConfiguratorCategory, CategoryRule> = {
  bluete: { amountUnit: 'g', maxAmount: 1000, doseUnits: ['g'], needsContent: true },
  extrakt: { amountUnit: 'ml', maxAmount: 500, doseUnits: ['tropfen', 'ml'], needsContent: true },
  cbd: {
    amountUnit: 'ml',
    maxAmount: 500,
    doseUnits: ['tropfen', 'ml', 'mg'],
    needsContent: false,
  },
  dronabinol: {
    amountUnit: 'ml',
    maxAmount: 500,
    doseUnits: ['tropfen', 'mg'],
    needsContent: false,
  },
  hilfsmittel: { amountUnit: 'Stk', maxAmount: 20, doseUnits: [], needsContent: false },
}

/** Dronabinol capsules are counted, and dosed in capsules. */
export function amountUnitOf(
  configuration: Pick<PrescriptionConfiguration, 'category' | 'form'>,
  product?: Pick<ConfiguratorProduct, 'packUnit'> | null,
): AmountUnit {
  if (configuration.category === 'dronabinol') {
    return configuration.form === 'kapseln' ? 'Stk' : 'ml'
  }
  if (product) return product.packUnit === 'piece' ? 'Stk' : product.packUnit
  return categoryRules[configuration.category].amountUnit
}

export function doseUnitsOf(configuration: Pick<PrescriptionConfiguration, 'category' | 'form'>) {
  if (configuration.category === 'dronabinol' && configuration.form === 'kapseln') {
    return ['kapseln'] as const satisfies readonly DoseUnit[]
  }
  return categoryRules[configuration.category].doseUnits
}

export const formsOf = (category: ConfiguratorCategory): readonly UseForm[] =>
  category === 'bluete' ? flowerForms : category === 'dronabinol' ? dronabinolForms : []

export function strengthsOf(
  configuration: Pick<PrescriptionConfiguration, 'category' | 'form'>,
): readonly number[] {
  if (configuration.category === 'cbd') return cbdStrengths
  if (configuration.category !== 'dronabinol') return []
  return configuration.form === 'kapseln' ? dronabinolCapsuleStrengths : dronabinolDropStrengths
}

/** Amounts the picker offers: whole grams in steps that grow with the amount, ml and pieces alike. */
export const suggestedAmounts: Record<AmountUnit, readonly number[]> = {
  g: [1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 90, 100, 120, 150, 200],
  ml: [5, 10, 15, 20, 25, 30, 50, 100],
  Stk: [1, 2, 3, 5, 10, 14, 28, 30, 56, 60, 90, 100, 120],
}

/**
 * The amounts a chosen product can be filled in: the suggestions that are whole multiples of its
 * sales unit and order step (a 10 g jar: 10, 20, 30 g …), from its minimum; a step the
 * suggestions do not fit gets its first multiples. Not capped by the listing's maximum per
 * order: a prescription may name more than one reservation holds (`reservationProblem` says so).
 */
export function amountOptions(
  configuration: Pick<PrescriptionConfiguration, 'category' | 'form'>,
  product?: ConfiguratorProduct | null,
): number[] {
  const unit = amountUnitOf(configuration, product)
  const max = categoryRules[configuration.category].maxAmount
  if (!product) return suggestedAmounts[unit].filter((amount) => amount <= max)
  const step = thousandths(productStepAmount(product))
  const least = thousandths((product.minOrderQuantity ?? 0) * unitAmount(product))
  const minimum = Math.max(step, Math.ceil(least / step) * step)
  const fitting = suggestedAmounts[unit].filter((amount) => {
    const value = thousandths(amount)
    return value >= minimum && amount <= max && value % step === 0
  })
  if (fitting.length >= 5) return fitting
  return Array.from({ length: 20 }, (_, index) => (minimum + index * step) / 1000).filter(
    (amount) => amount <= max,
  )
}

// ─── The configuration ───────────────────────────────────────────────────────────────────────

/** One prescription as the page composes it; every field has a URL search param (sharing). */
export interface PrescriptionConfiguration {
  category: ConfiguratorCategory
  /** The pharmacy's listing (organisation product id); null: a free product name. */
  productId: string | null
  /** Free product (cultivar, extract, aid) name when the pharmacy does not list it. */
  productName: string
  /** Free entries: THC and CBD content (% for flowers, mg/ml for extracts). */
  thc: number | null
  cbd: number | null
  /** In `amountUnitOf`: g, ml or pieces. */
  amount: number | null
  /** Flowers: form of use; Dronabinol: drops or capsules. */
  form: UseForm | null
  /** Dronabinol and CBD solution: mg/ml, or mg per capsule. */
  strength: number | null
  directions: DirectionsKind
  singleDose: number | null
  dailyDose: number | null
  doseUnit: DoseUnit | null
  /** Optional: what the sample prescription shows. */
  payer: ConfiguratorPayer | null
  prescriberName: string
  prescriberAddress: string
  prescriberPhone: string
  patientName: string
  patientBirthDate: string
  issuedOn: string
}

export const emptyConfiguration = (
  category: ConfiguratorCategory = 'bluete',
): PrescriptionConfiguration => ({
  category,
  productId: null,
  productName: '',
  thc: null,
  cbd: null,
  amount: null,
  form: category === 'bluete' ? 'zerkleinert' : category === 'dronabinol' ? 'tropfen' : null,
  strength: category === 'cbd' ? 50 : category === 'dronabinol' ? 25 : null,
  directions: 'dosis',
  singleDose: null,
  dailyDose: null,
  doseUnit: categoryRules[category].doseUnits[0] ?? null,
  payer: null,
  prescriberName: '',
  prescriberAddress: '',
  prescriberPhone: '',
  patientName: '',
  patientBirthDate: '',
  issuedOn: '',
})

/** A fresh configuration in another category: what fits both (payer, prescriber, patient) stays. */
export function switchCategory(
  configuration: PrescriptionConfiguration,
  category: ConfiguratorCategory,
): PrescriptionConfiguration {
  const {
    payer,
    prescriberName,
    prescriberAddress,
    prescriberPhone,
    patientName,
    patientBirthDate,
    issuedOn,
  } = configuration
  return {
    ...emptyConfiguration(category),
    payer,
    prescriberName,
    prescriberAddress,
    prescriberPhone,
    patientName,
    patientBirthDate,
    issuedOn,
  }
}

/** What the configurator knows about one of the pharmacy's listings. */
export interface ConfiguratorProduct extends OrderRules {
  id: string
  name: string
  category: ProductCategory
  cultivar: string | null
  genetics: string | null
  thc: number | null
  cbd: number | null
  cannabinoidUnit: CannabinoidUnit | null
  packUnit: PackUnit
  /** The rendition of the product's confirmed pack photo; null: none to show. */
  packPhotoId: string | null
  /** Base units (mg, µl, pieces) per sales unit: 1,000 for a gram, the pack's content for a pack. */
  baseUnitsPerSalesUnit: number
  availableSalesUnits: number
  availability: AvailabilityLevel
}

/** One sales unit in the prescription's amount unit (1 g, a 10 ml bottle, 60 capsules). */
export const unitAmount = (
  product: Pick<ConfiguratorProduct, 'baseUnitsPerSalesUnit' | 'packUnit'>,
) => product.baseUnitsPerSalesUnit / baseUnitsPerPackUnit[product.packUnit]

const productStepAmount = (product: ConfiguratorProduct) =>
  roundAmount(unitAmount(product) * product.orderStep)

/** Amounts and doses are kept to three decimals (0,05 g), compared in thousandths. */
const thousandths = (value: number) => Math.round(value * 1000)
const roundAmount = (value: number) => thousandths(value) / 1000

// ─── Checking ────────────────────────────────────────────────────────────────────────────────

export type ConfigurationField =
  | 'productId'
  | 'productName'
  | 'thc'
  | 'cbd'
  | 'amount'
  | 'form'
  | 'strength'
  | 'singleDose'
  | 'dailyDose'
  | 'doseUnit'
  | 'patientBirthDate'
  | 'issuedOn'

export interface ConfigurationCheck {
  /** Per field, what is missing or wrong; empty when the prescription is complete. */
  errors: Partial<Record<ConfigurationField, string>>
  /** Plausibility warnings: shown, never blocking. */
  warnings: string[]
}

/** The old BtMVV limit: still a plausibility threshold, never a block (domain.md). */
export const flowerPlausibilityGramsPer30Days = 100

/**
 * Checks a configuration against the rules of its category, with the chosen listing's facts when
 * it names one (`product` null: the listing is unknown or a free name is used).
 */
export function checkConfiguration(
  configuration: PrescriptionConfiguration,
  product: ConfiguratorProduct | null = null,
): ConfigurationCheck {
  const errors: ConfigurationCheck['errors'] = {}
  const warnings: string[] = []
  const rule = categoryRules[configuration.category]
  const unit = amountUnitOf(configuration, product)

  if (configuration.productId) {
    if (!product) errors.productId = 'Dieses Produkt führt die Apotheke nicht (mehr).'
    else if (categoryOfProduct(product.category) !== configuration.category)
      errors.productId = 'Das Produkt gehört zu einer anderen Kategorie.'
  } else if (configuration.category !== 'dronabinol' && configuration.category !== 'cbd') {
    if (!configuration.productName.trim()) {
      errors.productName =
        configuration.category === 'bluete'
          ? 'Bitte wählen Sie eine Sorte oder geben Sie ihren Namen ein – „Cannabisblüten“ allein ist kein gültiges Rezept.'
          : 'Bitte wählen Sie ein Produkt oder geben Sie seinen Namen ein.'
    }
    if (rule.needsContent && configuration.thc === null)
      errors.thc = 'Bitte geben Sie den THC-Gehalt an.'
    if (rule.needsContent && configuration.cbd === null)
      errors.cbd = 'Bitte geben Sie den CBD-Gehalt an.'
  }
  for (const field of ['thc', 'cbd'] as const) {
    const value = configuration[field]
    const limit = configuration.category === 'bluete' ? 100 : 1000
    if (value !== null && (value < 0 || value > limit))
      errors[field] = `Bitte geben Sie einen Gehalt zwischen 0 und ${formatDecimal(limit)} an.`
  }

  const forms = formsOf(configuration.category)
  if (forms.length > 0 && !forms.includes(configuration.form as UseForm))
    errors.form = 'Bitte wählen Sie die Darreichungsform.'

  const strengths = strengthsOf(configuration)
  if (strengths.length > 0 && !product && !strengths.includes(configuration.strength ?? -1))
    errors.strength = 'Bitte wählen Sie die Stärke.'

  const amount = configuration.amount
  if (amount === null) errors.amount = 'Bitte geben Sie die Menge an.'
  else if (amount <= 0 || thousandths(amount) !== amount * 1000)
    errors.amount = 'Bitte geben Sie eine positive Menge an.'
  else if ((unit === 'Stk' || unit === 'g') && !Number.isInteger(amount))
    errors.amount = unit === 'g' ? 'Bitte in ganzen Gramm.' : 'Bitte in ganzen Stück.'
  else if (amount > rule.maxAmount)
    errors.amount = `Höchstens ${formatDecimal(rule.maxAmount)} ${unit} auf einem Rezept.`

  const units = doseUnitsOf(configuration)
  if (units.length > 0) {
    const form = configuration.form as FlowerForm | null
    if (configuration.directions === 'schriftlich') {
      if (configuration.category === 'bluete' && form && singleDoseForms.includes(form))
        errors.singleDose =
          'Für Einzeldosen braucht die Apotheke die Einzeldosis – bitte ED und TD angeben.'
    } else {
      if (!units.includes(configuration.doseUnit as DoseUnit))
        errors.doseUnit = 'Bitte wählen Sie die Einheit der Dosis.'
      const single = configuration.singleDose
      const daily = configuration.dailyDose
      if (single === null || single <= 0)
        errors.singleDose = 'Bitte geben Sie die Einzeldosis (ED) an.'
      if (daily === null || daily <= 0) errors.dailyDose = 'Bitte geben Sie die Tagesdosis (TD) an.'
      else if (single !== null && single > 0 && thousandths(daily) < thousandths(single))
        errors.dailyDose = 'Die Tagesdosis kann nicht kleiner sein als die Einzeldosis.'
      const wholeDose = configuration.doseUnit === 'tropfen' || configuration.doseUnit === 'kapseln'
      if (wholeDose && single !== null && !Number.isInteger(single))
        errors.singleDose = 'Bitte in ganzen Tropfen bzw. Kapseln.'
      if (wholeDose && daily !== null && !Number.isInteger(daily))
        errors.dailyDose = 'Bitte in ganzen Tropfen bzw. Kapseln.'
      if (
        configuration.category === 'bluete' &&
        amount !== null &&
        single !== null &&
        single > 0 &&
        !errors.singleDose
      ) {
        if (thousandths(single) > thousandths(amount))
          errors.singleDose = 'Die Einzeldosis ist größer als die verordnete Menge.'
        else if (
          form &&
          singleDoseForms.includes(form) &&
          thousandths(amount) % thousandths(single) !== 0
        )
          errors.singleDose = `${formatDecimal(amount)} g lassen sich nicht in Einzeldosen zu ${formatDecimal(single)} g teilen.`
      }
    }
  }

  if (configuration.patientBirthDate && !isCalendarDay(configuration.patientBirthDate))
    errors.patientBirthDate = 'Bitte geben Sie ein gültiges Datum an.'
  if (configuration.issuedOn && !isCalendarDay(configuration.issuedOn))
    errors.issuedOn = 'Bitte geben Sie ein gültiges Datum an.'

  if (configuration.category === 'bluete' && unit === 'g') {
    const daily =
      configuration.directions === 'dosis' && configuration.doseUnit === 'g'
        ? configuration.dailyDose
        : null
    const per30Days = daily !== null && daily > 0 ? daily * 30 : null
    if (
      (amount !== null && amount > flowerPlausibilityGramsPer30Days) ||
      (per30Days ?? 0) > flowerPlausibilityGramsPer30Days
    ) {
      warnings.push(
        `Mehr als ${flowerPlausibilityGramsPer30Days} g Blüten in 30 Tagen: Bitte prüfen Sie Menge und Dosierung. Die frühere Höchstmenge gilt seit April 2024 nicht mehr, die Angabe ist nur ein Plausibilitätshinweis.`,
      )
    }
  }
  return { errors, warnings }
}

export const isComplete = (check: ConfigurationCheck) => Object.keys(check.errors).length === 0

/**
 * Whether the chosen listing can be reserved in the configured amount: whole sales units, the
 * listing's order rules, and what is available. Null when it can.
 */
export function reservationProblem(
  configuration: PrescriptionConfiguration,
  product: ConfiguratorProduct | null,
): string | null {
  if (!product) return 'Reservieren lässt sich nur ein Produkt aus dem Sortiment der Apotheke.'
  const quantity = reservedSalesUnits(configuration, product)
  if (quantity === null) {
    return `${product.name} gibt es nur in Einheiten zu ${formatDecimal(unitAmount(product))} ${amountUnitOf(configuration, product)}.`
  }
  const broken = brokenOrderRule(quantity, product)
  if (broken) {
    const limit = `${formatDecimal(roundAmount(broken.limit * unitAmount(product)))} ${amountUnitOf(configuration, product)}`
    if (broken.rule === 'max') return `Reservieren lassen sich höchstens ${limit} je Bestellung.`
    if (broken.rule === 'min') return `Reservieren lassen sich mindestens ${limit}.`
    return `Reservieren lässt sich ${product.name} in Schritten von ${limit}.`
  }
  if (quantity > product.availableSalesUnits) {
    return product.availableSalesUnits > 0
      ? `Derzeit sind nur ${formatDecimal(roundAmount(product.availableSalesUnits * unitAmount(product)))} ${amountUnitOf(configuration, product)} vorrätig.`
      : `${product.name} ist derzeit nicht vorrätig.`
  }
  return null
}

/** The configured amount in the listing's sales units; null when it is not a whole number of them. */
export function reservedSalesUnits(
  configuration: Pick<PrescriptionConfiguration, 'amount'>,
  product: Pick<ConfiguratorProduct, 'baseUnitsPerSalesUnit' | 'packUnit'>,
): number | null {
  if (configuration.amount === null) return null
  const baseUnits = Math.round(configuration.amount * baseUnitsPerPackUnit[product.packUnit])
  if (baseUnits <= 0 || baseUnits % product.baseUnitsPerSalesUnit !== 0) return null
  return baseUnits / product.baseUnitsPerSalesUnit
}

// ─── The prescription text ───────────────────────────────────────────────────────────────────

const missing = '…'
const number = (value: number | null) => (value === null ? missing : formatDecimal(value))

/** "22 %", "< 1 %", "25 mg/ml". */
export function formatContent(value: number | null, unit: CannabinoidUnit | 'percent' | null) {
  if (value === null) return missing
  const symbol =
    unit === 'mg_per_ml'
      ? 'mg/ml'
      : unit === 'mg_per_g'
        ? 'mg/g'
        : unit === 'mg_per_piece'
          ? 'mg'
          : '%'
  return value < 1 ? `< 1 ${symbol}` : `${formatDecimal(value)} ${symbol}`
}

function formatDose(value: number | null, unit: DoseUnit | null): string {
  if (value === null) return missing
  if (unit === 'tropfen') return `${formatDecimal(value)} Tropfen`
  if (unit === 'kapseln') return `${formatDecimal(value)} ${value === 1 ? 'Kapsel' : 'Kapseln'}`
  return `${formatDecimal(value)} ${unit ?? missing}`
}

function formatAmount(value: number | null, unit: AmountUnit): string {
  if (value === null) return `${missing} ${unit === 'Stk' ? 'Stück' : unit}`
  return `${formatDecimal(value)} ${unit === 'Stk' ? 'Stück' : unit}`
}

/** The directions: "D. S. ED 0,05 g, TD 0,15 g." or "D. S. gemäß schriftlicher Anweisung." */
export function directionsText(configuration: PrescriptionConfiguration): string | null {
  if (doseUnitsOf(configuration).length === 0) return null
  if (configuration.directions === 'schriftlich') return 'D. S. gemäß schriftlicher Anweisung.'
  return `D. S. ED ${formatDose(configuration.singleDose, configuration.doseUnit)}, TD ${formatDose(configuration.dailyDose, configuration.doseUnit)}.`
}

/**
 * The prescription as it would be written, live as fields change; "…" marks what is still
 * missing. With a listing its name and content count, not the free fields.
 */
export function prescriptionText(
  configuration: PrescriptionConfiguration,
  product: ConfiguratorProduct | null = null,
): string {
  const unit = amountUnitOf(configuration, product)
  const amount = formatAmount(configuration.amount, unit)
  const name = (product?.name ?? configuration.productName.trim()) || missing
  const contentUnit = product
    ? product.cannabinoidUnit
    : configuration.category === 'bluete'
      ? 'percent'
      : 'mg_per_ml'
  const thc = product ? product.thc : configuration.thc
  const cbd = product ? product.cbd : configuration.cbd
  const content = (label: string) =>
    thc === null && cbd === null
      ? ''
      : ` (${[
          thc === null ? null : `THC ${formatContent(thc, contentUnit)}`,
          cbd === null ? null : `CBD ${formatContent(cbd, contentUnit)}`,
        ]
          .filter(Boolean)
          .join(', ')})${label}`
  const directions = directionsText(configuration)
  let prescription: string
  switch (configuration.category) {
    case 'bluete': {
      const form = configuration.form as FlowerForm | null
      const formText = form ? flowerFormLabels[form] : missing
      const single =
        form && singleDoseForms.includes(form) && configuration.singleDose !== null
          ? formText.replace(
              'in Einzeldosen',
              `in Einzeldosen zu je ${formatDecimal(configuration.singleDose)} g`,
            )
          : formText
      prescription = `Rp. Cannabisblüten „${name}“${content('')} ${amount}, ${single}.`
      break
    }
    case 'extrakt':
      prescription = `Rp. Cannabisextrakt „${name}“${content('')} ${amount}.`
      break
    case 'cbd': {
      const strength = product ? product.cbd : configuration.strength
      const label = product ? ` „${product.name}“` : ''
      prescription = `Rp. Ölige Cannabidiol-Lösung ${number(strength)} mg/ml (NRF 22.10.)${label} ${amount}.`
      break
    }
    case 'dronabinol': {
      const capsules = configuration.form === 'kapseln'
      const strength = product ? product.thc : configuration.strength
      const label = product ? ` „${product.name}“` : ''
      prescription = capsules
        ? `Rp. Dronabinol-Kapseln ${number(strength)} mg (NRF 22.7.)${label} ${amount}.`
        : `Rp. Ölige Dronabinol-Tropfen ${number(strength)} mg/ml (NRF 22.8.)${label} ${amount}.`
      break
    }
    case 'hilfsmittel':
      prescription = `Rp. ${name} ${amount}.`
      break
  }
  return directions ? `${prescription} ${directions}` : prescription
}

// ─── Hints ───────────────────────────────────────────────────────────────────────────────────

const commonRequirements = [
  'Name, Praxisanschrift und Telefonnummer der verschreibenden Person',
  'Ausstellungsdatum und Unterschrift',
  'Name und Geburtsdatum der Patientin bzw. des Patienten',
]

const categoryRequirements: Record<ConfiguratorCategory, string[]> = {
  bluete: [
    'Sorte (Produktname) mit THC- und CBD-Gehalt – „Cannabisblüten“ oder ein THC-Gehalt allein genügt nicht',
    'Menge in Gramm',
    'Darreichungsform, z. B. zerkleinert zur Inhalation nach Verdampfung (NRF 22.12.) oder zur Teezubereitung (NRF 22.14.)',
    'Gebrauchsanweisung mit Einzel- und Tagesdosis oder „gemäß schriftlicher Anweisung“',
  ],
  extrakt: [
    'Produktname mit THC- und CBD-Gehalt',
    'Menge in ml',
    'Gebrauchsanweisung mit Einzel- und Tagesdosis in Tropfen oder ml',
  ],
  cbd: [
    'Rezeptur „Ölige Cannabidiol-Lösung (NRF 22.10.)“ mit Stärke',
    'Menge in ml',
    'Gebrauchsanweisung mit Einzel- und Tagesdosis',
  ],
  dronabinol: [
    'NRF-Rezeptur (Tropfen NRF 22.8. oder Kapseln NRF 22.7.) mit Stärke',
    'Menge in ml bzw. Anzahl der Kapseln',
    'Gebrauchsanweisung mit Einzel- und Tagesdosis',
  ],
  hilfsmittel: [
    'Bezeichnung des Hilfsmittels (z. B. Verdampfer) und Anzahl',
    'Hilfsmittel bitte auf einem eigenen Rezept verordnen, nicht zusammen mit Arzneimitteln',
  ],
}

export interface ConfiguratorHints {
  /** What must be on the prescription. */
  requirements: string[]
  validity: string
}

/** Statutory prescriptions are valid 28 days, private ones up to three months (domain.md). */
export function validityHint(payer: ConfiguratorPayer | null): string {
  if (payer === 'gkv') return 'Ein Kassenrezept (Muster 16) ist 28 Tage ab Ausstellung gültig.'
  if (payer) return 'Ein Privatrezept ist bis zu drei Monate ab Ausstellung gültig.'
  return 'Gültigkeit: Kassenrezept (Muster 16) 28 Tage, Privatrezept bis zu drei Monate ab Ausstellung.'
}

export function hintsOf(configuration: PrescriptionConfiguration): ConfiguratorHints {
  return {
    requirements: [...categoryRequirements[configuration.category], ...commonRequirements],
    validity: validityHint(configuration.payer),
  }
}

// ─── URL search params ───────────────────────────────────────────────────────────────────────

const textParams = {
  name: 'productName',
  arzt: 'prescriberName',
  praxis: 'prescriberAddress',
  telefon: 'prescriberPhone',
  patient: 'patientName',
  geboren: 'patientBirthDate',
  datum: 'issuedOn',
} as const satisfies Record<(typeof textParamKeys)[number], keyof PrescriptionConfiguration>

const numberParams = {
  thc: 'thc',
  cbd: 'cbd',
  menge: 'amount',
  staerke: 'strength',
  ed: 'singleDose',
  td: 'dailyDose',
} as const satisfies Record<(typeof numberParamKeys)[number], keyof PrescriptionConfiguration>

/** The configuration a search describes; `productCategory` (of `produkt`) wins over `kategorie`. */
export function configurationFromSearch(
  search: ConfiguratorSearch,
  productCategory?: ProductCategory | null,
): PrescriptionConfiguration {
  const category = productCategory
    ? categoryOfProduct(productCategory)
    : (search.kategorie ?? 'bluete')
  const configuration = emptyConfiguration(category)
  if (search.produkt) configuration.productId = search.produkt
  for (const [param, field] of Object.entries(textParams)) {
    const value = search[param as keyof typeof textParams]
    if (value !== undefined) configuration[field] = value
  }
  for (const [param, field] of Object.entries(numberParams)) {
    const value = search[param as keyof typeof numberParams]
    if (value !== undefined) configuration[field] = value
  }
  if (search.form && formsOf(category).includes(search.form)) configuration.form = search.form
  if (search.anweisung) configuration.directions = search.anweisung
  if (search.einheit && doseUnitsOf(configuration).includes(search.einheit as never))
    configuration.doseUnit = search.einheit
  else configuration.doseUnit = doseUnitsOf(configuration)[0] ?? null
  if (search.kostentraeger) configuration.payer = search.kostentraeger
  return configuration
}

/** The search params of a configuration: what the share link carries (defaults left out). */
export function searchFromConfiguration(
  configuration: PrescriptionConfiguration,
): ConfiguratorSearch {
  const empty = emptyConfiguration(configuration.category)
  const search: ConfiguratorSearch = { kategorie: configuration.category }
  if (configuration.productId) search.produkt = configuration.productId
  for (const [param, field] of Object.entries(textParams)) {
    const value = configuration[field].trim()
    if (value) search[param as keyof typeof textParams] = value
  }
  for (const [param, field] of Object.entries(numberParams)) {
    const value = configuration[field]
    if (value !== null && value !== empty[field]) search[param as keyof typeof numberParams] = value
  }
  if (configuration.form && configuration.form !== empty.form) search.form = configuration.form
  if (configuration.directions !== empty.directions) search.anweisung = configuration.directions
  if (configuration.doseUnit && configuration.doseUnit !== doseUnitsOf(configuration)[0])
    search.einheit = configuration.doseUnit
  if (configuration.payer) search.kostentraeger = configuration.payer
  return search
}

/** A share link's query string (`?kategorie=bluete&…`), for the sample PDF's download link too. */
export function configurationQueryString(configuration: PrescriptionConfiguration): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(searchFromConfiguration(configuration))) {
    if (value !== undefined) params.set(key, String(value))
  }
  return params.toString()
}

/** A query string (the PDF route's, a pasted link's) back to search params. */
export const searchFromQueryString = (query: string | URLSearchParams): ConfiguratorSearch =>
  parseConfiguratorSearch(Object.fromEntries(new URLSearchParams(query)))

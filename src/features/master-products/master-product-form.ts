import { masterProductSaveSchema } from '~/lib/master-product-schemas'
import {
  type CustomProduct,
  type CustomProductInput,
  cannabinoidUnitsOf,
  type MasterProduct,
  type MasterProductInput,
  packUnitsOf,
} from '~/lib/product-schemas'
import {
  type CannabinoidUnit,
  type Dominance,
  decimalInputText,
  type Genetics,
  type PackUnit,
  type ProductCategory,
  type ProductStatus,
  parseDecimal,
} from '~/lib/products'
import { formErrorsOf } from '../forms/field-errors'

/**
 * The product forms' values and their way to and from the schemas: numbers are typed as text the
 * German way ("22,5"), choices that are not made yet are empty, and fields a category does not
 * have (THC of a vaporiser) are left out of what is saved. The facts are shared by the master
 * product form and an organisation's own product (`customProductSchema`), which is why the
 * products area imports the facts from here.
 */
export interface ProductFactsFormValues {
  pzn: string
  name: string
  manufacturer: string
  brand: string
  category: ProductCategory | ''
  cultivar: string
  genetics: Genetics | ''
  dominance: Dominance | ''
  thcContent: string
  cbdContent: string
  cannabinoidUnit: CannabinoidUnit | ''
  terpenes: string[]
  irradiated: boolean
  countryOfCultivation: string
  packSize: string
  packUnit: PackUnit | ''
  description: string
}

export interface MasterProductFormValues extends ProductFactsFormValues {
  status: ProductStatus
  imageFileId: string | null
  /** Ticked by whoever saves the image: it shows only the pack (§ 10 HWG). */
  imageIsPackPhoto: boolean
}

export const emptyProductFactsForm: ProductFactsFormValues = {
  pzn: '',
  name: '',
  manufacturer: '',
  brand: '',
  category: '',
  cultivar: '',
  genetics: '',
  dominance: '',
  thcContent: '',
  cbdContent: '',
  cannabinoidUnit: '',
  terpenes: [],
  irradiated: false,
  countryOfCultivation: '',
  packSize: '',
  packUnit: '',
  description: '',
}

export const emptyMasterProductForm: MasterProductFormValues = {
  ...emptyProductFactsForm,
  status: 'active',
  imageFileId: null,
  imageIsPackPhoto: false,
}

/** A stored product's facts in the form. */
export function factsFormValuesOf(product: CustomProduct): ProductFactsFormValues {
  return {
    pzn: product.pzn ?? '',
    name: product.name,
    manufacturer: product.manufacturer,
    brand: product.brand ?? '',
    category: product.category,
    cultivar: product.cultivar ?? '',
    genetics: product.genetics ?? '',
    dominance: product.dominance ?? '',
    thcContent: decimalInputText(product.thcContent),
    cbdContent: decimalInputText(product.cbdContent),
    cannabinoidUnit: product.cannabinoidUnit ?? '',
    terpenes: product.terpenes,
    irradiated: product.irradiated,
    countryOfCultivation: product.countryOfCultivation ?? '',
    packSize: decimalInputText(product.packSize),
    packUnit: product.packUnit,
    description: product.description ?? '',
  }
}

/** A stored master product in the form. */
export function formValuesOf(product: MasterProduct): MasterProductFormValues {
  return {
    ...factsFormValuesOf(product),
    status: product.status,
    imageFileId: product.imageFileId,
    imageIsPackPhoto: product.imageIsPackPhoto,
  }
}

/** Accessories (vaporisers, grinders) have no cultivar, content, terpenes or origin. */
export const hasCannabisFacts = (category: ProductCategory | '') => category !== 'accessory'

export const cannabinoidUnitOptions = (
  category: ProductCategory | '',
): readonly CannabinoidUnit[] => (category ? cannabinoidUnitsOf[category] : [])

export const packUnitOptions = (category: ProductCategory | ''): readonly PackUnit[] =>
  category ? packUnitsOf[category] : []

/**
 * A number field's text as the schema takes it: null when empty, NaN (refused with the field's
 * message) when it is not a number.
 */
const decimalOf = (text: string) => parseDecimal(text)

/** The facts the form saves: the schema's input, with the fields the category lacks left empty. */
export function productFactsInputOf(values: ProductFactsFormValues): CustomProductInput {
  const cannabis = hasCannabisFacts(values.category)
  const thcContent = cannabis ? decimalOf(values.thcContent) : null
  const cbdContent = cannabis ? decimalOf(values.cbdContent) : null
  const hasContent = thcContent !== null || cbdContent !== null
  return {
    pzn: values.pzn,
    name: values.name,
    manufacturer: values.manufacturer,
    brand: values.brand,
    // An unchosen category or unit is missing; the schema answers with its own message.
    category: (values.category || undefined) as CustomProductInput['category'],
    cultivar: cannabis ? values.cultivar : '',
    genetics: cannabis && values.genetics ? values.genetics : null,
    dominance:
      cannabis && values.genetics === 'hybrid' && values.dominance ? values.dominance : null,
    thcContent,
    cbdContent,
    cannabinoidUnit: hasContent && values.cannabinoidUnit ? values.cannabinoidUnit : null,
    terpenes: cannabis ? values.terpenes : [],
    irradiated: cannabis ? values.irradiated : false,
    countryOfCultivation: (cannabis && values.countryOfCultivation
      ? values.countryOfCultivation
      : null) as CustomProductInput['countryOfCultivation'],
    packSize: decimalOf(values.packSize) as number,
    packUnit: (values.packUnit || undefined) as CustomProductInput['packUnit'],
    description: values.description,
  }
}

/** What the master product form saves. */
export function masterProductInputOf(values: MasterProductFormValues): MasterProductInput {
  return {
    ...productFactsInputOf(values),
    status: values.status,
    imageFileId: values.imageFileId,
    imageIsPackPhoto: values.imageIsPackPhoto,
  }
}

/** The master form's own check before sending. */
export function validateMasterProductForm(values: MasterProductFormValues) {
  const errors = formErrorsOf(masterProductSaveSchema, masterProductInputOf(values))
  return Object.keys(errors).length ? { fields: errors } : undefined
}

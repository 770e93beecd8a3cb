import { describe, expect, it } from 'vitest'
import { errorsByField, topLevelField } from '~/features/forms/field-errors'
import {
  emptyMasterProductForm,
  formValuesOf,
  type MasterProductFormValues,
  masterProductInputOf,
  validateMasterProductForm,
} from '~/features/master-products/master-product-form'
import { type MasterProduct, masterProductSchema } from '~/lib/product-schemas'

const flower: MasterProductFormValues = {
  ...emptyMasterProductForm,
  pzn: 'PZN 01234562',
  name: 'Nordlicht 22/1',
  manufacturer: 'Hanfwerk GmbH',
  category: 'flower',
  cultivar: 'Northern Lights',
  genetics: 'hybrid',
  dominance: 'indica',
  thcContent: '22,5',
  cbdContent: '1',
  cannabinoidUnit: 'percent',
  terpenes: ['Myrcen'],
  irradiated: true,
  countryOfCultivation: 'CA',
  packSize: '10',
  packUnit: 'g',
}

describe('master product form', () => {
  it('turns German decimals and empty choices into what the schema takes', () => {
    const product = masterProductSchema.parse(masterProductInputOf(flower))
    expect(product).toMatchObject({
      pzn: '01234562',
      thcContent: 22.5,
      cbdContent: 1,
      packSize: 10,
      brand: null,
      description: null,
      imageFileId: null,
    })
  })

  it('shows a stored product the German way and gives it back unchanged', () => {
    const extract: MasterProductFormValues = {
      ...flower,
      category: 'extract',
      cultivar: '',
      genetics: '',
      dominance: '',
      thcContent: '1000',
      cbdContent: '12,25',
      cannabinoidUnit: 'mg_per_g',
      packSize: '2,5',
    }
    const stored: MasterProduct = masterProductSchema.parse(masterProductInputOf(extract))
    expect(stored).toMatchObject({ thcContent: 1000, cbdContent: 12.25, packSize: 2.5 })
    const values = formValuesOf(stored)
    expect(values).toMatchObject({
      thcContent: '1000',
      cbdContent: '12,25',
      packSize: '2,5',
      brand: '',
      cultivar: '',
    })
    expect(masterProductSchema.parse(masterProductInputOf(values))).toEqual(stored)
  })

  it('leaves out what the category does not have', () => {
    const vaporiser = masterProductInputOf({
      ...flower,
      pzn: '',
      category: 'accessory',
      packUnit: 'piece',
      packSize: '1',
    })
    expect(vaporiser).toMatchObject({
      cultivar: '',
      genetics: null,
      dominance: null,
      thcContent: null,
      cbdContent: null,
      cannabinoidUnit: null,
      terpenes: [],
      irradiated: false,
      countryOfCultivation: null,
    })
    expect(masterProductSchema.safeParse(vaporiser).success).toBe(true)
    // A dominance only for hybrids.
    expect(masterProductInputOf({ ...flower, genetics: 'sativa' }).dominance).toBeNull()
  })

  it('puts the schema’s messages under the form’s fields', () => {
    expect(
      validateMasterProductForm({
        ...flower,
        name: '',
        thcContent: '22,5 %x',
        terpenes: ['Myrcen', ''],
        packSize: '',
      }),
    ).toEqual({
      fields: {
        name: 'Bitte gib den Namen ein.',
        thcContent: 'THC: bitte eine Zahl angeben.',
        terpenes: 'Bitte keine leeren Terpene angeben.',
        packSize: 'Bitte gib die Packungsgröße an.',
      },
    })
    expect(validateMasterProductForm({ ...emptyMasterProductForm })?.fields).toMatchObject({
      category: 'Bitte wähle eine Kategorie.',
      packUnit: 'Bitte wähle die Einheit der Packung.',
    })
    expect(validateMasterProductForm(flower)).toBeUndefined()
    expect(errorsByField({ 'terpenes.1': 'leer', pzn: 'vergeben' }, topLevelField)).toEqual({
      terpenes: 'leer',
      pzn: 'vergeben',
    })
  })
})

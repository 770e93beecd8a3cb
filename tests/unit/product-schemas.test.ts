import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  createOrganisationProductSchema,
  customProductSchema,
  type MasterProductInput,
  masterProductSchema,
  offerSchema,
  salesUnitProblem,
} from '~/lib/product-schemas'
import { controlCharacterMessage } from '~/lib/text-schema'

/** Every issue as "path: message", so a test names both the field and the German text. */
function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`)
}

const flower: MasterProductInput = {
  pzn: '19432699',
  name: 'Nordlicht Nordstern 22/<1',
  manufacturer: 'Nordlicht Cannabis GmbH',
  brand: 'Nordlicht',
  category: 'flower',
  cultivar: 'Nordstern',
  genetics: 'hybrid',
  dominance: 'indica',
  thcContent: 22,
  cbdContent: 0.1,
  cannabinoidUnit: 'percent',
  terpenes: ['Myrcen', 'Caryophyllen', 'Limonen'],
  irradiated: false,
  countryOfCultivation: 'DE',
  packSize: 10,
  packUnit: 'g',
  description: 'Getrocknete Blüten.',
  status: 'active',
  imageFileId: null,
}

const extract: MasterProductInput = {
  ...flower,
  pzn: '17667211',
  name: 'Nordlicht Vollspektrumextrakt THC 25',
  category: 'extract',
  thcContent: 25,
  cbdContent: 0.5,
  cannabinoidUnit: 'mg_per_ml',
  packSize: 30,
  packUnit: 'ml',
}

const vaporiser: MasterProductInput = {
  ...flower,
  pzn: '',
  name: 'Dampfwerk Medic 2 Vaporisator',
  manufacturer: 'Dampfwerk Medizintechnik GmbH',
  brand: undefined,
  category: 'accessory',
  cultivar: undefined,
  genetics: null,
  dominance: null,
  thcContent: null,
  cbdContent: null,
  cannabinoidUnit: null,
  terpenes: [],
  countryOfCultivation: null,
  packSize: 1,
  packUnit: 'piece',
}

const capsules: MasterProductInput = {
  ...vaporiser,
  pzn: '15317659',
  name: 'Dronabinol-Kapseln 5 mg (NRF 22.7.)',
  category: 'dronabinol',
  thcContent: 5,
  cannabinoidUnit: 'mg_per_piece',
  packSize: 56,
  packUnit: 'piece',
}

const {
  status: _status,
  imageFileId: _image,
  ...clubFlower
} = {
  ...flower,
  pzn: '',
  name: 'Auwald',
  manufacturer: 'Grüne Ecke e.V.',
  brand: undefined,
  cultivar: 'Auwald',
  thcContent: 16.4,
  cbdContent: 0.2,
  packSize: 1,
}

describe('masterProductSchema', () => {
  it('accepts a complete product and normalises it', () => {
    const parsed = masterProductSchema.parse({
      ...flower,
      pzn: ' PZN 19432699 ',
      name: '  Nordlicht Nordstern 22/<1 ',
      brand: '',
      description: '',
    })
    expect(parsed).toMatchObject({
      pzn: '19432699',
      name: 'Nordlicht Nordstern 22/<1',
      brand: null,
      description: null,
    })
    expect(issuesOf(masterProductSchema, extract)).toEqual([])
    expect(issuesOf(masterProductSchema, vaporiser)).toEqual([])
    expect(issuesOf(masterProductSchema, capsules)).toEqual([])
  })

  it('takes null for every empty optional text, as a stored product gives it back', () => {
    const parsed = masterProductSchema.parse({
      ...vaporiser,
      pzn: null,
      brand: null,
      cultivar: null,
      description: null,
    })
    expect(parsed).toMatchObject({ pzn: null, brand: null, cultivar: null, description: null })
  })

  it('requires name, manufacturer, category, pack size and unit, in German', () => {
    const {
      name: _name,
      manufacturer: _manufacturer,
      category: _category,
      packSize: _packSize,
      packUnit: _packUnit,
      ...rest
    } = flower
    const issues = issuesOf(masterProductSchema, rest)
    expect(issues).toEqual(
      expect.arrayContaining([
        'name: Bitte gib den Namen ein.',
        'manufacturer: Bitte gib den Hersteller ein.',
        'category: Bitte wähle eine Kategorie.',
        'packSize: Bitte gib die Packungsgröße an.',
        'packUnit: Bitte wähle die Einheit der Packung.',
      ]),
    )
    expect(issuesOf(masterProductSchema, { ...flower, name: '   ' })).toEqual([
      'name: Bitte gib den Namen ein.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, name: 'x'.repeat(201) })).toEqual([
      'name: Der Name hat höchstens 200 Zeichen.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, irradiated: undefined })).toEqual([
      'irradiated: Bitte gib an, ob die Ware bestrahlt ist.',
    ])
  })

  it('requires a valid PZN except for accessories', () => {
    expect(issuesOf(masterProductSchema, { ...flower, pzn: '' })).toEqual([
      'pzn: Bitte gib die PZN an (nur Hilfsmittel dürfen ohne PZN sein).',
    ])
    expect(issuesOf(masterProductSchema, { ...extract, pzn: null })).toEqual([
      'pzn: Bitte gib die PZN an (nur Hilfsmittel dürfen ohne PZN sein).',
    ])
    expect(masterProductSchema.parse({ ...vaporiser, pzn: '' }).pzn).toBeNull()
    // An accessory's PZN, when given, is still checked.
    expect(issuesOf(masterProductSchema, { ...vaporiser, pzn: '17263489' })).toEqual([
      'pzn: Die Prüfziffer der PZN stimmt nicht.',
    ])
  })

  it('explains a wrong PZN with one message', () => {
    expect(issuesOf(masterProductSchema, { ...flower, pzn: '19432698' })).toEqual([
      'pzn: Die Prüfziffer der PZN stimmt nicht.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, pzn: '1943269' })).toEqual([
      'pzn: Die PZN hat genau 8 Ziffern.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, pzn: '1943269X' })).toEqual([
      'pzn: Die PZN hat genau 8 Ziffern.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, pzn: '1'.repeat(21) })).toEqual([
      'pzn: Die PZN ist zu lang.',
    ])
    // Remainder 10: never issued.
    expect(issuesOf(masterProductSchema, { ...flower, pzn: '00000030' })).toEqual([
      'pzn: Die Prüfziffer der PZN stimmt nicht.',
    ])
    expect(masterProductSchema.parse({ ...flower, pzn: '01234562' }).pzn).toBe('01234562')
  })

  it('requires a cultivar for flowers only', () => {
    expect(issuesOf(masterProductSchema, { ...flower, cultivar: '' })).toEqual([
      'cultivar: Blüten brauchen eine Sorte: ein Rezept muss sie nennen.',
    ])
    expect(issuesOf(masterProductSchema, { ...extract, cultivar: undefined })).toEqual([])
  })

  it('takes the content unit that suits the category', () => {
    expect(issuesOf(masterProductSchema, { ...flower, cannabinoidUnit: 'mg_per_ml' })).toEqual([
      'cannabinoidUnit: Diese Einheit passt nicht zur Kategorie.',
    ])
    expect(issuesOf(masterProductSchema, { ...extract, cannabinoidUnit: 'percent' })).toEqual([
      'cannabinoidUnit: Diese Einheit passt nicht zur Kategorie.',
    ])
    expect(issuesOf(masterProductSchema, { ...extract, cannabinoidUnit: 'mg_per_g' })).toEqual([])
    expect(
      issuesOf(masterProductSchema, {
        ...extract,
        category: 'cbd_solution',
        cannabinoidUnit: 'mg_per_g',
      }),
    ).toEqual(['cannabinoidUnit: Diese Einheit passt nicht zur Kategorie.'])
    expect(issuesOf(masterProductSchema, { ...flower, cannabinoidUnit: null })).toEqual([
      'cannabinoidUnit: Diese Einheit passt nicht zur Kategorie.',
    ])
    // Without any content no unit is needed.
    expect(
      issuesOf(masterProductSchema, {
        ...flower,
        thcContent: null,
        cbdContent: null,
        cannabinoidUnit: null,
      }),
    ).toEqual([])
    expect(issuesOf(masterProductSchema, { ...vaporiser, thcContent: 1 })).toEqual([
      'thcContent: Hilfsmittel haben keinen THC- oder CBD-Gehalt.',
    ])
  })

  it('refuses implausible and negative contents', () => {
    expect(issuesOf(masterProductSchema, { ...flower, thcContent: 40 })).toEqual([])
    expect(issuesOf(masterProductSchema, { ...flower, thcContent: 40.5 })).toEqual([
      'thcContent: Mehr als 40 ist nicht plausibel.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, cbdContent: 41 })).toEqual([
      'cbdContent: Mehr als 40 ist nicht plausibel.',
    ])
    expect(issuesOf(masterProductSchema, { ...extract, thcContent: 1_000 })).toEqual([])
    expect(issuesOf(masterProductSchema, { ...extract, thcContent: 1_001 })).toEqual([
      'thcContent: Mehr als 1.000 ist nicht plausibel.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, thcContent: -1 })).toEqual([
      'thcContent: THC kann nicht negativ sein.',
    ])
    // What parseDecimal gives for garbage.
    expect(issuesOf(masterProductSchema, { ...flower, cbdContent: Number.NaN })).toEqual([
      'cbdContent: CBD: bitte eine Zahl angeben.',
    ])
  })

  it('takes the pack unit that suits the category', () => {
    expect(issuesOf(masterProductSchema, { ...flower, packUnit: 'ml' })).toEqual([
      'packUnit: Diese Einheit passt nicht zur Kategorie.',
    ])
    expect(issuesOf(masterProductSchema, { ...extract, packUnit: 'g' })).toEqual([])
    expect(issuesOf(masterProductSchema, { ...extract, packUnit: 'piece' })).toEqual([
      'packUnit: Diese Einheit passt nicht zur Kategorie.',
    ])
    expect(
      issuesOf(masterProductSchema, { ...extract, category: 'cbd_solution', packUnit: 'g' }),
    ).toEqual(['packUnit: Diese Einheit passt nicht zur Kategorie.'])
    expect(
      issuesOf(masterProductSchema, {
        ...capsules,
        thcContent: 25,
        cannabinoidUnit: 'mg_per_ml',
        packSize: 10,
        packUnit: 'ml',
      }),
    ).toEqual([])
    expect(issuesOf(masterProductSchema, capsules)).toEqual([])
    expect(issuesOf(masterProductSchema, { ...capsules, cannabinoidUnit: 'mg_per_ml' })).toEqual([
      'cannabinoidUnit: Kapseln (Stk) geben den Gehalt in mg/Stk an, sonst nicht.',
    ])
    expect(issuesOf(masterProductSchema, { ...capsules, packSize: 10, packUnit: 'ml' })).toEqual([
      'cannabinoidUnit: Kapseln (Stk) geben den Gehalt in mg/Stk an, sonst nicht.',
    ])
    expect(issuesOf(masterProductSchema, { ...vaporiser, packUnit: 'g' })).toEqual([
      'packUnit: Diese Einheit passt nicht zur Kategorie.',
    ])
  })

  it('counts pieces in whole numbers and weights to at most three decimals', () => {
    expect(issuesOf(masterProductSchema, { ...capsules, packSize: 56.5 })).toEqual([
      'packSize: Stückzahlen sind ganze Zahlen.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, packSize: 2.5 })).toEqual([])
    // 1.005 × 1000 is 1004.999… in floating point; it still has three decimals.
    expect(issuesOf(masterProductSchema, { ...flower, packSize: 1.005 })).toEqual([])
    expect(issuesOf(masterProductSchema, { ...flower, packSize: 1.0005 })).toEqual([
      'packSize: Höchstens drei Nachkommastellen.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, packSize: 0 })).toEqual([
      'packSize: Die Packungsgröße muss größer als 0 sein.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, packSize: 100_001 })).toEqual([
      'packSize: Die Packungsgröße ist zu groß.',
    ])
  })

  it('gives a dominance only to hybrids', () => {
    expect(issuesOf(masterProductSchema, { ...flower, genetics: 'indica' })).toEqual([
      'dominance: Eine Dominanz gibt es nur bei Hybriden.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, genetics: null })).toEqual([
      'dominance: Eine Dominanz gibt es nur bei Hybriden.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, dominance: null })).toEqual([])
    expect(
      issuesOf(masterProductSchema, { ...flower, genetics: 'sativa', dominance: null }),
    ).toEqual([])
    expect(issuesOf(masterProductSchema, { ...flower, dominance: 'strong' })).toEqual([
      'dominance: Unbekannte Dominanz.',
    ])
  })

  it('limits the terpenes', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `Terpen ${index + 1}`)
    expect(issuesOf(masterProductSchema, { ...flower, terpenes: eleven })).toEqual([
      'terpenes: Höchstens 10 Terpene.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, terpenes: eleven.slice(0, 10) })).toEqual([])
    expect(issuesOf(masterProductSchema, { ...flower, terpenes: ['Myrcen', '  '] })).toEqual([
      'terpenes.1: Bitte keine leeren Terpene angeben.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, terpenes: ['x'.repeat(61)] })).toEqual([
      'terpenes.0: Ein Terpen hat höchstens 60 Zeichen.',
    ])
    expect(masterProductSchema.parse({ ...flower, terpenes: [' Myrcen '] }).terpenes).toEqual([
      'Myrcen',
    ])
  })

  it('refuses unknown values of the fixed lists', () => {
    expect(issuesOf(masterProductSchema, { ...flower, category: 'seeds' })).toEqual([
      'category: Bitte wähle eine Kategorie.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, countryOfCultivation: 'XX' })).toEqual([
      'countryOfCultivation: Unbekanntes Anbauland.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, status: 'deleted' })).toEqual([
      'status: Unbekannter Status.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, imageFileId: 'bild.png' })).toEqual([
      'imageFileId: Unbekanntes Bild.',
    ])
    expect(issuesOf(masterProductSchema, { ...flower, genetics: 'ruderalis' })).toEqual([
      'genetics: Unbekannte Genetik.',
    ])
  })

  it('takes line breaks in the description but no control characters', () => {
    expect(
      masterProductSchema.parse({ ...flower, description: 'Zeile 1\nZeile 2' }).description,
    ).toBe('Zeile 1\nZeile 2')
    expect(issuesOf(masterProductSchema, { ...flower, description: 'a\u0000b' })).toEqual([
      `description: ${controlCharacterMessage}`,
    ])
    expect(issuesOf(masterProductSchema, { ...flower, name: 'Zeile 1\nZeile 2' })).toEqual([
      `name: ${controlCharacterMessage}`,
    ])
    expect(issuesOf(masterProductSchema, { ...flower, description: 'x'.repeat(4_001) })).toEqual([
      'description: Die Beschreibung hat höchstens 4.000 Zeichen.',
    ])
  })
})

describe('customProductSchema', () => {
  it("takes an organisation's own flowers without PZN", () => {
    const parsed = customProductSchema.parse(clubFlower)
    expect(parsed).toMatchObject({ pzn: null, name: 'Auwald', brand: null })
    expect(parsed).not.toHaveProperty('status')
  })

  it('still checks a PZN that is given, and every other product rule', () => {
    expect(issuesOf(customProductSchema, { ...clubFlower, pzn: '12345670' })).toEqual([
      'pzn: Die Prüfziffer der PZN stimmt nicht.',
    ])
    expect(issuesOf(customProductSchema, { ...clubFlower, cultivar: '' })).toEqual([
      'cultivar: Blüten brauchen eine Sorte: ein Rezept muss sie nennen.',
    ])
    expect(issuesOf(customProductSchema, { ...clubFlower, thcContent: 45 })).toEqual([
      'thcContent: Mehr als 40 ist nicht plausibel.',
    ])
    expect(issuesOf(customProductSchema, { ...clubFlower, packUnit: 'piece' })).toEqual([
      'packUnit: Diese Einheit passt nicht zur Kategorie.',
    ])
  })
})

const offer = {
  salesUnit: 'gram',
  priceCents: 1_150,
  vatRate: '19',
  visibleInShop: true,
  orderStep: 1,
  minOrderQuantity: null,
  maxOrderQuantity: null,
  lowStockThreshold: null,
} as const

describe('offerSchema', () => {
  it('accepts an offer with and without limits', () => {
    expect(issuesOf(offerSchema, offer)).toEqual([])
    expect(
      issuesOf(offerSchema, {
        ...offer,
        orderStep: 5,
        minOrderQuantity: 5,
        maxOrderQuantity: 100,
        lowStockThreshold: 0,
      }),
    ).toEqual([])
    expect(issuesOf(offerSchema, { ...offer, orderStep: 5, maxOrderQuantity: 5 })).toEqual([])
    expect(issuesOf(offerSchema, { ...offer, minOrderQuantity: 3, maxOrderQuantity: 3 })).toEqual(
      [],
    )
  })

  it('wants minimum and maximum as multiples of the order step', () => {
    expect(issuesOf(offerSchema, { ...offer, orderStep: 5, minOrderQuantity: 7 })).toEqual([
      'minOrderQuantity: Die Mindestmenge muss ein Vielfaches des Bestellschritts sein.',
    ])
    expect(issuesOf(offerSchema, { ...offer, orderStep: 5, maxOrderQuantity: 12 })).toEqual([
      'maxOrderQuantity: Die Höchstmenge muss ein Vielfaches des Bestellschritts und mindestens die Mindestmenge sein.',
    ])
  })

  it('wants the maximum at least the minimum, or the order step without one', () => {
    expect(issuesOf(offerSchema, { ...offer, minOrderQuantity: 10, maxOrderQuantity: 5 })).toEqual([
      'maxOrderQuantity: Die Höchstmenge muss ein Vielfaches des Bestellschritts und mindestens die Mindestmenge sein.',
    ])
    expect(issuesOf(offerSchema, { ...offer, orderStep: 10, maxOrderQuantity: 5 })).toEqual([
      'maxOrderQuantity: Die Höchstmenge muss ein Vielfaches des Bestellschritts und mindestens die Mindestmenge sein.',
    ])
  })

  it('takes whole numbers in range, with German messages', () => {
    expect(issuesOf(offerSchema, { ...offer, priceCents: 9.5 })).toEqual([
      'priceCents: Preis: bitte eine ganze Zahl angeben.',
    ])
    expect(issuesOf(offerSchema, { ...offer, priceCents: -1 })).toEqual([
      'priceCents: Preis: mindestens 0.',
    ])
    expect(issuesOf(offerSchema, { ...offer, priceCents: 0 })).toEqual([])
    expect(issuesOf(offerSchema, { ...offer, priceCents: 10_000_001 })).toEqual([
      'priceCents: Preis: höchstens 10.000.000.',
    ])
    expect(issuesOf(offerSchema, { ...offer, orderStep: 0 })).toEqual([
      'orderStep: Bestellschritt: mindestens 1.',
    ])
    expect(issuesOf(offerSchema, { ...offer, minOrderQuantity: 0 })).toEqual([
      'minOrderQuantity: Mindestmenge: mindestens 1.',
    ])
    expect(issuesOf(offerSchema, { ...offer, lowStockThreshold: -1 })).toEqual([
      'lowStockThreshold: Meldebestand: mindestens 0.',
    ])
    expect(issuesOf(offerSchema, { ...offer, vatRate: '16' })).toEqual([
      'vatRate: Bitte wähle den Mehrwertsteuersatz.',
    ])
    expect(issuesOf(offerSchema, { ...offer, salesUnit: 'kg' })).toEqual([
      'salesUnit: Bitte wähle die Verkaufseinheit.',
    ])
  })
})

describe('salesUnitProblem', () => {
  it('lets only flowers weighed in grams be sold by the gram', () => {
    expect(salesUnitProblem('gram', { category: 'flower', packUnit: 'g' })).toBeNull()
    expect(salesUnitProblem('gram', { category: 'extract', packUnit: 'g' })).toBe(
      'Lose nach Gramm lassen sich nur Blüten verkaufen.',
    )
    expect(salesUnitProblem('gram', { category: 'accessory', packUnit: 'piece' })).not.toBeNull()
    for (const category of ['flower', 'extract', 'cbd_solution', 'dronabinol'] as const) {
      expect(salesUnitProblem('pack', { category, packUnit: 'ml' })).toBeNull()
    }
  })
})

describe('createOrganisationProductSchema', () => {
  const masterProductId = '00000000-0000-4000-8000-000000001038'

  it('takes a master product over by id, with the offer', () => {
    expect(
      createOrganisationProductSchema.parse({ source: 'master', masterProductId, offer }),
    ).toEqual({ source: 'master', masterProductId, offer: { ...offer, targetStock: null } })
  })

  it('creates an own product with the offer', () => {
    const parsed = createOrganisationProductSchema.parse({
      source: 'custom',
      product: clubFlower,
      offer,
    })
    expect(parsed.source === 'custom' && parsed.product.pzn).toBeNull()
  })

  it('names the field of every problem under its part', () => {
    expect(
      issuesOf(createOrganisationProductSchema, {
        source: 'master',
        masterProductId: 'Nordstern',
        offer: { ...offer, orderStep: 5, minOrderQuantity: 7 },
      }),
    ).toEqual([
      'masterProductId: Bitte wähle ein Produkt aus der Datenbank.',
      'offer.minOrderQuantity: Die Mindestmenge muss ein Vielfaches des Bestellschritts sein.',
    ])
    expect(
      issuesOf(createOrganisationProductSchema, {
        source: 'custom',
        product: { ...clubFlower, cultivar: '' },
        offer,
      }),
    ).toEqual(['product.cultivar: Blüten brauchen eine Sorte: ein Rezept muss sie nennen.'])
    expect(issuesOf(createOrganisationProductSchema, { source: 'import', offer })).toHaveLength(1)
  })
})

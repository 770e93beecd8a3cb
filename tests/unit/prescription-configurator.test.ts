import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import {
  amountOptions,
  type ConfiguratorProduct,
  checkConfiguration,
  configurationFromSearch,
  configurationQueryString,
  emptyConfiguration,
  hintsOf,
  isComplete,
  type PrescriptionConfiguration,
  parseConfiguratorSearch,
  prescriptionText,
  reservationProblem,
  reservedSalesUnits,
  searchFromConfiguration,
  searchFromQueryString,
  switchCategory,
} from '~/lib/prescription-configurator'
import {
  renderPrescriptionSamplePdf,
  sampleWatermark,
} from '~/server/documents/render/index.server'

const configure = (
  category: PrescriptionConfiguration['category'],
  fields: Partial<PrescriptionConfiguration>,
): PrescriptionConfiguration => ({ ...emptyConfiguration(category), ...fields })

const flower = (fields: Partial<PrescriptionConfiguration> = {}) =>
  configure('bluete', {
    productName: 'Pink Kush',
    thc: 22,
    cbd: 0.5,
    amount: 30,
    form: 'zerkleinert',
    singleDose: 0.05,
    dailyDose: 0.15,
    ...fields,
  })

const listing = (fields: Partial<ConfiguratorProduct> = {}): ConfiguratorProduct => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Aurora Pink Kush 22/1',
  category: 'flower',
  cultivar: 'Pink Kush',
  genetics: 'indica',
  thc: 22,
  cbd: 0.5,
  cannabinoidUnit: 'percent',
  packUnit: 'g',
  packPhotoId: null,
  baseUnitsPerSalesUnit: 1000,
  orderStep: 1,
  minOrderQuantity: null,
  maxOrderQuantity: 100,
  availableSalesUnits: 50,
  availability: 'in_stock',
  ...fields,
})

describe('prescription text per category', () => {
  it.each<[string, PrescriptionConfiguration, ConfiguratorProduct | null, string]>([
    [
      'flower, ground for vaporising',
      flower(),
      null,
      'Rp. Cannabisblüten „Pink Kush“ (THC 22 %, CBD < 1 %) 30 g, zerkleinert, zur Inhalation nach Verdampfung (NRF 22.12.). D. S. ED 0,05 g, TD 0,15 g.',
    ],
    [
      'flower, whole',
      flower({ form: 'unzerkleinert', directions: 'schriftlich' }),
      null,
      'Rp. Cannabisblüten „Pink Kush“ (THC 22 %, CBD < 1 %) 30 g, unzerkleinert, zur Inhalation nach Verdampfung. D. S. gemäß schriftlicher Anweisung.',
    ],
    [
      'flower, single doses',
      flower({ form: 'einzeldosen' }),
      null,
      'Rp. Cannabisblüten „Pink Kush“ (THC 22 %, CBD < 1 %) 30 g, in Einzeldosen zu je 0,05 g, zur Inhalation nach Verdampfung (NRF 22.13.). D. S. ED 0,05 g, TD 0,15 g.',
    ],
    [
      'flower, tea',
      flower({ form: 'tee', singleDose: 0.5, dailyDose: 1 }),
      null,
      'Rp. Cannabisblüten „Pink Kush“ (THC 22 %, CBD < 1 %) 30 g, zur Teezubereitung (NRF 22.14.). D. S. ED 0,5 g, TD 1 g.',
    ],
    [
      'flower, tea in single doses',
      flower({ form: 'tee-einzeldosen', singleDose: 0.5, dailyDose: 1 }),
      null,
      'Rp. Cannabisblüten „Pink Kush“ (THC 22 %, CBD < 1 %) 30 g, in Einzeldosen zu je 0,5 g, zur Teezubereitung (NRF 22.15.). D. S. ED 0,5 g, TD 1 g.',
    ],
    [
      'flower of the pharmacy: the listing names it',
      flower({ productId: listing().id, productName: '', thc: null, cbd: null }),
      listing(),
      'Rp. Cannabisblüten „Aurora Pink Kush 22/1“ (THC 22 %, CBD < 1 %) 30 g, zerkleinert, zur Inhalation nach Verdampfung (NRF 22.12.). D. S. ED 0,05 g, TD 0,15 g.',
    ],
    [
      'flower, nothing entered yet',
      emptyConfiguration('bluete'),
      null,
      'Rp. Cannabisblüten „…“ … g, zerkleinert, zur Inhalation nach Verdampfung (NRF 22.12.). D. S. ED …, TD ….',
    ],
    [
      'extract in drops',
      configure('extrakt', {
        productName: 'Nordlicht THC 25',
        thc: 25,
        cbd: 0.5,
        amount: 10,
        singleDose: 3,
        dailyDose: 9,
      }),
      null,
      'Rp. Cannabisextrakt „Nordlicht THC 25“ (THC 25 mg/ml, CBD < 1 mg/ml) 10 ml. D. S. ED 3 Tropfen, TD 9 Tropfen.',
    ],
    [
      'CBD solution',
      configure('cbd', { amount: 30, singleDose: 10, dailyDose: 20 }),
      null,
      'Rp. Ölige Cannabidiol-Lösung 50 mg/ml (NRF 22.10.) 30 ml. D. S. ED 10 Tropfen, TD 20 Tropfen.',
    ],
    [
      'Dronabinol drops',
      configure('dronabinol', { amount: 10, doseUnit: 'mg', singleDose: 2.5, dailyDose: 7.5 }),
      null,
      'Rp. Ölige Dronabinol-Tropfen 25 mg/ml (NRF 22.8.) 10 ml. D. S. ED 2,5 mg, TD 7,5 mg.',
    ],
    [
      'Dronabinol capsules',
      configure('dronabinol', {
        form: 'kapseln',
        strength: 5,
        amount: 60,
        doseUnit: 'kapseln',
        singleDose: 1,
        dailyDose: 2,
      }),
      null,
      'Rp. Dronabinol-Kapseln 5 mg (NRF 22.7.) 60 Stück. D. S. ED 1 Kapsel, TD 2 Kapseln.',
    ],
    [
      'aid',
      configure('hilfsmittel', { productName: 'Verdampfer Mighty+', amount: 1 }),
      null,
      'Rp. Verdampfer Mighty+ 1 Stück.',
    ],
  ])('%s', (_name, configuration, product, text) => {
    expect(prescriptionText(configuration, product)).toBe(text)
  })
})

describe('rules per category', () => {
  it.each<[string, PrescriptionConfiguration, Record<string, string | undefined>]>([
    ['a complete flower prescription', flower(), {}],
    [
      '"Cannabisblüten" alone is not a prescription',
      flower({ productName: ' ' }),
      { productName: expect.stringContaining('kein gültiges Rezept') },
    ],
    [
      'a THC value alone neither',
      flower({ productName: '', cbd: null }),
      { productName: expect.any(String), cbd: 'Bitte geben Sie den CBD-Gehalt an.' },
    ],
    ['flowers in whole grams', flower({ amount: 2.5 }), { amount: 'Bitte in ganzen Gramm.' }],
    ['no amount', flower({ amount: null }), { amount: 'Bitte geben Sie die Menge an.' }],
    [
      'daily dose below the single dose',
      flower({ singleDose: 0.2, dailyDose: 0.1 }),
      { dailyDose: 'Die Tagesdosis kann nicht kleiner sein als die Einzeldosis.' },
    ],
    [
      'single doses need the single dose',
      flower({ form: 'einzeldosen', directions: 'schriftlich' }),
      { singleDose: expect.stringContaining('Einzeldosis') },
    ],
    [
      'single doses must divide the amount',
      flower({ form: 'einzeldosen', amount: 1, singleDose: 0.3, dailyDose: 0.6 }),
      { singleDose: '1 g lassen sich nicht in Einzeldosen zu 0,3 g teilen.' },
    ],
    [
      'written directions are enough for ground flowers',
      flower({ directions: 'schriftlich', singleDose: null, dailyDose: null }),
      {},
    ],
    [
      'extract drops are whole',
      configure('extrakt', {
        productName: 'X',
        thc: 25,
        cbd: 0,
        amount: 10,
        singleDose: 2.5,
        dailyDose: 5,
      }),
      { singleDose: 'Bitte in ganzen Tropfen bzw. Kapseln.' },
    ],
    [
      'extracts are not dosed in grams',
      configure('extrakt', {
        productName: 'X',
        thc: 25,
        cbd: 0,
        amount: 10,
        doseUnit: 'g',
        singleDose: 1,
        dailyDose: 2,
      }),
      { doseUnit: 'Bitte wählen Sie die Einheit der Dosis.' },
    ],
    [
      'capsules come in NRF strengths only',
      configure('dronabinol', {
        form: 'kapseln',
        strength: 7,
        amount: 30,
        doseUnit: 'kapseln',
        singleDose: 1,
        dailyDose: 1,
      }),
      { strength: 'Bitte wählen Sie die Stärke.' },
    ],
    [
      'CBD solution needs no product name',
      configure('cbd', { amount: 30, singleDose: 10, dailyDose: 20 }),
      {},
    ],
    [
      'aids need no directions',
      configure('hilfsmittel', { productName: 'Verdampfer', amount: 1 }),
      {},
    ],
    [
      'at most 20 aids',
      configure('hilfsmittel', { productName: 'Verdampfer', amount: 25 }),
      { amount: 'Höchstens 20 Stk auf einem Rezept.' },
    ],
    [
      'an unknown listing',
      flower({ productId: '00000000-0000-4000-8000-00000000beef' }),
      { productId: 'Dieses Produkt führt die Apotheke nicht (mehr).' },
    ],
    [
      'a bad birth date',
      flower({ patientBirthDate: '1990-13-45' }),
      { patientBirthDate: expect.any(String) },
    ],
  ])('%s', (_name, configuration, errors) => {
    const check = checkConfiguration(configuration)
    expect(check.errors).toEqual(errors)
    expect(isComplete(check)).toBe(Object.keys(errors).length === 0)
  })

  it('warns above 100 g flowers per 30 days, without blocking', () => {
    for (const configuration of [
      flower({ amount: 120 }),
      flower({ amount: 30, singleDose: 1, dailyDose: 4 }),
    ]) {
      const check = checkConfiguration(configuration)
      expect(check.warnings).toEqual([expect.stringContaining('Mehr als 100 g Blüten in 30 Tagen')])
      expect(isComplete(check)).toBe(true)
    }
    expect(checkConfiguration(flower({ amount: 100 })).warnings).toEqual([])
  })

  it('a listing of another category is refused', () => {
    const product = listing({ category: 'extract' })
    expect(checkConfiguration(flower({ productId: product.id }), product).errors).toEqual({
      productId: 'Das Produkt gehört zu einer anderen Kategorie.',
    })
  })

  it('hints name what must be on the prescription and the validity by payer', () => {
    const hints = hintsOf(flower())
    expect(hints.requirements).toContain('Menge in Gramm')
    expect(hints.validity).toMatch(/28 Tage.*drei Monate/)
    expect(hintsOf(flower({ payer: 'gkv' })).validity).toBe(
      'Ein Kassenrezept (Muster 16) ist 28 Tage ab Ausstellung gültig.',
    )
    expect(hintsOf(flower({ payer: 'pkv' })).validity).toMatch(/bis zu drei Monate/)
  })
})

describe('reserving a listing', () => {
  it.each<
    [string, Partial<PrescriptionConfiguration>, Partial<ConfiguratorProduct>, string | null]
  >([
    ['available', { amount: 30 }, {}, null],
    [
      'over the maximum per order',
      { amount: 120 },
      {},
      'Reservieren lassen sich höchstens 100 g je Bestellung.',
    ],
    [
      'in steps of 5 g',
      { amount: 12 },
      { orderStep: 5 },
      'Reservieren lässt sich Aurora Pink Kush 22/1 in Schritten von 5 g.',
    ],
    [
      'only 10 g jars',
      { amount: 15 },
      { baseUnitsPerSalesUnit: 10_000 },
      'Aurora Pink Kush 22/1 gibt es nur in Einheiten zu 10 g.',
    ],
    [
      'not enough in stock',
      { amount: 30 },
      { availableSalesUnits: 20 },
      'Derzeit sind nur 20 g vorrätig.',
    ],
    [
      'out of stock',
      { amount: 30 },
      { availableSalesUnits: 0 },
      'Aurora Pink Kush 22/1 ist derzeit nicht vorrätig.',
    ],
  ])('%s', (_name, fields, productFields, problem) => {
    expect(reservationProblem(flower(fields), listing(productFields))).toBe(problem)
  })

  it('a free name cannot be reserved', () => {
    expect(reservationProblem(flower(), null)).toMatch(/nur ein Produkt aus dem Sortiment/)
  })

  it('counts sales units of the listing', () => {
    expect(reservedSalesUnits({ amount: 30 }, listing())).toBe(30)
    expect(reservedSalesUnits({ amount: 30 }, listing({ baseUnitsPerSalesUnit: 10_000 }))).toBe(3)
    expect(
      reservedSalesUnits({ amount: 25 }, listing({ baseUnitsPerSalesUnit: 10_000 })),
    ).toBeNull()
    expect(
      reservedSalesUnits(
        { amount: 30 },
        listing({ packUnit: 'ml', baseUnitsPerSalesUnit: 10_000 }),
      ),
    ).toBe(3)
  })

  it('offers amounts in the listing’s steps, from its minimum, beyond its maximum per order', () => {
    expect(
      amountOptions(flower(), listing({ baseUnitsPerSalesUnit: 10_000, maxOrderQuantity: 5 })),
    ).toEqual([10, 20, 30, 40, 50, 60, 90, 100, 120, 150, 200])
    expect(amountOptions(flower(), listing({ minOrderQuantity: 12, orderStep: 4 }))).toEqual([
      20, 40, 60, 100, 120, 200,
    ])
    expect(amountOptions(flower(), listing({ orderStep: 7 }))).toEqual(
      Array.from({ length: 20 }, (_, index) => 7 * (index + 1)),
    )
    expect(amountOptions(flower())).toContain(30)
  })
})

describe('search params', () => {
  it.each<[string, PrescriptionConfiguration]>([
    [
      'a full flower prescription',
      flower({
        payer: 'gkv',
        prescriberName: 'Dr. Anna Beispiel',
        patientName: 'Max Muster',
        patientBirthDate: '1980-04-01',
        issuedOn: '2026-11-25',
        prescriberAddress: 'Praxisweg 1, 10115 Berlin',
        prescriberPhone: '030 123456',
      }),
    ],
    ['a listing', flower({ productId: '00000000-0000-4000-8000-000000000001', productName: '' })],
    [
      'written directions',
      flower({ directions: 'schriftlich', singleDose: null, dailyDose: null }),
    ],
    [
      'capsules',
      configure('dronabinol', {
        form: 'kapseln',
        strength: 10,
        amount: 30,
        doseUnit: 'kapseln',
        singleDose: 1,
        dailyDose: 3,
      }),
    ],
    [
      'a CBD solution in mg',
      configure('cbd', {
        strength: 100,
        amount: 10,
        doseUnit: 'mg',
        singleDose: 25,
        dailyDose: 50,
      }),
    ],
    ['an empty aid', emptyConfiguration('hilfsmittel')],
  ])('%s survives the round trip through a link', (_name, configuration) => {
    const query = configurationQueryString(configuration)
    expect(configurationFromSearch(searchFromQueryString(query))).toEqual(configuration)
    // The router hands over numbers as numbers: the same result.
    expect(
      configurationFromSearch(parseConfiguratorSearch(searchFromConfiguration(configuration))),
    ).toEqual(configuration)
  })

  it('drops what does not parse and keeps the rest', () => {
    expect(
      parseConfiguratorSearch({
        kategorie: 'rakete',
        produkt: 'not-an-id',
        menge: '30',
        ed: '0,05',
        td: -1,
        form: 'geraucht',
        name: 4711,
        arzt: 'Dr.\u0000X',
        einheit: 'g',
      }),
    ).toEqual({ menge: 30, ed: 0.05, name: '4711', einheit: 'g' })
  })

  it('a product link alone opens its category', () => {
    const configuration = configurationFromSearch(
      parseConfiguratorSearch({ produkt: '00000000-0000-4000-8000-000000000001' }),
      'extract',
    )
    expect(configuration.category).toBe('extrakt')
    expect(configuration.productId).toBe('00000000-0000-4000-8000-000000000001')
    expect(configuration.doseUnit).toBe('tropfen')
  })

  it('switching the category keeps prescriber and patient only', () => {
    const switched = switchCategory(flower({ patientName: 'Max Muster', payer: 'pkv' }), 'extrakt')
    expect(switched).toEqual({
      ...emptyConfiguration('extrakt'),
      patientName: 'Max Muster',
      payer: 'pkv',
    })
  })
})

describe('sample prescription PDF', () => {
  it('lays out the fields and carries the watermark', async () => {
    const bytes = await renderPrescriptionSamplePdf({
      configuration: flower({
        payer: 'gkv',
        patientName: 'Max Muster',
        patientBirthDate: '1980-04-01',
        prescriberName: 'Dr. Anna Beispiel',
        prescriberAddress: 'Praxisweg 1, 10115 Berlin',
      }),
      product: null,
      pharmacyName: 'Sonnen-Apotheke',
      today: '2026-11-25',
    })
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
      mergePages: true,
    })
    const flat = text.replace(/\s+/g, ' ')
    for (const expected of [
      sampleWatermark,
      'Max Muster',
      '01.04.1980',
      'Dr. Anna Beispiel',
      '10115 Berlin',
      '25.11.2026',
      'Rp. Cannabisblüten „Pink Kush“',
      '28 Tage',
    ]) {
      expect(flat).toContain(expected)
    }
  })
})

import { describe, expect, it } from 'vitest'
import {
  analyseImportRow,
  autoMapping,
  fieldOfHeader,
  importTemplateCsv,
  importTemplateRows,
  missingRequiredFields,
  noPznMessage,
  parseContent,
  parseCountry,
  parsePackSize,
  parseTerpenes,
  parseYesNo,
} from '~/lib/product-import'
import type { MasterProduct } from '~/lib/product-schemas'
import { isValidPzn } from '~/lib/products'

describe('header mapping', () => {
  it('knows German and English headers whatever their case, umlauts and punctuation', () => {
    expect(fieldOfHeader('PZN')).toBe('pzn')
    expect(fieldOfHeader('Bezeichnung')).toBe('name')
    expect(fieldOfHeader('Artikelname')).toBe('name')
    expect(fieldOfHeader('Manufacturer')).toBe('manufacturer')
    expect(fieldOfHeader('Producer')).toBe('manufacturer')
    expect(fieldOfHeader('THC (%)')).toBe('thcContent')
    expect(fieldOfHeader('thc-gehalt')).toBe('thcContent')
    expect(fieldOfHeader('Strain')).toBe('cultivar')
    expect(fieldOfHeader('Cultivar')).toBe('cultivar')
    expect(fieldOfHeader('Herkunftsland')).toBe('countryOfCultivation')
    expect(fieldOfHeader('PACKUNGSGRÖSSE')).toBe('packSize')
    expect(fieldOfHeader('Packungsgroesse')).toBe('packSize')
    expect(fieldOfHeader('Pack size')).toBe('packSize')
    expect(fieldOfHeader('Irradiated')).toBe('irradiated')
    expect(fieldOfHeader('Lagerort')).toBeUndefined()
  })

  it('maps each known column once, the first one winning, and names the required fields left', () => {
    const mapping = autoMapping(['Bezeichnung', 'PZN', 'Lager', 'Name', 'Hersteller', 'Inhalt'])
    expect(mapping).toEqual({ name: 0, pzn: 1, manufacturer: 4, packSize: 5 })
    expect(missingRequiredFields(mapping)).toEqual(['category'])
  })

  it('maps every column of the template to its own field', () => {
    const mapping = autoMapping(importTemplateRows[0] as string[])
    expect(Object.keys(mapping)).toHaveLength(18)
    expect(missingRequiredFields(mapping)).toEqual([])
    expect(importTemplateCsv().startsWith('\uFEFFPZN;Name;Hersteller')).toBe(true)
    expect(isValidPzn(importTemplateRows[1]?.[0] as string)).toBe(true)
  })
})

describe('values as people write them', () => {
  it('reads yes and no in German and English, empty as no', () => {
    for (const yes of ['ja', 'Ja', 'yes', 'x', 'X', '1', 'wahr'])
      expect(parseYesNo(yes)).toEqual({ value: true })
    for (const no of ['nein', 'no', '0', 'falsch', ''])
      expect(parseYesNo(no)).toEqual({ value: false })
    expect(parseYesNo('vielleicht')).toEqual({ error: '„vielleicht“ ist weder ja noch nein.' })
  })

  it('reads countries by ISO code or German or English name', () => {
    expect(parseCountry('CA')).toEqual({ value: 'CA' })
    expect(parseCountry('Kanada')).toEqual({ value: 'CA' })
    expect(parseCountry('Canada')).toEqual({ value: 'CA' })
    expect(parseCountry('Portugal')).toEqual({ value: 'PT' })
    expect(parseCountry('Dänemark')).toEqual({ value: 'DK' })
    expect(parseCountry('')).toEqual({ value: null })
    expect(parseCountry('Atlantis')).toEqual({ error: 'Unbekanntes Anbauland „Atlantis“.' })
  })

  it('splits terpenes at , / | and ;', () => {
    expect(parseTerpenes('Myrcen, Limonen/Linalool | Pinen; Caryophyllen')).toEqual([
      'Myrcen',
      'Limonen',
      'Linalool',
      'Pinen',
      'Caryophyllen',
    ])
    expect(parseTerpenes('')).toEqual([])
  })

  it('reads pack sizes with German decimal commas and their unit', () => {
    expect(parsePackSize('10 g')).toEqual({ value: { size: 10, unit: 'g' } })
    expect(parsePackSize('2,5')).toEqual({ value: { size: 2.5, unit: null } })
    expect(parsePackSize('50 ml')).toEqual({ value: { size: 50, unit: 'ml' } })
    expect(parsePackSize('60 Stk')).toEqual({ value: { size: 60, unit: 'piece' } })
    expect(parsePackSize('1.000,5 g')).toEqual({ value: { size: 1000.5, unit: 'g' } })
    expect(parsePackSize('10 kg')).toEqual({ error: 'Unbekannte Einheit „kg“.' })
    expect(parsePackSize('viel')).toEqual({ error: 'Unbekannte Einheit „viel“.' })
  })

  it('reads contents with decimal commas and a unit written along', () => {
    expect(parseContent('22,5')).toEqual({ value: { value: 22.5, unit: null } })
    expect(parseContent('22.5 %')).toEqual({ value: { value: 22.5, unit: 'percent' } })
    expect(parseContent('25 mg/ml')).toEqual({ value: { value: 25, unit: 'mg_per_ml' } })
    expect(parseContent('')).toEqual({ value: { value: null, unit: null } })
    expect(parseContent('hoch')).toEqual({ error: '„hoch“ ist keine Zahl.' })
  })
})

describe('row → product', () => {
  const header = [
    'PZN',
    'Bezeichnung',
    'Hersteller',
    'Kategorie',
    'Sorte',
    'THC (%)',
    'CBD (%)',
    'Inhalt',
    'Bestrahlt',
    'Land',
    'Terpene',
  ]
  const mapping = autoMapping(header)
  const row = [
    'PZN 21234564',
    ' Nordlicht 20/1 ',
    'Beispiel Pharma GmbH',
    'Blüten',
    'Nordlicht',
    '20,5',
    '<1',
    '10 g',
    'ja',
    'Kanada',
    'Myrcen; Pinen',
  ]

  it('turns a German row into the product the form would save', () => {
    const analysed = analyseImportRow(
      [...row.slice(0, 6), '0,8', ...row.slice(7)],
      header,
      mapping,
      null,
    )
    expect(analysed).toEqual({
      ok: true,
      product: {
        pzn: '21234564',
        name: 'Nordlicht 20/1',
        manufacturer: 'Beispiel Pharma GmbH',
        brand: null,
        category: 'flower',
        cultivar: 'Nordlicht',
        genetics: null,
        dominance: null,
        thcContent: 20.5,
        cbdContent: 0.8,
        cannabinoidUnit: 'percent',
        terpenes: ['Myrcen', 'Pinen'],
        irradiated: true,
        countryOfCultivation: 'CA',
        packSize: 10,
        packUnit: 'g',
        description: null,
        status: 'active',
        imageFileId: null,
        imageIsPackPhoto: false,
      },
    })
  })

  it('explains every bad cell in German, naming the column as the file calls it', () => {
    const analysed = analyseImportRow(
      ['21234567', 'X', 'Y', 'Blüte', '', '55', 'hoch', '10 g', 'ja', '', ''],
      header,
      mapping,
      null,
    )
    expect(analysed.ok).toBe(false)
    if (analysed.ok) return
    expect(analysed.errors).toEqual([{ column: 6, message: 'CBD (%): „hoch“ ist keine Zahl.' }])
    const schemaErrors = analyseImportRow(
      ['21234567', 'X', 'Y', 'Blüte', '', '55', '', '10 g', 'ja', '', ''],
      header,
      mapping,
      null,
    )
    expect(schemaErrors).toEqual({
      ok: false,
      errors: [
        { column: 0, message: 'PZN: Die Prüfziffer der PZN stimmt nicht.' },
        { column: 4, message: 'Sorte: Blüten brauchen eine Sorte: ein Rezept muss sie nennen.' },
        { column: 5, message: 'THC (%): Mehr als 40 ist nicht plausibel.' },
      ],
    })
  })

  it('reads the content unit from its own column and refuses one it does not know', () => {
    const unitHeader = [
      'PZN',
      'Name',
      'Hersteller',
      'Kategorie',
      'THC',
      'Einheit des Gehalts',
      'Inhalt',
    ]
    const row = (unit: string) => ['21234564', 'Öl', 'Y', 'Extrakt', '25', unit, '30 ml']
    const mapping = autoMapping(unitHeader)
    expect(analyseImportRow(row('mg/g'), unitHeader, mapping, null)).toMatchObject({
      ok: true,
      product: { cannabinoidUnit: 'mg_per_g', packUnit: 'ml' },
    })
    expect(analyseImportRow(row('mg/kg'), unitHeader, mapping, null)).toEqual({
      ok: false,
      errors: [{ column: 5, message: 'Einheit des Gehalts: Unbekannte Einheit „mg/kg“.' }],
    })
  })

  it('refuses a row without PZN: accessories without one are created in the form', () => {
    const analysed = analyseImportRow(
      ['', 'Grinder', 'Y', 'Hilfsmittel', '', '', '', '1 Stk', '', '', ''],
      header,
      mapping,
      null,
    )
    expect(analysed).toEqual({ ok: false, errors: [{ column: 0, message: noPznMessage }] })
  })

  it('defaults the content unit by category and keeps unmapped fields of a stored product', () => {
    const oilHeader = ['PZN', 'Name', 'Hersteller', 'Kategorie', 'THC', 'Packungsgröße']
    const stored: MasterProduct = {
      pzn: '21234564',
      name: 'Alt',
      manufacturer: 'Y',
      brand: 'Marke bleibt',
      category: 'extract',
      cultivar: null,
      genetics: null,
      dominance: null,
      thcContent: 10,
      cbdContent: null,
      cannabinoidUnit: 'mg_per_g',
      terpenes: ['Myrcen'],
      irradiated: false,
      countryOfCultivation: 'DE',
      packSize: 30,
      packUnit: 'ml',
      description: 'bleibt',
      status: 'withdrawn',
      imageFileId: '0b7f6c4e-8a52-4a63-9a1e-5d3c1c0f7a11',
      imageIsPackPhoto: true,
    }
    const updated = analyseImportRow(
      ['21234564', 'Neu', 'Y', 'Extrakt', '25', '30'],
      oilHeader,
      autoMapping(oilHeader),
      stored,
    )
    expect(updated).toEqual({ ok: true, product: { ...stored, name: 'Neu', thcContent: 25 } })
    const created = analyseImportRow(
      ['21234564', 'Neu', 'Y', 'CBD-Lösung', '25', '30'],
      oilHeader,
      autoMapping(oilHeader),
      null,
    )
    expect(created.ok && created.product).toMatchObject({
      cannabinoidUnit: 'mg_per_ml',
      packUnit: 'ml',
      packSize: 30,
      status: 'active',
    })
  })
})

import {
  type ImportCellError,
  type ImportField,
  type ImportMapping,
  importFieldLabels,
  importFields,
} from './product-import-state'
import {
  cannabinoidUnitsOf,
  type MasterProduct,
  type MasterProductInput,
  masterProductSchema,
  packUnitsOf,
} from './product-schemas'
import {
  type CannabinoidUnit,
  cultivationCountries,
  type Dominance,
  type Genetics,
  type PackUnit,
  type ProductCategory,
  type ProductStatus,
  parseDecimal,
} from './products'

/**
 * The master product import's pure part, shared by the server (which analyses every row) and the
 * page (which shows the mapping and offers the template): which file column feeds which product
 * field, how the values people type in spreadsheets become a product, and the limits of a file.
 * No schema library of its own: the row is checked by `masterProductSchema`, like the form. The
 * zod-free part the route needs on first load (fields, limits, search params, what the pages
 * show) is `product-import-state.ts`, re-exported here.
 */
export * from './product-import-state'

/**
 * A header as compared: lower case, umlauts and ß spelled out, accents dropped, everything but
 * letters and digits removed — "THC-Gehalt (%)" and "thc gehalt" are the same.
 */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '')
}

/** Headers German and English exports use for each field (compared by `headerKey`). */
const headerAliases: Record<ImportField, readonly string[]> = {
  pzn: ['PZN', 'Pharmazentralnummer', 'PZN-Nummer', 'Artikelnummer PZN'],
  name: [
    'Name',
    'Bezeichnung',
    'Produktname',
    'Artikelname',
    'Artikelbezeichnung',
    'Produkt',
    'Product',
    'Product name',
  ],
  manufacturer: ['Hersteller', 'Manufacturer', 'Producer', 'Produzent', 'Anbieter', 'Vendor'],
  brand: ['Marke', 'Brand', 'Markenname'],
  category: ['Kategorie', 'Category', 'Produktart', 'Darreichungsform', 'Typ', 'Type'],
  cultivar: ['Sorte', 'Strain', 'Cultivar', 'Sortenname', 'Genetik Name'],
  genetics: ['Genetik', 'Genetics', 'Phänotyp'],
  dominance: ['Dominanz', 'Dominance'],
  thcContent: ['THC', 'THC (%)', 'THC %', 'THC-Gehalt', 'THC Gehalt', 'THC content', 'Gehalt THC'],
  cbdContent: ['CBD', 'CBD (%)', 'CBD %', 'CBD-Gehalt', 'CBD Gehalt', 'CBD content', 'Gehalt CBD'],
  cannabinoidUnit: [
    'Einheit des Gehalts',
    'Gehaltseinheit',
    'Einheit Gehalt',
    'Content unit',
    'Wirkstoffeinheit',
  ],
  terpenes: ['Terpene', 'Terpenes', 'Terpenprofil', 'Terpen'],
  irradiated: ['Bestrahlt', 'Irradiated', 'Bestrahlung', 'Irradiation'],
  countryOfCultivation: [
    'Anbauland',
    'Herkunftsland',
    'Herkunft',
    'Country',
    'Country of origin',
    'Land',
    'Origin',
  ],
  packSize: [
    'Packungsgröße',
    'Packungsgroesse',
    'Inhalt',
    'Menge',
    'Pack size',
    'Packsize',
    'Size',
    'Füllmenge',
    'Packungsinhalt',
  ],
  packUnit: ['Einheit der Packung', 'Packungseinheit', 'Einheit', 'Pack unit', 'Unit'],
  description: ['Beschreibung', 'Description', 'Produktbeschreibung', 'Hinweise'],
  status: ['Status', 'Vertriebsstatus', 'Marktstatus'],
}

const fieldByHeaderKey = new Map<string, ImportField>(
  importFields.flatMap((field) => headerAliases[field].map((alias) => [headerKey(alias), field])),
)

/** The field a header names, when it is a known one. */
export const fieldOfHeader = (header: string): ImportField | undefined =>
  fieldByHeaderKey.get(headerKey(header))

/** Maps each known header to its field; the first column wins when two name the same field. */
export function autoMapping(header: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {}
  header.forEach((name, index) => {
    const field = fieldOfHeader(name)
    if (field && mapping[field] === undefined) mapping[field] = index
  })
  return mapping
}

// ─── Values as people write them ────────────────────────────────────────────────────────────

/** A value of one cell, or why it cannot be read. */
type CellValue<T> = { value: T } | { error: string }

const lookup = <T>(entries: Record<string, T>) =>
  new Map(Object.entries(entries).map(([key, value]) => [headerKey(key), value]))

const categoryWords = lookup<ProductCategory>({
  Blüte: 'flower',
  Blüten: 'flower',
  Flower: 'flower',
  Flowers: 'flower',
  Cannabisblüten: 'flower',
  Extrakt: 'extract',
  Extrakte: 'extract',
  Extract: 'extract',
  Vollspektrumextrakt: 'extract',
  'CBD-Lösung': 'cbd_solution',
  'CBD-Öl': 'cbd_solution',
  cbd_solution: 'cbd_solution',
  'CBD solution': 'cbd_solution',
  Dronabinol: 'dronabinol',
  Hilfsmittel: 'accessory',
  Zubehör: 'accessory',
  Accessory: 'accessory',
})

const geneticsWords = lookup<Genetics>({
  Indica: 'indica',
  Sativa: 'sativa',
  Hybrid: 'hybrid',
  Hybride: 'hybrid',
})

const dominanceWords = lookup<Dominance>({
  indica: 'indica',
  'indica-dominant': 'indica',
  sativa: 'sativa',
  'sativa-dominant': 'sativa',
  ausgeglichen: 'balanced',
  balanced: 'balanced',
  ausgewogen: 'balanced',
})

const cannabinoidUnitWords = lookup<CannabinoidUnit>({
  '%': 'percent',
  Prozent: 'percent',
  percent: 'percent',
  'mg/ml': 'mg_per_ml',
  'mg/g': 'mg_per_g',
  'mg/Stk': 'mg_per_piece',
  'mg/Stück': 'mg_per_piece',
  'mg/piece': 'mg_per_piece',
  'mg/Kapsel': 'mg_per_piece',
})
// "%" has no letters: its key would be empty.
const cannabinoidUnitOf = (text: string) =>
  text.trim() === '%' ? 'percent' : cannabinoidUnitWords.get(headerKey(text))

const packUnitWords = lookup<PackUnit>({
  g: 'g',
  Gramm: 'g',
  gram: 'g',
  ml: 'ml',
  Milliliter: 'ml',
  Stk: 'piece',
  'Stk.': 'piece',
  Stück: 'piece',
  piece: 'piece',
  pieces: 'piece',
  pcs: 'piece',
  Kapseln: 'piece',
})

const statusWords = lookup<ProductStatus>({
  aktiv: 'active',
  active: 'active',
  lieferbar: 'active',
  zurückgezogen: 'withdrawn',
  withdrawn: 'withdrawn',
  'außer Vertrieb': 'withdrawn',
})

const yesWords = new Set(['ja', 'j', 'yes', 'y', 'x', '1', 'wahr', 'true'])
const noWords = new Set(['nein', 'n', 'no', '0', 'falsch', 'false', '-'])

/** ja/nein, yes/no, x, 1/0, wahr/falsch; an empty cell is "no". */
export function parseYesNo(text: string): CellValue<boolean> {
  const word = text.trim().toLowerCase()
  if (word === '' || noWords.has(word)) return { value: false }
  if (yesWords.has(word)) return { value: true }
  return { error: `„${text.trim()}“ ist weder ja noch nein.` }
}

const countryNames = (() => {
  const names = new Map<string, string>()
  for (const locale of ['de', 'en']) {
    const display = new Intl.DisplayNames(locale, { type: 'region' })
    for (const code of cultivationCountries) names.set(headerKey(display.of(code) ?? code), code)
  }
  for (const code of cultivationCountries) names.set(headerKey(code), code)
  names.set(headerKey('Deutschland'), 'DE')
  names.set(headerKey('USA'), 'US')
  return names
})()

/** An ISO code or a German or English country name → the code; empty → none. */
export function parseCountry(text: string): CellValue<string | null> {
  if (text.trim() === '') return { value: null }
  const code = countryNames.get(headerKey(text))
  return code ? { value: code } : { error: `Unbekanntes Anbauland „${text.trim()}“.` }
}

/** Terpenes separated by `,` `/` `|` or `;` inside one cell. */
export const parseTerpenes = (text: string): string[] =>
  text
    .split(/[,/|;]/)
    .map((terpene) => terpene.trim())
    .filter(Boolean)

/** "10 g", "50 ml", "60 Stk", "2,5": the number and the unit written with it, if any. */
export function parsePackSize(text: string): CellValue<{ size: number; unit: PackUnit | null }> {
  const match = /^(.*?)\s*([a-zA-ZäöüÄÖÜ.]+)?$/.exec(text.trim())
  const unitText = match?.[2]
  const unit = unitText ? packUnitWords.get(headerKey(unitText)) : undefined
  if (unitText && !unit) return { error: `Unbekannte Einheit „${unitText}“.` }
  const size = parseDecimal(unit ? (match?.[1] ?? '') : text)
  if (size === null || Number.isNaN(size)) {
    return { error: `„${text.trim()}“ ist keine Packungsgröße (z. B. „10 g“).` }
  }
  return { value: { size, unit: unit ?? null } }
}

/** A content in German or English notation, with its unit when written along ("25 mg/ml"). */
export function parseContent(
  text: string,
): CellValue<{ value: number | null; unit: CannabinoidUnit | null }> {
  const unitText = /(%|mg\s*\/\s*(ml|g|stk\.?|stück|piece|kapsel))\s*$/i.exec(text.trim())?.[0]
  const value = parseDecimal(unitText ? text.trim().slice(0, -unitText.length) : text)
  if (value !== null && Number.isNaN(value)) return { error: `„${text.trim()}“ ist keine Zahl.` }
  return {
    value: {
      value,
      unit: unitText ? (cannabinoidUnitOf(unitText.replace(/\s/g, '')) ?? null) : null,
    },
  }
}

/** "%", "mg/ml", "mg/g", "mg/Stk"; empty → none. */
function parseCannabinoidUnit(text: string): CellValue<CannabinoidUnit | null> {
  if (text.trim() === '') return { value: null }
  const unit = cannabinoidUnitOf(text)
  return unit ? { value: unit } : { error: `Unbekannte Einheit „${text.trim()}“.` }
}

const word = <T>(words: Map<string, T>, text: string, unknown: string): CellValue<T | null> => {
  if (text.trim() === '') return { value: null }
  const value = words.get(headerKey(text))
  return value === undefined ? { error: `${unknown} „${text.trim()}“.` } : { value }
}

/** The content unit a category is given in when the file does not say. */
function defaultCannabinoidUnit(
  category: ProductCategory,
  packUnit: PackUnit,
): CannabinoidUnit | null {
  if (category === 'dronabinol' && packUnit === 'piece') return 'mg_per_piece'
  return cannabinoidUnitsOf[category][0] ?? null
}

// ─── Row → product ──────────────────────────────────────────────────────────────────────────

export type AnalysedRow =
  | { ok: true; product: MasterProduct }
  | { ok: false; errors: ImportCellError[] }

/** What a new product has where the file has no column. */
const newProductDefaults: MasterProductInput = {
  pzn: null,
  name: '',
  manufacturer: '',
  brand: null,
  category: 'flower',
  cultivar: null,
  genetics: null,
  dominance: null,
  thcContent: null,
  cbdContent: null,
  cannabinoidUnit: null,
  terpenes: [],
  irradiated: false,
  countryOfCultivation: null,
  packSize: 0,
  packUnit: 'g',
  description: null,
  status: 'active',
  imageFileId: null,
  imageIsPackPhoto: false,
}

export const noPznMessage =
  'Ohne PZN lässt sich kein Produkt zuordnen. Hilfsmittel ohne PZN legst du bitte einzeln im Formular an.'

/**
 * One row of the file as a master product, checked by `masterProductSchema` like the form.
 * `stored` is the product the row's PZN already names: fields without a column keep its values
 * (and the image is always its own, confirmed as a pack photo or not); a new product gets the defaults. Messages name the column
 * as the file calls it.
 */
export function analyseImportRow(
  cells: readonly string[],
  header: readonly string[],
  mapping: ImportMapping,
  stored: MasterProduct | null,
): AnalysedRow {
  const errors: ImportCellError[] = []
  const input: MasterProductInput = {
    ...(stored ?? newProductDefaults),
    imageFileId: stored?.imageFileId ?? null,
    imageIsPackPhoto: stored?.imageIsPackPhoto ?? false,
  }
  const cellOf = (field: ImportField): string | undefined => {
    const column = mapping[field]
    return column === undefined ? undefined : (cells[column] ?? '')
  }
  const fail = (field: ImportField, message: string) => {
    const column = mapping[field] ?? null
    errors.push({ column, message: column === null ? message : `${header[column]}: ${message}` })
  }
  const read = <T>(
    field: ImportField,
    parse: (text: string) => CellValue<T>,
    apply: (value: T) => void,
  ) => {
    const text = cellOf(field)
    if (text === undefined) return
    const result = parse(text)
    if ('error' in result) fail(field, result.error)
    else apply(result.value)
  }
  const plain = (text: string) => ({ value: text })

  read('pzn', plain, (value) => {
    input.pzn = value
  })
  read('name', plain, (value) => {
    input.name = value
  })
  read('manufacturer', plain, (value) => {
    input.manufacturer = value
  })
  read('brand', plain, (value) => {
    input.brand = value
  })
  read('cultivar', plain, (value) => {
    input.cultivar = value
  })
  read('description', plain, (value) => {
    input.description = value
  })
  read(
    'category',
    (text) => {
      const result = word(categoryWords, text, 'Unbekannte Kategorie')
      return 'value' in result && result.value === null
        ? { error: 'Bitte gib die Kategorie an.' }
        : result
    },
    (value) => {
      if (value) input.category = value
    },
  )
  read(
    'genetics',
    (text) => word(geneticsWords, text, 'Unbekannte Genetik'),
    (value) => {
      input.genetics = value
    },
  )
  read(
    'dominance',
    (text) => word(dominanceWords, text, 'Unbekannte Dominanz'),
    (value) => {
      input.dominance = value
    },
  )
  read(
    'status',
    (text) => word(statusWords, text, 'Unbekannter Status'),
    (value) => {
      input.status = value ?? 'active'
    },
  )
  read(
    'terpenes',
    (text) => ({ value: parseTerpenes(text) }),
    (value) => {
      input.terpenes = value
    },
  )
  read('irradiated', parseYesNo, (value) => {
    input.irradiated = value
  })
  read('countryOfCultivation', parseCountry, (value) => {
    input.countryOfCultivation = value as MasterProductInput['countryOfCultivation']
  })
  let packUnitGiven = false
  read('packSize', parsePackSize, ({ size, unit }) => {
    input.packSize = size
    if (unit) {
      input.packUnit = unit
      packUnitGiven = true
    }
  })
  read(
    'packUnit',
    (text) => word(packUnitWords, text, 'Unbekannte Einheit'),
    (value) => {
      if (value) {
        input.packUnit = value
        packUnitGiven = true
      }
    },
  )
  // A new product, or a category change, without a unit: the category's usual one.
  if (!packUnitGiven && (stored === null || stored.category !== input.category)) {
    input.packUnit = packUnitsOf[input.category][0] ?? 'piece'
  }
  let contentUnit: CannabinoidUnit | null = null
  read('thcContent', parseContent, ({ value, unit }) => {
    input.thcContent = value
    contentUnit ??= unit
  })
  read('cbdContent', parseContent, ({ value, unit }) => {
    input.cbdContent = value
    contentUnit ??= unit
  })
  read('cannabinoidUnit', parseCannabinoidUnit, (value) => {
    contentUnit = value ?? contentUnit
  })
  const hasContent = input.thcContent !== null || input.cbdContent !== null
  if (!hasContent) input.cannabinoidUnit = null
  else if (contentUnit) input.cannabinoidUnit = contentUnit
  else if (input.cannabinoidUnit === null || stored?.category !== input.category) {
    input.cannabinoidUnit = defaultCannabinoidUnit(input.category, input.packUnit)
  }

  if (errors.length > 0) return { ok: false, errors }
  if (!input.pzn?.trim())
    return { ok: false, errors: [{ column: mapping.pzn ?? null, message: noPznMessage }] }
  const parsed = masterProductSchema.safeParse(input)
  if (parsed.success) return { ok: true, product: parsed.data }
  const seen = new Set<string>()
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '')
    if (seen.has(field)) continue
    seen.add(field)
    const importField = (importFields as readonly string[]).includes(field)
      ? (field as ImportField)
      : 'pzn'
    if (mapping[importField] === undefined) {
      errors.push({ column: null, message: `${importFieldLabels[importField]}: ${issue.message}` })
    } else fail(importField, issue.message)
  }
  return { ok: false, errors }
}

import { isUuid } from './ids'
import { type MasterProductFieldChange, masterProductFieldLabels } from './master-products'
import { type ImportRowStatus, rowStatusOf } from './product-import-search'

/**
 * What the master product import's pages and services share without a schema library: the
 * fields a column can feed, the limits of a file, the state of an import and its rows, and the
 * page's search params (re-exported from `product-import-search.ts`, the only part the route
 * reads on first load: ADR 012, 013). The rules that turn a row into a product are in
 * `product-import.ts`.
 */
export * from './product-import-search'

export const maxImportFileBytes = 10 * 1024 * 1024
export const maxImportRows = 50_000
/** Columns beyond it must be blank: a cell far to the right would pad every row up to it. */
export const maxImportColumns = 100
export const importFileTooLargeMessage = 'Die Datei ist größer als 10 MB. Bitte teile sie auf.'
/** Rows of the preview table per page. */
export const importPreviewPageSize = 50

/** The product fields a column can feed, in the form's order. */
export const importFields = [
  'pzn',
  'name',
  'manufacturer',
  'brand',
  'category',
  'cultivar',
  'genetics',
  'dominance',
  'thcContent',
  'cbdContent',
  'cannabinoidUnit',
  'terpenes',
  'irradiated',
  'countryOfCultivation',
  'packSize',
  'packUnit',
  'description',
  'status',
] as const
export type ImportField = (typeof importFields)[number]

/** Without these columns no row can become a product. */
export const requiredImportFields = [
  'pzn',
  'name',
  'manufacturer',
  'category',
  'packSize',
] as const satisfies readonly ImportField[]

export const importFieldLabels = Object.fromEntries(
  importFields.map((field) => [field, masterProductFieldLabels[field] ?? field]),
) as Record<ImportField, string>

/** Field → index of the file's column; a field without a column is not imported. */
export type ImportMapping = Partial<Record<ImportField, number>>

/** The required fields without a column, in the form's order. */
export const missingRequiredFields = (mapping: ImportMapping): ImportField[] =>
  requiredImportFields.filter((field) => mapping[field] === undefined)

/** An error of one row: the column it belongs to (null when no column feeds the field). */
export interface ImportCellError {
  column: number | null
  message: string
}

// ─── What the pages show ────────────────────────────────────────────────────────────────────

export const importRowStatusLabels: Record<ImportRowStatus, string> = {
  new: 'neu',
  changed: 'geändert',
  unchanged: 'unverändert',
  invalid: 'fehlerhaft',
}

export const productImportStatuses = ['previewed', 'running', 'completed', 'failed'] as const
export type ProductImportStatus = (typeof productImportStatuses)[number]

/** One upload as the import page shows it. */
export interface ProductImportState {
  id: string
  fileName: string
  header: string[]
  /** The first filled value of each column, shown beside it in the mapping. */
  samples: string[]
  mapping: ImportMapping
  /** Required fields without a column: until they have one, no row is analysed. */
  missingFields: ImportField[]
  status: ProductImportStatus
  totalRows: number
  counts: Record<ImportRowStatus, number>
  /** Rows the confirm writes (or finds unchanged): all but the invalid ones. */
  validRows: number
  processedRows: number
  createdCount: number
  updatedCount: number
  /** Valid rows the run found unchanged (nothing written). */
  skippedCount: number
  failureMessage: string | null
  createdAt: string
  finishedAt: string | null
}

/** One row of the preview. */
export interface ProductImportRowView {
  line: number
  status: ImportRowStatus
  cells: string[]
  errors: ImportCellError[]
  changes: MasterProductFieldChange[]
}

/** An upload in the list of recent imports. */
export interface ProductImportSummary {
  id: string
  fileName: string
  status: ProductImportStatus
  totalRows: number
  createdCount: number
  updatedCount: number
  createdAt: string
}

/** The input of the preview's page of rows; zod-free like the list searches (ADR 012). */
export interface ProductImportRowsQuery {
  id: string
  status?: ImportRowStatus
  page: number
}

/** The input of the preview's page of rows (server function validator). */
export function parseProductImportRowsQuery(input: unknown): ProductImportRowsQuery {
  const query = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >
  return {
    id: isUuid(query.id) ? query.id : '',
    status: rowStatusOf(query.status),
    page: Number.isInteger(query.page) && (query.page as number) >= 1 ? (query.page as number) : 1,
  }
}

// ─── Template ───────────────────────────────────────────────────────────────────────────────

/** The template's columns (the German headers the mapping knows) and one example row. */
export const importTemplateRows: readonly (readonly string[])[] = [
  [
    'PZN',
    'Name',
    'Hersteller',
    'Marke',
    'Kategorie',
    'Sorte',
    'Genetik',
    'Dominanz',
    'THC',
    'CBD',
    'Einheit des Gehalts',
    'Terpene',
    'Bestrahlt',
    'Anbauland',
    'Packungsgröße',
    'Einheit der Packung',
    'Beschreibung',
    'Status',
  ],
  [
    '21234564',
    'Beispielblüte 22/1',
    'Beispiel Pharma GmbH',
    'Beispielmarke',
    'Blüte',
    'Beispielsorte',
    'Hybrid',
    'sativa-dominant',
    '22,0',
    '1,0',
    '%',
    'Myrcen, Limonen',
    'nein',
    'Kanada',
    '10',
    'g',
    '',
    'aktiv',
  ],
]

/** Semicolon-separated with a BOM, the way German Excel opens umlauts right. */
export function importTemplateCsv(): string {
  return `\uFEFF${importTemplateRows.map((row) => row.join(';')).join('\r\n')}\r\n`
}

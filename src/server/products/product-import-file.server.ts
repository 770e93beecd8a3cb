import type { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import {
  importFileTooLargeMessage,
  maxImportColumns,
  maxImportFileBytes,
  maxImportRows,
} from '../../lib/product-import-state'
import { DomainError } from '../errors.server'
import { type CheckedZip, openCheckedZip } from '../files/checked-zip.server'

/**
 * Reads an uploaded product file into its header and rows of text cells. What the file is comes
 * from its bytes, never its name: a zip that exceljs opens is a workbook (its first worksheet,
 * read as it unpacks from a zip checked against decompression bombs), other binary data is refused
 * (415), anything else is CSV text — UTF-8 (with or without BOM) or, when it is no valid UTF-8,
 * Windows-1252 as German Excel saves it. ADR 017.
 */

export interface ParsedImportFile {
  header: string[]
  /** Data rows without empty ones, each with its line number in the file. */
  rows: FileRow[]
}

/** A row of the file with its line number (1 for the header). */
interface FileRow {
  line: number
  cells: string[]
}

export const unsupportedFileMessage =
  'Bitte lade eine CSV- oder Excel-Datei (.xlsx) hoch. Ältere Excel-Dateien (.xls) speichere bitte vorher als .xlsx oder CSV.'
export const emptyFileMessage =
  'Die Datei enthält keine Produkte: Es fehlen die Kopfzeile oder Zeilen darunter.'
export const tooManyRowsMessage = `Die Datei hat mehr als ${maxImportRows.toLocaleString('de-DE')} Zeilen. Bitte teile sie auf.`
export const tooManyColumnsMessage = `Die Datei hat Werte in mehr als ${maxImportColumns} Spalten. Bitte entferne die Spalten, die nicht importiert werden.`

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte)

const zipSignature = [0x50, 0x4b, 0x03, 0x04]
const utf8Bom = [0xef, 0xbb, 0xbf]

/** NUL bytes never occur in text files; any other C0 control but tab, CR, LF, FF rarely does. */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192)
  let controls = 0
  for (const byte of sample) {
    if (byte === 0) return true
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++
  }
  return controls > sample.length / 100
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), Windows-1252 otherwise. */
export function decodeCsvText(bytes: Uint8Array): string {
  if (startsWith(bytes, utf8Bom)) return new TextDecoder('utf-8').decode(bytes.subarray(3))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

const tooManyRows = () => new DomainError(413, tooManyRowsMessage)

/** The row's cells within the column limit; 413 when a cell beyond it holds a value. */
function withinColumnLimit(cells: string[]): string[] {
  if (cells.length <= maxImportColumns) return cells
  if (cells.slice(maxImportColumns).some((cell) => cell.trim() !== '')) {
    throw new DomainError(413, tooManyColumnsMessage)
  }
  return cells.slice(0, maxImportColumns)
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let filled = 0
  let tooMany = false
  // The delimiter is guessed on the first rows without empty lines (which would skew the guess);
  // the file itself keeps its empty lines, so every row keeps its line number.
  const { delimiter } = Papa.parse<string[]>(text, {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: 'greedy',
    preview: 10,
  }).meta
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result, parser) => {
      if (result.data.some((cell) => cell.trim() !== '')) filled++
      // The header and one row beyond the limit are enough to know it is too many.
      if (filled > maxImportRows + 1) {
        tooMany = true
        parser.abort()
        return
      }
      rows.push(withinColumnLimit(result.data))
    },
  })
  if (tooMany) throw tooManyRows()
  return rows
}

/** A cell of a worksheet as the text a CSV export would hold (dates as dd.mm.yyyy). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toLocaleDateString('de-DE', { timeZone: 'UTC' })
  if (typeof value === 'number') return String(value).replace('.', ',')
  if (typeof value !== 'object') return String(value)
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue)
  if ('text' in value) return String(value.text)
  if ('error' in value) return ''
  return ''
}

/**
 * The pieces of exceljs's streaming reader (pinned to 4.4.0) that read one part of a workbook each.
 * Its public `read()` unzips the upload itself, front to back: it trusts the local headers rather
 * than the checked central directory, inflates without any limit, and spools every worksheet that
 * comes before the shared strings to a temporary file in full. So the checked zip hands it the
 * parts it needs, in the order it needs them, and the rows are read as they unpack.
 */
interface WorkbookPartsReader {
  workbookRels?: { Id: string; Target: string }[]
  model?: { sheets?: { rId: string }[] }
  _parseRels(part: Readable): Promise<void>
  _parseWorkbook(part: Readable): Promise<void>
  _parseSharedStrings(part: Readable): AsyncGenerator<never>
  _parseStyles(part: Readable): Promise<void>
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ value: WorksheetPartReader }>
}

interface WorksheetPartReader {
  /** The rows of each unpacked chunk, in one array (iterating row by row costs four times as long). */
  parse(): AsyncGenerator<{ eventType: string; value: ExcelJS.Row }[]>
}

/** The rows of the first worksheet that hold a value; 413 past the row limit, before reading on. */
async function parseWorkbook(zip: CheckedZip): Promise<FileRow[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined as never, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Dates are numbers with a date format: the styles say which.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookPartsReader
  const part = async (name: string) => {
    const entry = await zip.openEntry(name)
    // A zip without the parts of a workbook (a .docx, an archive).
    if (!entry) throw new DomainError(415, unsupportedFileMessage)
    return entry
  }
  const optionalPart = (name: string) => zip.openEntry(name)

  await reader._parseRels(await part('xl/_rels/workbook.xml.rels'))
  await reader._parseWorkbook(await part('xl/workbook.xml'))
  const sharedStrings = await optionalPart('xl/sharedStrings.xml')
  // With `sharedStrings: 'cache'` the generator keeps the strings and yields none: one step reads all.
  if (sharedStrings) await reader._parseSharedStrings(sharedStrings).next()
  const styles = await optionalPart('xl/styles.xml')
  if (styles) await reader._parseStyles(styles)

  const firstSheet = reader.model?.sheets?.[0]
  if (!firstSheet) return []
  const target = reader.workbookRels?.find((rel) => rel.Id === firstSheet.rId)?.Target
  if (!target) throw new DomainError(415, unsupportedFileMessage)
  // Targets are relative to xl/ or absolute within the package.
  const sheetPath = new URL(target, 'file:///xl/').pathname.slice(1)
  const [worksheet] = reader._parseWorksheet(await part(sheetPath), '1')
  if (!worksheet) return []

  const rows: FileRow[] = []
  for await (const events of worksheet.value.parse()) {
    for (const { eventType, value: row } of events) {
      if (eventType !== 'row' || !row.hasValues) continue
      // The header and one row beyond the limit are enough to know it is too many.
      if (rows.length > maxImportRows) throw tooManyRows()
      const cells: string[] = []
      // Only the cells the sheet holds; the gaps are filled once the row is known to fit.
      row.eachCell((cell, column) => {
        cells[column - 1] = cellText(cell.value)
      })
      const known = withinColumnLimit(cells)
      rows.push({ line: row.number, cells: Array.from(known, (text) => text ?? '') })
    }
  }
  return rows
}

async function readWorkbook(bytes: Uint8Array): Promise<FileRow[]> {
  try {
    return await parseWorkbook(await openCheckedZip(bytes))
  } catch (error) {
    if (error instanceof DomainError) throw error
    // No readable zip, or parts that are no workbook's XML.
    throw new DomainError(415, unsupportedFileMessage)
  }
}

/** Header and data rows of the file; 415 for what is no CSV or XLSX, 413 beyond the limits. */
export async function parseImportFile(bytes: Uint8Array): Promise<ParsedImportFile> {
  // The edge allows a little more for the multipart framing; the file itself has its limit here.
  if (bytes.byteLength > maxImportFileBytes) throw new DomainError(413, importFileTooLargeMessage)
  let fileRows: FileRow[]
  if (startsWith(bytes, zipSignature)) fileRows = await readWorkbook(bytes)
  else if (!startsWith(bytes, utf8Bom) && looksBinary(bytes)) {
    throw new DomainError(415, unsupportedFileMessage)
  } else {
    fileRows = parseCsv(decodeCsvText(bytes)).map((cells, index) => ({ line: index + 1, cells }))
  }

  const trimmed = fileRows.map((row) => ({
    line: row.line,
    cells: row.cells.map((cell) => cell.trim()),
  }))
  const rows = trimmed.filter((row) => row.line > 1 && row.cells.some((cell) => cell !== ''))
  if (rows.length === 0) throw new DomainError(400, emptyFileMessage)
  if (rows.length > maxImportRows) throw tooManyRows()
  const headerCells = trimmed[0]?.line === 1 ? trimmed[0].cells : []
  const header = headerCells.map((name, index) => name || `Spalte ${index + 1}`)
  return { header, rows }
}

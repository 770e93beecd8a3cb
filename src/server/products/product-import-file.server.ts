import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import {
  importFileTooLargeMessage,
  maxImportFileBytes,
  maxImportRows,
} from '../../lib/product-import-state'
import { DomainError } from '../errors.server'

/**
 * Reads an uploaded product file into its header and rows of text cells. What the file is comes
 * from its bytes, never its name: a zip that exceljs opens is a workbook (its first worksheet),
 * other binary data is refused (415), anything else is CSV text — UTF-8 (with or without BOM)
 * or, when it is no valid UTF-8, Windows-1252 as German Excel saves it. ADR 017.
 */

export interface ParsedImportFile {
  header: string[]
  /** Data rows without empty ones, each with its line number in the file. */
  rows: { line: number; cells: string[] }[]
}

export const unsupportedFileMessage =
  'Bitte laden Sie eine CSV- oder Excel-Datei (.xlsx) hoch. Ältere Excel-Dateien (.xls) speichern Sie bitte vorher als .xlsx oder CSV.'
export const emptyFileMessage =
  'Die Datei enthält keine Produkte: Es fehlen die Kopfzeile oder Zeilen darunter.'
export const tooManyRowsMessage = `Die Datei hat mehr als ${maxImportRows.toLocaleString('de-DE')} Zeilen. Bitte teilen Sie sie auf.`

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
      rows.push(result.data)
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

async function parseWorkbook(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    // A zip that is no workbook (a .docx, an archive).
    throw new DomainError(415, unsupportedFileMessage)
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) return []
  if (sheet.actualRowCount > maxImportRows + 1) throw tooManyRows()
  const rows: string[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = []
    for (let column = 1; column <= row.cellCount; column++) {
      cells.push(cellText(row.getCell(column).value))
    }
    // Indexed by row number, so every row keeps its line; the gaps are empty rows.
    rows[row.number - 1] = cells
  })
  return Array.from(rows, (cells) => cells ?? [])
}

/** Header and data rows of the file; 415 for what is no CSV or XLSX, 413 beyond the limits. */
export async function parseImportFile(bytes: Uint8Array): Promise<ParsedImportFile> {
  // The edge allows a little more for the multipart framing; the file itself has its limit here.
  if (bytes.byteLength > maxImportFileBytes) throw new DomainError(413, importFileTooLargeMessage)
  let table: string[][]
  if (startsWith(bytes, zipSignature)) table = await parseWorkbook(bytes)
  else if (!startsWith(bytes, utf8Bom) && looksBinary(bytes)) {
    throw new DomainError(415, unsupportedFileMessage)
  } else table = parseCsv(decodeCsvText(bytes))

  const [headerRow, ...dataRows] = table.map((cells, index) => ({
    line: index + 1,
    cells: cells.map((cell) => cell.trim()),
  }))
  const rows = dataRows.filter((row) => row.cells.some((cell) => cell !== ''))
  if (!headerRow || rows.length === 0) throw new DomainError(400, emptyFileMessage)
  if (rows.length > maxImportRows) throw tooManyRows()
  const header = headerRow.cells.map((name, index) => name || `Spalte ${index + 1}`)
  return { header, rows }
}

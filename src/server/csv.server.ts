import Papa from 'papaparse'

/**
 * CSV files for German spreadsheets: semicolon-separated, CRLF, UTF-8 with a byte-order mark so
 * Excel reads the umlauts. Cells that begin like a formula (`=`, `+`, `-`, `@`, tab, return) get
 * a leading apostrophe, so a name or a value someone typed cannot run as one in the reader's
 * spreadsheet — multi-line ones too, which Papa Parse's own pattern (`^…$` without the s flag)
 * would let through.
 */
export const csvOptions = {
  delimiter: ';',
  newline: '\r\n',
  escapeFormulae: /^[=+\-@\t\r]/,
} as const

/** The byte-order mark a CSV file starts with. */
export const csvByteOrderMark = '\uFEFF'

/** A whole CSV file: the header row and the rows, each line ended by CRLF. */
export function csvFile(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${csvByteOrderMark}${Papa.unparse({ fields: [...header], data: rows.map((row) => [...row]) }, csvOptions)}\r\n`
}

import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { maxImportColumns, maxImportRows } from '~/lib/product-import'
import { DomainError } from '~/server/errors.server'
import {
  emptyFileMessage,
  parseImportFile,
  tooManyColumnsMessage,
  tooManyRowsMessage,
  unsupportedFileMessage,
} from '~/server/products/product-import-file.server'
import { workbookOf, worksheetOfRows } from '../support/xlsx-bombs'

const utf8 = (text: string) => new TextEncoder().encode(text)

/** Text as German Excel saves "CSV (Trennzeichen-getrennt)": Windows-1252, one byte per umlaut. */
function windows1252(text: string): Uint8Array {
  const table: Record<string, number> = {
    ä: 0xe4,
    ö: 0xf6,
    ü: 0xfc,
    Ä: 0xc4,
    Ö: 0xd6,
    Ü: 0xdc,
    ß: 0xdf,
    '€': 0x80,
  }
  return Uint8Array.from([...text], (char) => table[char] ?? char.charCodeAt(0))
}

async function refusal(bytes: Uint8Array): Promise<DomainError> {
  const error = await parseImportFile(bytes).then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof DomainError)) throw new Error('the file was accepted')
  return error
}

describe('reading an import file', () => {
  it('reads semicolon-separated UTF-8 with a BOM, keeping each row’s line across empty lines', async () => {
    const file = await parseImportFile(
      utf8(
        '\uFEFFPZN;Name;Packungsgröße\r\n20001007;Grüne Öl-Blüte;"10,5"\r\n\r\n;;\r\n20002372;Süß;5\r\n',
      ),
    )
    expect(file.header).toEqual(['PZN', 'Name', 'Packungsgröße'])
    expect(file.rows).toEqual([
      { line: 2, cells: ['20001007', 'Grüne Öl-Blüte', '10,5'] },
      { line: 5, cells: ['20002372', 'Süß', '5'] },
    ])
  })

  it('reads UTF-8 without BOM, comma- and tab-separated', async () => {
    const comma = await parseImportFile(utf8('PZN,Name,THC\n20001007,Blüte,"22,5"\n'))
    expect(comma.rows[0]?.cells).toEqual(['20001007', 'Blüte', '22,5'])
    const tab = await parseImportFile(utf8('PZN\tName\n20001007\tÖl\n'))
    expect(tab.rows[0]?.cells).toEqual(['20001007', 'Öl'])
  })

  it('detects Windows-1252 when the bytes are no valid UTF-8', async () => {
    const file = await parseImportFile(
      windows1252('PZN;Bezeichnung;Größe\n20001007;Blüte Süß;10\n'),
    )
    expect(file.header).toEqual(['PZN', 'Bezeichnung', 'Größe'])
    expect(file.rows[0]?.cells).toEqual(['20001007', 'Blüte Süß', '10'])
  })

  it('reads the first worksheet of an XLSX workbook', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Produkte')
    sheet.addRow(['PZN', 'Name', 'THC'])
    sheet.addRow(['20001007', 'Blüte Ä', 22.5])
    sheet.addRow([])
    sheet.addRow(['20002372', 'Blüte B', 18])
    workbook.addWorksheet('Notizen').addRow(['nicht lesen'])
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer())
    const file = await parseImportFile(bytes)
    expect(file.header).toEqual(['PZN', 'Name', 'THC'])
    expect(file.rows).toEqual([
      { line: 2, cells: ['20001007', 'Blüte Ä', '22,5'] },
      { line: 4, cells: ['20002372', 'Blüte B', '18'] },
    ])
  })

  it('refuses old .xls, other zips and binary data with 415, saying what to upload', async () => {
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])
    const notAWorkbook = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8])
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    for (const bytes of [xls, notAWorkbook, png]) {
      const error = await refusal(bytes)
      expect(error.status).toBe(415)
      expect(error.message).toBe(unsupportedFileMessage)
    }
  })

  it('refuses a file with only a header, or nothing, with 400', async () => {
    for (const text of ['PZN;Name\r\n', '', '\r\n\r\n']) {
      const error = await refusal(utf8(text))
      expect(error.status).toBe(400)
      expect(error.message).toBe(emptyFileMessage)
    }
  })

  it(`refuses more than ${maxImportRows} data rows with 413`, async () => {
    const rows = Array.from({ length: maxImportRows + 1 }, (_, index) => `${index};x`)
    const error = await refusal(utf8(`PZN;Name\n${rows.join('\n')}\n`))
    expect(error.status).toBe(413)
    expect(error.message).toBe(tooManyRowsMessage)
    const exactly = await parseImportFile(utf8(`PZN;Name\n${rows.slice(1).join('\n')}\n`))
    expect(exactly.rows).toHaveLength(maxImportRows)
  })

  it(`refuses a workbook with more than ${maxImportRows} data rows with 413`, async () => {
    // One header and maxImportRows + 1 data rows.
    const tooMany = await workbookOf(worksheetOfRows(maxImportRows + 2, '20001007'))
    const error = await refusal(tooMany)
    expect(error.status).toBe(413)
    expect(error.message).toBe(tooManyRowsMessage)
    const exactly = await workbookOf(worksheetOfRows(maxImportRows + 1, '20001007'))
    expect((await parseImportFile(exactly)).rows).toHaveLength(maxImportRows)
  })

  it(`refuses values beyond ${maxImportColumns} columns with 413 and drops blank ones`, async () => {
    // One cell in Excel's last column would pad each of 50,000 rows to 16,384 cells.
    const farRight = await refusal(await workbookOf(worksheetOfRows(maxImportRows, 'x', 'XFD')))
    expect(farRight.status).toBe(413)
    expect(farRight.message).toBe(tooManyColumnsMessage)
    const columns = (count: number, last: string) =>
      `${Array.from({ length: count - 1 }, (_, index) => `S${index + 1}`).join(';')};${last}`
    const wideCsv = await refusal(utf8(`${columns(maxImportColumns + 1, 'zu viel')}\n1;x\n`))
    expect(wideCsv.message).toBe(tooManyColumnsMessage)
    const blankBeyond = await parseImportFile(utf8(`${columns(maxImportColumns + 1, ' ')}\n1;x\n`))
    expect(blankBeyond.header).toHaveLength(maxImportColumns)
  })
})

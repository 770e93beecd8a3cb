import { buffer } from 'node:stream/consumers'
import yazl from 'yazl'

/**
 * XLSX decompression bombs for the import's tests and bench: a minimal workbook whose first
 * worksheet holds a million rows, packed small, optionally with a zip directory that lies about
 * how large the worksheet unpacks; or rows whose only cell is in the sheet's last column.
 */

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
const packageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Produkte" sheetId="1" r:id="rId1"/></sheets></workbook>`
const workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`

export const sheetPath = 'xl/worksheets/sheet1.xml'

/** A worksheet of `rowCount` rows, each one cell with `text` in `column` (XFD: the last). */
export function worksheetOfRows(rowCount: number, text: string, column = 'A'): Buffer {
  const rows: string[] = []
  for (let row = 1; row <= rowCount; row++) {
    const cell = `<c r="${column}${row}" t="inlineStr"><is><t>${text}</t></is></c>`
    rows.push(`<row r="${row}">${cell}</row>`)
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`,
  )
}

/** A workbook with `worksheet` as its only sheet, every part deflated as hard as zlib can. */
export async function workbookOf(worksheet: Buffer): Promise<Uint8Array> {
  const zip = new yazl.ZipFile()
  const parts: [string, Buffer][] = [
    ['[Content_Types].xml', Buffer.from(contentTypes)],
    ['_rels/.rels', Buffer.from(packageRels)],
    ['xl/workbook.xml', Buffer.from(workbook)],
    ['xl/_rels/workbook.xml.rels', Buffer.from(workbookRels)],
    [sheetPath, worksheet],
  ]
  for (const [name, bytes] of parts) zip.addBuffer(bytes, name, { compressionLevel: 6 })
  zip.end()
  return new Uint8Array(await buffer(zip.outputStream))
}

/**
 * The zip with `declaredBytes` as the unpacked size of the entry `name`, in its local header and
 * in the central directory alike: a zip that lies about its size (no ZIP64, no archive comment).
 */
export function declaringUnpackedSize(
  zip: Uint8Array,
  name: string,
  declaredBytes: number,
): Uint8Array {
  const lying = Buffer.from(zip)
  const endOfDirectory = lying.length - 22
  if (lying.readUInt32LE(endOfDirectory) !== 0x06054b50) throw new Error('no plain zip')
  let header = lying.readUInt32LE(endOfDirectory + 16)
  for (let index = 0; index < lying.readUInt16LE(endOfDirectory + 10); index++) {
    const nameLength = lying.readUInt16LE(header + 28)
    const next =
      header + 46 + nameLength + lying.readUInt16LE(header + 30) + lying.readUInt16LE(header + 32)
    if (lying.toString('utf8', header + 46, header + 46 + nameLength) === name) {
      lying.writeUInt32LE(declaredBytes, header + 24)
      lying.writeUInt32LE(declaredBytes, lying.readUInt32LE(header + 42) + 22)
      return new Uint8Array(lying)
    }
    header = next
  }
  throw new Error(`no entry ${name}`)
}

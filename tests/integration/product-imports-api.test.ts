import { readFile } from 'node:fs/promises'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importFileTooLargeMessage, maxImportFileBytes, maxImportRows } from '~/lib/product-import'
import { unpackedTooLargeMessage } from '~/server/files/checked-zip.server'
import { missingFileMessage } from '~/server/files/file-http.server'
import {
  emptyFileMessage,
  tooManyColumnsMessage,
  tooManyRowsMessage,
  unsupportedFileMessage,
} from '~/server/products/product-import-file.server'
import { accessTokenOf, callApi, uploadOver } from '../support/api-client'
import { testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'
import {
  declaringUnpackedSize,
  sheetPath,
  workbookOf,
  worksheetOfRows,
} from '../support/xlsx-bombs'

/** The upload of the master product import over HTTP, against the production build. */

const demoFile = path.resolve(import.meta.dirname, '../../docs/demo-product-import.csv')
const route = '/api/admin/product-imports'

/** The demo list as a workbook, every cell the text the CSV holds. */
async function demoWorkbook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Produkte')
  const lines = (await readFile(demoFile, 'utf8')).split(/\r?\n/).filter((line) => line !== '')
  for (const line of lines) sheet.addRow(line.split(';'))
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

let bomb: Promise<Uint8Array> | undefined
/** A million rows in 6 MB that unpack to 210 MB; built once for both databases. */
const millionRowBomb = () => {
  bomb ??= workbookOf(worksheetOfRows(1_000_000, 'Blüte '.repeat(20)))
  return bomb
}

describe.each(testDatabaseKinds)('product import upload API on %s', (kind) => {
  let server: TestServer
  let adminToken: string
  let ownerToken: string

  const logIn = (username: string, password: string) =>
    accessTokenOf(server.baseUrl, username, password)

  const upload = (
    bytes: Uint8Array,
    { token, name = 'produkte.csv' }: { token?: string; name?: string },
  ) => uploadOver(server.baseUrl, route, bytes, { token, type: 'text/csv', name })

  beforeAll(async () => {
    server = await startTestServer(kind)
    adminToken = await logIn('admin', 'admin-demo-2026')
    ownerToken = await logIn('apotheke', 'apotheke-demo-2026')
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('takes the demo file from an admin and answers 201 with the import id', async () => {
    const answer = await upload(new Uint8Array(await readFile(demoFile)), { token: adminToken })
    expect(answer.status).toBe(201)
    expect(Object.keys(answer.body)).toEqual(['id'])
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('reads the state and confirms over REST: the run starts once and completes', async () => {
    const { body } = await upload(new Uint8Array(await readFile(demoFile)), { token: adminToken })
    const state = await callApi(server.baseUrl, `${route}/${body.id}`, { token: adminToken })
    expect(state).toMatchObject({
      status: 200,
      body: { status: 'previewed', counts: { new: 19, changed: 3, unchanged: 0, invalid: 3 } },
    })
    const confirms = await Promise.all(
      Array.from({ length: 10 }, () =>
        callApi(server.baseUrl, `${route}/${body.id}/confirm`, {
          method: 'POST',
          token: adminToken,
        }),
      ),
    )
    expect(confirms.map((answer) => answer.status)).toEqual(Array(10).fill(202))
    expect(confirms.filter((answer) => answer.body.started)).toHaveLength(1)
    // The run goes on in the server process: its state is asked until it is over.
    await expect
      .poll(
        async () =>
          (await callApi(server.baseUrl, `${route}/${body.id}`, { token: adminToken })).body.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('completed')
    const done = await callApi(server.baseUrl, `${route}/${body.id}`, { token: adminToken })
    expect(done.body).toMatchObject({ createdCount: 19, updatedCount: 3, processedRows: 22 })

    const unknown = await callApi(server.baseUrl, `${route}/${crypto.randomUUID()}`, {
      token: adminToken,
    })
    expect(unknown.status).toBe(404)
    const foreign = await callApi(server.baseUrl, `${route}/${body.id}/confirm`, {
      method: 'POST',
      token: ownerToken,
    })
    expect(foreign.status).toBe(403)
  })

  it('takes the demo list as an XLSX workbook and previews it as the CSV', async () => {
    const counts = async (bytes: Uint8Array, name: string) => {
      const answer = await upload(bytes, { token: adminToken, name })
      expect(answer.status).toBe(201)
      const state = await callApi(server.baseUrl, `${route}/${answer.body.id}`, {
        token: adminToken,
      })
      expect(state.body.status).toBe('previewed')
      return state.body.counts
    }
    const fromCsv = await counts(new Uint8Array(await readFile(demoFile)), 'produkte.csv')
    expect(fromCsv.invalid).toBe(3)
    expect(await counts(await demoWorkbook(), 'produkte.xlsx')).toEqual(fromCsv)
  })

  it('refuses an XLSX decompression bomb by its zip directory, before any row is parsed', async () => {
    const refusal = { status: 413, body: { status: 413, message: unpackedTooLargeMessage } }
    const bytes = await millionRowBomb()
    expect(bytes.byteLength).toBeLessThan(maxImportFileBytes)
    expect(await upload(bytes, { token: adminToken, name: 'bombe.xlsx' })).toEqual(refusal)
    // Declaring 1 KB, the worksheet passes the directory and is refused as it unpacks past that:
    // the chunk beyond the declared size never reaches the parser.
    const lying = declaringUnpackedSize(bytes, sheetPath, 1024)
    expect(await upload(lying, { token: adminToken, name: 'bombe.xlsx' })).toEqual(refusal)
  }, 60_000)

  it('refuses a workbook whose rows reach into its last column with 413', async () => {
    // 400 KB that would otherwise become 50,000 rows of 16,384 cells each.
    const farRight = await workbookOf(worksheetOfRows(maxImportRows, 'x', 'XFD'))
    expect(await upload(farRight, { token: adminToken, name: 'breit.xlsx' })).toEqual({
      status: 413,
      body: { status: 413, message: tooManyColumnsMessage },
    })
  })

  it('needs an admin token', async () => {
    const bytes = new Uint8Array(await readFile(demoFile))
    expect(await upload(bytes, {})).toMatchObject({ status: 401 })
    expect(await upload(bytes, { token: ownerToken })).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining('Zugriff verweigert') },
    })
  })

  it('refuses an old .xls, a picture and a JSON body with 415', async () => {
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])
    expect(await upload(xls, { token: adminToken, name: 'alt.xls' })).toEqual({
      status: 415,
      body: { status: 415, message: unsupportedFileMessage },
    })
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ])
    expect(await upload(png, { token: adminToken, name: 'liste.csv' })).toMatchObject({
      status: 415,
      body: { message: unsupportedFileMessage },
    })
    const json = await callApi(server.baseUrl, route, {
      token: adminToken,
      body: { file: 'PZN;Name' },
    })
    expect(json.status).toBe(415)
  })

  it('refuses files above 10 MB and above 50,000 rows with 413', async () => {
    // Just above 10 MB passes the edge (which allows for the multipart framing, and refuses far
    // larger bodies itself: edge.test.ts) and is refused by the import.
    const large = new TextEncoder().encode(`PZN;Name\n${'1;x'.padEnd(maxImportFileBytes - 8, 'x')}`)
    expect(large.byteLength).toBe(maxImportFileBytes + 1)
    expect(await upload(large, { token: adminToken })).toMatchObject({
      status: 413,
      body: { message: importFileTooLargeMessage },
    })
    const rows = Array.from({ length: maxImportRows + 1 }, (_, index) => `${index};x`).join('\n')
    expect(
      await upload(new TextEncoder().encode(`PZN;Name\n${rows}\n`), { token: adminToken }),
    ).toEqual({
      status: 413,
      body: { status: 413, message: tooManyRowsMessage },
    })
  })

  it('refuses a file with only a header and a request without a file with 400', async () => {
    expect(await upload(new TextEncoder().encode('PZN;Name\r\n'), { token: adminToken })).toEqual({
      status: 400,
      body: { status: 400, message: emptyFileMessage },
    })
    const empty = await fetch(`${server.baseUrl}${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: new FormData(),
    })
    expect(empty.status).toBe(400)
    expect((await empty.json()).errors).toEqual({ file: missingFileMessage })
  })
})

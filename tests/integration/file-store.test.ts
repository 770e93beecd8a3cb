import { createHash, randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedFiles } from '~/server/db/schema'
import { DomainError, ForbiddenError, NotFoundError } from '~/server/errors.server'
import { missingFileMessage } from '~/server/files/file-http.server'
import {
  fileNotFoundMessage,
  maxCertificateBytes,
  maxImageBytes,
  notACertificateMessage,
  notAnImageMessage,
  openStoredFile,
  storeFile,
  tooManyPixelsMessage,
  unreadableImageMessage,
  unreadableRecordImageMessage,
} from '~/server/files/file-store.server'
import { demoActors } from '../support/actors'
import { accessTokenOf, callApi, uploadOver } from '../support/api-client'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

// ─── Files to upload ──────────────────────────────────────────────────────────────────────────

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3b7a57' } })

const makePng = (width = 2400, height = 1200) => solid(width, height).png().toBuffer()
const makeWebp = () => solid(50, 50).webp().toBuffer()
/** A landscape photo whose EXIF says "turn right": stored, it must stand upright. */
const makeJpegWithExif = () =>
  solid(300, 100)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Qvist Fotostudio', Make: 'Testkamera' } })
    .toBuffer()

/** A phone's photo of a paper, telling where and with what it was taken. */
async function makeTellingJpeg() {
  const jpeg = await solid(300, 100)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Testkamera', Model: 'Qvist Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 36/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
        '<dc:creator>Qvist Scanner</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer()
  // A comment segment (COM) right after the start-of-image marker.
  const comment = Buffer.from('Qvist Kommentar')
  const length = Buffer.alloc(2)
  length.writeUInt16BE(comment.length + 2)
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    comment,
    jpeg.subarray(2),
  ])
}

/** A PNG with EXIF (orientation and camera) and a text chunk right after its header. */
async function makeTellingPng() {
  const png = await solid(300, 100)
    .png()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'Testkamera', Model: 'Qvist Phone 12' } })
    .toBuffer()
  const afterHeader = 8 + 25
  const text = pngChunk('tEXt', Buffer.from('Comment\0Qvist Kommentar', 'latin1'))
  return Buffer.concat([png.subarray(0, afterHeader), text, png.subarray(afterHeader)])
}

/** The GPS directory's tag (0x8825) in an EXIF block of either byte order. */
const hasGpsDirectory = (exif: Buffer | undefined) =>
  Boolean(exif?.includes(Buffer.from([0x88, 0x25])) || exif?.includes(Buffer.from([0x25, 0x88])))

const textFile = Buffer.from('Das ist kein Bild, nur ein umbenannter Text.\n')
const pdfFile = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
)
/** The PNG signature followed by nothing an image decoder can read. */
const brokenPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('kaputt'.repeat(20)),
])

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, checksum])
}

/** A few hundred bytes claiming 100,000 × 100,000 pixels: 30 GB once decoded. */
function decompressionBomb(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(100_000, 0)
  header.writeUInt32BE(100_000, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(300_001 * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

const isWebp = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, 4)).toString('ascii') === 'RIFF' &&
  Buffer.from(bytes.subarray(8, 12)).toString('ascii') === 'WEBP'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

// ─── The service ──────────────────────────────────────────────────────────────────────────────

describe.each(testDatabaseKinds)('file store on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const refusal = (upload: Uint8Array) =>
    storeFile(actors.admin, 'product_image', upload, db()).then(
      () => null,
      (error: unknown) => error as DomainError,
    )

  it('keeps PNG, JPEG and WebP re-encoded as WebP, at most 1600 px, with their SHA-256', async () => {
    for (const [upload, size] of [
      [await makePng(), { width: 1600, height: 800 }],
      [await makeWebp(), { width: 50, height: 50 }],
    ] as const) {
      const stored = await storeFile(actors.admin, 'product_image', upload, db())
      expect(stored).toMatchObject({ purpose: 'product_image', contentType: 'image/webp' })
      const [row] = await db().select().from(storedFiles).where(eq(storedFiles.id, stored.id))
      expect(row).toMatchObject({
        organisationId: null,
        contentType: 'image/webp',
        byteSize: row?.data.byteLength,
        sha256: sha256(row?.data as Buffer),
        createdBy: actors.admin.user.id,
      })
      expect(isWebp(row?.data as Buffer)).toBe(true)
      const metadata = await sharp(row?.data).metadata()
      expect({ width: metadata.width, height: metadata.height }).toEqual(size)
    }
  })

  it('turns photos upright by their EXIF orientation and drops all metadata', async () => {
    const upload = await makeJpegWithExif()
    expect((await sharp(upload).metadata()).exif).toBeDefined()
    const stored = await storeFile(actors.admin, 'product_image', upload, db())
    const opened = await openStoredFile(actors.admin, stored.id, db())
    const bytes = await opened.readBytes()
    const metadata = await sharp(bytes).metadata()
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 100, height: 300 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect(metadata.icc).toBeUndefined()
    expect(bytes.includes(Buffer.from('Qvist Fotostudio'))).toBe(false)
  })

  it('refuses what is not an image by its content: text, PDF, a broken or disguised image', async () => {
    const filesBefore = await db().$count(storedFiles)
    for (const upload of [textFile, pdfFile]) {
      const error = await refusal(upload)
      expect(error).toBeInstanceOf(DomainError)
      expect(error).toMatchObject({ status: 415, message: notAnImageMessage })
    }
    expect(await refusal(brokenPng)).toMatchObject({ status: 415, message: unreadableImageMessage })
    // JPEG's magic number in front of a PNG: the decoder disagrees with the announced format.
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), await makePng(20, 20)])
    expect(await refusal(disguised)).toMatchObject({ status: 415 })
    expect(await db().$count(storedFiles)).toBe(filesBefore)
  })

  it('refuses files above 5 MB and images with too many pixels', async () => {
    const tooLarge = Buffer.concat([await makePng(20, 20), Buffer.alloc(maxImageBytes)])
    expect(await refusal(tooLarge)).toMatchObject({
      status: 413,
      message: 'Das Bild ist größer als 5 MB.',
    })
    const bomb = decompressionBomb()
    expect(bomb.byteLength).toBeLessThan(5_000)
    expect(await refusal(bomb)).toMatchObject({ status: 413, message: tooManyPixelsMessage })
  })

  it('lets only platform admins store product images; business users read them', async () => {
    const upload = await makeWebp()
    for (const actor of [
      actors.pharmacyOwner,
      actors.pharmacyStaff,
      actors.clubOwner,
      actors.wholesalerOwner,
      actors.shopCustomer,
    ]) {
      await expect(storeFile(actor, 'product_image', upload, db())).rejects.toBeInstanceOf(
        ForbiddenError,
      )
    }
    const stored = await storeFile(actors.admin, 'product_image', upload, db())
    for (const viewer of [actors.admin, actors.clubOwner]) {
      const opened = await openStoredFile(viewer, stored.id, db())
      expect(opened).toMatchObject({ id: stored.id, public: false, sha256: stored.sha256 })
    }
    // The shop loads only pack photos' renditions, through its own route (ADR 081).
    for (const viewer of [null, actors.shopCustomer]) {
      await expect(openStoredFile(viewer, stored.id, db())).rejects.toBeInstanceOf(NotFoundError)
    }
  })

  it('answers 404 for unknown ids and for what is no id', async () => {
    for (const id of [crypto.randomUUID(), 'kein-uuid', '']) {
      const error = await openStoredFile(null, id, db()).catch((thrown) => thrown)
      expect(error).toBeInstanceOf(NotFoundError)
      expect(error.message).toBe(fileNotFoundMessage)
    }
  })
})

// ─── Over HTTP ────────────────────────────────────────────────────────────────────────────────

describe.each(testDatabaseKinds)('file API on %s', (kind) => {
  let server: TestServer
  let adminToken: string
  let ownerToken: string

  const logIn = (username: string, password: string) =>
    accessTokenOf(server.baseUrl, username, password)

  /** A multipart upload with the declared type and name a browser would send. */
  const upload = (
    bytes: Uint8Array,
    {
      token,
      type = 'image/png',
      name = 'bild.png',
    }: { token?: string; type?: string; name?: string },
  ) => uploadOver(server.baseUrl, '/api/files/product-images', bytes, { token, type, name })

  beforeAll(async () => {
    server = await startTestServer(kind)
    adminToken = await logIn('admin', 'admin-demo-2026')
    ownerToken = await logIn('apotheke', 'apotheke-demo-2026')
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('takes an image from an admin and serves it to business users with type and ETag', async () => {
    const png = await makePng(800, 600)
    const stored = await upload(png, { token: adminToken })
    expect(stored.status).toBe(201)
    expect(Object.keys(stored.body)).toEqual(['id'])

    const asAdmin = { authorization: `Bearer ${adminToken}` }
    const answer = await fetch(`${server.baseUrl}/api/files/${stored.body.id}`, {
      headers: asAdmin,
    })
    expect(answer.status).toBe(200)
    const bytes = new Uint8Array(await answer.arrayBuffer())
    expect(isWebp(bytes)).toBe(true)
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(bytes.byteLength),
      etag: `"${sha256(bytes)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    // Not for visitors: the shop shows only confirmed pack photos, by their own route (ADR 081).
    expect((await fetch(`${server.baseUrl}/api/files/${stored.body.id}`)).status).toBe(404)

    const revalidated = await fetch(`${server.baseUrl}/api/files/${stored.body.id}`, {
      headers: { ...asAdmin, 'if-none-match': `W/"0000", "${sha256(bytes)}"` },
    })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    expect(revalidated.headers.get('etag')).toBe(`"${sha256(bytes)}"`)
    const changed = await fetch(`${server.baseUrl}/api/files/${stored.body.id}`, {
      headers: { ...asAdmin, 'if-none-match': '"etwas-anderes"' },
    })
    expect(changed.status).toBe(200)
  })

  it('needs an admin token to upload', async () => {
    const png = await makePng(40, 40)
    expect(await upload(png, {})).toMatchObject({ status: 401 })
    expect(await upload(png, { token: 'kein.gueltiges.token' })).toMatchObject({ status: 401 })
    expect(await upload(png, { token: ownerToken })).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining('Zugriff verweigert') },
    })
  })

  it('refuses a text renamed to .png and a PDF with 415, whatever they claim to be', async () => {
    const text = await upload(textFile, { token: adminToken, type: 'image/png', name: 'foto.png' })
    expect(text).toEqual({ status: 415, body: { status: 415, message: notAnImageMessage } })
    const pdf = await upload(pdfFile, {
      token: adminToken,
      type: 'image/jpeg',
      name: 'analyse.jpg',
    })
    expect(pdf).toMatchObject({ status: 415, body: { message: notAnImageMessage } })
  })

  it('refuses an image above 5 MB, a request without a file, and a JSON body', async () => {
    const tooLarge = Buffer.concat([await makePng(20, 20), Buffer.alloc(maxImageBytes)])
    expect(await upload(tooLarge, { token: adminToken })).toMatchObject({
      status: 413,
      body: { message: 'Das Bild ist größer als 5 MB.' },
    })

    const empty = await fetch(`${server.baseUrl}/api/files/product-images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: new FormData(),
    })
    expect(empty.status).toBe(400)
    expect((await empty.json()).errors).toEqual({ file: missingFileMessage })
    const withoutFile = new FormData()
    withoutFile.append('name', 'bild.png')
    const noFile = await fetch(`${server.baseUrl}/api/files/product-images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: withoutFile,
    })
    expect(noFile.status).toBe(400)
    expect((await noFile.json()).errors).toEqual({ file: missingFileMessage })

    const json = await callApi(server.baseUrl, '/api/files/product-images', {
      token: adminToken,
      body: { file: 'iVBORw0KGgo=' },
    })
    expect(json.status).toBe(415)
    expect(json.body.message).toContain('multipart/form-data')
  })

  it("takes a shop logo of 500 KB and refuses one above 1 MB with the logo's message", async () => {
    const side = 410
    const noise = randomBytes(side * side * 3)
    const logo = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer()
    expect(logo.byteLength).toBeGreaterThan(500_000)
    const upload = (bytes: Uint8Array) =>
      uploadOver(server.baseUrl, '/api/files/shop-logos', bytes, {
        token: ownerToken,
        type: 'image/png',
        name: 'logo.png',
      })
    expect(await upload(logo)).toMatchObject({ status: 201, body: { id: expect.any(String) } })
    const tooLarge = Buffer.concat([logo, Buffer.alloc(600_000)])
    expect(await upload(tooLarge)).toEqual({
      status: 413,
      body: { status: 413, message: 'Das Logo ist größer als 1 MB.' },
    })
  })

  it('answers 404 for unknown files and 405 for other methods', async () => {
    const unknown = await callApi(server.baseUrl, `/api/files/${crypto.randomUUID()}`)
    expect(unknown).toMatchObject({ status: 404, body: { message: fileNotFoundMessage } })
    expect((await callApi(server.baseUrl, '/api/files/kein-uuid')).status).toBe(404)
    const deleting = await callApi(server.baseUrl, `/api/files/${crypto.randomUUID()}`, {
      method: 'DELETE',
      token: adminToken,
    })
    expect(deleting.status).toBe(405)
  })

  it('takes 50 parallel uploads, each stored once', async () => {
    const images = await Promise.all(
      Array.from({ length: 50 }, (_, index) => makePng(100 + index, 80)),
    )
    const answers = await Promise.all(images.map((png) => upload(png, { token: adminToken })))
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201))
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(50)
    const widths = await Promise.all(
      answers.map(async (answer) => {
        const response = await fetch(`${server.baseUrl}/api/files/${answer.body.id}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        })
        return (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width
      }),
    )
    expect(widths).toEqual(images.map((_, index) => 100 + index))
  })
})

describe.each(testDatabaseKinds)('certificate API on %s', (kind) => {
  let server: TestServer
  const tokens: Record<'admin' | 'owner' | 'staff' | 'wholesaler', string> = {
    admin: '',
    owner: '',
    staff: '',
    wholesaler: '',
  }
  const upload = (
    bytes: Uint8Array,
    token: string,
    name = 'analyse.pdf',
    type = 'application/pdf',
  ) => uploadOver(server.baseUrl, '/api/files/batch-certificates', bytes, { token, type, name })
  const download = (id: string, token?: string) =>
    fetch(`${server.baseUrl}/api/files/${id}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  beforeAll(async () => {
    server = await startTestServer(kind)
    tokens.admin = await accessTokenOf(server.baseUrl, 'admin', 'admin-demo-2026')
    tokens.owner = await accessTokenOf(server.baseUrl, 'apotheke', 'apotheke-demo-2026')
    tokens.staff = await accessTokenOf(server.baseUrl, 'mitarbeiter', 'mitarbeiter-demo-2026')
    tokens.wholesaler = await accessTokenOf(server.baseUrl, 'grosshandel', 'grosshandel-demo-2026')
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('keeps a PDF byte for byte and serves it only to its organisation', async () => {
    const stored = await upload(pdfFile, tokens.staff)
    expect(stored.status).toBe(201)
    const answer = await download(stored.body.id, tokens.owner)
    expect(answer.status).toBe(200)
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(pdfFile)
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    })
    for (const token of [undefined, tokens.wholesaler, tokens.admin]) {
      expect((await download(stored.body.id, token)).status).toBe(404)
    }
  })

  it('keeps images of every record purpose upright, in their format, without any metadata', async () => {
    const jpeg = await makeTellingJpeg()
    const png = await makeTellingPng()
    const jpegFacts = await sharp(jpeg).metadata()
    expect(hasGpsDirectory(jpegFacts.exif)).toBe(true)
    expect(jpegFacts.xmp).toBeDefined()
    expect((await sharp(png).metadata()).comments).toEqual([
      { keyword: 'Comment', text: 'Qvist Kommentar' },
    ])
    for (const path of [
      '/api/files/batch-certificates',
      '/api/files/prescription-scans',
      '/api/files/copayment-exemptions',
    ]) {
      for (const [bytes, type] of [
        [jpeg, 'image/jpeg'],
        [png, 'image/png'],
      ] as const) {
        const stored = await uploadOver(server.baseUrl, path, bytes, {
          token: tokens.owner,
          type,
          name: 'scan',
        })
        expect(stored.status, `${path} ${type}`).toBe(201)
        const answer = await download(stored.body.id, tokens.owner)
        expect(answer.headers.get('content-type')).toBe(type)
        const kept = Buffer.from(await answer.arrayBuffer())
        const facts = await sharp(kept).metadata()
        expect(facts).toMatchObject({
          format: type.slice('image/'.length),
          width: 100,
          height: 300,
        })
        for (const key of ['exif', 'xmp', 'iptc', 'icc', 'comments', 'orientation'] as const) {
          expect(facts[key], `${path} ${type} ${key}`).toBeUndefined()
        }
        expect(kept.includes(Buffer.from('Qvist'))).toBe(false)
        expect(kept.includes(Buffer.from('Testkamera'))).toBe(false)
      }
    }
  })

  it('refuses a renamed executable, a file over 10 MB, and uploads by the platform admin', async () => {
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(512, 1)])
    expect(await upload(executable, tokens.owner, 'coa.pdf')).toMatchObject({
      status: 415,
      body: { message: notACertificateMessage },
    })
    const script = Buffer.from('#!/bin/sh\nrm -rf /\n')
    expect((await upload(script, tokens.owner, 'coa.png', 'image/png')).status).toBe(415)
    expect(await upload(brokenPng, tokens.owner, 'coa.png', 'image/png')).toMatchObject({
      status: 415,
      body: { message: unreadableRecordImageMessage },
    })
    const tooLarge = Buffer.concat([pdfFile, Buffer.alloc(maxCertificateBytes)])
    expect(await upload(tooLarge, tokens.owner)).toMatchObject({
      status: 413,
      body: { message: 'Das Analysezertifikat ist größer als 10 MB.' },
    })
    expect((await upload(pdfFile, tokens.admin)).status).toBe(403)
    expect((await upload(pdfFile, '')).status).toBe(401)
  })
})

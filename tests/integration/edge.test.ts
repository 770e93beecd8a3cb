import { randomUUID } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importFileTooLargeMessage } from '~/lib/product-import-state'
import { callApi } from '../support/api-client'
import { validContactMessage } from '../support/contact'
import { testDatabaseKinds } from '../support/databases'
import { serverFunctionPath } from '../support/endpoints'
import { startTestServer, type TestServer } from '../support/server'

const shopHost = 'sonnen-apotheke.localhost'
const clientDir = path.resolve(import.meta.dirname, '../../dist/client')
/** Start's CSRF check wants proof of a same-origin call; a browser sends this header. */
const sameOrigin = { 'sec-fetch-site': 'same-origin' }

const logInFunction = serverFunctionPath('src/features/session/session.functions.ts', 'logIn')
const legalTextFunction = serverFunctionPath(
  'src/features/legal/legal.functions.ts',
  'fetchLegalText',
)

/**
 * Sends `sent` bytes of a body and waits for the answer without ever finishing the body: with a
 * declared Content-Length of `declared` bytes, or chunked when none is given.
 */
function sendUnfinishedBody(
  url: string,
  options: { sent: number; declared?: number; contentType?: string },
): Promise<{ status: number; headers: Record<string, unknown>; body: unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      ...sameOrigin,
      'content-type': options.contentType ?? 'application/json',
    }
    if (options.declared !== undefined) headers['content-length'] = options.declared
    const timer = setTimeout(() => reject(new Error('no answer while the body was open')), 10_000)
    const outgoing = request(url, { method: 'POST', headers }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        clearTimeout(timer)
        outgoing.destroy()
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        })
      })
    })
    // The server may close the connection before it saw everything sent; the answer counts.
    outgoing.on('error', () => {})
    outgoing.write(`"${'x'.repeat(options.sent)}`)
  })
}

describe.each(testDatabaseKinds)(
  'edge behind a trusted proxy (TRUST_PROXY=loopback) on %s',
  (kind) => {
    let server: TestServer
    const api = (urlPath: string, call?: Parameters<typeof callApi>[2]) =>
      callApi(server.baseUrl, urlPath, call)

    beforeAll(async () => {
      server = await startTestServer(kind, { TRUST_PROXY: 'loopback' })
    })
    afterAll(async () => {
      await server?.stop()
    })

    it('limits a client that rotates the left-most X-Forwarded-For entry', async () => {
      // The proxy appends the address it saw (203.0.113.10); the client invents the rest.
      const send = (claimed: number) =>
        api('/api/contact', {
          body: validContactMessage,
          headers: { 'x-forwarded-for': `198.51.100.${claimed}, 203.0.113.10` },
        })
      for (let claimed = 1; claimed <= 5; claimed++) expect((await send(claimed)).status).toBe(201)
      expect((await send(6)).status).toBe(429)
      expect((await send(7)).status).toBe(429)
    })

    it('takes X-Forwarded-Host and -Proto from the trusted proxy', async () => {
      const shop = await api('/', { headers: { 'x-forwarded-host': shopHost } })
      expect(shop.status).toBe(307)
      expect(shop.headers.get('location')).toBe('/shop')

      const https = await api('/favicon.svg', { headers: { 'x-forwarded-proto': 'https' } })
      expect(https.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      )
    })

    it('refuses a server-function body over 64 KiB with 413 before reading it', async () => {
      const declared = await sendUnfinishedBody(`${server.baseUrl}${logInFunction}`, {
        declared: 100 * 1024 * 1024,
        sent: 1024,
      })
      expect(declared.status).toBe(413)
      expect(declared.headers.connection).toBe('close')
      expect(declared.body).toEqual({
        status: 413,
        message: 'Die Anfrage ist zu groß (höchstens 64 KiB).',
      })

      const chunked = await sendUnfinishedBody(`${server.baseUrl}${logInFunction}`, {
        sent: 65 * 1024,
      })
      expect(chunked.status).toBe(413)
      expect(chunked.body).toEqual({
        status: 413,
        message: 'Die Anfrage ist zu groß (höchstens 64 KiB).',
      })

      // Up to the limit, the body reaches the server function (which refuses the login itself).
      const withinLimit = await api(logInFunction, {
        headers: sameOrigin,
        body: { data: { accountType: 'b2b', username: 'admin', password: 'x'.repeat(60 * 1024) } },
      })
      expect(withinLimit.status).not.toBe(413)
    })

    it('refuses a REST body over 16 KiB with 413, also when it is sent chunked', async () => {
      const chunked = await sendUnfinishedBody(`${server.baseUrl}/api/contact`, {
        sent: 17 * 1024,
      })
      expect(chunked.status).toBe(413)
      expect(chunked.body).toEqual({
        status: 413,
        message: 'Die Anfrage ist zu groß (höchstens 16 KiB).',
      })
    })

    it('refuses an import file over 10 MB with 413 and the import’s message before reading it', async () => {
      const declared = await sendUnfinishedBody(`${server.baseUrl}/api/admin/product-imports`, {
        declared: 11 * 1024 * 1024,
        sent: 1024,
        contentType: 'multipart/form-data; boundary=x',
      })
      expect(declared).toMatchObject({
        status: 413,
        body: { status: 413, message: importFileTooLargeMessage },
      })
    })

    it('answers malformed JSON to a server function with 400', async () => {
      const body = await api(logInFunction, {
        headers: sameOrigin,
        rawBody: '{"data":',
        contentType: 'application/json',
      })
      expect(body.status).toBe(400)
      expect(body.body).toEqual({ status: 400, message: 'Die Anfrage enthält kein gültiges JSON.' })

      const payload = await api(`${legalTextFunction}?payload=%7B%22data%22`, {
        headers: sameOrigin,
      })
      expect(payload.status).toBe(400)
      expect(payload.body).toEqual({
        status: 400,
        message: 'Der Parameter „payload“ enthält kein gültiges JSON.',
      })
    })

    it('sends the security headers with static files', async () => {
      const page = await api('/login')
      const script = /"(\/assets\/[^"]+\.js)"/.exec(page.body as string)?.[1]
      expect(script).toBeDefined()
      for (const file of ['/favicon.svg', '/tenant-logos/sonnen-apotheke.svg', script as string]) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await api(file, { method })
          expect(answer.status, `${method} ${file}`).toBe(200)
          expect(answer.headers.get('x-content-type-options'), file).toBe('nosniff')
          expect(answer.headers.get('x-frame-options'), file).toBe('DENY')
          expect(answer.headers.get('referrer-policy'), file).toBe(
            'strict-origin-when-cross-origin',
          )
          expect(answer.headers.get('cross-origin-opener-policy'), file).toBe('same-origin')
          expect(answer.headers.get('permissions-policy'), file).toContain('camera=()')
        }
      }
    })

    it('serves only the files the build had at start, without looking at the disk for others', async () => {
      const name = `added-after-start-${randomUUID()}.txt`
      await writeFile(path.join(clientDir, name), 'not part of the build')
      try {
        expect((await api(`/${name}`)).status).toBe(404)
      } finally {
        await rm(path.join(clientDir, name))
      }
    })

    it.each(['/api/health', '/api/version'])(
      '%s answers GET and HEAD; other methods 405',
      async (endpoint) => {
        const get = await api(endpoint)
        expect(get.status).toBe(200)
        expect(get.headers.get('content-type')).toContain('application/json')
        const head = await fetch(`${server.baseUrl}${endpoint}`, { method: 'HEAD' })
        expect(head.status).toBe(200)
        expect(head.headers.get('content-type')).toContain('application/json')
        expect(await head.text()).toBe('')
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'OPTIONS']) {
          const answer = await api(endpoint, { method })
          expect(answer.status, method).toBe(405)
          expect(answer.headers.get('allow'), method).toBe('GET, HEAD')
          expect(answer.body, method).toEqual({
            status: 405,
            message: 'Diese Methode ist hier nicht erlaubt.',
          })
        }
      },
    )

    it('runs in production mode with the production build of react-dom', () => {
      const listening = server.logs
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; nodeEnv?: string; reactDom?: string })
        .find((entry) => entry.msg === 'listening')
      expect(listening).toMatchObject({ nodeEnv: 'production', reactDom: 'production' })
    })
  },
)

describe.each(testDatabaseKinds)('edge with a peer that is not a trusted proxy on %s', (kind) => {
  let server: TestServer
  const api = (urlPath: string, call?: Parameters<typeof callApi>[2]) =>
    callApi(server.baseUrl, urlPath, call)

  beforeAll(async () => {
    // The tests connect from loopback, which is not this proxy.
    server = await startTestServer(kind, { TRUST_PROXY: '192.0.2.1' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('ignores X-Forwarded-Host and -Proto', async () => {
    const main = await api('/', {
      headers: { 'x-forwarded-host': shopHost, 'x-forwarded-proto': 'https' },
    })
    expect(main.status).toBe(200)
    expect(main.headers.get('strict-transport-security')).toBeNull()
  })

  it('limits the peer whatever X-Forwarded-For claims', async () => {
    const send = (claimed: number) =>
      api('/api/contact', {
        body: validContactMessage,
        headers: { 'x-forwarded-for': `198.51.100.${claimed}` },
      })
    for (let claimed = 1; claimed <= 5; claimed++) expect((await send(claimed)).status).toBe(201)
    expect((await send(6)).status).toBe(429)
  })
})

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoIds } from '~/server/db/seed.server'
import { demoContactMessageIds } from '~/server/db/seed-support.server'
import { callApi } from '../support/api-client'
import { validContactMessage } from '../support/contact'
import { testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

const shopHost = 'sonnen-apotheke.localhost'

let nextClient = 1
/** Each test sends from its own address (the server trusts X-Forwarded-For from loopback), so limits do not leak. */
const newClientIp = () => `198.51.100.${nextClient++}`

describe.each(testDatabaseKinds)('contact API on %s', (kind) => {
  let server: TestServer
  const api = (path: string, call?: Parameters<typeof callApi>[2]) =>
    callApi(server.baseUrl, path, call)
  const send = (body: unknown, client: { ip: string; host?: string }) =>
    api('/api/contact', { body, host: client.host, headers: { 'x-forwarded-for': client.ip } })

  /**
   * Rows of `contact_messages` on PostgreSQL, without the demo's; the embedded store is locked by
   * the server.
   */
  const storedMessages = async (): Promise<Record<string, unknown>[] | null> => {
    if (!server.databaseUrl) return null
    const client = new pg.Client({ connectionString: server.databaseUrl })
    await client.connect()
    try {
      const result = await client.query(
        'select * from contact_messages where not (id = any($1::uuid[])) order by created_at',
        [demoContactMessageIds],
      )
      return result.rows
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: 'loopback' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('POST /api/contact answers 201 on the main host and on a shop host, no login needed', async () => {
    const ip = newClientIp()
    const main = await send(validContactMessage, { ip })
    expect(main.status).toBe(201)
    expect(main.body).toEqual({ status: 'success' })
    expect(main.headers.get('cache-control')).toBe('no-store')

    const shop = await send(
      { ...validContactMessage, subject: 'Frage an die Apotheke', email: '  mara@example.com ' },
      { ip, host: shopHost },
    )
    expect(shop.status).toBe(201)
    expect(shop.body).toEqual({ status: 'success' })

    const rows = await storedMessages()
    if (rows) {
      expect(rows).toEqual([
        {
          id: expect.any(String),
          tenant_id: null,
          ...validContactMessage,
          client_ip: ip,
          handled_at: null,
          handled_by: null,
          created_at: expect.any(Date),
        },
        {
          id: expect.any(String),
          tenant_id: demoIds.tenantPharmacy,
          ...validContactMessage,
          subject: 'Frage an die Apotheke',
          client_ip: ip,
          handled_at: null,
          handled_by: null,
          created_at: expect.any(Date),
        },
      ])
    }
  })

  it('400 with a German message per invalid field; nothing is stored', async () => {
    const ip = newClientIp()
    const before = await storedMessages()
    const empty = await send({}, { ip })
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({
      status: 400,
      message: 'Die Eingaben sind ungültig.',
      errors: {
        name: 'Bitte geben Sie Ihren Namen ein.',
        email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
        subject: 'Bitte geben Sie einen Betreff ein.',
        message: 'Bitte geben Sie eine Nachricht ein.',
      },
    })

    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: '   ' }, { name: 'Bitte geben Sie Ihren Namen ein.' }],
      [{ name: ' M ' }, { name: 'Der Name muss mindestens 2 Zeichen lang sein.' }],
      [{ name: 'x'.repeat(101) }, { name: 'Der Name darf höchstens 100 Zeichen lang sein.' }],
      [{ name: 42 }, { name: 'Bitte geben Sie Ihren Namen ein.' }],
      [{ email: 'keine-adresse' }, { email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }],
      [{ email: 'a b@example.com' }, { email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }],
      [{ email: `${'x'.repeat(250)}@example.com` }, { email: 'Die E-Mail-Adresse ist zu lang.' }],
      [{ subject: '' }, { subject: 'Bitte geben Sie einen Betreff ein.' }],
      [{ subject: ' ab ' }, { subject: 'Der Betreff muss mindestens 3 Zeichen lang sein.' }],
      [
        { subject: 'x'.repeat(151) },
        { subject: 'Der Betreff darf höchstens 150 Zeichen lang sein.' },
      ],
      [{ message: ' \n ' }, { message: 'Bitte geben Sie eine Nachricht ein.' }],
      [
        { message: '  neun Zei  ' },
        { message: 'Die Nachricht muss mindestens 10 Zeichen lang sein.' },
      ],
      [
        { message: 'x'.repeat(5001) },
        { message: 'Die Nachricht darf höchstens 5000 Zeichen lang sein.' },
      ],
    ]
    for (const [change, errors] of cases) {
      const answer = await send({ ...validContactMessage, ...change }, { ip, host: shopHost })
      expect(answer.status, JSON.stringify(change)).toBe(400)
      expect(answer.body.errors, JSON.stringify(change)).toEqual(errors)
    }

    const malformed = await api('/api/contact', {
      rawBody: '{"name":',
      contentType: 'application/json',
      headers: { 'x-forwarded-for': ip },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual({
      status: 400,
      message: 'Die Anfrage enthält kein gültiges JSON.',
    })

    expect(await storedMessages()).toEqual(before)
    // Refused input does not count towards the limit: all five messages still go through.
    for (let count = 0; count < 5; count++) {
      expect((await send(validContactMessage, { ip })).status).toBe(201)
    }
  })

  it('400 with a clear message for a control character in any field; nothing is stored', async () => {
    const ip = newClientIp()
    const before = await storedMessages()
    const refused = 'Die Eingabe enthält unzulässige Steuerzeichen.'
    const cases: [Record<string, string>, string][] = [
      [{ name: 'Mara\u0000Muster' }, 'name'],
      [{ email: 'mara@example.com\u0000' }, 'email'],
      [{ subject: 'Frage\u0000zur Lieferung' }, 'subject'],
      [{ message: 'Liefert ihr auch\u0000 nach Hamburg?' }, 'message'],
      [{ message: 'Liefert ihr auch\u0007 nach Hamburg?' }, 'message'],
      [{ subject: 'Frage zur\nLieferung' }, 'subject'],
    ]
    for (const [change, field] of cases) {
      const answer = await send({ ...validContactMessage, ...change }, { ip })
      expect(answer.status, JSON.stringify(change)).toBe(400)
      expect(answer.body.errors, JSON.stringify(change)).toEqual({ [field]: refused })
    }
    expect(await storedMessages()).toEqual(before)

    // A message may have several lines and tabs.
    const multiLine = {
      ...validContactMessage,
      message: 'Hallo,\r\n\tliefert ihr auch nach Hamburg?',
    }
    expect((await send(multiLine, { ip })).status).toBe(201)
  })

  it('accepts the longest allowed fields', async () => {
    const answer = await send(
      {
        name: 'x'.repeat(100),
        email: 'mara@example.com',
        subject: 'x'.repeat(150),
        message: `  ${'x'.repeat(5000)}  `,
      },
      { ip: newClientIp() },
    )
    expect(answer.status).toBe(201)
  })

  it('415 for a body that is not JSON, 413 for one over 16 KiB, 405 for another method', async () => {
    const ip = newClientIp()
    const form = await api('/api/contact', {
      rawBody: 'name=Mara&message=Hallo',
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'x-forwarded-for': ip },
    })
    expect(form.status).toBe(415)
    expect(form.body).toEqual({
      status: 415,
      message: 'Der Inhalt muss JSON sein (Content-Type: application/json).',
    })
    const large = await send({ ...validContactMessage, message: 'x'.repeat(17 * 1024) }, { ip })
    expect(large.status).toBe(413)
    const get = await api('/api/contact')
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
  })

  it('429 with Retry-After after 5 messages from one client within an hour', async () => {
    const ip = newClientIp()
    const before = await storedMessages()
    for (let count = 0; count < 5; count++) {
      const host = count % 2 ? shopHost : undefined
      expect((await send(validContactMessage, { ip, host })).status).toBe(201)
    }
    const blocked = await send(validContactMessage, { ip, host: shopHost })
    expect(blocked.status).toBe(429)
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60 * 60)
    expect(blocked.body).toEqual({
      status: 429,
      message: expect.stringMatching(
        /^Sie haben zu viele Nachrichten gesendet\. Bitte versuchen Sie es in \d+ Minuten? erneut\.$/,
      ),
    })
    if (before) expect((await storedMessages())?.length).toBe(before.length + 5)

    // Another client is not affected.
    expect((await send(validContactMessage, { ip: newClientIp() })).status).toBe(201)
  })
})

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoContactMessageIds } from '~/server/db/seed-support.server'
import { type ApiAnswer, callApi } from '../support/api-client'
import { validContactMessage } from '../support/contact'
import { testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

const shopHost = 'sonnen-apotheke.localhost'
const burst = 50

/** How many answers of a burst had each status, e.g. `{ 401: 10, 429: 40 }`. */
function statusCounts(answers: ApiAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

/**
 * A burst of parallel attempts must not slip past a limit: the counter is taken before the slow
 * work (the password check), so only the allowed number of attempts ever reaches it.
 */
describe.each(testDatabaseKinds)('limits under parallel requests on %s', (kind) => {
  let server: TestServer
  const api = (path: string, call?: Parameters<typeof callApi>[2]) =>
    callApi(server.baseUrl, path, call)
  const inParallel = (count: number, attempt: (index: number) => Promise<ApiAnswer>) =>
    Promise.all(Array.from({ length: count }, (_, index) => attempt(index)))

  /** Ends the windows of the counters whose key starts with `prefix` (PostgreSQL only). */
  const endWindows = async (prefix: string) => {
    const client = new pg.Client({ connectionString: server.databaseUrl as string })
    await client.connect()
    try {
      await client.query(
        "update rate_limits set expires_at = now() - interval '1 second' where key like $1",
        [`${prefix}%`],
      )
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it(`${burst} parallel wrong logins for one account: at most 10 reach the password check, the rest 429`, async () => {
    const account = { username: 'grosshandel', password: 'grosshandel-demo-2026' }
    const answers = await inParallel(burst, (index) =>
      api('/api/auth/b2b/login', { body: { ...account, password: `falsch-${index}` } }),
    )
    const counts = statusCounts(answers)
    expect(Object.keys(counts).sort()).toEqual(['401', '429'])
    expect(counts[401]).toBeLessThanOrEqual(10)
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(burst)
    for (const answer of answers.filter(({ status }) => status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(answer.body.message).toMatch(/^Zu viele fehlgeschlagene Anmeldeversuche\./)
    }

    // The right password is refused too while the window lasts; the wait does not grow with it.
    const blocked = await api('/api/auth/b2b/login', { body: account })
    expect(blocked.status).toBe(429)
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    const again = await api('/api/auth/b2b/login', { body: account })
    expect(again.status).toBe(429)
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(retryAfter)

    if (server.databaseUrl) {
      await endWindows('login-account-client:b2b:grosshandel:')
      expect((await api('/api/auth/b2b/login', { body: account })).status).toBe(200)
    }
  })

  it(`${burst} parallel wrong shop logins for one customer: at most 10 reach the password check`, async () => {
    const customer = { email: 'kunde@example.com', password: 'kunde-demo-2026' }
    const answers = await inParallel(burst, (index) =>
      api('/api/auth/b2c/login', {
        body: { ...customer, password: `falsch-${index}` },
        host: shopHost,
      }),
    )
    const counts = statusCounts(answers)
    expect(counts[401]).toBeLessThanOrEqual(10)
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(burst)
    const blocked = await api('/api/auth/b2c/login', { body: customer, host: shopHost })
    expect(blocked.status).toBe(429)
  })

  it(`${burst} parallel wrong current passwords: at most 10 reach the password check, the rest 429`, async () => {
    const owner = { username: 'apotheke', password: 'apotheke-demo-2026' }
    const login = await api('/api/auth/b2b/login', { body: owner })
    expect(login.status).toBe(200)
    const changePassword = (currentPassword: string) =>
      api('/api/users/me/password', {
        method: 'PUT',
        token: login.body.accessToken,
        body: { currentPassword, newPassword: 'ein-ganz-neues-Passwort-2026' },
      })

    const answers = await inParallel(burst, (index) => changePassword(`falsch-${index}`))
    const counts = statusCounts(answers)
    expect(Object.keys(counts).sort()).toEqual(['400', '429'])
    expect(counts[400]).toBeLessThanOrEqual(10)
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(burst)
    for (const answer of answers.filter(({ status }) => status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(answer.body.message).toMatch(/^Zu viele falsche Passwörter\./)
    }

    // The right current password is refused as well, and the password stays the old one.
    expect((await changePassword(owner.password)).status).toBe(429)
    expect((await api('/api/auth/b2b/login', { body: owner })).status).toBe(200)

    if (server.databaseUrl) {
      await endWindows(`password-change-user:${login.body.user.id}`)
      expect((await changePassword(owner.password)).status).toBe(200)
    }
  })

  it(`${burst} parallel contact messages from one client: exactly 5 are accepted`, async () => {
    const answers = await inParallel(burst, (index) =>
      api('/api/contact', {
        body: { ...validContactMessage, subject: `Nachricht Nummer ${index}` },
        host: index % 2 ? shopHost : undefined,
      }),
    )
    const counts = statusCounts(answers)
    expect(counts).toEqual({ 201: 5, 429: burst - 5 })

    if (server.databaseUrl) {
      const client = new pg.Client({ connectionString: server.databaseUrl })
      await client.connect()
      try {
        const stored = await client.query(
          'select count(*)::int as count from contact_messages where not (id = any($1::uuid[]))',
          [demoContactMessageIds],
        )
        expect(stored.rows[0].count).toBe(5)
      } finally {
        await client.end()
      }
    }
  })
})

/**
 * Guesses spread over many addresses meet the account's ceiling (ADR 051); the owner, logging in
 * from an address the account knows, does not. The server trusts the loopback proxy, so each
 * request names its client in `X-Forwarded-For`.
 */
describe.each(testDatabaseKinds)('the account ceiling across addresses on %s', (kind) => {
  let server: TestServer
  const ceiling = 20
  const login = (accountType: 'b2b' | 'b2c', body: Record<string, string>, clientIp: string) =>
    callApi(server.baseUrl, `/api/auth/${accountType}/login`, {
      body,
      host: accountType === 'b2c' ? shopHost : undefined,
      headers: { 'x-forwarded-for': clientIp },
    })
  const guessesFromEverywhere = (
    accountType: 'b2b' | 'b2c',
    body: Record<string, string>,
    network: string,
  ) =>
    Promise.all(
      Array.from({ length: burst }, (_, index) =>
        login(accountType, { ...body, password: `falsch-${index}` }, `${network}.${index + 1}`),
      ),
    )

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: 'loopback' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  for (const [accountType, owner] of [
    ['b2b', { username: 'verein', password: 'verein-demo-2026' }],
    ['b2c', { email: 'kunde@example.com', password: 'kunde-demo-2026' }],
  ] as const) {
    it(`${accountType}: ${burst} parallel guesses from ${burst} addresses: ${ceiling} reach the password check, the owner still gets in`, async () => {
      const home = '198.51.100.7'
      expect((await login(accountType, owner, home)).status).toBe(200)

      const counts = statusCounts(await guessesFromEverywhere(accountType, owner, '203.0.113'))
      expect(counts).toEqual({ 401: ceiling, 429: burst - ceiling })

      // A new address is refused even with the right password: the answer tells a guess nothing.
      const stranger = await login(accountType, owner, '192.0.2.99')
      expect(stranger.status).toBe(429)
      expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(stranger.body.message).toMatch(/^Zu viele fehlgeschlagene Anmeldeversuche\./)
      // The owner from home: a typo counts against home alone, the right password gets in.
      expect((await login(accountType, { ...owner, password: 'vertippt' }, home)).status).toBe(401)
      expect((await login(accountType, owner, home)).status).toBe(200)
      // The owner's login does not reset the ceiling for the guessers.
      const after = await login(accountType, { ...owner, password: 'noch-einer' }, '203.0.113.200')
      expect(after.status).toBe(429)
    })
  }

  it('counts an IPv6 client by its /64: many addresses of one network are one client', async () => {
    const account = { username: 'vereinsteam', password: 'vereinsteam-demo-2026' }
    expect((await login('b2b', account, '2001:db8:9:2::1')).status).toBe(200)

    const rotating = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        login('b2b', { ...account, password: `falsch-${index}` }, `2001:db8:7:1::${index + 1}`),
      ),
    )
    // The account's streak from that one network stops them at 10.
    expect(statusCounts(rotating)).toEqual({ 401: 10, 429: burst - 10 })
    const counts = statusCounts(await guessesFromEverywhere('b2b', account, '203.0.113'))
    expect(counts).toEqual({ 401: ceiling - 10, 429: burst - ceiling + 10 })

    // The owner's network is known, whichever of its addresses the device uses today.
    expect((await login('b2b', account, '2001:db8:9:2:a1b2:c3d4:e5f6:7788')).status).toBe(200)
    expect((await login('b2b', account, '2001:db8:9:3::1')).status).toBe(429)
  })
})

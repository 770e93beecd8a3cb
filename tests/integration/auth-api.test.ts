import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSigningKeys, type SigningKeys } from '~/server/signing-keys.server'
import { tokenAudience, tokenIssuer } from '~/server/tokens.server'
import { callApi, generatePrivateJwk } from '../support/api-client'
import { testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

const shopHost = 'sonnen-apotheke.localhost'
const clubShopHost = 'gruene-ecke.localhost'
const business = { username: 'apotheke', password: 'apotheke-demo-2026' }
const customer = { email: 'kunde@example.com', password: 'kunde-demo-2026' }
const sessionExpired = 'Die Sitzung ist abgelaufen. Bitte erneut anmelden.'

const jwtPattern = /^[\w-]+\.[\w-]+\.[\w-]+$/

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8'))
}

function decodeHeader(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString('utf8'))
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

describe.each(testDatabaseKinds)('auth API on %s', (kind) => {
  let server: TestServer
  let keys: SigningKeys
  const api = (path: string, call?: Parameters<typeof callApi>[2]) =>
    callApi(server.baseUrl, path, call)
  const loginBusiness = (credentials: { username: string; password: string } = business) =>
    api('/api/auth/b2b/login', { body: credentials })
  const loginCustomer = () => api('/api/auth/b2c/login', { body: customer, host: shopHost })

  beforeAll(async () => {
    const privateJwk = await generatePrivateJwk()
    keys = await loadSigningKeys({ privateJwk, dataDir: '/nonexistent' })
    server = await startTestServer(kind, { AUTH_PRIVATE_JWK: privateJwk })
  })
  afterAll(async () => {
    await server?.stop()
  })

  describe('the seven calls', () => {
    it('POST /api/auth/b2b/login answers user, access and refresh token', async () => {
      const answer = await loginBusiness()
      expect(answer.status).toBe(200)
      expect(Object.keys(answer.body).sort()).toEqual(['accessToken', 'refreshToken', 'user'])
      expect(answer.body.user).toEqual({
        id: '00000000-0000-4000-8000-000000000202',
        username: 'apotheke',
        email: 'inhaberin@sonnen-apotheke.example',
        name: 'Dr. Clara Sonnberg',
        role: 'owner',
        qualification: 'pharmacist',
        organisation: {
          id: '00000000-0000-4000-8000-000000000002',
          name: 'Sonnen-Apotheke',
          category: 'pharmacy',
        },
      })
      expect(answer.body.accessToken).toMatch(jwtPattern)
      expect(answer.body.refreshToken).toMatch(jwtPattern)
      expect(answer.headers.get('cache-control')).toBe('no-store')

      const access = decodePayload(answer.body.accessToken)
      expect(decodeHeader(answer.body.accessToken)).toEqual({
        alg: 'EdDSA',
        kid: 'test-key',
        typ: 'at+jwt',
      })
      expect(access).toMatchObject({
        sub: answer.body.user.id,
        typ: 'access',
        accountType: 'b2b',
        role: 'owner',
        iss: tokenIssuer,
        aud: tokenAudience,
      })
      expect(access.sid).toEqual(expect.any(String))
      expect(access.tenant).toBeUndefined()
      expect((access.exp as number) - (access.iat as number)).toBe(900)

      const refresh = decodePayload(answer.body.refreshToken)
      expect(refresh).toMatchObject({ role: 'owner', typ: 'refresh', fid: access.sid })
      expect(refresh.jti).toEqual(expect.any(String))
      expect((refresh.exp as number) - (refresh.iat as number)).toBe(40_320)
    })

    it('POST /api/auth/b2c/login finds the shop user of the request host', async () => {
      const answer = await loginCustomer()
      expect(answer.status).toBe(200)
      expect(answer.body.user).toEqual({
        id: '00000000-0000-4000-8000-000000000301',
        email: 'kunde@example.com',
        name: 'Kim Kunde',
        tenant: 'sonnen-apotheke',
      })
      expect(decodePayload(answer.body.accessToken)).toMatchObject({
        accountType: 'b2c',
        role: 'shop_user',
        tenant: 'sonnen-apotheke',
      })
      expect(decodePayload(answer.body.refreshToken)).toMatchObject({
        role: 'shop_user',
        typ: 'refresh',
      })
    })

    it('GET /api/users/me answers the b2b user', async () => {
      const login = await loginBusiness()
      const answer = await api('/api/users/me', { token: login.body.accessToken })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ data: login.body.user })
    })

    it('GET /api/shop_users/me answers the shop user on its tenant host', async () => {
      const login = await loginCustomer()
      const answer = await api('/api/shop_users/me', {
        token: login.body.accessToken,
        host: shopHost,
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ data: login.body.user })
    })

    it('POST /api/auth/{b2b,b2c}/token rotates the refresh token', async () => {
      const login = await loginBusiness()
      const answer = await api('/api/auth/b2b/token', { body: { token: login.body.refreshToken } })
      expect(answer.status).toBe(200)
      expect(Object.keys(answer.body).sort()).toEqual(['accessToken', 'token'])
      expect(answer.body.token).not.toBe(login.body.refreshToken)
      expect(decodePayload(answer.body.token).fid).toBe(decodePayload(login.body.refreshToken).fid)
      const me = await api('/api/users/me', { token: answer.body.accessToken })
      expect(me.status).toBe(200)

      const shop = await loginCustomer()
      const shopAnswer = await api('/api/auth/b2c/token', {
        body: { token: shop.body.refreshToken },
        host: shopHost,
      })
      expect(shopAnswer.status).toBe(200)
      expect(shopAnswer.body.token).toMatch(jwtPattern)
    })

    it('DELETE /api/auth/{accountType}/logout ends the session: refresh and me answer 401', async () => {
      const login = await loginBusiness()
      const logout = await api('/api/auth/b2b/logout', {
        method: 'DELETE',
        token: login.body.accessToken,
      })
      expect(logout.status).toBe(200)
      expect(logout.body).toEqual({ status: 'success' })

      const me = await api('/api/users/me', { token: login.body.accessToken })
      expect(me.status).toBe(401)
      const refresh = await api('/api/auth/b2b/token', { body: { token: login.body.refreshToken } })
      expect(refresh.status).toBe(401)

      const shop = await loginCustomer()
      const shopLogout = await api('/api/auth/b2c/logout', {
        method: 'DELETE',
        token: shop.body.accessToken,
        host: shopHost,
      })
      expect(shopLogout.body).toEqual({ status: 'success' })
      expect(
        (await api('/api/shop_users/me', { token: shop.body.accessToken, host: shopHost })).status,
      ).toBe(401)
    })

    it('GET /api/tenant answers slug and config, cacheable by shared caches', async () => {
      const answer = await api('/api/tenant?host=Sonnen-Apotheke.localhost:3000')
      expect(answer.status).toBe(200)
      expect(answer.body.slug).toBe('sonnen-apotheke')
      expect(answer.body.hasShop).toBe(true)
      expect(answer.body.config).toMatchObject({
        shopName: 'Sonnen-Apotheke',
        colors: { primary: '#1f6f43' },
      })
      expect(answer.headers.get('cache-control')).toMatch(/public, .*s-maxage=\d+/)

      const withoutConfig = await api('/api/tenant?host=gruene-ecke.localhost')
      expect(withoutConfig.status).toBe(200)
      expect(withoutConfig.body).toEqual({
        slug: 'gruene-ecke',
        config: null,
        hasShop: false,
        available: true,
        // Links to the shop name the configured domain and the port the server listens on.
        publicOrigin: `http://gruene-ecke.localhost:${new URL(server.baseUrl).port}`,
      })
    })
  })

  describe('errors', () => {
    it('400 with field errors for invalid input, and for malformed JSON', async () => {
      const invalid = await api('/api/auth/b2b/login', { body: { username: '', password: 42 } })
      expect(invalid.status).toBe(400)
      expect(invalid.body).toEqual({
        status: 400,
        message: 'Die Eingaben sind ungültig.',
        errors: {
          username: 'Bitte gib deinen Benutzernamen ein.',
          password: 'Bitte gib dein Passwort ein.',
        },
      })
      const badEmail = await api('/api/auth/b2c/login', {
        body: { email: 'nope', password: 'x' },
        host: shopHost,
      })
      expect(badEmail.status).toBe(400)
      expect(badEmail.body.errors.email).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.')

      const malformed = await api('/api/auth/b2b/login', {
        rawBody: '{"username":',
        contentType: 'application/json',
      })
      expect(malformed.status).toBe(400)
      expect(malformed.body).toEqual({
        status: 400,
        message: 'Die Anfrage enthält kein gültiges JSON.',
      })

      const missingToken = await api('/api/auth/b2b/token', { body: {} })
      expect(missingToken.status).toBe(400)
      expect(missingToken.body.errors).toEqual({ token: 'Das Token fehlt.' })

      for (const host of ['', 'not a host', 'a/b']) {
        const tenant = await api(`/api/tenant?host=${encodeURIComponent(host)}`)
        expect(tenant.status).toBe(400)
        expect(tenant.body.errors.host).toEqual(expect.any(String))
      }
      expect((await api('/api/tenant')).status).toBe(400)
    })

    it('400 with a clear message for a control character in a login field, never a 500', async () => {
      const cases: [string, Record<string, string>, string, string | undefined][] = [
        ['/api/auth/b2b/login', { ...business, username: 'apo\u0000theke' }, 'username', undefined],
        ['/api/auth/b2b/login', { ...business, password: '\u0000' }, 'password', undefined],
        [
          '/api/auth/b2b/login',
          { ...business, password: 'apotheke\u001b[0m' },
          'password',
          undefined,
        ],
        [
          '/api/auth/b2c/login',
          { ...customer, email: 'kunde@example.com\u0000' },
          'email',
          shopHost,
        ],
        ['/api/auth/b2c/login', { ...customer, password: 'kunde\u0000' }, 'password', shopHost],
      ]
      for (const [path, body, field, host] of cases) {
        const answer = await api(path, { body, host })
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(answer.body, JSON.stringify(body)).toEqual({
          status: 400,
          message: 'Die Eingaben sind ungültig.',
          errors: { [field]: 'Die Eingabe enthält unzulässige Steuerzeichen.' },
        })
      }
      const refresh = await api('/api/auth/b2b/token', { body: { token: 'a.b\u0000.c' } })
      expect(refresh.status).toBe(400)
      expect(refresh.body.errors).toEqual({
        token: 'Die Eingabe enthält unzulässige Steuerzeichen.',
      })
    })

    it('401 with the same message for an unknown user and a wrong password', async () => {
      const unknown = await loginBusiness({ username: 'niemand', password: 'irgendwas' })
      const wrong = await loginBusiness({ username: 'verein', password: 'falsch' })
      expect(unknown.status).toBe(401)
      expect(unknown.body).toEqual({
        status: 401,
        message: 'Benutzername oder Passwort ist falsch.',
      })
      expect(wrong.body).toEqual(unknown.body)

      const shopUnknown = await api('/api/auth/b2c/login', {
        body: { email: 'x@example.com', password: 'y' },
        host: shopHost,
      })
      const shopWrong = await api('/api/auth/b2c/login', {
        body: { ...customer, password: 'falsch' },
        host: shopHost,
      })
      expect(shopUnknown.body).toEqual({ status: 401, message: 'E-Mail oder Passwort ist falsch.' })
      expect(shopWrong.body).toEqual(shopUnknown.body)
    })

    it('401 for a missing, malformed, forged or expired access token', async () => {
      expect((await api('/api/users/me')).body).toEqual({
        status: 401,
        message: 'Bitte anmelden.',
      })
      expect((await api('/api/users/me', { headers: { authorization: 'Basic abc' } })).status).toBe(
        401,
      )
      const garbage = await api('/api/users/me', { token: 'a.b.c' })
      expect(garbage.body).toEqual({ status: 401, message: sessionExpired })

      const login = await loginBusiness()
      const claims = decodePayload(login.body.accessToken)
      const now = Math.floor(Date.now() / 1000)
      const expired = await new SignJWT({ ...claims, iat: now - 1000, exp: now - 60 })
        .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid, typ: 'at+jwt' })
        .sign(keys.privateKey)
      expect((await api('/api/users/me', { token: expired })).status).toBe(401)

      const [head, payload] = login.body.accessToken.split('.')
      const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${login.body.accessToken.split('.')[2]}`
      expect(payload).toBeDefined()
      expect((await api('/api/users/me', { token: tampered })).status).toBe(401)

      const foreignIssuer = await new SignJWT({ ...claims, iss: 'someone-else' })
        .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid, typ: 'at+jwt' })
        .sign(keys.privateKey)
      expect((await api('/api/users/me', { token: foreignIssuer })).status).toBe(401)
    })

    it('refuses a refresh token as access token and an access token as refresh token', async () => {
      const login = await loginBusiness()
      expect((await api('/api/users/me', { token: login.body.refreshToken })).status).toBe(401)
      const asRefresh = await api('/api/auth/b2b/token', {
        body: { token: login.body.accessToken },
      })
      expect(asRefresh.status).toBe(401)
    })

    it('403 for the wrong account type, 401 for a b2c token on another tenant host', async () => {
      const b2b = await loginBusiness()
      const b2c = await loginCustomer()
      expect(
        (await api('/api/shop_users/me', { token: b2b.body.accessToken, host: shopHost })).status,
      ).toBe(403)
      expect(
        (await api('/api/users/me', { token: b2c.body.accessToken, host: shopHost })).status,
      ).toBe(403)
      const wrongRefresh = await api('/api/auth/b2c/token', {
        body: { token: b2b.body.refreshToken },
        host: shopHost,
      })
      expect(wrongRefresh.status).toBe(403)
      const wrongLogout = await api('/api/auth/b2b/logout', {
        method: 'DELETE',
        token: b2c.body.accessToken,
      })
      expect(wrongLogout.status).toBe(403)

      const crossTenant = await api('/api/shop_users/me', {
        token: b2c.body.accessToken,
        host: clubShopHost,
      })
      expect(crossTenant.status).toBe(401)
      const crossRefresh = await api('/api/auth/b2c/token', {
        body: { token: b2c.body.refreshToken },
        host: clubShopHost,
      })
      expect(crossRefresh.status).toBe(401)
      // The shop user of one tenant does not exist on another.
      const otherShop = await api('/api/auth/b2c/login', { body: customer, host: clubShopHost })
      expect(otherShop.status).toBe(401)
    })

    it('404 for unknown tenants, paths and account types', async () => {
      expect((await api('/api/tenant?host=unbekannt.blattwerk.de')).status).toBe(404)
      for (const host of [
        'localhost:3000',
        'www.blattwerk.de',
        'blattwerk.localhost',
        '127.0.0.1',
      ]) {
        const answer = await api(`/api/tenant?host=${host}`)
        expect(answer.status, host).toBe(404)
      }
      const noShop = await api('/api/auth/b2c/login', {
        body: customer,
        host: 'unbekannt.localhost',
      })
      expect(noShop.status).toBe(404)
      const path = await api('/api/does-not-exist')
      expect(path.status).toBe(404)
      expect(path.body).toEqual({ status: 404, message: 'Diese Adresse gibt es nicht.' })
      expect((await api('/api/auth/b2x/login', { body: business })).status).toBe(404)
      expect((await api('/api/auth/admin/token', { body: { token: 'x' } })).status).toBe(404)
      expect((await api('/api/auth/foo/logout', { method: 'DELETE' })).status).toBe(404)
    })

    it('405 with Allow for a wrong method', async () => {
      const answer = await api('/api/auth/b2b/login', { method: 'GET' })
      expect(answer.status).toBe(405)
      expect(answer.headers.get('allow')).toBe('POST')
      expect(answer.body.status).toBe(405)
      expect((await api('/api/users/me', { method: 'DELETE' })).status).toBe(405)
      expect((await api('/api/auth/b2b/logout', { method: 'POST', body: {} })).status).toBe(405)
    })

    it('415 for a body that is not JSON, 413 for one over 16 KiB', async () => {
      const form = await api('/api/auth/b2b/login', {
        rawBody: 'username=a&password=b',
        contentType: 'application/x-www-form-urlencoded',
      })
      expect(form.status).toBe(415)
      expect(form.body.message).toBe('Der Inhalt muss JSON sein (Content-Type: application/json).')
      const large = await api('/api/auth/b2b/login', {
        body: { username: 'a', password: 'x'.repeat(17 * 1024) },
      })
      expect(large.status).toBe(413)
    })

    it('security headers on every answer, no permissive CORS', async () => {
      const answer = await api('/api/users/me', { headers: { origin: 'https://evil.example' } })
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(answer.headers.get('access-control-allow-origin')).toBeNull()
    })
  })

  describe('rotation', () => {
    // After the window the same reuse is refused and ends the family: auth-service.test.ts moves
    // the rotation into the past instead of waiting here for ten seconds on each database.
    it('serves the direct parent again within the grace window', async () => {
      const login = await loginBusiness()
      const first = await api('/api/auth/b2b/token', { body: { token: login.body.refreshToken } })
      const again = await api('/api/auth/b2b/token', { body: { token: login.body.refreshToken } })
      expect(again.status).toBe(200)
      expect(again.body.token).toBe(first.body.token)
    })

    it('reuse of a token two generations old revokes the whole family', async () => {
      const login = await loginBusiness()
      const second = await api('/api/auth/b2b/token', { body: { token: login.body.refreshToken } })
      const third = await api('/api/auth/b2b/token', { body: { token: second.body.token } })
      expect(third.status).toBe(200)

      const reuse = await api('/api/auth/b2b/token', { body: { token: login.body.refreshToken } })
      expect(reuse.status).toBe(401)
      expect((await api('/api/auth/b2b/token', { body: { token: third.body.token } })).status).toBe(
        401,
      )
      expect((await api('/api/users/me', { token: third.body.accessToken })).status).toBe(401)
    })

    it('20 concurrent refreshes of one token leave exactly one valid head and no 500', async () => {
      const login = await loginBusiness()
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          api('/api/auth/b2b/token', { body: { token: login.body.refreshToken } }),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
      const heads = new Set(answers.map((answer) => answer.body.token))
      expect(heads.size).toBe(1)
      const [head] = heads
      const next = await api('/api/auth/b2b/token', { body: { token: head } })
      expect(next.status).toBe(200)
      expect((await api('/api/users/me', { token: next.body.accessToken })).status).toBe(200)
    })

    it('an unknown or forged refresh token answers 401', async () => {
      const login = await loginBusiness()
      const claims = decodePayload(login.body.refreshToken)
      const unknown = await new SignJWT({ ...claims, jti: crypto.randomUUID() })
        .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid, typ: 'rt+jwt' })
        .sign(keys.privateKey)
      expect((await api('/api/auth/b2b/token', { body: { token: unknown } })).status).toBe(401)
      expect((await api('/api/auth/b2b/token', { body: { token: 'not-a-token' } })).status).toBe(
        401,
      )
    })
  })

  describe('brute-force protection', () => {
    it('answers 429 with Retry-After after 10 consecutive failures for one account', async () => {
      const victim = { username: 'grosshandel', password: 'falsch' }
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await loginBusiness(victim)).status).toBe(401)
      }
      const blocked = await loginBusiness({
        username: 'grosshandel',
        password: 'grosshandel-demo-2026',
      })
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(blocked.body.message).toMatch(/^Zu viele fehlgeschlagene Anmeldeversuche/)
      // Other accounts from the same client are not affected.
      expect((await loginBusiness()).status).toBe(200)
    })

    it('a successful login resets the account counter', async () => {
      const staff = { username: 'mitarbeiter', password: 'mitarbeiter-demo-2026' }
      for (let attempt = 0; attempt < 9; attempt++) {
        await loginBusiness({ ...staff, password: 'falsch' })
      }
      expect((await loginBusiness(staff)).status).toBe(200)
      for (let attempt = 0; attempt < 9; attempt++) {
        await loginBusiness({ ...staff, password: 'falsch' })
      }
      expect((await loginBusiness(staff)).status).toBe(200)
    })
  })

  it('an unknown user costs about as much time as a wrong password', async () => {
    const time = async (credentials: { username: string; password: string }) => {
      const started = performance.now()
      await loginBusiness(credentials)
      return performance.now() - started
    }
    const unknown: number[] = []
    const wrong: number[] = []
    for (let round = 0; round < 5; round++) {
      unknown.push(await time({ username: `unbekannt-${round}`, password: 'falsch' }))
      wrong.push(await time({ username: 'admin', password: `falsch-${round}` }))
    }
    const ratio = median(unknown) / median(wrong)
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })
})

// Breaking the schema under a running server needs a database the test can reach: PostgreSQL.
if (testDatabaseKinds.includes('postgres')) {
  describe('unexpected errors on postgres', () => {
    let server: TestServer

    beforeAll(async () => {
      server = await startTestServer('postgres')
    })
    afterAll(async () => {
      await server?.stop()
    })

    it('answers a generic 500 with the request id and logs the error', async () => {
      const { default: pg } = await import('pg')
      const database = new pg.Client({ connectionString: server.ownerDatabaseUrl as string })
      await database.connect()
      try {
        await database.query('alter table organisations rename to organisations_gone')
        const answer = await callApi(server.baseUrl, '/api/auth/b2b/login', { body: business })
        expect(answer.status).toBe(500)
        expect(answer.body).toEqual({
          status: 500,
          message: 'Interner Serverfehler',
          requestId: answer.headers.get('x-request-id'),
        })
        expect(JSON.stringify(answer.body)).not.toMatch(/organisations|at |\.ts/)
        await expect
          .poll(() =>
            server.logs.some(
              (line) => line.includes(answer.body.requestId) && line.includes('"level":50'),
            ),
          )
          .toBe(true)
      } finally {
        await database.query('alter table organisations_gone rename to organisations')
        await database.end()
      }
    })
  })
}

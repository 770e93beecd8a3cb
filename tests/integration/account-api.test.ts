import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../support/api-client'
import { testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

const shopHost = 'sonnen-apotheke.localhost'
const customer = { email: 'kunde@example.com', password: 'kunde-demo-2026' }
const sessionExpired = 'Die Sitzung ist abgelaufen. Bitte erneut anmelden.'
const wrongCurrentPassword = 'Das aktuelle Passwort ist falsch.'

interface Credentials {
  username: string
  password: string
}

describe.each(testDatabaseKinds)('account API on %s', (kind) => {
  let server: TestServer
  const api = (path: string, call?: Parameters<typeof callApi>[2]) =>
    callApi(server.baseUrl, path, call)
  const login = (credentials: Credentials) => api('/api/auth/b2b/login', { body: credentials })
  const changePassword = (token: string | undefined, body: unknown) =>
    api('/api/users/me/password', { method: 'PUT', token, body })
  const loggedIn = async (credentials: Credentials) => {
    const answer = await login(credentials)
    expect(answer.status).toBe(200)
    return answer.body as { accessToken: string; refreshToken: string; user: { id: string } }
  }

  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(async () => {
    await server?.stop()
  })

  describe('PUT /api/users/me/password', () => {
    it('changes the password and ends every other session, the current one stays', async () => {
      const verein = { username: 'verein', password: 'verein-demo-2026' }
      const changed = { ...verein, password: 'ein-ganz-neues-Passwort-2026' }
      const other = await loggedIn(verein)
      const current = await loggedIn(verein)
      const userBefore = server.databaseUrl
        ? await readUser(server.databaseUrl, current.user.id)
        : null

      const answer = await changePassword(current.accessToken, {
        currentPassword: verein.password,
        newPassword: changed.password,
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ status: 'success' })
      expect(answer.headers.get('cache-control')).toBe('no-store')

      // The old password no longer logs in, the new one does.
      expect((await login(verein)).status).toBe(401)
      expect((await login(changed)).status).toBe(200)

      // The other session is over: its refresh token and its access token are refused.
      const otherRefresh = await api('/api/auth/b2b/token', { body: { token: other.refreshToken } })
      expect(otherRefresh.status).toBe(401)
      expect(otherRefresh.body).toEqual({ status: 401, message: sessionExpired })
      expect((await api('/api/users/me', { token: other.accessToken })).status).toBe(401)

      // The current session goes on: its access token works and its refresh token rotates.
      expect((await api('/api/users/me', { token: current.accessToken })).status).toBe(200)
      const refreshed = await api('/api/auth/b2b/token', {
        body: { token: current.refreshToken },
      })
      expect(refreshed.status).toBe(200)
      expect((await api('/api/users/me', { token: refreshed.body.accessToken })).status).toBe(200)

      if (server.databaseUrl && userBefore) {
        const userAfter = await readUser(server.databaseUrl, current.user.id)
        expect(userAfter.password_hash).toMatch(/^\$argon2id\$/)
        expect(userAfter.password_hash).not.toBe(userBefore.password_hash)
        expect(userAfter.updated_at.getTime()).toBeGreaterThan(userBefore.updated_at.getTime())
      }
    })

    it('400 with the field error for a wrong current password; nothing changes', async () => {
      const owner = { username: 'apotheke', password: 'apotheke-demo-2026' }
      const session = await loggedIn(owner)
      const answer = await changePassword(session.accessToken, {
        currentPassword: 'nicht-das-passwort',
        newPassword: 'ein-ganz-neues-Passwort-2026',
      })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        status: 400,
        message: wrongCurrentPassword,
        errors: { currentPassword: wrongCurrentPassword },
      })
      // Not a 401: the session is fine, and the password is the old one still.
      expect((await api('/api/users/me', { token: session.accessToken })).status).toBe(200)
      expect((await login(owner)).status).toBe(200)
      expect((await login({ ...owner, password: 'ein-ganz-neues-Passwort-2026' })).status).toBe(401)
    })

    it('400 with a German message per invalid field', async () => {
      const session = await loggedIn({ username: 'apotheke', password: 'apotheke-demo-2026' })
      const put = (body: unknown) => changePassword(session.accessToken, body)

      const empty = await put({})
      expect(empty.status).toBe(400)
      expect(empty.body).toEqual({
        status: 400,
        message: 'Die Eingaben sind ungültig.',
        errors: {
          currentPassword: 'Bitte gib dein aktuelles Passwort ein.',
          newPassword: 'Bitte gib ein neues Passwort ein.',
        },
      })

      const cases: [unknown, Record<string, string>][] = [
        [
          { currentPassword: '', newPassword: 'ein-ganz-neues-Passwort' },
          { currentPassword: 'Bitte gib dein aktuelles Passwort ein.' },
        ],
        [
          { currentPassword: 42, newPassword: 'ein-ganz-neues-Passwort' },
          { currentPassword: 'Bitte gib dein aktuelles Passwort ein.' },
        ],
        [
          { currentPassword: 'x'.repeat(1025), newPassword: 'ein-ganz-neues-Passwort' },
          { currentPassword: 'Das Passwort ist zu lang.' },
        ],
        [
          { currentPassword: 'apotheke-demo-2026', newPassword: '' },
          { newPassword: 'Bitte gib ein neues Passwort ein.' },
        ],
        [
          { currentPassword: 'apotheke-demo-2026', newPassword: 'elf-Zeichen' },
          { newPassword: 'Das neue Passwort muss mindestens 12 Zeichen lang sein.' },
        ],
        [
          { currentPassword: 'apotheke-demo-2026', newPassword: 'x'.repeat(201) },
          { newPassword: 'Das neue Passwort darf höchstens 200 Zeichen lang sein.' },
        ],
        [
          { currentPassword: 'apotheke-demo-2026', newPassword: 'apotheke-demo-2026' },
          { newPassword: 'Das neue Passwort muss sich vom aktuellen unterscheiden.' },
        ],
      ]
      for (const [body, errors] of cases) {
        const answer = await put(body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
      }
      // Exactly 12 and 200 characters are accepted by the schema (checked without changing).
      for (const newPassword of ['x'.repeat(12), 'x'.repeat(200)]) {
        const answer = await put({ currentPassword: 'falsch', newPassword })
        expect(answer.body.errors).toEqual({ currentPassword: wrongCurrentPassword })
      }

      const malformed = await api('/api/users/me/password', {
        method: 'PUT',
        token: session.accessToken,
        rawBody: '{"currentPassword":',
        contentType: 'application/json',
      })
      expect(malformed.status).toBe(400)
      expect(malformed.body).toEqual({
        status: 400,
        message: 'Die Anfrage enthält kein gültiges JSON.',
      })
    })

    it('401 without a token, with a bad one and for an ended session', async () => {
      const body = { currentPassword: 'apotheke-demo-2026', newPassword: 'ein-ganz-neues-Passwort' }
      const missing = await changePassword(undefined, body)
      expect(missing.status).toBe(401)
      expect(missing.body).toEqual({ status: 401, message: 'Bitte anmelden.' })
      // Authentication comes first: an invalid body without a token is still a 401.
      expect((await changePassword(undefined, {})).status).toBe(401)

      const garbage = await changePassword('a.b.c', body)
      expect(garbage.status).toBe(401)
      expect(garbage.body).toEqual({ status: 401, message: sessionExpired })

      const session = await loggedIn({ username: 'apotheke', password: 'apotheke-demo-2026' })
      expect((await changePassword(session.refreshToken, body)).status).toBe(401)
      await api('/api/auth/b2b/logout', { method: 'DELETE', token: session.accessToken })
      const ended = await changePassword(session.accessToken, body)
      expect(ended.status).toBe(401)
      expect(ended.body).toEqual({ status: 401, message: sessionExpired })
    })

    it('403 for a shop customer’s token', async () => {
      const shop = await api('/api/auth/b2c/login', { body: customer, host: shopHost })
      expect(shop.status).toBe(200)
      for (const host of [shopHost, undefined]) {
        const answer = await api('/api/users/me/password', {
          method: 'PUT',
          token: shop.body.accessToken,
          host,
          body: { currentPassword: customer.password, newPassword: 'ein-ganz-neues-Passwort' },
        })
        expect(answer.status).toBe(403)
        expect(answer.body).toEqual({
          status: 403,
          message: 'Dieser Zugang ist für diese Kontoart nicht vorgesehen.',
        })
      }
    })

    it('415 for a body that is not JSON, 405 with Allow for another method', async () => {
      const session = await loggedIn({ username: 'apotheke', password: 'apotheke-demo-2026' })
      const form = await api('/api/users/me/password', {
        method: 'PUT',
        token: session.accessToken,
        rawBody: 'currentPassword=a&newPassword=b',
        contentType: 'application/x-www-form-urlencoded',
      })
      expect(form.status).toBe(415)
      expect(form.body.message).toBe('Der Inhalt muss JSON sein (Content-Type: application/json).')

      const get = await api('/api/users/me/password', { token: session.accessToken })
      expect(get.status).toBe(405)
      expect(get.headers.get('allow')).toBe('PUT')
      // The parent route is unchanged.
      expect((await api('/api/users/me', { token: session.accessToken })).status).toBe(200)
    })

    it('429 with Retry-After after 10 wrong current passwords, even for the right one', async () => {
      const wholesaler = { username: 'grosshandel', password: 'grosshandel-demo-2026' }
      const session = await loggedIn(wholesaler)
      const attempt = (currentPassword: string) =>
        changePassword(session.accessToken, {
          currentPassword,
          newPassword: 'ein-ganz-neues-Passwort-2026',
        })
      for (let round = 0; round < 10; round++) {
        expect((await attempt(`falsch-${round}`)).status).toBe(400)
      }
      const blocked = await attempt(wholesaler.password)
      expect(blocked.status).toBe(429)
      const retryAfter = Number(blocked.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(15 * 60)
      expect(blocked.body).toEqual({
        status: 429,
        message: 'Zu viele falsche Passwörter. Bitte versuche es in 15 Minuten erneut.',
      })
      // Nothing changed, and the session itself is fine.
      expect((await login(wholesaler)).status).toBe(200)
      expect((await api('/api/users/me', { token: session.accessToken })).status).toBe(200)

      // Other users are not affected.
      const staff = await loggedIn({ username: 'mitarbeiter', password: 'mitarbeiter-demo-2026' })
      const other = await changePassword(staff.accessToken, {
        currentPassword: 'falsch',
        newPassword: 'ein-ganz-neues-Passwort-2026',
      })
      expect(other.status).toBe(400)
    })
  })
})

async function readUser(
  databaseUrl: string,
  id: string,
): Promise<{ password_hash: string; updated_at: Date }> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const result = await client.query('select password_hash, updated_at from users where id = $1', [
      id,
    ])
    return result.rows[0]
  } finally {
    await client.end()
  }
}

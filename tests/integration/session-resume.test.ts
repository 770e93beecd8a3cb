import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  loginBusinessUser,
  pageLoadRotationSeconds,
  resumeSession,
  setBusinessUserActive,
} from '~/server/auth.server'
import type { Database } from '~/server/db/client.server'
import { queryRows } from '~/server/db/query-rows.server'
import { refreshTokens } from '~/server/db/schema'
import { hashToken } from '~/server/tokens.server'
import { callApi } from '../support/api-client'
import {
  authDepsFor,
  createSeededDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

/**
 * The next transaction id the database will hand out. Only writing transactions take one, so an
 * unchanged value means nothing was written in between (read-only work assigns none).
 */
/**
 * A fingerprint of every row a session could write (its tokens and session, the audit log, the
 * rate limits, the user): any insert, update or delete changes it. Per database — the PostgreSQL
 * server's transaction counter also moves with the other test files running beside this one.
 */
async function sessionRowsFingerprint(db: Database): Promise<string> {
  const [row] = await queryRows<{ fingerprint: string }>(
    db,
    sql`select concat_ws(',',
      (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from refresh_tokens),
      (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from auth_sessions),
      (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from audit_events),
      (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from rate_limits),
      (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from users)
    ) as fingerprint`,
  )
  return row?.fingerprint ?? ''
}

const credentials = { username: 'apotheke', password: 'apotheke-demo-2026' }
const client = { ip: '192.0.2.20', requestId: null }

describe.each(testDatabaseKinds)('resuming a session on a page load, on %s', (kind) => {
  let database: TestDatabase
  let deps: Parameters<typeof resumeSession>[0]

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    deps = await authDepsFor(database)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  async function ageToken(token: string, seconds: number) {
    await deps.systemDb
      .update(refreshTokens)
      .set({ issuedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
  }

  it('writes nothing and keeps the cookie while the token is current and fresh', async () => {
    const login = await loginBusinessUser(deps, credentials, client)
    const before = await sessionRowsFingerprint(deps.systemDb)
    const loads = await Promise.all(
      Array.from({ length: 5 }, () => resumeSession(deps, login.refreshToken, 'b2b', null)),
    )
    expect(await sessionRowsFingerprint(deps.systemDb)).toBe(before)
    for (const load of loads) {
      expect(load.token).toBeNull()
      expect(load.user).toMatchObject({ username: 'apotheke' })
      expect(load.accessToken).toEqual(expect.any(String))
    }
  })

  it('rotates an old token once, however many loads present it at the same time', async () => {
    const login = await loginBusinessUser(deps, credentials, client)
    await ageToken(login.refreshToken, pageLoadRotationSeconds + 1)
    const loads = await Promise.all(
      Array.from({ length: 5 }, () => resumeSession(deps, login.refreshToken, 'b2b', null)),
    )
    const newTokens = new Set(loads.map((load) => load.token))
    expect(newTokens.size).toBe(1)
    const [rotated] = newTokens
    expect(rotated).toEqual(expect.any(String))
    expect(rotated).not.toBe(login.refreshToken)
    // The rotated token is current and fresh again: the next load writes nothing.
    const before = await sessionRowsFingerprint(deps.systemDb)
    expect((await resumeSession(deps, rotated as string, 'b2b', null)).token).toBeNull()
    expect(await sessionRowsFingerprint(deps.systemDb)).toBe(before)
  })

  it('refuses a token of a deactivated user and ends the session', async () => {
    const login = await loginBusinessUser(deps, { ...credentials }, client)
    await setBusinessUserActive(deps.systemDb, login.user.id, false)
    try {
      await expect(resumeSession(deps, login.refreshToken, 'b2b', null)).rejects.toMatchObject({
        status: 401,
      })
    } finally {
      await setBusinessUserActive(deps.systemDb, login.user.id, true)
    }
    await expect(resumeSession(deps, login.refreshToken, 'b2b', null)).rejects.toMatchObject({
      status: 401,
    })
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('a logged-in page load over HTTP', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('postgres')
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('renders the dashboard logged in without writing to the database', async () => {
    const login = await callApi(server.baseUrl, '/api/auth/b2b/login', { body: credentials })
    expect(login.status).toBe(200)
    const cookie = `token=${login.body.refreshToken}`
    const { openDatabase } = await import('~/server/db/client.server')
    const observer = await openDatabase({
      driver: 'postgres',
      url: server.databaseUrl as string,
      poolSize: 1,
    })
    try {
      const before = await sessionRowsFingerprint(observer.db)
      for (let load = 0; load < 3; load++) {
        const page = await callApi(server.baseUrl, '/dashboard', {
          headers: { cookie, accept: 'text/html' },
        })
        expect(page.status).toBe(200)
        expect(page.body).toContain('Sonnen-Apotheke')
        expect(page.headers.get('set-cookie')).toBeNull()
      }
      expect(await sessionRowsFingerprint(observer.db)).toBe(before)
    } finally {
      await observer.close()
    }
  })
})

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authenticate,
  loginBusinessUser,
  loginShopUser,
  refreshSession,
  revokeSessionsOf,
  rotationGraceSeconds,
  setBusinessUserActive,
  setShopUserActive,
} from '~/server/auth.server'
import { refreshTokens } from '~/server/db/schema'
import { DomainError } from '~/server/errors.server'
import { findTenantBySlug } from '~/server/tenants.server'
import {
  authDepsFor,
  createSeededDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../support/databases'

const client = { ip: '192.0.2.10', requestId: null }

function bearer(token: string) {
  return new Request('http://localhost/api/users/me', {
    headers: { authorization: `Bearer ${token}` },
  })
}

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    if (error instanceof DomainError) return error.status
    throw error
  }
}

describe.each(testDatabaseKinds)('auth service on %s', (kind) => {
  let database: TestDatabase
  let deps: Parameters<typeof loginBusinessUser>[0]

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    deps = await authDepsFor(database)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('a deactivated user cannot log in or refresh, and their sessions end', async () => {
    const login = await loginBusinessUser(
      deps,
      { username: 'mitarbeiter', password: 'mitarbeiter-demo-2026' },
      client,
    )
    await setBusinessUserActive(deps.systemDb, login.user.id, false)

    expect(await statusOf(authenticate(deps, bearer(login.accessToken), 'b2b', null))).toBe(401)
    expect(await statusOf(refreshSession(deps, login.refreshToken, 'b2b', null))).toBe(401)
    const again = loginBusinessUser(
      deps,
      { username: 'mitarbeiter', password: 'mitarbeiter-demo-2026' },
      client,
    )
    await expect(again).rejects.toMatchObject({
      status: 401,
      message: 'Benutzername oder Passwort ist falsch.',
    })

    await setBusinessUserActive(deps.systemDb, login.user.id, true)
    expect(
      await statusOf(
        loginBusinessUser(
          deps,
          { username: 'mitarbeiter', password: 'mitarbeiter-demo-2026' },
          client,
        ),
      ),
    ).toBe('ok')
  })

  it('a deactivated shop user cannot log in or refresh', async () => {
    const tenant = await findTenantBySlug(deps.systemDb, 'sonnen-apotheke')
    const credentials = { email: 'KUNDE@example.com', password: 'kunde-demo-2026' }
    const login = await loginShopUser(deps, credentials, tenant, client)
    await setShopUserActive(deps.systemDb, login.user.id, false)
    expect(await statusOf(refreshSession(deps, login.refreshToken, 'b2c', 'sonnen-apotheke'))).toBe(
      401,
    )
    expect(await statusOf(loginShopUser(deps, credentials, tenant, client))).toBe(401)
    await setShopUserActive(deps.systemDb, login.user.id, true)
  })

  it('the parent of the current token is refused once the grace window has passed', async () => {
    const login = await loginBusinessUser(
      deps,
      { username: 'apotheke', password: 'apotheke-demo-2026' },
      client,
    )
    const rotated = await refreshSession(deps, login.refreshToken, 'b2b', null)
    // Move the rotation into the past instead of waiting for it.
    await deps.systemDb
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - make_interval(secs => ${rotationGraceSeconds + 1})` })
      .where(
        eq(
          refreshTokens.tokenHash,
          (await import('~/server/tokens.server')).hashToken(login.refreshToken),
        ),
      )
    expect(await statusOf(refreshSession(deps, login.refreshToken, 'b2b', null))).toBe(401)
    // Late reuse counts as theft: the family is gone, the current token and its access token too.
    expect(await statusOf(refreshSession(deps, rotated.token, 'b2b', null))).toBe(401)
    expect(await statusOf(authenticate(deps, bearer(rotated.accessToken), 'b2b', null))).toBe(401)
  })

  it('ending all other sessions keeps the current one', async () => {
    const credentials = { username: 'verein', password: 'verein-demo-2026' }
    const current = await loginBusinessUser(deps, credentials, client)
    const other = await loginBusinessUser(deps, credentials, client)
    const principal = await authenticate(deps, bearer(current.accessToken), 'b2b', null)
    await revokeSessionsOf(deps.systemDb, 'b2b', current.user.id, principal.sessionId)
    expect(await statusOf(authenticate(deps, bearer(current.accessToken), 'b2b', null))).toBe('ok')
    expect(await statusOf(authenticate(deps, bearer(other.accessToken), 'b2b', null))).toBe(401)
  })
})

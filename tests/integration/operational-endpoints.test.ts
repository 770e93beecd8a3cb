import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

describe.each(testDatabaseKinds)('operational endpoints on %s', (kind) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('GET /api/health answers 200 with status ok while the database answers', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('GET /api/version answers the version and the build id', async () => {
    const response = await fetch(`${server.baseUrl}/api/version`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { version: string; buildId: string }
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(body.buildId).toMatch(/^[a-z0-9]+-[0-9a-f]{8}$/)
  })

  it('serves the root page, gzip-compressed when asked', async () => {
    const response = await fetch(`${server.baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(await response.text()).toContain('Blattwerk')
  })

  it('logs every request as JSON with its request id', async () => {
    const response = await fetch(`${server.baseUrl}/api/version`, {
      headers: { 'x-request-id': 'test-request-0001' },
    })
    expect(response.headers.get('x-request-id')).toBe('test-request-0001')
    await expect
      .poll(() => server.logs.some((line) => line.includes('"requestId":"test-request-0001"')))
      .toBe(true)
  })
})

// Only a real server can lose its database while the app runs.
if (testDatabaseKinds.includes('postgres')) {
  describe('health on postgres without its database', () => {
    let server: TestServer

    beforeAll(async () => {
      server = await startTestServer('postgres')
    })
    afterAll(async () => {
      await server?.stop()
    })

    it('GET /api/health answers 503 when the database is gone', async () => {
      const databaseName = new URL(server.databaseUrl as string).pathname.slice(1)
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      try {
        await admin.query(`drop database "${databaseName}" with (force)`)
      } finally {
        await admin.end()
      }
      const response = await fetch(`${server.baseUrl}/api/health`)
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ status: 'unavailable' })
    })
  })
}

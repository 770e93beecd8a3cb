import { asc, eq, gte, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '~/server/audit/audit.schema'
import { personalValueChanged, recordAudit } from '~/server/audit/audit.server'
import { openDatabase } from '~/server/db/client.server'
import { demoIds } from '~/server/db/seed.server'
import { callApi } from '../support/api-client'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

describe.each(testDatabaseKinds)('audit log on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const entityId = () => crypto.randomUUID()

  async function rowsOf(id: string) {
    return database.handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, id))
  }

  it('records business fields and only the fact that personal ones changed', async () => {
    const id = entityId()
    await recordAudit(database.handle.db, {
      organisationId: demoIds.pharmacy,
      actor: { kind: 'business_user', id: demoIds.userPharmacyOwner },
      requestId: 'req-audit-1',
      action: 'customer.updated',
      entity: { type: 'customer', id },
      before: { payer: 'private', email: 'alt@example.com', name: 'Erika Muster', phone: '1' },
      after: { payer: 'statutory', email: 'neu@example.com', name: 'Erika Muster', phone: '1' },
      personalFields: ['email', 'name', 'phone'],
    })
    const [row] = await rowsOf(id)
    expect(row).toMatchObject({
      organisationId: demoIds.pharmacy,
      actorKind: 'business_user',
      actorId: demoIds.userPharmacyOwner,
      requestId: 'req-audit-1',
      action: 'customer.updated',
      before: { payer: 'private' },
      after: { payer: 'statutory', email: personalValueChanged },
    })
    expect(JSON.stringify(row)).not.toMatch(/example\.com|Erika/)
  })

  it('joins the caller transaction: a rolled-back change leaves no audit row', async () => {
    const id = entityId()
    await expect(
      database.handle.db.transaction(async (tx) => {
        await recordAudit(tx, {
          organisationId: null,
          actor: { kind: 'visitor' },
          requestId: null,
          action: 'contact.message_received',
          entity: { type: 'contact_message', id },
        })
        throw new Error('the change itself failed')
      }),
    ).rejects.toThrow('the change itself failed')
    expect(await rowsOf(id)).toEqual([])
  })

  it('refuses to update, delete or truncate recorded events', async () => {
    const id = entityId()
    await recordAudit(database.handle.db, {
      organisationId: null,
      actor: { kind: 'system', name: 'test' },
      requestId: null,
      action: 'test.recorded',
      entity: { type: 'test', id },
    })
    const { db } = database.handle
    await expect(
      db.update(auditEvents).set({ action: 'test.forged' }).where(eq(auditEvents.entityId, id)),
    ).rejects.toThrow()
    await expect(db.delete(auditEvents).where(eq(auditEvents.entityId, id))).rejects.toThrow()
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow()
    expect(await rowsOf(id)).toMatchObject([{ action: 'test.recorded' }])
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('audited account events over HTTP', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('postgres')
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('logins, logouts, password changes and contact messages each write one event', async () => {
    const api = (path: string, call?: Parameters<typeof callApi>[2]) =>
      callApi(server.baseUrl, path, call)
    // The demo data's own events (purchase orders, suppliers) come before.
    const startedAt = new Date()
    const login = await api('/api/auth/b2b/login', {
      body: { username: 'mitarbeiter', password: 'mitarbeiter-demo-2026' },
    })
    expect(login.status).toBe(200)
    const token = login.body.accessToken as string
    const changed = await api('/api/users/me/password', {
      method: 'PUT',
      token,
      body: { currentPassword: 'mitarbeiter-demo-2026', newPassword: 'mitarbeiter-neu-2026!' },
    })
    expect(changed.status).toBe(200)
    const loggedOut = await api('/api/auth/b2b/logout', { method: 'DELETE', token })
    expect(loggedOut.status).toBe(200)
    const contact = await api('/api/contact', {
      host: 'sonnen-apotheke.localhost',
      body: {
        name: 'Erika Muster',
        email: 'erika@example.com',
        subject: 'Öffnungszeiten',
        message: 'Haben Sie samstags geöffnet?',
      },
    })
    expect(contact.status).toBe(201)

    const observer = await openDatabase({
      driver: 'postgres',
      url: server.databaseUrl as string,
      poolSize: 1,
    })
    try {
      const events = await observer.db
        .select()
        .from(auditEvents)
        .where(gte(auditEvents.createdAt, startedAt))
        .orderBy(asc(auditEvents.createdAt))
      expect(events.map((event) => [event.action, event.actorKind, event.organisationId])).toEqual([
        ['auth.login', 'business_user', demoIds.pharmacy],
        ['account.password_changed', 'business_user', demoIds.pharmacy],
        ['auth.logout', 'business_user', demoIds.pharmacy],
        ['contact.message_received', 'visitor', demoIds.pharmacy],
      ])
      const requestIds = [login, changed, loggedOut, contact].map((answer) =>
        answer.headers.get('x-request-id'),
      )
      expect(events.map((event) => event.requestId)).toEqual(requestIds)
      expect(JSON.stringify(events)).not.toMatch(/Erika|erika@|Öffnungszeiten|127\.0\.0\.1/)
    } finally {
      await observer.close()
    }
  })
})

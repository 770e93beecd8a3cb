import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '~/server/audit/audit.schema'
import { personalValueChanged, recordAudit } from '~/server/audit/audit.server'
import { demoIds, seedDemoData } from '~/server/db/seed.server'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

describe.each(testDatabaseKinds)('audit log on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await database.handle.migrate()
    await seedDemoData(database.handle.db)
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

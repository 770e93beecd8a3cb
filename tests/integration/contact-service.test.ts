import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactRequestSchema } from '~/lib/contact-api'
import { contactLimits, submitContactMessage } from '~/server/contact.server'
import { contactMessages, tenants } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { DomainError, parseInput } from '~/server/errors.server'
import type { Caller } from '~/server/request-context'
import { resolveTenant } from '~/server/tenants.server'
import { validContactMessage } from '../support/contact'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const appDomain = 'blattwerk.localhost'

let nextClient = 1
const newClient = () => ({ ip: `203.0.113.${nextClient++}`, requestId: null })

describe.each(testDatabaseKinds)('contact service on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db

  /** What the route does: validate the body, find the tenant of the host, store. */
  const post = async (body: unknown, host: string, client: Caller) => {
    const input = parseInput(contactRequestSchema, body)
    const tenant = await resolveTenant(db(), host, appDomain)
    await submitContactMessage(db(), input, tenant, client)
  }
  const rowCount = async () => {
    const [row] = await db().select({ value: count() }).from(contactMessages)
    return row?.value
  }

  beforeAll(async () => {
    // The tenant cache is per process; each database must be asked afresh.
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('stores a message on a shop host with its tenant, trimmed', async () => {
    const client = newClient()
    await post(
      {
        name: '  Mara Muster ',
        email: ' mara@example.com ',
        subject: '\tFrage zur Lieferung\n',
        message: '  Liefert ihr auch nach Hamburg?  ',
      },
      'Sonnen-Apotheke.localhost:3000',
      client,
    )
    const rows = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.clientIp, client.ip))
    expect(rows).toEqual([
      {
        id: expect.any(String),
        tenantId: demoIds.tenantPharmacy,
        ...validContactMessage,
        clientIp: client.ip,
        handledAt: null,
        handledBy: null,
        createdAt: expect.any(Date),
      },
    ])
  })

  it('stores a message on the main host, or a host naming no shop, without a tenant', async () => {
    const client = newClient()
    for (const host of ['localhost:3000', appDomain, 'www.blattwerk.de', 'unbekannt.localhost']) {
      await post(validContactMessage, host, client)
    }
    const rows = await db()
      .select({ tenantId: contactMessages.tenantId })
      .from(contactMessages)
      .where(eq(contactMessages.clientIp, client.ip))
    expect(rows).toEqual(Array(4).fill({ tenantId: null }))
  })

  it('writes nothing for invalid input', async () => {
    const before = await rowCount()
    for (const body of [
      {},
      { ...validContactMessage, name: ' ' },
      { ...validContactMessage, email: 'keine-adresse' },
      { ...validContactMessage, subject: 'x'.repeat(151) },
      { ...validContactMessage, message: 'zu kurz' },
      'kein Objekt',
      null,
    ]) {
      const attempt = post(body, 'sonnen-apotheke.localhost', newClient())
      await expect(attempt).rejects.toBeInstanceOf(DomainError)
      await expect(attempt).rejects.toMatchObject({ status: 400 })
    }
    expect(await rowCount()).toBe(before)
  })

  it('refuses the sixth message of a client within the window with 429 and writes nothing', async () => {
    const client = newClient()
    for (let sent = 0; sent < contactLimits.client.points; sent++) {
      await post(validContactMessage, 'sonnen-apotheke.localhost', client)
    }
    const before = await rowCount()
    const refused = post(validContactMessage, 'sonnen-apotheke.localhost', client)
    await expect(refused).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Sie haben zu viele Nachrichten gesendet\./),
      extra: { headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } },
    })
    expect(await rowCount()).toBe(before)
    // Another client still gets through.
    await post(validContactMessage, 'sonnen-apotheke.localhost', newClient())
    expect(await rowCount()).toBe((before ?? 0) + 1)
  })

  it('keeps the messages of a deleted shop, without the tenant', async () => {
    const client = newClient()
    await post(validContactMessage, 'gruene-ecke.localhost', client)
    const byClient = eq(contactMessages.clientIp, client.ip)
    const [stored] = await db().select().from(contactMessages).where(byClient)
    expect(stored?.tenantId).toBe(demoIds.tenantClub)

    await db().delete(tenants).where(eq(tenants.id, demoIds.tenantClub))
    const [kept] = await db().select().from(contactMessages).where(byClient)
    expect(kept).toEqual({ ...stored, tenantId: null })
  })
})

import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NewOrganisationInput } from '~/lib/new-organisation'
import { visitorActor } from '~/server/actor.server'
import { createOrganisation } from '~/server/admin/admin-organisations.server'
import { auditEvents, organisations, tenants } from '~/server/db/schema'
import type { DomainError } from '~/server/errors.server'
import { outboxMails } from '~/server/mail/mail.schema'
import { organisationInvitations } from '~/server/organisations/team.schema'
import { resolveTenant } from '~/server/tenants.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { outcomeOf } from '../support/outcome'

const linden = (overrides: Partial<NewOrganisationInput> = {}): NewOrganisationInput => ({
  name: 'Linden-Apotheke',
  category: 'pharmacy',
  street: 'Unter den Linden 10',
  postalCode: '10117',
  city: 'Berlin',
  tenantSlug: 'linden-apotheke',
  ownerEmail: 'inhaberin@linden-apotheke.example',
  ...overrides,
})

describe.each(testDatabaseKinds)('admin creates organisations on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db
  const organisationCount = async () =>
    Number((await db().select({ count: sql<number>`count(*)::int` }).from(organisations))[0]?.count)

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('creates the organisation, its shop host and the first owner’s invitation in one go', async () => {
    const { id } = await createOrganisation(actors.admin, linden(), db())
    const [organisation] = await db().select().from(organisations).where(eq(organisations.id, id))
    expect(organisation).toMatchObject({
      name: 'Linden-Apotheke',
      category: 'pharmacy',
      postalCode: '10117',
    })
    const tenant = await resolveTenant(
      db(),
      'linden-apotheke.blattwerk.localhost',
      'blattwerk.localhost',
    )
    expect(tenant?.organisationId).toBe(id)
    const [invitation] = await db()
      .select()
      .from(organisationInvitations)
      .where(eq(organisationInvitations.organisationId, id))
    expect(invitation).toMatchObject({ email: 'inhaberin@linden-apotheke.example', role: 'owner' })
    const [mail] = await db()
      .select()
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.kind, 'invitation'),
          eq(outboxMails.toAddress, 'inhaberin@linden-apotheke.example'),
        ),
      )
    expect(mail?.textBody).toContain('als Inhaber im Backoffice von Linden-Apotheke')
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'organisation.created')))
    expect(audit?.after).toMatchObject({ tenantSlug: 'linden-apotheke', category: 'pharmacy' })
  })

  it('refuses reserved, malformed and taken shop addresses and known owners, writing nothing', async () => {
    const before = await organisationCount()
    const cases: [Partial<NewOrganisationInput>, number, string][] = [
      [{ tenantSlug: 'admin' }, 400, 'tenantSlug'],
      [{ tenantSlug: 'Linden_Apotheke' }, 400, 'tenantSlug'],
      [{ tenantSlug: 'sonnen-apotheke' }, 400, 'tenantSlug'],
      [{ tenantSlug: null, ownerEmail: 'INHABERIN@sonnen-apotheke.example' }, 409, 'ownerEmail'],
      [{ postalCode: '1011' }, 400, 'postalCode'],
      [{ category: 'platform' as never }, 400, 'category'],
    ]
    for (const [overrides, status, field] of cases) {
      const failure = await createOrganisation(
        actors.admin,
        linden({ name: 'Zweite Linden-Apotheke', ...overrides }),
        db(),
      ).then(
        () => null,
        (error: DomainError) => error,
      )
      expect(failure?.status, JSON.stringify(overrides)).toBe(status)
      expect(Object.keys(failure?.extra.errors ?? {})).toContain(field)
    }
    expect(await organisationCount()).toBe(before)
  })

  it('only the platform admin creates organisations', async () => {
    for (const caller of [
      actors.pharmacyOwner,
      actors.pharmacyStaff,
      actors.shopCustomer,
      visitorActor(),
    ]) {
      expect(await outcomeOf(createOrganisation(caller, linden({ tenantSlug: null }), db()))).toBe(
        403,
      )
    }
  })

  it('of 10 parallel creations with one shop address exactly one gets it', async () => {
    const before = await organisationCount()
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        outcomeOf(
          createOrganisation(
            actors.admin,
            linden({
              name: `Parallel-Apotheke ${index}`,
              tenantSlug: 'parallel-apotheke',
              ownerEmail: null,
            }),
            db(),
          ),
        ),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 400)).toHaveLength(9)
    expect(await organisationCount()).toBe(before + 1)
    const hosts = await db().select().from(tenants).where(eq(tenants.slug, 'parallel-apotheke'))
    expect(hosts).toHaveLength(1)
  })
})

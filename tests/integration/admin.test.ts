import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organisationListSearch, userListSearch } from '~/lib/admin'
import type { BusinessActor } from '~/server/actor.server'
import { listOrganisations, listUsers } from '~/server/admin/admin.server'
import { demoIds } from '~/server/db/seed.server'
import { ForbiddenError } from '~/server/errors.server'
import { businessActorOf } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

describe.each(testDatabaseKinds)('platform admin console on %s', (kind) => {
  let database: TestDatabase
  let admin: BusinessActor
  let owner: BusinessActor

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    admin = await businessActorOf(database.handle.db, demoIds.userAdmin)
    owner = await businessActorOf(database.handle.db, demoIds.userPharmacyOwner)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const organisationsFor = (actor: BusinessActor, search: Record<string, unknown> = {}) =>
    listOrganisations(actor, organisationListSearch.parse(search as never), database.handle.db)
  const usersFor = (actor: BusinessActor, search: Record<string, unknown> = {}) =>
    listUsers(actor, userListSearch.parse(search as never), database.handle.db)

  it('lists every organisation with its user count and shop, sorted by name', async () => {
    const page = await organisationsFor(admin)
    expect(page.total).toBe(5)
    expect(page.items.map((row) => [row.name, row.users, row.tenantSlug])).toEqual([
      ['Apotheke am Markt', 1, 'apotheke-am-markt'],
      ['Blattwerk Plattform', 1, null],
      // Its owner and the second person of its four-eyes check (seed-fillings).
      ['Grüne Ecke e.V.', 2, 'gruene-ecke'],
      ['Nordhanf Großhandel GmbH', 2, null],
      // Owner, a PTA and the second pharmacist of the four-eyes steps (ApBetrO § 7, § 8).
      ['Sonnen-Apotheke', 3, 'sonnen-apotheke'],
    ])
  })

  it('searches, filters, sorts and pages on the server', async () => {
    expect((await organisationsFor(admin, { q: 'sonnen' })).items.map((row) => row.name)).toEqual([
      'Sonnen-Apotheke',
    ])
    expect((await organisationsFor(admin, { category: 'club' })).total).toBe(1)
    expect((await organisationsFor(admin, { status: 'active' })).total).toBe(5)
    expect((await organisationsFor(admin, { status: 'inactive' })).total).toBe(0)
    const byUsers = await organisationsFor(admin, { sort: 'users', dir: 'desc' })
    expect(byUsers.items.map((row) => row.users)).toEqual([3, 2, 2, 1, 1])
    expect(byUsers.items[0]?.name).toBe('Sonnen-Apotheke')
    expect(new Set(byUsers.items.slice(1, 3).map((row) => row.name))).toEqual(
      new Set(['Grüne Ecke e.V.', 'Nordhanf Großhandel GmbH']),
    )

    const staff = await usersFor(admin, { role: 'staff' })
    expect(staff.items.map((row) => row.username)).toEqual([
      'apothekerin',
      'lager',
      'vereinsteam',
      'mitarbeiter',
    ])
    const inactive = await usersFor(admin, { status: 'inactive' })
    expect(inactive.items.map((row) => row.username)).toEqual(['lager'])
    const byOrganisation = await usersFor(admin, { q: 'Sonnen-Apotheke' })
    expect(byOrganisation.total).toBe(3)
    const firstPage = await usersFor(admin, { pageSize: 25, page: 9 })
    expect(firstPage.page).toBe(1)
    expect(firstPage.items).toHaveLength(9)
    expect(firstPage.items[0]).not.toHaveProperty('passwordHash')
  })

  it('refuses everyone but platform admins', async () => {
    await expect(organisationsFor(owner)).rejects.toBeInstanceOf(ForbiddenError)
    await expect(usersFor(owner)).rejects.toBeInstanceOf(ForbiddenError)
  })
})

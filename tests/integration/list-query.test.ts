import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listSearchSchema, oneOf } from '~/lib/list-query'
import type { Database } from '~/server/db/client.server'
import { organisations, users } from '~/server/db/schema'
import { listPage, searchCondition } from '~/server/list-query.server'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const organisationSearch = listSearchSchema({
  sort: ['name', 'createdAt'],
  defaultSort: 'name',
  filters: { category: oneOf(['pharmacy', 'club']) },
})

/** The shape of a list service as business areas write it. */
function listOrganisations(db: Database, search: unknown) {
  const query = organisationSearch.parse(search as never)
  const select = db
    .select({ id: organisations.id, name: organisations.name, category: organisations.category })
    .from(organisations)
    .where(
      and(
        searchCondition(query.q, [organisations.name, organisations.city]),
        query.category ? eq(organisations.category, query.category) : undefined,
      ),
    )
    .$dynamic()
  return listPage(db, select, query, {
    sortColumns: { name: organisations.name, createdAt: organisations.createdAt },
    tiebreaker: organisations.id,
  })
}

/** 60 organisations: 40 pharmacies "Apotheke 01".."Apotheke 40", 20 clubs all named "Verein". */
const pharmacyCount = 40
const clubCount = 20

describe.each(testDatabaseKinds)('list pages on %s', (kind) => {
  let database: TestDatabase
  let db: Database

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await database.handle.migrate()
    db = database.handle.db
    await db.insert(organisations).values([
      ...Array.from({ length: pharmacyCount }, (_, index) => ({
        name: `Apotheke ${String(index + 1).padStart(2, '0')}`,
        category: 'pharmacy' as const,
        city: index === 0 ? 'Berlin' : 'Leipzig',
        createdAt: new Date(Date.UTC(2025, 0, index + 1)),
      })),
      ...Array.from({ length: clubCount }, () => ({ name: 'Verein', category: 'club' as const })),
      { name: '100% Bio_Laden', category: 'pharmacy' as const },
    ])
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('answers one page with the total of the whole list', async () => {
    const first = await listOrganisations(db, {})
    expect(first.total).toBe(pharmacyCount + clubCount + 1)
    expect(first.page).toBe(1)
    expect(first.pageSize).toBe(25)
    expect(first.items).toHaveLength(25)
    expect(first.items[0]?.name).toBe('100% Bio_Laden')

    const last = await listOrganisations(db, { page: 3 })
    expect(last.items).toHaveLength(11)
  })

  it('sorts by the whitelisted column and keeps equal values in a stable order across pages', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => listOrganisations(db, { page, sort: 'name', dir: 'desc' })),
    )
    const rows = pages.flatMap((page) => page.items)
    expect(rows).toHaveLength(pharmacyCount + clubCount + 1)
    // Every row exactly once, although 20 rows share the name "Verein".
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length)
    expect(rows.slice(0, clubCount).every((row) => row.name === 'Verein')).toBe(true)
    expect(rows[clubCount]?.name).toBe('Apotheke 40')
  })

  it('sorts by another whitelisted column', async () => {
    const newest = await listOrganisations(db, {
      sort: 'createdAt',
      dir: 'desc',
      category: 'pharmacy',
      pageSize: 50,
    })
    // The extra pharmacy was created now, after the dated ones.
    expect(newest.items.slice(0, 2).map((row) => row.name)).toEqual([
      '100% Bio_Laden',
      'Apotheke 40',
    ])
  })

  it('never sorts by a column the URL names but the list does not whitelist', async () => {
    const byName = await listOrganisations(db, { sort: 'name' })
    const byForeignColumn = await listOrganisations(db, { sort: 'id' })
    expect(byForeignColumn.items).toEqual(byName.items)
  })

  it('clamps a page past the end to the last page', async () => {
    const result = await listOrganisations(db, { page: 99, pageSize: 50 })
    expect(result.page).toBe(2)
    expect(result.items).toHaveLength(11)
  })

  it('counts only what the search and filters let through', async () => {
    const clubs = await listOrganisations(db, { category: 'club' })
    expect(clubs.total).toBe(clubCount)

    const inBerlin = await listOrganisations(db, { q: 'berlin' })
    expect(inBerlin.items.map((row) => row.name)).toEqual(['Apotheke 01'])
  })

  it('treats LIKE wildcards in the search as plain characters', async () => {
    const percent = await listOrganisations(db, { q: '%' })
    expect(percent.items.map((row) => row.name)).toEqual(['100% Bio_Laden'])
    const underscore = await listOrganisations(db, { q: 'o_l' })
    expect(underscore.items.map((row) => row.name)).toEqual(['100% Bio_Laden'])
  })

  it('answers an empty first page when nothing matches', async () => {
    expect(await listOrganisations(db, { q: 'gibt es nicht', page: 4 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
    })
  })

  it('pages a joined selection', async () => {
    const [pharmacy] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Apotheke 01'))
    await db.insert(users).values(
      ['b', 'a', 'c'].map((letter) => ({
        organisationId: pharmacy?.id as string,
        username: `user-${letter}`,
        email: `${letter}@example.test`,
        name: `Person ${letter.toUpperCase()}`,
        role: 'staff' as const,
        passwordHash: 'not-a-real-hash',
      })),
    )
    const query = listSearchSchema({ sort: ['name', 'organisation'], defaultSort: 'name' }).parse({
      sort: 'organisation',
    })
    const select = db
      .select({ name: users.name, organisation: organisations.name })
      .from(users)
      .innerJoin(organisations, eq(users.organisationId, organisations.id))
      .$dynamic()
    const result = await listPage(db, select, query, {
      sortColumns: { name: users.name, organisation: organisations.name },
      tiebreaker: users.id,
    })
    expect(result.total).toBe(3)
    expect(result.items.every((row) => row.organisation === 'Apotheke 01')).toBe(true)
  })
})

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultMigrationsFolder, openDatabase } from '~/server/db/client.server'
import { queryRows } from '~/server/db/query-rows.server'
import { organisations, shopUsers, tenants, users } from '~/server/db/schema'
import { demoBusinessLogins, isDatabaseEmpty, seedDemoData } from '~/server/db/seed.server'
import { demoClubTeamLogin } from '~/server/db/seed-fillings.server'
import { demoTeamIds } from '~/server/db/seed-team.server'
import { verifyPassword } from '~/server/password.server'
import { harnessTarget } from '../support/database-clients'
import {
  createPostgresDatabase,
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../support/databases'

async function tableNames(database: TestDatabase): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    database.handle.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )
  return rows.map((row) => row.table_name)
}

describe.each(testDatabaseKinds)('database on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('applies the committed migrations to an empty database', async () => {
    await database.handle.migrate()
    expect(await tableNames(database)).toEqual([
      'account_tokens',
      'app_settings',
      'audit_events',
      'auth_sessions',
      'bank_entry_allocations',
      'bank_statement_entries',
      'bank_statements',
      'batches',
      'bookkeeping_settings',
      'cart_items',
      'carts',
      'contact_messages',
      'customer_notes',
      'customer_order_events',
      'customer_order_evidence',
      'customer_order_items',
      'customer_order_picks',
      'customer_order_prescriptions',
      'customer_order_withdrawals',
      'customer_orders',
      'customers',
      'defektur_day_counts',
      'documents',
      'filling_protocols',
      'filling_units',
      'hand_outs',
      'member_account_tokens',
      'mollie_payment_events',
      'mollie_payments',
      'mollie_refunds',
      'number_counters',
      'number_series_prefixes',
      'order_payments',
      'organisation_invitations',
      'organisation_products',
      'organisations',
      'outbox_mails',
      'payment_reminders',
      'preparation_instructions',
      'product_import_rows',
      'product_imports',
      'products',
      'purchase_order_items',
      'purchase_order_shipment_lines',
      'purchase_orders',
      'rate_limits',
      'refresh_tokens',
      'shop_addresses',
      'shop_users',
      'stock_movements',
      'stock_reservations',
      'stored_files',
      'suppliers',
      'tenants',
      'users',
    ])
    // Applying again is a no-op.
    await database.handle.migrate()
  })

  it('leaves the database as it was when a migration fails', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'blattwerk-migrations-'))
    try {
      await cp(defaultMigrationsFolder, folder, { recursive: true })
      const journalPath = path.join(folder, 'meta/_journal.json')
      const journal = JSON.parse(await readFile(journalPath, 'utf8'))
      journal.entries.push({
        idx: journal.entries.length,
        version: '7',
        when: Date.now(),
        tag: '9999_broken',
        breakpoints: true,
      })
      await writeFile(journalPath, JSON.stringify(journal))
      await writeFile(
        path.join(folder, '9999_broken.sql'),
        'CREATE TABLE "half_done" ("id" integer);--> statement-breakpoint\nALTER TABLE "does_not_exist" ADD COLUMN "x" integer;',
      )
      await expect(database.handle.migrate(folder)).rejects.toThrow()
      expect(await tableNames(database)).not.toContain('half_done')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('seeds the demo data idempotently', async () => {
    expect(await isDatabaseEmpty(database.handle.db)).toBe(true)
    const snapshot = async () => {
      const db = database.handle.db
      return {
        organisations: await db.select().from(organisations).orderBy(asc(organisations.id)),
        tenants: await db.select().from(tenants).orderBy(asc(tenants.id)),
        users: await db.select().from(users).orderBy(asc(users.id)),
        shopUsers: await db.select().from(shopUsers).orderBy(asc(shopUsers.id)),
      }
    }
    await seedDemoData(database.handle.db)
    const first = await snapshot()
    await seedDemoData(database.handle.db)
    const second = await snapshot()

    expect(second).toEqual(first)
    expect(first.organisations.map((row) => [row.name, row.category])).toEqual([
      ['Blattwerk Plattform', 'platform'],
      ['Sonnen-Apotheke', 'pharmacy'],
      ['Grüne Ecke e.V.', 'club'],
      ['Nordhanf Großhandel GmbH', 'wholesaler'],
      ['Apotheke am Markt', 'pharmacy'],
    ])
    expect(first.tenants.map((row) => [row.slug, row.config === null])).toEqual([
      ['sonnen-apotheke', false],
      ['gruene-ecke', true],
      ['apotheke-am-markt', false],
    ])
    // The demo logins, Nordhanf's deactivated former clerk (issue 13) and Grüne Ecke's second
    // person for the four-eyes check of its filling (issue 14), in the order of their ids.
    expect(first.users.map((row) => [row.username, row.role, row.qualification])).toEqual(
      [
        ...demoBusinessLogins,
        { id: demoTeamIds.userWholesalerFormer, username: 'lager', role: 'staff' },
        { ...demoClubTeamLogin, role: 'staff' },
      ]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((login) => [
          login.username,
          login.role,
          'qualification' in login ? login.qualification : 'other',
        ]),
    )
    expect(first.shopUsers.map((row) => row.email)).toEqual(['kunde@example.com'])
    const admin = first.users.find((row) => row.username === 'admin')
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(admin?.passwordHash as string, 'admin-demo-2026')).toBe(true)
  }, 120_000) // Seeding twice on an empty PGlite: about 30 s on a busy two-core machine.

  it('refuses a second user with the same username in another letter case', async () => {
    const [pharmacy] = await database.handle.db.select().from(organisations).limit(1)
    await expect(
      database.handle.db.insert(users).values({
        organisationId: pharmacy?.id as string,
        username: 'ADMIN',
        email: 'x@example.com',
        name: 'Doppelt',
        role: 'staff',
        passwordHash: 'x',
      }),
    ).rejects.toThrow()
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('migrations of several processes at once', () => {
  it('run once: the others wait for the lock and find the schema migrated', async () => {
    const database = await createPostgresDatabase()
    const handles = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase(harnessTarget(database, 2))),
    )
    try {
      await Promise.all(handles.map((handle) => handle.migrate()))
      // The migrations' own table is the owner's: the app's role cannot read it.
      const owner = await openDatabase({ driver: 'postgres', url: database.ownerUrl, poolSize: 1 })
      const applied = await queryRows<{ count: number }>(
        owner.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      ).finally(() => owner.close())
      const journal = JSON.parse(
        await readFile(path.join(defaultMigrationsFolder, 'meta/_journal.json'), 'utf8'),
      )
      expect(applied[0]?.count).toBe(journal.entries.length)
    } finally {
      await Promise.all(handles.map((handle) => handle.close()))
      await database.drop()
    }
  })
})

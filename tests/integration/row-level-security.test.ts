import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '~/server/customers/customers.schema'
import { applyScope } from '~/server/db/scope.server'
import { demoIds } from '~/server/db/seed.server'
import { withAdminClient } from '../support/database-clients'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** A role like the app's should be: neither superuser nor table owner nor BYPASSRLS. */
const probeRole = 'blattwerk_rls_probe'
const ownSide = demoIds.pharmacy
const otherSide = demoIds.marketPharmacy

/** Where a table names its owner: the organisation, or the tenant (whose organisation owns it). */
interface ProtectedTable {
  name: string
  ownerColumn: 'organisation_id' | 'tenant_id'
}

/**
 * Row-level security (issue 27, defect 2; migration 0027, ADR 050), directly in SQL as a role
 * that is neither superuser nor owner: with organisation A's scope every protected table shows
 * nothing of B, and refuses to write B's rows. PostgreSQL only: PGlite runs as a superuser, which
 * row-level security never binds (docs/security.md).
 */
describe.runIf(testDatabaseKinds.includes('postgres'))('row-level security on postgres', () => {
  let database: TestDatabase
  let client: pg.PoolClient
  let tables: ProtectedTable[]

  /** `owner` of the table's rows, as the organisation that owns them. */
  const ownerOf = (table: ProtectedTable, owner: string) =>
    table.ownerColumn === 'organisation_id'
      ? `'${owner}'::uuid`
      : `(select id from tenants where organisation_id = '${owner}'::uuid limit 1)`
  const rowsOf = (table: ProtectedTable) =>
    table.ownerColumn === 'organisation_id'
      ? `${table.ownerColumn}`
      : `(select organisation_id from tenants where tenants.id = ${table.name}.tenant_id)`

  beforeAll(async () => {
    database = await createSeededDatabase('postgres')
    await withAdminClient(async (admin) => {
      await admin.query(`do $$ begin
        if not exists (select 1 from pg_roles where rolname = '${probeRole}') then
          create role ${probeRole} nologin nosuperuser nobypassrls;
        end if;
      end $$`)
    })
    const pool = (database.handle.db as unknown as { $client: pg.Pool }).$client
    client = await pool.connect()
    await client.query(`grant usage on schema public to ${probeRole}`)
    await client.query(
      `grant select, insert, update, delete on all tables in schema public to ${probeRole}`,
    )
    const { rows } = await client.query<{
      name: string
      owner_column: ProtectedTable['ownerColumn']
    }>(`
      select c.relname as name,
        case when exists (
          select 1 from information_schema.columns
          where table_name = c.relname and column_name = 'organisation_id'
        ) then 'organisation_id' else 'tenant_id' end as owner_column
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity and c.relforcerowsecurity
      order by 1`)
    tables = rows.map((row) => ({ name: row.name, ownerColumn: row.owner_column }))
  })
  afterAll(async () => {
    client?.release()
    await database?.dispose()
  })

  /** Runs `work` in a transaction as the probe role with A's organisation scope, then rolls back. */
  async function asOwnSide<T>(work: () => Promise<T>): Promise<T> {
    await client.query('begin')
    try {
      await client.query(`set local role ${probeRole}`)
      await client.query(
        `select set_config('app.scope', 'organisation', true), set_config('app.organisation_id', $1, true)`,
        [ownSide],
      )
      return await work()
    } finally {
      await client.query('rollback')
    }
  }

  const count = async (query: string) =>
    Number((await client.query<{ n: string }>(query)).rows[0]?.n ?? 0)

  it('protects every table that belongs to an organisation or a tenant', () => {
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        'customers',
        'customer_orders',
        'hand_outs',
        'batches',
        'documents',
        'audit_events',
        'shop_users',
        'outbox_mails',
        'tenants',
        'users',
      ]),
    )
    expect(tables.length).toBeGreaterThanOrEqual(37)
  })

  it("shows A's scope all of A's rows and none of anybody else's", async () => {
    let tablesWithForeignRows = 0
    for (const table of tables) {
      const owner = rowsOf(table)
      const ownRows = await count(
        `select count(*) as n from ${table.name} where ${owner} = '${ownSide}'`,
      )
      const foreignRows = await count(
        `select count(*) as n from ${table.name} where ${owner} is distinct from '${ownSide}'`,
      )
      if (foreignRows > 0) tablesWithForeignRows++
      const seen = await asOwnSide(async () => ({
        own: await count(`select count(*) as n from ${table.name} where ${owner} = '${ownSide}'`),
        all: await count(`select count(*) as n from ${table.name}`),
      }))
      // Master products and public files (no owner) stay readable to everyone signed in.
      const shared =
        table.name === 'products' || table.name === 'stored_files'
          ? await count(`select count(*) as n from ${table.name} where organisation_id is null`)
          : 0
      expect(seen, table.name).toEqual({ own: ownRows, all: ownRows + shared })
    }
    // The matrix means something only where others have rows: most tables do in the demo data.
    expect(tablesWithForeignRows).toBeGreaterThanOrEqual(20)
  })

  it("refuses to write B's rows, or to hand A's rows to B", async () => {
    for (const table of tables) {
      const owner = rowsOf(table)
      const hasOwnRow =
        (await count(`select count(*) as n from ${table.name} where ${owner} = '${ownSide}'`)) > 0
      if (!hasOwnRow) continue
      const refusal = (query: string) =>
        asOwnSide(async () => {
          try {
            await client.query(query)
            return 'written'
          } catch (error) {
            return (error as { code?: string }).code
          }
        })
      const someOwnRow = `(select ctid from ${table.name} where ${owner} = '${ownSide}' limit 1)`
      // A's row given to B: the policy's check refuses it (42501), before any other constraint.
      expect(
        await refusal(
          `update ${table.name} set ${table.ownerColumn} = ${ownerOf(table, otherSide)} where ctid = ${someOwnRow}`,
        ),
        table.name,
      ).toBe('42501')
      // A copy of A's row as B's (generated columns are the database's to fill).
      const { rows: columns } = await client.query<{ name: string }>(
        `select column_name as name from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
         order by ordinal_position`,
        [table.name],
      )
      const list = columns.map((column) => `"${column.name}"`).join(', ')
      expect(
        await refusal(
          `insert into ${table.name} (${list}) select ${list} from jsonb_populate_record(null::${table.name}, (select to_jsonb(t) || jsonb_build_object('${table.ownerColumn}', ${ownerOf(table, otherSide)}) from ${table.name} t where ctid = ${someOwnRow}))`,
        ),
        table.name,
      ).toBe('42501')
      // B's rows are out of reach: an update or delete of them touches nothing.
      const touched = await asOwnSide(
        async () =>
          (
            await client.query(
              `update ${table.name} set ${table.ownerColumn} = ${table.ownerColumn} where ${owner} = '${otherSide}'`,
            )
          ).rowCount,
      )
      expect(touched, table.name).toBe(0)
    }
  })

  it('keeps a query that forgot its owner filter within its organisation', async () => {
    // What a service would run with its `organisation_id` condition deleted by mistake.
    const unfiltered = await database.handle.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${probeRole}`))
      await applyScope(tx, { kind: 'organisation', organisationId: ownSide })
      return tx.select({ organisationId: customers.organisationId }).from(customers)
    })
    expect(unfiltered.length).toBeGreaterThan(0)
    expect(new Set(unfiltered.map((row) => row.organisationId))).toEqual(new Set([ownSide]))
  })

  it('shows nothing without a scope, and everything in the system scope', async () => {
    await client.query('begin')
    try {
      await client.query(`set local role ${probeRole}`)
      await client.query(`select set_config('app.scope', '', true)`)
      expect(await count('select count(*) as n from customers')).toBe(0)
      await client.query(`select set_config('app.scope', 'system', true)`)
      expect(await count('select count(*) as n from customers')).toBeGreaterThan(0)
    } finally {
      await client.query('rollback')
    }
  })
})

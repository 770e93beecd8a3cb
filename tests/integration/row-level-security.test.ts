import { PgDialect } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '~/server/customers/customers.schema'
import { applyScope, type DataScope, scopeStatement, systemRole } from '~/server/db/scope.server'
import { demoIds } from '~/server/db/seed.server'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

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
  let tenantOf: Map<string, string>

  /** `owner` of the table's rows, as the organisation that owns them. */
  const ownerOf = (table: ProtectedTable, owner: string) =>
    table.ownerColumn === 'organisation_id' ? `'${owner}'::uuid` : `'${tenantOf.get(owner)}'::uuid`
  /** Sessions and refresh tokens of business users belong to the user's organisation. */
  const ownedByAccount = (table: ProtectedTable) =>
    table.name === 'auth_sessions' || table.name === 'refresh_tokens'
  const rowsOf = (table: ProtectedTable) => {
    if (table.ownerColumn === 'organisation_id') return table.ownerColumn
    const tenantOwner = `(select organisation_id from tenants where tenants.id = ${table.name}.tenant_id)`
    return ownedByAccount(table)
      ? `coalesce(${tenantOwner}, (select organisation_id from users where users.id = ${table.name}.subject_id and ${table.name}.account_type = 'b2b'))`
      : tenantOwner
  }

  beforeAll(async () => {
    // The tests' connection is the app's own role (neither superuser, owner nor BYPASSRLS), in
    // the system scope until a transaction narrows it.
    database = await createSeededDatabase('postgres')
    const pool = (database.handle.db as unknown as { $client: pg.Pool }).$client
    client = await pool.connect()
    // Read here, in the system scope: within A's scope B's tenant would be invisible (null).
    const { rows: tenantRows } = await client.query<{ id: string; organisation_id: string }>(
      'select distinct on (organisation_id) id, organisation_id from tenants order by organisation_id, id',
    )
    tenantOf = new Map(tenantRows.map((row) => [row.organisation_id, row.id]))
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
        and exists (
          select 1 from information_schema.columns
          where table_name = c.relname and column_name in ('organisation_id', 'tenant_id')
        )
      order by 1`)
    tables = rows.map((row) => ({ name: row.name, ownerColumn: row.owner_column }))
  })
  afterAll(async () => {
    client?.release()
    await database?.dispose()
  })

  /** Runs `work` in a transaction with A's organisation scope, then rolls back. */
  async function asOwnSide<T>(work: () => Promise<T>): Promise<T> {
    await client.query('begin')
    try {
      await scopeClient({ kind: 'organisation', organisationId: ownSide })
      return await work()
    } finally {
      await client.query('rollback')
    }
  }

  /** Applies `scope` to the rest of the client's transaction, as the app does. */
  async function scopeClient(scope: DataScope) {
    const statement = new PgDialect().sqlToQuery(scopeStatement(scope, 'transaction'))
    await client.query(statement.sql, statement.params)
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
        'bookkeeping_settings',
        'audit_events',
        'shop_users',
        'outbox_mails',
        'tenants',
        'users',
        'preparation_instructions',
        'defektur_day_counts',
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
      // A shop customer's session: its tenant column is the owner a write could change.
      const ownRowFilter = ownedByAccount(table) ? ` and account_type = 'b2c'` : ''
      const someOwnRow = `(select ctid from ${table.name} where ${owner} = '${ownSide}'${ownRowFilter} limit 1)`
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
      await applyScope(tx, { kind: 'organisation', organisationId: ownSide })
      return tx.select({ organisationId: customers.organisationId }).from(customers)
    })
    expect(unfiltered.length).toBeGreaterThan(0)
    expect(new Set(unfiltered.map((row) => row.organisationId))).toEqual(new Set([ownSide]))
  })

  it('lets the designed crossings through, and nothing more', async () => {
    const all = (query: string) => count(query)
    const expected = {
      organisations: await all('select count(*) as n from organisations'),
      ownSessions: await all(
        `select count(*) as n from auth_sessions s join users u on u.id = s.subject_id where s.account_type = 'b2b' and u.organisation_id = '${ownSide}'`,
      ),
      ownCartItems: await all(
        `select count(*) as n from cart_items i join carts c on c.id = i.cart_id join tenants t on t.id = c.tenant_id where t.organisation_id = '${ownSide}'`,
      ),
      publicFiles: await all(
        `select count(*) as n from stored_files where purpose in ('product_image', 'shop_logo')`,
      ),
    }
    const seen = await asOwnSide(async () => ({
      // The directory is readable; the other's record cannot be changed or a new one made.
      organisations: await count('select count(*) as n from organisations'),
      otherRecordTouched: (
        await client.query(`update organisations set name = name where id = '${otherSide}'`)
      ).rowCount,
      // A business user's sessions belong to the user's organisation.
      b2bSessions: await count(
        `select count(*) as n from auth_sessions where account_type = 'b2b'`,
      ),
      cartItems: await count('select count(*) as n from cart_items'),
      imports: await count('select count(*) as n from product_imports'),
    }))
    expect(seen).toEqual({
      organisations: expected.organisations,
      otherRecordTouched: 0,
      b2bSessions: expected.ownSessions,
      cartItems: expected.ownCartItems,
      imports: 0,
    })

    const refused = (query: string) =>
      asOwnSide(() =>
        client.query(query).then(
          () => 'written',
          (error: { code?: string }) => error.code,
        ),
      )
    expect(
      await refused(
        `insert into organisations (name, category) values ('Fremde Apotheke', 'pharmacy')`,
      ),
    ).toBe('42501')
    // A business call queues a mail without a tenant, and cannot read the outbox back.
    const queued = await asOwnSide(async () => ({
      inserted: (
        await client.query(
          `insert into outbox_mails (kind, from_name, to_address, subject, text_body, html_body) select kind, from_name, to_address, subject, text_body, html_body from outbox_mails limit 1`,
        )
      ).rowCount,
      readBack: await count('select count(*) as n from outbox_mails where tenant_id is null'),
    }))
    expect(queued).toEqual({ inserted: 1, readBack: 0 })

    // Without any scope, only the public files are there.
    await client.query('begin')
    try {
      await scopeClient({ kind: 'none' })
      expect(await count('select count(*) as n from stored_files')).toBe(expected.publicFiles)
      expect(await count('select count(*) as n from organisations')).toBe(0)
    } finally {
      await client.query('rollback')
    }
  })

  it('shows nothing without a scope, and everything in the system scope', async () => {
    await client.query('begin')
    try {
      await scopeClient({ kind: 'none' })
      expect(await count('select count(*) as n from customers')).toBe(0)
      // The setting alone widens nothing: the system scope is the role that bypasses the policies.
      await client.query(`select set_config('app.scope', 'system', true)`)
      expect(await count('select count(*) as n from customers')).toBe(0)
      await client.query(`set local role ${systemRole}`)
      expect(await count('select count(*) as n from customers')).toBeGreaterThan(0)
      // An organisation's scope takes the system role away again.
      await scopeClient({ kind: 'organisation', organisationId: ownSide })
      expect(
        await count(`select count(*) as n from customers where organisation_id <> '${ownSide}'`),
      ).toBe(0)
    } finally {
      await client.query('rollback')
    }
  })
})

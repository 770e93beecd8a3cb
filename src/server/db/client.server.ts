import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import {
  type NotificationHub,
  pgliteNotifications,
  postgresNotifications,
} from './notifications.server'
import * as schema from './schema'
import {
  applyScope,
  type DataScope,
  scopeStatement,
  systemRole,
  systemScopeOptions,
} from './scope.server'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** A database handle or an open transaction: what services that join the caller's transaction take. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export type DatabaseDriver = 'pglite' | 'postgres'

export interface DatabaseHandle {
  /**
   * On PostgreSQL a connection with no row-level-security scope (ADR 050): it sees no owned row
   * until a transaction applies one (`applyScope`), as the server functions' middleware does.
   */
  db: Database
  /** Every statement and transaction under `scope` — for work between calls to Mollie, say. */
  scoped(scope: DataScope): Database
  /**
   * Runs `work` in one transaction whose first statement applies `scope` (a business call, ADR
   * 050). PGlite's superuser ignores the scope, and a transaction would hold its only connection
   * for the whole call: there `work` gets the database itself.
   */
  inScope<T>(scope: DataScope, work: (db: Executor) => Promise<T>): Promise<T>
  /**
   * The explicit system scope: jobs, login and refresh (no actor yet), the tenant cache, the seed
   * and platform administration — every row of every organisation.
   */
  systemDb: Database
  driver: DatabaseDriver
  /** Applies pending migrations in one transaction: a failing migration leaves the schema as it was. */
  migrate(migrationsFolder?: string): Promise<void>
  /** Cheap liveness probe for the health endpoint. */
  ping(): Promise<void>
  /** LISTEN/NOTIFY for the per-process caches (ADR 027). */
  notifications: NotificationHub
  close(): Promise<void>
}

/** Migrations live in the source tree and are read at run time; npm scripts always run from the project root. */
export const defaultMigrationsFolder = path.resolve(process.cwd(), 'src/server/db/migrations')

/**
 * PGlite's buffer cache. Its PostgreSQL touches all of `shared_buffers` when it starts, inside the
 * process's WebAssembly memory, so initdb's 128 MB were resident from the first second; the
 * embedded store holds a few dozen MB, and its files stay in the operating system's page cache
 * besides (ADR 079).
 */
const pgliteSharedBuffers = '32MB'

/** Advisory-lock key that serialises migrations across processes (any fixed 64-bit number). */
const migrationLockKey = 7_264_401_118

export type DatabaseTarget =
  | { driver: 'pglite'; dataDir: string | null; client?: PGlite }
  | {
      driver: 'postgres'
      url: string
      /** The owner's connection for migrations; unset: `url`'s role migrates too. */
      migrationUrl?: string
      poolSize?: number
      /**
       * The scope of `db` outside scoped transactions. The app leaves it unset (nothing visible);
       * the tests' own service calls and the scripts set `system`.
       */
      defaultScope?: 'system'
    }

export function databaseTargetFromConfig(config: {
  DATABASE_URL?: string
  MIGRATION_DATABASE_URL?: string
  DATA_DIR: string
}): DatabaseTarget {
  return config.DATABASE_URL
    ? {
        driver: 'postgres',
        url: config.DATABASE_URL,
        ...(config.MIGRATION_DATABASE_URL && { migrationUrl: config.MIGRATION_DATABASE_URL }),
      }
    : { driver: 'pglite', dataDir: path.resolve(config.DATA_DIR, 'pglite') }
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === 'postgres') {
    const poolSize = target.poolSize ?? 10
    const openPool = (max: number, defaultScope = target.defaultScope) => {
      const pool = new pg.Pool({
        connectionString: target.url,
        max,
        ...(defaultScope && { options: systemScopeOptions }),
      })
      // An idle client that loses its connection must not crash the process.
      pool.on('error', () => {})
      return pool
    }
    // Three pools, so that a call's transaction that needs a second connection (the tenant
    // lookup, the catalogue cache) never waits for a connection another such call holds: a call
    // holds one of `pool` and may wait for `views` or `system`; those are held for single steps
    // that wait for nothing, so 50 parallel calls queue instead of deadlocking.
    const pool = openPool(poolSize)
    const views = openPool(poolSize)
    // Every connection of `system` is in the system scope from its start.
    const system = openPool(Math.max(2, Math.ceil(poolSize / 2)), 'system')
    const db = drizzlePostgres({ client: pool, schema })
    const scoped = (scope: DataScope) =>
      drizzlePostgres({ client: scopedPool(views, scope), schema })
    const notifications = postgresNotifications(target.url)
    return {
      db,
      scoped,
      systemDb: drizzlePostgres({ client: system, schema }),
      inScope: (scope, work) =>
        db.transaction(async (tx) => {
          await applyScope(tx, scope)
          return work(tx)
        }),
      driver: 'postgres',
      migrate: (migrationsFolder = defaultMigrationsFolder) =>
        migratePostgresAsOwner(target.url, target.migrationUrl, migrationsFolder),
      ping: async () => {
        await pool.query('select 1')
      },
      notifications,
      close: async () => {
        await notifications.close()
        await Promise.all([pool.end(), views.end(), system.end()])
      },
    }
  }

  let client = target.client
  if (!client) {
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true })
    client = await PGlite.create(target.dataDir ?? undefined, {
      // The extensions the migrations create (PostgreSQL ships them in its contrib package).
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
    })
  }
  const pglite = client
  const db = drizzlePglite({ client: pglite, schema })
  const notifications = pgliteNotifications(pglite)
  // PGlite runs as its superuser, which row-level security never binds (docs/security.md).
  return {
    db,
    scoped: () => db,
    systemDb: db,
    inScope: (_scope, work) => work(db),
    driver: 'pglite',
    migrate: (migrationsFolder = defaultMigrationsFolder) =>
      migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await pglite.query('select 1')
    },
    notifications,
    close: async () => {
      await notifications.close()
      await pglite.close()
    },
  }
}

/**
 * Migrates as the owner (`migrationUrl`, else the app's own role) under an advisory lock — several
 * app processes may start at once: one migrates, the others wait and find it done — and grants
 * the app's role what it needs on every table, sequence and function, including new ones.
 */
async function migratePostgresAsOwner(
  appUrl: string,
  migrationUrl: string | undefined,
  migrationsFolder: string,
): Promise<void> {
  // Plain connections: a pool's may start in the system role, which the grant below allows.
  const owner = new pg.Client({ connectionString: migrationUrl ?? appUrl })
  await owner.connect()
  try {
    await owner.query('select pg_advisory_lock($1)', [migrationLockKey])
    try {
      await migratePostgres(drizzlePostgres({ client: owner, schema }), { migrationsFolder })
      if (migrationUrl) await grantAppRole(owner, await roleOf(appUrl))
    } finally {
      await owner.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {})
    }
  } finally {
    await owner.end()
  }
}

async function grantAppRole(owner: pg.Client, appRole: string): Promise<void> {
  if ((await currentRole(owner)) === appRole) return
  const role = pg.escapeIdentifier(appRole)
  await owner.query(`
    grant usage on schema public to ${role};
    grant select, insert, update, delete on all tables in schema public to ${role};
    grant usage, select, update on all sequences in schema public to ${role};
    grant execute on all functions in schema public to ${role};
  `)
  // The app's way into the system scope (ADR 050). Roles are the cluster's: another database's
  // migration may grant it at the same moment, which PostgreSQL reports as a concurrent update.
  if (!(await isMemberOfSystemRole(owner, appRole))) {
    await owner.query(`grant ${systemRole} to ${role}`).catch(async (error: unknown) => {
      if (!(await isMemberOfSystemRole(owner, appRole))) throw error
    })
  }
}

async function isMemberOfSystemRole(owner: pg.Client, appRole: string): Promise<boolean> {
  const { rows } = await owner.query<{ member: boolean }>(
    `select pg_has_role($1, $2, 'member') as member`,
    [appRole, systemRole],
  )
  return rows[0]?.member === true
}

async function currentRole(connection: pg.Client): Promise<string> {
  const { rows } = await connection.query<{ role: string }>('select current_user as role')
  return rows[0]?.role ?? ''
}

async function roleOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await currentRole(client)
  } finally {
    await client.end()
  }
}

/**
 * A view of the pool whose every connection carries `scope` for as long as it is checked out —
 * set at checkout, cleared before it goes back — so statements outside a transaction are scoped
 * too. Drizzle sees a pool (`instanceof pg.Pool`) and checks out a connection per transaction.
 */
function scopedPool(pool: pg.Pool, scope: DataScope): pg.Pool {
  const { sql: setScope, params } = new PgDialect().sqlToQuery(scopeStatement(scope, 'session'))
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect()
    try {
      await client.query(setScope, params)
    } catch (error) {
      client.release(true)
      throw error
    }
    // The pool gives every checkout its own `release`; this one resets the scope to the
    // connection's default first. A connection whose scope cannot be reset is closed, never
    // handed to anyone else.
    const release = client.release
    client.release = (destroy?: boolean | Error) => {
      if (destroy) return release(destroy)
      client.query('reset app.scope; reset app.organisation_id; reset role').then(
        () => release(),
        (error: Error) => release(error),
      )
    }
    return client
  }
  const query = async (...args: Parameters<pg.PoolClient['query']>) => {
    const client = await connect()
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args)
    } finally {
      client.release()
    }
  }
  return Object.create(pool, { connect: { value: connect }, query: { value: query } })
}

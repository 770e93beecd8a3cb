import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import {
  type NotificationHub,
  pgliteNotifications,
  postgresNotifications,
} from './notifications.server'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** A database handle or an open transaction: what services that join the caller's transaction take. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export type DatabaseDriver = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Database
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

/** Advisory-lock key that serialises migrations across processes (any fixed 64-bit number). */
const migrationLockKey = 7_264_401_118

export type DatabaseTarget =
  | { driver: 'pglite'; dataDir: string | null; client?: PGlite }
  | { driver: 'postgres'; url: string; poolSize?: number }

export function databaseTargetFromConfig(config: {
  DATABASE_URL?: string
  DATA_DIR: string
}): DatabaseTarget {
  return config.DATABASE_URL
    ? { driver: 'postgres', url: config.DATABASE_URL }
    : { driver: 'pglite', dataDir: path.resolve(config.DATA_DIR, 'pglite') }
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Row-level security (ADR 050): the app's own connections start in the system scope until
      // every path sets its scope per transaction; a transaction narrows it with `applyScope`.
      options: '-c app.scope=system',
    })
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {})
    const db = drizzlePostgres({ client: pool, schema })
    const notifications = postgresNotifications(target.url)
    return {
      db,
      driver: 'postgres',
      migrate: async (migrationsFolder = defaultMigrationsFolder) => {
        // Several app processes may start at once: one migrates, the others wait and find it done.
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [migrationLockKey])
          await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder })
        } finally {
          await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {})
          client.release()
        }
      },
      ping: async () => {
        await pool.query('select 1')
      },
      notifications,
      close: async () => {
        await notifications.close()
        await pool.end()
      },
    }
  }

  let client = target.client
  if (!client) {
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true })
    // The extensions the migrations create (PostgreSQL ships them in its contrib package).
    client = await PGlite.create(target.dataDir ?? undefined, { extensions: { pg_trgm } })
  }
  const pglite = client
  const db = drizzlePglite({ client: pglite, schema })
  const notifications = pgliteNotifications(pglite)
  return {
    db,
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

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which the shared type cannot express. */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}

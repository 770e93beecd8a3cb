import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { systemScopeOptions } from '~/server/db/scope.server'

/** Database clients the global setup and the test files share (no vitest imports: setup runs outside a test). */

export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/**
 * A PGlite with the extensions the migrations create, in memory or in `dataDir`, loaded from a
 * data-directory dump when given.
 */
export function createPgliteClient({ dump, dataDir }: { dump?: Blob; dataDir?: string } = {}) {
  return PGlite.create(dataDir, { loadDataDir: dump, extensions: { pg_trgm } })
}

/** The role the app connects as on PostgreSQL: neither superuser, owner nor BYPASSRLS (ADR 050). */
export const appRole = process.env.TEST_APP_ROLE || 'blattwerk_app'

export interface PostgresUrls {
  /** The app's role in the system scope: the tests' own service calls and checks. */
  url: string
  /** The app's role without a scope: what the server connects with. */
  appUrl: string
  /** TEST_DATABASE_URL's role, the owner: migrations. */
  ownerUrl: string
}

/** The three connection URLs of database `name` on the TEST_DATABASE_URL server. */
export function postgresUrls(name: string): PostgresUrls {
  const owner = new URL(process.env.TEST_DATABASE_URL as string)
  owner.pathname = `/${name}`
  const app = new URL(owner)
  app.username = appRole
  app.password = ''
  const harness = new URL(app)
  harness.searchParams.set('options', systemScopeOptions)
  return { url: harness.toString(), appUrl: app.toString(), ownerUrl: owner.toString() }
}

/** How the tests open a PostgreSQL database: as the app's role, in the system scope. */
export const harnessTarget = (urls: PostgresUrls, poolSize = 4) =>
  ({
    driver: 'postgres',
    url: urls.appUrl,
    migrationUrl: urls.ownerUrl,
    poolSize,
    defaultScope: 'system',
  }) as const

/** Fails with what to do when the app's role is missing or could bypass row-level security. */
export async function checkAppRole(): Promise<void> {
  const { rows } = await withAdminClient((client) =>
    client.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'select rolsuper, rolbypassrls from pg_roles where rolname = $1',
      [appRole],
    ),
  )
  const role = rows[0]
  if (!role) {
    throw new Error(
      `The tests connect to PostgreSQL as the role "${appRole}", which does not exist. Create it once: psql "$TEST_DATABASE_URL" -c 'create role ${appRole} login'`,
    )
  }
  if (role.rolsuper || role.rolbypassrls) {
    throw new Error(`The role "${appRole}" must be neither superuser nor BYPASSRLS.`)
  }
}

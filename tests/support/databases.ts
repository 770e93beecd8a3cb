import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '~/server/db/client.server'
import { seedDemoData } from '~/server/db/seed.server'
import { loadSigningKeys } from '~/server/signing-keys.server'
import { generatePrivateJwk } from './api-client'

export type TestDatabaseKind = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite']

export interface TestDatabase {
  kind: TestDatabaseKind
  handle: DatabaseHandle
  /** Connection URL of the fresh PostgreSQL database; null for PGlite. */
  url: string | null
  /** Closes the connection and drops the database. */
  dispose(): Promise<void>
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server, dropped by `dispose`. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `blattwerk_test_${randomBytes(6).toString('hex')}`
  await withAdminClient(async (client) => {
    await client.query(`create database "${name}"`)
  })
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`)
      }),
  }
}

/** A fresh database of the given kind, not yet migrated. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ driver: 'pglite', dataDir: null })
    return { kind, handle, url: null, dispose: () => handle.close() }
  }
  const database = await createPostgresDatabase()
  const handle = await openDatabase({ driver: 'postgres', url: database.url, poolSize: 4 })
  return {
    kind,
    handle,
    url: database.url,
    dispose: async () => {
      await handle.close()
      await database.drop()
    },
  }
}

/** A fresh database of the given kind, migrated and filled with the demo data. */
export async function createSeededDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  const database = await createTestDatabase(kind)
  await database.handle.migrate()
  await seedDemoData(database.handle.db)
  return database
}

/** What the auth services need: the database and a fresh signing key. */
export async function authDepsFor(database: TestDatabase) {
  const keys = await loadSigningKeys({
    privateJwk: await generatePrivateJwk(),
    dataDir: '/nonexistent',
  })
  return { db: database.handle.db, keys }
}

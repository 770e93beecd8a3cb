import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { inject } from 'vitest'
import { type DatabaseHandle, openDatabase } from '~/server/db/client.server'
import { loadSigningKeys } from '~/server/signing-keys.server'
import { generatePrivateJwk } from './api-client'
import {
  createPgliteClient,
  harnessTarget,
  type PostgresUrls,
  postgresUrls,
  withAdminClient,
} from './database-clients'

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
  /** The owner's connection URL, for what only the owner may do (DDL); null for PGlite. */
  ownerUrl: string | null
  /** Closes the connection and drops the database. */
  dispose(): Promise<void>
}

const dumpCache = new Map<string, Promise<Blob>>()

/** One of the dumps the global setup made, read once per test file. */
export function pgliteDump(which: 'empty' | 'seeded'): Promise<Blob> {
  const file = inject('pgliteDumps')[which]
  let dump = dumpCache.get(file)
  if (!dump) {
    dump = readFile(file).then((bytes) => new Blob([bytes]))
    dumpCache.set(file, dump)
  }
  return dump
}

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped by `dispose`: empty, or a
 * copy of the migrated and seeded template the global setup made. Three ways in (ADR 050): the
 * app's role for the server (`appUrl`), the same role in the system scope for the tests' own
 * service calls and checks (`url`), and the owner for migrations (`ownerUrl`).
 */
export async function createPostgresDatabase({
  seeded = false,
} = {}): Promise<PostgresUrls & { drop(): Promise<void> }> {
  const name = `blattwerk_test_${randomBytes(6).toString('hex')}`
  const template = seeded ? inject('postgresTemplate') : null
  if (seeded && !template) throw new Error('The global setup made no PostgreSQL template')
  await withAdminClient(async (client) => {
    await client.query(
      template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
    )
  })
  return {
    ...postgresUrls(name),
    drop: () =>
      withAdminClient(async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`)
      }),
  }
}

async function openTestDatabase(kind: TestDatabaseKind, seeded: boolean): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const client = await createPgliteClient({ dump: await pgliteDump(seeded ? 'seeded' : 'empty') })
    const handle = await openDatabase({ driver: 'pglite', dataDir: null, client })
    return { kind, handle, url: null, ownerUrl: null, dispose: () => handle.close() }
  }
  const database = await createPostgresDatabase({ seeded })
  const handle = await openDatabase(harnessTarget(database))
  return {
    kind,
    handle,
    url: database.url,
    ownerUrl: database.ownerUrl,
    dispose: async () => {
      await handle.close()
      await database.drop()
    },
  }
}

/**
 * Runs `work` as the database's owner: a test that breaks the schema on purpose (a trigger, a
 * renamed table) needs the owner, as the app's role may not. PGlite's one role is its superuser.
 */
export async function asOwner<T>(
  database: TestDatabase,
  work: (db: DatabaseHandle['db']) => Promise<T>,
): Promise<T> {
  if (!database.ownerUrl) return work(database.handle.db)
  const owner = await openDatabase({ driver: 'postgres', url: database.ownerUrl, poolSize: 1 })
  try {
    return await work(owner.db)
  } finally {
    await owner.close()
  }
}

/** A fresh database of the given kind, not yet migrated. */
export const createTestDatabase = (kind: TestDatabaseKind) => openTestDatabase(kind, false)

/** A fresh database of the given kind, migrated and filled with the demo data (a copy, ADR 023). */
export const createSeededDatabase = (kind: TestDatabaseKind) => openTestDatabase(kind, true)

/** What the auth services need: the database and a fresh signing key. */
export async function authDepsFor(database: TestDatabase) {
  const keys = await loadSigningKeys({
    privateJwk: await generatePrivateJwk(),
    dataDir: '/nonexistent',
  })
  return { systemDb: database.handle.db, keys }
}

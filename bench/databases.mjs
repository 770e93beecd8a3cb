// The databases the benchmarks run on, set up one way for all of them: an in-memory PGlite, and a
// fresh database on a PostgreSQL server that is dropped afterwards.
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'

export async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** A new, empty database on the server of `serverUrl`: its `url`, and `drop` to remove it. */
export async function createPostgresDatabase(serverUrl) {
  const name = `blattwerk_bench_${randomBytes(6).toString('hex')}`
  await withClient(serverUrl, (client) => client.query(`create database "${name}"`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () =>
      withClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ),
  }
}

/**
 * Runs a service benchmark on each database it is given: an in-memory PGlite (unless
 * BENCH_PGLITE=0) and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, a fresh database on that
 * PostgreSQL server. Each is migrated and filled by `fill(db)`; then `measure` gets
 * - `database`: 'PGlite' or 'PostgreSQL', the name the result tables show;
 * - `db`: the app's drizzle handle on it;
 * - `client`: the driver whose queries `timedQueries` times — PGlite's client, or a pool of one
 *   PostgreSQL connection, as one request of the app uses;
 * - `pool`: that pool on PostgreSQL (for `explain` and row-level security), null on PGlite;
 * - `filled`: what `fill` answered.
 * Answers what `measure` answered per database, PGlite's first.
 */
export async function measureOnDatabases({ fill, measure }) {
  // The benches register tsx before they call this, so the app's modules load here.
  const { openDatabase } = await import('../src/server/db/client.server.ts')
  const schema = await import('../src/server/db/schema.ts')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const results = []

  if (process.env.BENCH_PGLITE !== '0') {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } })
    const handle = await openDatabase({ driver: 'pglite', dataDir: null, client })
    try {
      await handle.migrate()
      const filled = await fill(handle.db)
      results.push(await measure({ database: 'PGlite', db: handle.db, client, pool: null, filled }))
    } finally {
      await handle.close()
    }
  }

  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const database = await createPostgresDatabase(serverUrl)
    try {
      const setup = await openDatabase({ driver: 'postgres', url: database.url, poolSize: 2 })
      let filled
      try {
        await setup.migrate()
        filled = await fill(setup.db)
      } finally {
        await setup.close()
      }
      const pool = new pg.Pool({ connectionString: database.url, max: 1 })
      pool.on('error', () => {})
      try {
        const db = drizzle({ client: pool, schema })
        results.push(await measure({ database: 'PostgreSQL', db, client: pool, pool, filled }))
      } finally {
        await pool.end()
      }
    } finally {
      await database.drop()
    }
  }

  if (results.length === 0) {
    throw new Error('Nothing to measure: BENCH_PGLITE=0 and no PostgreSQL URL')
  }
  return results
}

import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'

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

import type { SQL } from 'drizzle-orm'
import type { Executor } from './client.server'

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which the shared type cannot express. */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}

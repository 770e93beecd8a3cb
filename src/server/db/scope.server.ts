import { sql } from 'drizzle-orm'
import type { Executor } from './client.server'

/**
 * The rows a transaction may see under row-level security (migration 0027, ADR 050): one
 * organisation's, or — for jobs, login and platform administration — every row (`system`).
 */
export type DataScope = { kind: 'organisation'; organisationId: string } | { kind: 'system' }

/** Sets the scope for the rest of the caller's transaction (`set_config(…, true)`). */
export async function applyScope(tx: Executor, scope: DataScope): Promise<void> {
  const organisationId = scope.kind === 'organisation' ? scope.organisationId : ''
  await tx.execute(
    sql`select set_config('app.scope', ${scope.kind}, true), set_config('app.organisation_id', ${organisationId}, true)`,
  )
}

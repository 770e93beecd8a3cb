import { sql } from 'drizzle-orm'
import { type Executor, queryRows } from './client.server'

/**
 * The rows a transaction may see under row-level security (migration 0027, ADR 050): one
 * organisation's, or — for jobs, login and platform administration — every row (`system`).
 */
export type DataScope =
  | { kind: 'organisation'; organisationId: string }
  | { kind: 'system' }
  /** A visitor of the platform's own pages: no owned row at all. */
  | { kind: 'none' }

/** The values of `app.scope` and `app.organisation_id` for a scope. */
export const scopeSettings = (scope: DataScope): [string, string] => [
  scope.kind,
  scope.kind === 'organisation' ? scope.organisationId : '',
]

/** Sets the scope for the rest of the caller's transaction (`set_config(…, true)`). */
export async function applyScope(tx: Executor, scope: DataScope): Promise<void> {
  const [kind, organisationId] = scopeSettings(scope)
  await tx.execute(
    sql`select set_config('app.scope', ${kind}, true), set_config('app.organisation_id', ${organisationId}, true)`,
  )
}

/**
 * Runs `work` in `scope` inside the caller's transaction, then gives the transaction its scope
 * back — the one way a call crosses into rows beyond its own scope, so that every crossing can be
 * found by name (ADR 050 lists them). On failure the transaction is rolled back anyway.
 */
export async function withinScope<T>(
  tx: Executor,
  scope: DataScope,
  work: () => Promise<T>,
): Promise<T> {
  const [previous] = await queryRows<{ kind: string | null; organisationId: string | null }>(
    tx,
    sql`select current_setting('app.scope', true) as "kind", current_setting('app.organisation_id', true) as "organisationId"`,
  )
  await applyScope(tx, scope)
  const result = await work()
  await tx.execute(
    sql`select set_config('app.scope', ${previous?.kind ?? ''}, true), set_config('app.organisation_id', ${previous?.organisationId ?? ''}, true)`,
  )
  return result
}

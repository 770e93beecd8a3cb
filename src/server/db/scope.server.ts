import { type SQL, sql } from 'drizzle-orm'
import type { Executor } from './client.server'
import { queryRows } from './query-rows.server'

/**
 * The rows a transaction may see under row-level security (migration 0027, ADR 050): one
 * organisation's, or — for jobs, login and platform administration — every row (`system`).
 */
export type DataScope =
  | { kind: 'organisation'; organisationId: string }
  | { kind: 'system' }
  /** A visitor of the platform's own pages: no owned row at all. */
  | { kind: 'none' }

/**
 * The role of the system scope (migration 0030): it bypasses row-level security, so the
 * organisations' policies stay plain equalities the planner merges with the services' filters.
 */
export const systemRole = 'blattwerk_system'

/** Connection options for a connection in the system scope from its start. */
export const systemScopeOptions = `-c role=${systemRole} -c app.scope=system`

/** The values of `app.scope`, `app.organisation_id` and the role (`none`: the session's) for a scope. */
export const scopeSettings = (scope: DataScope): [string, string, string] => [
  scope.kind,
  scope.kind === 'organisation' ? scope.organisationId : '',
  scope.kind === 'system' ? systemRole : 'none',
]

/** Sets the scope for the rest of the caller's transaction. */
export async function applyScope(tx: Executor, scope: DataScope): Promise<void> {
  await tx.execute(scopeStatement(scope, 'transaction'))
}

/**
 * Applies `scope` for the transaction or the session. A superuser keeps its role (the policies
 * never bind it: PGlite, the benches' owner); a connection another scope switched to the system
 * role goes back to its session's role; any other role (a bench's) stays.
 */
export function scopeStatement(scope: DataScope, lasting: 'transaction' | 'session'): SQL {
  const [kind, organisationId, role] = scopeSettings(scope)
  const local = lasting === 'transaction'
  return sql`select set_config('app.scope', ${kind}, ${local}), set_config('app.organisation_id', ${organisationId}, ${local}),
    set_config('role', case
      when current_setting('is_superuser') = 'on' then current_setting('role')
      when ${role}::text <> 'none' then ${role}::text
      when current_user = ${systemRole} then 'none'
      else current_setting('role') end, ${local})`
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
  const [previous] = await queryRows<{
    kind: string | null
    organisationId: string | null
    role: string
  }>(
    tx,
    sql`select current_setting('app.scope', true) as "kind", current_setting('app.organisation_id', true) as "organisationId", current_setting('role') as "role"`,
  )
  await applyScope(tx, scope)
  const result = await work()
  await tx.execute(
    sql`select set_config('app.scope', ${previous?.kind ?? ''}, true), set_config('app.organisation_id', ${previous?.organisationId ?? ''}, true), set_config('role', ${previous?.role ?? 'none'}, true)`,
  )
  return result
}

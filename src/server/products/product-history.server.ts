import { isDeepStrictEqual } from 'node:util'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type {
  AuditedValue,
  MasterProductFieldChange,
  ProductHistoryEntry,
} from '../../lib/master-products'
import { auditEvents } from '../audit/audit.schema'
import type { Database } from '../db/client.server'
import { users } from '../db/schema'

/**
 * The change history of a product (master product or an organisation's listing) from the audit
 * log: who, when, which fields from what to what, newest first.
 */

/** How many entries a history shows, newest first. */
const historyLimit = 100

/** A value worth naming in the record of a new product (not empty, not "no"). */
const hasValue = (value: unknown) =>
  value !== null && value !== false && !(Array.isArray(value) && value.length === 0)

/** The fields that changed between two audit rows' values, in the form's order of fields. */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fieldOrder: readonly string[],
): MasterProductFieldChange[] {
  // The log's JSON keeps its own order of keys; unknown fields go last.
  const rank = (field: string) => fieldOrder.indexOf(field) + 1 || fieldOrder.length + 1
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort(
    (a, b) => rank(a) - rank(b),
  )
  const changes: MasterProductFieldChange[] = []
  for (const field of fields) {
    const previous = (before?.[field] ?? null) as AuditedValue
    const next = (after?.[field] ?? null) as AuditedValue
    if (before === null ? !hasValue(next) : isDeepStrictEqual(previous, next)) continue
    changes.push({ field, before: previous, after: next })
  }
  return changes
}

/**
 * The history of one audited entity.
 *
 * @param entity with `organisationId` for an organisation's record: only its rows count
 * @param actions the audit actions to show, each with the name the history gives it
 * @param fieldOrder the order the changed fields are listed in
 */
export async function readProductHistory<TAction extends string>(
  db: Database,
  entity: { type: string; id: string; organisationId?: string },
  actions: Record<string, TAction>,
  fieldOrder: readonly string[],
): Promise<ProductHistoryEntry<TAction>[]> {
  const rows = await db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      at: auditEvents.createdAt,
      actorKind: auditEvents.actorKind,
      actorId: auditEvents.actorId,
      userName: users.name,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .leftJoin(
      users,
      and(
        eq(auditEvents.actorKind, 'business_user'),
        eq(sql`${users.id}::text`, auditEvents.actorId),
      ),
    )
    .where(
      and(
        eq(auditEvents.entityType, entity.type),
        eq(auditEvents.entityId, entity.id),
        entity.organisationId ? eq(auditEvents.organisationId, entity.organisationId) : undefined,
        inArray(auditEvents.action, Object.keys(actions)),
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(historyLimit)
  return rows.map((row) => ({
    id: row.id,
    action: actions[row.action] as TAction,
    at: row.at.toISOString(),
    actorName: row.actorKind === 'system' ? `System (${row.actorId})` : row.userName,
    changes: changesBetween(row.before ?? null, row.after ?? null, fieldOrder),
  }))
}

import { isDeepStrictEqual } from 'node:util'
import type { Actor } from '../actor.server'
import type { Executor } from '../db/client.server'
import { auditEvents } from './audit.schema'

/** Who an audit row names: a user, a shop customer, a platform job, or an anonymous visitor. */
export type AuditActor =
  | { kind: 'business_user' | 'shop_user'; id: string }
  | { kind: 'system'; name: string }
  | { kind: 'visitor' }

export const auditActorOf = (actor: Actor): AuditActor => {
  if (actor.kind === 'business') return { kind: 'business_user', id: actor.user.id }
  if (actor.kind === 'shop') return { kind: 'shop_user', id: actor.user.id }
  if (actor.kind === 'visitor') return { kind: 'visitor' }
  return { kind: 'system', name: actor.name }
}

/** What replaces a personal value in the log: only that it changed. */
export const personalValueChanged = 'changed'

type Fields = Record<string, unknown>

export interface AuditEntry {
  organisationId: string | null
  actor: AuditActor
  requestId: string | null
  /** `<area>.<verb>`, e.g. `auth.login`, `product.price_changed`. */
  action: string
  entity: { type: string; id: string }
  before?: Fields | null
  after?: Fields | null
  /** Fields of `before`/`after` that hold personal data (names, addresses, e-mail, notes …). */
  personalFields?: readonly string[]
}

/**
 * Personal values leave the record: a changed one appears in `after` as "changed", an unchanged
 * one not at all.
 */
function withoutPersonalValues(
  before: Fields | null,
  after: Fields | null,
  personalFields: readonly string[],
): { before: Fields | null; after: Fields | null } {
  if (personalFields.length === 0) return { before, after }
  const keptBefore = before && { ...before }
  const keptAfter = after && { ...after }
  for (const field of personalFields) {
    const changed = !isDeepStrictEqual(before?.[field], after?.[field])
    if (keptBefore) delete keptBefore[field]
    if (keptAfter) delete keptAfter[field]
    if (changed && keptAfter) keptAfter[field] = personalValueChanged
  }
  return { before: keptBefore, after: keptAfter }
}

/**
 * Appends one row to the audit log in the caller's transaction, so the record and its audit row
 * commit or fail together. There is no update or delete path: the table refuses both.
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, [entry])
}

/** The row `recordAudit` writes for `entry`, personal values already left out (the demo seed's history uses it too). */
export function auditRow(entry: AuditEntry): typeof auditEvents.$inferInsert {
  const { before, after } = withoutPersonalValues(
    entry.before ?? null,
    entry.after ?? null,
    entry.personalFields ?? [],
  )
  return {
    organisationId: entry.organisationId,
    actorKind: entry.actor.kind,
    actorId:
      entry.actor.kind === 'system'
        ? entry.actor.name
        : entry.actor.kind === 'visitor'
          ? null
          : entry.actor.id,
    action: entry.action,
    entityType: entry.entity.type,
    entityId: entry.entity.id,
    before,
    after,
    requestId: entry.requestId,
  }
}

/** Many rows in one statement, for bulk work (an import's batch), in the caller's transaction. */
export async function recordAudits(tx: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return
  await tx.insert(auditEvents).values(entries.map(auditRow))
}

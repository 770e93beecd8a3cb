import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type {
  ContactMessageDetail,
  ContactMessageListSearch,
  ContactMessageRow,
} from '../../lib/admin-support'
import { isUuid } from '../../lib/ids'
import type { ListResult } from '../../lib/list-query'
import { type Actor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database } from '../db/client.server'
import { contactMessages, organisations, tenants, users } from '../db/schema'
import { ConflictError, InvalidError, NotFoundError } from '../errors.server'
import { listPage, searchCondition } from '../list-query.server'
import { tenantCondition } from './outbox-admin.server'

/**
 * The platform admin's inbox of the contact form (`/api/contact`, main site and shops): read a
 * message, mark it handled or open again. Admin only. The sender's IP address is stored for the
 * rate limit's sake and cleared after 30 days (ADR 041); no function here ever returns it.
 */

export const contactMessageNotFoundMessage = 'Diese Kontaktanfrage gibt es nicht (mehr).'
export const contactMessageAudit = {
  entity: 'contact_message',
  handled: 'contact.message_handled',
  reopened: 'contact.message_reopened',
} as const

/** How much of a message the list shows: its beginning, cut with an ellipsis. */
const previewLength = 140
const previewOf = (message: string) =>
  message.length > previewLength ? `${message.slice(0, previewLength - 1)}…` : message

const rowColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  tenantId: tenants.id,
  tenantName: organisations.name,
  handledAt: contactMessages.handledAt,
  createdAt: contactMessages.createdAt,
}

function toRow<
  TRow extends {
    tenantId: string | null
    tenantName: string | null
    handledAt: Date | null
    createdAt: Date
  },
>({ tenantId, tenantName, handledAt, createdAt, ...row }: TRow) {
  return {
    ...row,
    tenant: tenantId && tenantName ? { id: tenantId, name: tenantName } : null,
    handledAt: handledAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
  }
}

/** Contact messages, newest first, by shop (or the main site), status and a search. */
export async function listContactMessages(
  actor: Actor,
  query: ContactMessageListSearch,
  db: Database,
): Promise<ListResult<ContactMessageRow>> {
  requireRole(actor, 'admin')
  const select = db
    .select({
      ...rowColumns,
      preview: sql<string>`case when char_length(${contactMessages.message}) > ${previewLength} then left(${contactMessages.message}, ${previewLength - 1}) || '…' else ${contactMessages.message} end`,
    })
    .from(contactMessages)
    .leftJoin(tenants, eq(tenants.id, contactMessages.tenantId))
    .leftJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(
      and(
        searchCondition(query.q, [
          contactMessages.name,
          contactMessages.email,
          contactMessages.subject,
          contactMessages.message,
        ]),
        query.status === 'open' ? isNull(contactMessages.handledAt) : undefined,
        query.status === 'handled' ? isNotNull(contactMessages.handledAt) : undefined,
        tenantCondition(contactMessages.tenantId, query.tenant),
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: { createdAt: contactMessages.createdAt },
    tiebreaker: contactMessages.id,
  })
  return { ...page, items: page.items.map(toRow) }
}

/** One message in full, with who marked it handled. */
export async function getContactMessage(
  actor: Actor,
  id: string,
  db: Database,
): Promise<ContactMessageDetail> {
  requireRole(actor, 'admin')
  if (!isUuid(id)) throw new NotFoundError(contactMessageNotFoundMessage)
  const [found] = await db
    .select({
      ...rowColumns,
      message: contactMessages.message,
      handledById: users.id,
      handledByName: users.name,
    })
    .from(contactMessages)
    .leftJoin(tenants, eq(tenants.id, contactMessages.tenantId))
    .leftJoin(organisations, eq(organisations.id, tenants.organisationId))
    .leftJoin(users, eq(users.id, contactMessages.handledBy))
    .where(eq(contactMessages.id, id))
  if (!found) throw new NotFoundError(contactMessageNotFoundMessage)
  const { handledById, handledByName, message, ...row } = found
  return {
    ...toRow(row),
    preview: previewOf(message),
    message,
    handledBy: handledById && handledByName ? { id: handledById, name: handledByName } : null,
  }
}

/**
 * Marks a message handled (when, by whom) or open again. One conditional UPDATE: of parallel
 * requests for the same change exactly one makes it and is audited; the others find it done (409).
 */
export async function setContactMessageHandled(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<void> {
  const admin = requireRole(actor, 'admin')
  const handled = (input as { handled?: unknown } | null)?.handled
  if (typeof handled !== 'boolean') {
    throw new InvalidError({ handled: 'Bitte angeben, ob die Anfrage erledigt ist.' })
  }
  if (!isUuid(id)) throw new NotFoundError(contactMessageNotFoundMessage)
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(contactMessages)
      .set(
        handled
          ? { handledAt: new Date(), handledBy: admin.user.id }
          : { handledAt: null, handledBy: null },
      )
      .where(
        and(
          eq(contactMessages.id, id),
          handled ? isNull(contactMessages.handledAt) : isNotNull(contactMessages.handledAt),
        ),
      )
      .returning({ tenantId: contactMessages.tenantId })
    if (!changed) {
      const [exists] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.id, id))
      if (!exists) throw new NotFoundError(contactMessageNotFoundMessage)
      throw new ConflictError(
        handled
          ? 'Diese Anfrage ist bereits als erledigt markiert.'
          : 'Diese Anfrage ist bereits offen.',
      )
    }
    const [tenant] = changed.tenantId
      ? await tx
          .select({ organisationId: tenants.organisationId })
          .from(tenants)
          .where(eq(tenants.id, changed.tenantId))
      : []
    await recordAudit(tx, {
      organisationId: tenant?.organisationId ?? null,
      actor: auditActorOf(admin),
      requestId: admin.requestId,
      action: handled ? contactMessageAudit.handled : contactMessageAudit.reopened,
      entity: { type: contactMessageAudit.entity, id },
      before: { handled: !handled },
      after: { handled },
    })
  })
}

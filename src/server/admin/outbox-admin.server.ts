import { type AnyColumn, and, asc, eq, isNull, type SQL } from 'drizzle-orm'
import {
  mainSite,
  type OutboxListSearch,
  type OutboxMailDetail,
  type OutboxMailRow,
  type TenantChoice,
} from '../../lib/admin-support'
import { isUuid } from '../../lib/ids'
import type { ListResult } from '../../lib/list-query'
import { type Actor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database } from '../db/client.server'
import { organisations, tenants } from '../db/schema'
import { ConflictError, NotFoundError } from '../errors.server'
import { listPage, searchCondition } from '../list-query.server'
import { type MailKind, mailKinds, outboxMails } from '../mail/mail.schema'

/**
 * The platform admin's view of the mail outbox (ADR 031): every mail with its status, the text
 * of one for support ("what did we send?"), and a failed mail queued once more. Admin only.
 */

export const outboxMailNotFoundMessage = 'Diese Mail gibt es nicht (mehr).'
export const outboxAudit = { entity: 'outbox_mail', resent: 'outbox.mail_resent' } as const

/** The tenant filter of the support lists: `main` is "no tenant", an id that tenant. */
export function tenantCondition(column: AnyColumn, tenant: string | undefined) {
  if (tenant === undefined) return undefined
  return tenant === mainSite ? isNull(column) : eq(column, tenant)
}

/** The shops of the platform for the support lists' tenant filter, by name. */
export async function listTenantChoices(actor: Actor, db: Database): Promise<TenantChoice[]> {
  requireRole(actor, 'admin')
  return db
    .select({ id: tenants.id, name: organisations.name })
    .from(tenants)
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .orderBy(asc(organisations.name), asc(tenants.id))
}

const isMailKind = (kind: string | undefined): kind is MailKind =>
  (mailKinds as readonly string[]).includes(kind as string)

/** The secret part of a link: a token (43 base64url characters) or a record's uuid. */
const linkSecret = /(?<=[/=])[A-Za-z0-9_-]{32,}(?=$|[/?#&.,;:!)])/g
const link = /https?:\/\/[^\s<>"]+/g
export const maskedSecret = '[verborgen]'

/**
 * The text of a mail as the admin may read it: every link keeps its host and route but loses
 * its secret. Confirmation, password-reset and invitation links carry a token that does what the
 * link offers for whoever holds it (sets a business user's password, joins an organisation as its
 * owner, confirms an address), and reservation links carry the uuid that opens the reservation.
 * Support needs to see that such a link went out and where it led, never the link itself: an
 * admin who could read the token could take over the account, and a stolen admin session or a
 * screenshot in a ticket would hand the token on. The sender still delivers the mail unchanged.
 */
export function maskLinkSecrets(text: string): string {
  return text.replace(link, (url) => url.replace(linkSecret, maskedSecret))
}

const rowColumns = {
  id: outboxMails.id,
  kind: outboxMails.kind,
  status: outboxMails.status,
  toAddress: outboxMails.toAddress,
  subject: outboxMails.subject,
  attempts: outboxMails.attempts,
  tenantId: tenants.id,
  tenantName: organisations.name,
  createdAt: outboxMails.createdAt,
}

/** A row of the list (or the head of a detail) as the browser gets it. */
function toRow<
  TRow extends { tenantId: string | null; tenantName: string | null; createdAt: Date },
>({ tenantId, tenantName, createdAt, ...row }: TRow) {
  return {
    ...row,
    tenant: tenantId && tenantName ? { id: tenantId, name: tenantName } : null,
    createdAt: createdAt.toISOString(),
  }
}

/** The outbox, newest first, by status, kind, tenant and a search in recipient and subject. */
export async function listOutboxMails(
  actor: Actor,
  query: OutboxListSearch,
  db: Database,
): Promise<ListResult<OutboxMailRow>> {
  requireRole(actor, 'admin')
  const conditions: (SQL | undefined)[] = [
    searchCondition(query.q, [outboxMails.toAddress, outboxMails.subject]),
    query.status && eq(outboxMails.status, query.status),
    // A kind that is none (an outdated link) is not applied, like any filter that does not parse.
    isMailKind(query.kind) ? eq(outboxMails.kind, query.kind) : undefined,
    tenantCondition(outboxMails.tenantId, query.tenant),
  ]
  const select = db
    .select(rowColumns)
    .from(outboxMails)
    .leftJoin(tenants, eq(tenants.id, outboxMails.tenantId))
    .leftJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(and(...conditions))
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: { createdAt: outboxMails.createdAt },
    tiebreaker: outboxMails.id,
  })
  return { ...page, items: page.items.map(toRow) }
}

/** One mail with its text (secrets masked) and delivery state; never its HTML. */
export async function getOutboxMail(
  actor: Actor,
  id: string,
  db: Database,
): Promise<OutboxMailDetail> {
  requireRole(actor, 'admin')
  if (!isUuid(id)) throw new NotFoundError(outboxMailNotFoundMessage)
  const [mail] = await db
    .select({
      ...rowColumns,
      fromName: outboxMails.fromName,
      replyTo: outboxMails.replyTo,
      textBody: outboxMails.textBody,
      lastError: outboxMails.lastError,
      nextAttemptAt: outboxMails.nextAttemptAt,
      deliveredAt: outboxMails.deliveredAt,
    })
    .from(outboxMails)
    .leftJoin(tenants, eq(tenants.id, outboxMails.tenantId))
    .leftJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(eq(outboxMails.id, id))
  if (!mail) throw new NotFoundError(outboxMailNotFoundMessage)
  const { textBody, nextAttemptAt, deliveredAt, ...row } = mail
  return {
    ...toRow(row),
    textBody: maskLinkSecrets(textBody),
    nextAttemptAt: nextAttemptAt.toISOString(),
    deliveredAt: deliveredAt?.toISOString() ?? null,
  }
}

/**
 * Queues a failed mail once more: back to `pending` with its attempts reset, due now; the sender
 * delivers it unchanged on its next pass (links in it may have expired meanwhile). One conditional
 * UPDATE, so of any number of parallel requests exactly one queues it; the others find it no
 * longer failed (409). Audited with the mail's organisation, without the recipient.
 */
export async function resendOutboxMail(actor: Actor, id: string, db: Database): Promise<void> {
  const admin = requireRole(actor, 'admin')
  if (!isUuid(id)) throw new NotFoundError(outboxMailNotFoundMessage)
  await db.transaction(async (tx) => {
    const [queued] = await tx
      .update(outboxMails)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date() })
      .where(and(eq(outboxMails.id, id), eq(outboxMails.status, 'failed')))
      .returning({ tenantId: outboxMails.tenantId, kind: outboxMails.kind })
    if (!queued) {
      const [exists] = await tx
        .select({ status: outboxMails.status })
        .from(outboxMails)
        .where(eq(outboxMails.id, id))
      if (!exists) throw new NotFoundError(outboxMailNotFoundMessage)
      throw new ConflictError(
        exists.status === 'pending'
          ? 'Diese Mail wartet schon auf den Versand.'
          : 'Nur eine fehlgeschlagene Mail kann erneut gesendet werden.',
      )
    }
    const [tenant] = queued.tenantId
      ? await tx
          .select({ organisationId: tenants.organisationId })
          .from(tenants)
          .where(eq(tenants.id, queued.tenantId))
      : []
    await recordAudit(tx, {
      organisationId: tenant?.organisationId ?? null,
      actor: auditActorOf(admin),
      requestId: admin.requestId,
      action: outboxAudit.resent,
      entity: { type: outboxAudit.entity, id },
      before: { status: 'failed', kind: queued.kind },
      after: { status: 'pending', kind: queued.kind, attempts: 0 },
    })
  })
}

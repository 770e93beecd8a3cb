import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { TenantConfig } from '../../lib/tenant-config'
import type { Database, Executor } from '../db/client.server'
import type { IntervalJob } from '../jobs/job-runner.server'
import type { Logger } from '../logger.server'
import { outboxMails } from './mail.schema'
import { type MailContent, type MailSender, renderMail } from './mail-templates.server'

type OutboxMail = typeof outboxMails.$inferSelect

/** The shop as the sender of its mails; `origin` makes the logo's address absolute. */
export function mailSenderOf(config: TenantConfig, origin: string): MailSender {
  const { contact } = config
  return {
    shopName: config.shopName,
    logoUrl: config.logoUrl && new URL(config.logoUrl, origin).href,
    addressLines: [contact.street, `${contact.postalCode} ${contact.city}`].filter((line) =>
      line.trim(),
    ),
    email: contact.email,
    phone: contact.phone,
  }
}

/**
 * Writes a mail into the outbox in the caller's transaction: it leaves only if the change that
 * causes it commits.
 */
export async function enqueueMail(
  tx: Executor,
  mail: { tenantId: string | null; to: string; sender: MailSender; content: MailContent },
): Promise<void> {
  const rendered = renderMail(mail.content, mail.sender)
  await tx.insert(outboxMails).values({
    tenantId: mail.tenantId,
    kind: mail.content.kind,
    fromName: mail.sender.shopName,
    replyTo: mail.sender.email || null,
    toAddress: mail.to,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  })
}

/** Hands a mail to the world: an SMTP server, or the log when none is configured. */
export interface MailTransport {
  deliver(mail: OutboxMail): Promise<'sent' | 'logged'>
}

export function createMailTransport(options: {
  smtpUrl?: string
  appDomain: string
  logger: Logger
}): MailTransport {
  const { smtpUrl, logger } = options
  if (!smtpUrl) {
    return {
      async deliver(mail) {
        logger.info(
          { mail: { id: mail.id, to: mail.toAddress, subject: mail.subject, text: mail.textBody } },
          'Mail nicht versandt (kein SMTP_URL gesetzt), hier protokolliert.',
        )
        return 'logged'
      },
    }
  }
  const transporter = nodemailer.createTransport(smtpUrl)
  return {
    async deliver(mail) {
      await transporter.sendMail({
        from: { name: mail.fromName, address: `no-reply@${options.appDomain}` },
        replyTo: mail.replyTo ?? undefined,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        // One Message-ID per outbox row: a mail sent twice (a crash between sending and marking)
        // arrives as the same message, which mail clients show once (ADR 031).
        messageId: `<${mail.id}@${options.appDomain}>`,
        headers: { 'X-Blattwerk-Mail-Id': mail.id },
      })
      return 'sent'
    },
  }
}

/** After this many failed attempts a mail stays `failed` (with its last error) for an operator. */
export const maxMailAttempts = 8
/** A claimed mail is someone's for this long; a process that dies mid-send leaves it to the next. */
const claimMs = 5 * 60_000
const backoffMs = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 6 * 3_600_000)

/**
 * Sends what is due, at most `limit` mails. Safe with several app processes: a short transaction
 * claims due mails with `FOR UPDATE SKIP LOCKED` and pushes their next attempt past the claim
 * time; they are sent outside any transaction (a slow mail server holds no lock and no PGlite
 * connection), then marked. A mail is sent at least once; a crash between sending and marking
 * can send it twice, never zero times.
 */
export async function deliverDueMails(
  deps: { db: Database; transport: MailTransport; logger: Logger },
  { limit = 20, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<{ delivered: number; failed: number }> {
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.status, 'pending'), lte(outboxMails.nextAttemptAt, now)))
      .orderBy(asc(outboxMails.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    await tx
      .update(outboxMails)
      .set({
        attempts: sql`${outboxMails.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + claimMs),
      })
      .where(
        inArray(
          outboxMails.id,
          due.map((mail) => mail.id),
        ),
      )
    return due.map((mail) => ({ ...mail, attempts: mail.attempts + 1 }))
  })

  let delivered = 0
  let failed = 0
  for (const mail of claimed) {
    try {
      const status = await deps.transport.deliver(mail)
      await deps.db
        .update(outboxMails)
        .set({ status, deliveredAt: new Date(), lastError: null })
        .where(eq(outboxMails.id, mail.id))
      delivered++
    } catch (error) {
      failed++
      const gaveUp = mail.attempts >= maxMailAttempts
      deps.logger.warn(
        { err: error, mailId: mail.id, attempts: mail.attempts, gaveUp },
        'Mail konnte nicht versandt werden.',
      )
      await deps.db
        .update(outboxMails)
        .set({
          status: gaveUp ? 'failed' : 'pending',
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + backoffMs(mail.attempts)),
        })
        .where(eq(outboxMails.id, mail.id))
    }
  }
  return { delivered, failed }
}

/** The outbox sender as a background job: every process runs it; claims keep them apart. */
export function mailDeliveryJob(deps: {
  db: Database
  transport: MailTransport
  logger: Logger
}): IntervalJob {
  return {
    name: 'mail-outbox',
    // Mail the person waits for (a confirmation link) should arrive within seconds; a pass over
    // an empty outbox is one indexed query.
    intervalMs: 2_000,
    run: async () => {
      const { delivered, failed } = await deliverDueMails(deps)
      return delivered + failed
    },
  }
}

/** Delivered mails are kept this long (to answer "did you send it?"), then deleted with their personal data. */
export const deliveredMailRetentionDays = 30
/** Mails that could not be delivered are kept longer, for the operator to look into. */
export const failedMailRetentionDays = 90

/**
 * Deletes old outbox rows: they hold names, addresses and links (GDPR Art. 5(1)(e) — kept no
 * longer than needed). A plain delete by age: two processes deleting at once just find less.
 */
export async function purgeOldMails(db: Database, now = new Date()): Promise<number> {
  const day = 86_400_000
  const deleted = await db
    .delete(outboxMails)
    .where(
      or(
        and(
          inArray(outboxMails.status, ['sent', 'logged']),
          lt(outboxMails.deliveredAt, new Date(now.getTime() - deliveredMailRetentionDays * day)),
        ),
        and(
          eq(outboxMails.status, 'failed'),
          lt(outboxMails.createdAt, new Date(now.getTime() - failedMailRetentionDays * day)),
        ),
      ),
    )
    .returning({ id: outboxMails.id })
  return deleted.length
}

export const mailPurgeJob = (db: Database): IntervalJob => ({
  name: 'mail-purge',
  intervalMs: 3_600_000,
  run: () => purgeOldMails(db),
})

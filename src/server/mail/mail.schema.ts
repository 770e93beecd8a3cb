import { sql } from 'drizzle-orm'
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { tenants } from '../db/core.schema'

export const mailKinds = [
  'confirm_registration',
  'registration_exists',
  'reset_password',
  'confirm_email_change',
  'order_received',
  'payment_received',
  'order_ready',
  'order_shipped',
  'order_cancelled',
  'reservation_expiring',
  'order_confirmed',
  'order_completed',
  'payment_refunded',
  'email_changed',
  'invitation',
  'payment_reminder',
  'withdrawal_received',
] as const
export type MailKind = (typeof mailKinds)[number]

/** `logged`: written to the log because no SMTP server is configured (the embedded default). */
export const mailStatuses = ['pending', 'sent', 'logged', 'failed'] as const
export type MailStatus = (typeof mailStatuses)[number]

export const mailKind = pgEnum('mail_kind', mailKinds)
export const mailStatus = pgEnum('mail_status', mailStatuses)

/**
 * The outbox: every mail is written here in the transaction of the change that causes it, fully
 * rendered, and a background sender delivers it (ADR 031). A rolled-back change sends nothing; a
 * mail server that is down delays mail, never the change.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'restrict' }),
    kind: mailKind('kind').notNull(),
    fromName: text('from_name').notNull(),
    replyTo: text('reply_to'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_mails_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    // The admin's outbox view: newest first, optionally by status.
    index('outbox_mails_status_created_idx').on(table.status, table.createdAt),
    index('outbox_mails_created_idx').on(table.createdAt),
  ],
)

import { sql } from 'drizzle-orm'
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { invitationEndings, memberRoles } from '../../lib/organisation-team'
import { organisations, users } from '../db/core.schema'
import { accountTokenPurpose } from '../shop-accounts/shop-accounts.schema'

export const memberRole = pgEnum('member_role', memberRoles)
export const invitationEnding = pgEnum('invitation_ending', invitationEndings)

/**
 * An invitation to join an organisation, sent by mail. Only a SHA-256 hash of its token is kept.
 * Resending ends the row (`replaced`) and writes a new one, so an old link still tells what
 * became of it. At most one open invitation per organisation and address.
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: memberRole('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once the invitation is over: accepted, revoked or replaced by a newer one. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ending: invitationEnding('ending'),
    /** The account the invitation became. */
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organisation_invitations_token_unique').on(table.tokenHash),
    uniqueIndex('organisation_invitations_open_unique')
      .on(table.organisationId, sql`lower(${table.email})`)
      .where(sql`${table.endedAt} is null`),
    index('organisation_invitations_organisation_idx').on(table.organisationId, table.createdAt),
  ],
)

/**
 * Single-use links for business users (a password reset), as the shop accounts have them: only a
 * SHA-256 hash of the token is kept.
 */
export const memberAccountTokens = pgTable(
  'member_account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_account_tokens_hash_unique').on(table.tokenHash),
    index('member_account_tokens_user_idx').on(table.userId, table.purpose),
  ],
)

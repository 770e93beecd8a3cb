import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { accountTokenPurposes } from '../../lib/shop-accounts'
import { shopUsers, tenants } from '../db/schema'

export const accountTokenPurpose = pgEnum('account_token_purpose', accountTokenPurposes)

/**
 * Single-use links sent by mail (confirm a registration or a new address, reset a password).
 * Only a SHA-256 hash of the token is stored, so a leaked table opens no account.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    shopUserId: uuid('shop_user_id')
      .notNull()
      .references(() => shopUsers.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address a `confirm_email_change` token confirms. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_unique').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.shopUserId, table.purpose),
  ],
)

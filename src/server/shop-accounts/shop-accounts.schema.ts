import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { accountTokenPurposes } from '../../lib/shop-accounts'
import { shopUsers, tenants } from '../db/core.schema'

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
    /**
     * A registration's link logs in only in the browser that registered: the hash of the random
     * nonce in that browser's short-lived cookie (ADR 077). Null: the link only confirms.
     */
    deviceHash: text('device_hash'),
    /** Where the registering browser was (cart, checkout): a path on this shop. */
    continueAt: text('continue_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_unique').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.shopUserId, table.purpose),
  ],
)

/**
 * A shop customer's address book. At most one default billing and one default shipping address
 * per account (partial unique indexes); checkout copies the chosen address onto the order, so
 * editing or deleting an address never changes an order.
 */
export const shopAddresses = pgTable(
  'shop_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    shopUserId: uuid('shop_user_id')
      .notNull()
      .references(() => shopUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** c/o, company, floor: the second address line. */
    addition: text('addition'),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull().default('DE'),
    defaultBilling: boolean('default_billing').notNull().default(false),
    defaultShipping: boolean('default_shipping').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shop_addresses_user_idx').on(table.shopUserId, table.createdAt),
    uniqueIndex('shop_addresses_default_billing_unique')
      .on(table.shopUserId)
      .where(sql`${table.defaultBilling}`),
    uniqueIndex('shop_addresses_default_shipping_unique')
      .on(table.shopUserId)
      .where(sql`${table.defaultShipping}`),
  ],
)

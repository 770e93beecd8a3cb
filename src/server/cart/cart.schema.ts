import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { shopUsers, tenants } from '../db/core.schema'
import { organisationProducts } from '../products/products.schema'

/**
 * A shop's cart: one per shop user, or one per guest keyed by the hash of a random HttpOnly
 * cookie (never the token itself). A guest cart is merged into the account's cart at login and
 * then deleted; guest carts untouched for 30 days are purged.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    shopUserId: uuid('shop_user_id').references(() => shopUsers.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the guest cookie's token. */
    guestTokenHash: text('guest_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('carts_shop_user_unique')
      .on(table.shopUserId)
      .where(sql`${table.shopUserId} is not null`),
    uniqueIndex('carts_guest_token_unique')
      .on(table.guestTokenHash)
      .where(sql`${table.guestTokenHash} is not null`),
    index('carts_guest_updated_idx').on(table.updatedAt).where(sql`${table.shopUserId} is null`),
    check('carts_owner', sql`(${table.shopUserId} is null) <> (${table.guestTokenHash} is null)`),
  ],
)

/**
 * One product in a cart, in sales units, with the gross unit price the customer saw when adding
 * it: the cart names every price that changed since.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    organisationProductId: uuid('organisation_product_id')
      .notNull()
      .references(() => organisationProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Gross price per sales unit in cents when the item was added (or the change accepted). */
    addedUnitGrossCents: integer('added_unit_gross_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cart_items_product_unique').on(table.cartId, table.organisationProductId),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
    check('cart_items_price_non_negative', sql`${table.addedUnitGrossCents} >= 0`),
  ],
)

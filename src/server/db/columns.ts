import { numeric, timestamp } from 'drizzle-orm/pg-core'

/**
 * Column builders every schema module shares. In a module of its own, without imports from the
 * schemas: they are used while `db/schema.ts` and the area schemas load each other.
 */

/** `created_at` and `updated_at` of an owned row; Drizzle moves `updated_at` on every update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/** A cannabinoid content (THC, CBD) in the product's unit: up to 9,999.999. */
export const cannabinoidContent = (name: string) =>
  numeric(name, { precision: 7, scale: 3, mode: 'number' })

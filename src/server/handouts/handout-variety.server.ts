import { sql } from 'drizzle-orm'
import { products } from '../products/products.schema'
import { handouts } from './handouts.schema'

/**
 * The variety a hand-out counts for in reports: its product's cultivar, or the product's name as
 * recorded. Packs filled of a variety ("Auwald, 5 g") count with it. Needs the hand-out's product
 * joined (`organisation_products`, then `products`).
 */
export const handoutVariety = sql<string>`coalesce(nullif(trim(${products.cultivar}), ''), ${handouts.productName})`

/**
 * The same variety for a batch of the stock ledger: its product's cultivar, or the product's
 * name. Needs the batch's product joined (`organisation_products`, then `products`).
 */
export const batchVariety = sql<string>`coalesce(nullif(trim(${products.cultivar}), ''), ${products.name})`

import { and, count, eq, gt, isNull, min, sql } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import type { ProductCategory } from '../../lib/product-lists'
import type { StorefrontCounts } from '../../lib/shop-catalogue'
import type { Database } from '../db/client.server'
import { organisationProducts, products } from '../products/products.schema'
import { stockReservations } from '../stock/stock.schema'
import { stockByProduct } from '../stock/stock-levels.server'
import type { ShopTenant } from '../tenants.server'
import { catalogueCounts } from './catalogue.server'
import { shownInShop } from './shop.server'

/** How many of the shop's visible products each category has available. */
export type AvailableByCategory = Record<ProductCategory, number>

/**
 * Products the shop shows that released, unexpired batches can serve at least one sales unit of,
 * per category: the same availability the catalogue shows (available = balance − reservations);
 * for flowers and extracts the catalogue lists' own counts (`catalogueCounts`).
 */
export async function availableProductsByCategory(
  db: Database,
  shop: ShopTenant,
): Promise<{ counts: StorefrontCounts; nextLapse: Date | null }> {
  const today = berlinIsoDate()
  const catalogue = await catalogueCounts(db, shop, today)
  const stock = stockByProduct(db, shop.organisationId, today)
  const rows = await db
    .select({ category: products.category, products: count() })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .innerJoin(stock, eq(stock.productId, organisationProducts.id))
    .where(
      and(
        shownInShop(shop),
        sql`${stock.available} >= ${organisationProducts.baseUnitsPerSalesUnit}`,
      ),
    )
    .groupBy(products.category)
  const counts: AvailableByCategory = {
    flower: 0,
    extract: 0,
    cbd_solution: 0,
    dronabinol: 0,
    accessory: 0,
  }
  for (const row of rows) counts[row.category] = row.products
  counts.flower = catalogue.flower.available
  counts.extract = catalogue.extract.available
  // When the first hold lapses its goods count again, without a write that would announce it.
  const [lapse] = await db
    .select({ at: min(stockReservations.expiresAt) })
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.organisationId, shop.organisationId),
        isNull(stockReservations.releasedAt),
        isNull(stockReservations.consumedAt),
        gt(stockReservations.expiresAt, sql`now()`),
      ),
    )
  return { counts: { catalogue, available: counts }, nextLapse: lapse?.at ?? null }
}

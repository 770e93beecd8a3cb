import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import type { ConfiguratorProduct } from '../../lib/prescription-configurator'
import { availableSalesUnits } from '../../lib/products'
import { availabilityLevel } from '../../lib/shop'
import type { Executor } from '../db/client.server'
import { organisationProducts, products } from '../products/products.schema'
import { stockByProduct } from '../stock/stock-levels.server'
import type { ShopTenant } from '../tenants.server'
import { shownInShop } from './shop.server'

/** More than any pharmacy lists; the configurator's picker shows them per category. */
const productLimit = 500

/**
 * The shop's products the Rezeptkonfigurator offers: the pharmacy's listings visible in its shop,
 * not archived, of a product not withdrawn, with what released, unexpired batches hold beyond
 * their reservations. `ids` narrows to those listings (one chosen product; the reservation).
 */
export async function configuratorProducts(
  db: Executor,
  shop: ShopTenant,
  ids?: readonly string[],
): Promise<ConfiguratorProduct[]> {
  const wanted = ids?.filter(isUuid)
  if (wanted && wanted.length === 0) return []
  const stock = stockByProduct(db, shop.organisationId, berlinIsoDate())
  const rows = await db
    .select({
      id: organisationProducts.id,
      name: products.name,
      category: products.category,
      cultivar: products.cultivar,
      genetics: products.genetics,
      thc: products.thcContent,
      cbd: products.cbdContent,
      cannabinoidUnit: products.cannabinoidUnit,
      packUnit: products.packUnit,
      packPhotoId: products.packPhotoFileId,
      baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
      orderStep: organisationProducts.orderStep,
      minOrderQuantity: organisationProducts.minOrderQuantity,
      maxOrderQuantity: organisationProducts.maxOrderQuantity,
      available: sql<string>`coalesce(${stock.available}, 0)`.as('configurator_available'),
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .leftJoin(stock, eq(stock.productId, organisationProducts.id))
    .where(and(shownInShop(shop), wanted ? inArray(organisationProducts.id, wanted) : undefined))
    .orderBy(asc(products.name), asc(organisationProducts.id))
    .limit(productLimit)
  return rows.map(({ available, ...row }) => {
    const units = availableSalesUnits(Number(available), row.baseUnitsPerSalesUnit)
    return {
      ...row,
      availableSalesUnits: units,
      availability: availabilityLevel(units),
    }
  })
}

/** One of the shop's configurator products, or null (unknown, hidden, another tenant's). */
export async function configuratorProduct(
  db: Executor,
  shop: ShopTenant,
  id: string | null,
): Promise<ConfiguratorProduct | null> {
  if (!id) return null
  const [product] = await configuratorProducts(db, shop, [id])
  return product ?? null
}

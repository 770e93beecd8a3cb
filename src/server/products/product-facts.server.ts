import type { CustomProduct } from '../../lib/product-schemas'
import { baseUnitsPerPackUnit, packSizeToBaseUnits } from '../../lib/products'
import type { products } from './products.schema'

/**
 * Between a product's facts as the schemas give them (pack size in g, ml or Stk) and its table
 * columns (pack size in base units). Master products, the import and organisations' own
 * products all store their facts through here.
 */

type ProductRow = typeof products.$inferSelect

/** The columns a product's facts are stored in. */
export function productColumns<TFacts extends CustomProduct>(
  facts: TFacts,
): Omit<TFacts, 'packSize'> & { packBaseUnits: number } {
  const { packSize, ...rest } = facts
  return { ...rest, packBaseUnits: packSizeToBaseUnits(packSize, facts.packUnit) }
}

/** A stored product's facts as the schemas and forms take them. */
export function productFactsOf(row: ProductRow): CustomProduct {
  return {
    pzn: row.pzn,
    name: row.name,
    manufacturer: row.manufacturer,
    brand: row.brand,
    category: row.category,
    cultivar: row.cultivar,
    genetics: row.genetics,
    dominance: row.dominance,
    thcContent: row.thcContent,
    cbdContent: row.cbdContent,
    cannabinoidUnit: row.cannabinoidUnit,
    terpenes: row.terpenes,
    irradiated: row.irradiated,
    countryOfCultivation: row.countryOfCultivation as CustomProduct['countryOfCultivation'],
    packSize: row.packBaseUnits / baseUnitsPerPackUnit[row.packUnit],
    packUnit: row.packUnit,
    description: row.description,
  }
}

/** The business fields of a product the audit log records before and after a change. */
export function auditedProductFields(row: ProductRow): Record<string, unknown> {
  return {
    ...productFactsOf(row),
    status: row.status,
    imageFileId: row.imageFileId,
    imageIsPackPhoto: row.imageIsPackPhoto,
  }
}

/** How master product changes are named in the audit log (the form and the import alike). */
export const masterProductAudit = {
  entityType: 'master_product',
  created: 'master_product.created',
  updated: 'master_product.updated',
} as const

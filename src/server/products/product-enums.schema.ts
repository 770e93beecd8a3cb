import { pgEnum } from 'drizzle-orm/pg-core'
import {
  cannabinoidUnits,
  dominances,
  geneticsTypes,
  packUnits,
  productCategories,
  productStatuses,
  salesUnits,
  vatRates,
} from '../../lib/products'

/**
 * The product enums, in a module without imports from the other schemas: purchase and customer
 * orders use `sales_unit` and `vat_rate` while `db/schema.ts` and the area schemas are still
 * loading each other, whichever of them is imported first.
 */
export const productCategory = pgEnum('product_category', productCategories)
export const productGenetics = pgEnum('product_genetics', geneticsTypes)
export const productDominance = pgEnum('product_dominance', dominances)
export const cannabinoidUnit = pgEnum('cannabinoid_unit', cannabinoidUnits)
export const packUnit = pgEnum('pack_unit', packUnits)
export const productStatus = pgEnum('product_status', productStatuses)
export const salesUnit = pgEnum('sales_unit', salesUnits)
export const vatRate = pgEnum('vat_rate', vatRates)

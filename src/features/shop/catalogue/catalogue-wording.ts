import {
  dominanceLabels,
  formatCannabinoid,
  formatPackSize,
  geneticsLabels,
} from '~/lib/product-display'
import type { CatalogueItem } from '~/lib/shop-catalogue'

/** How the catalogue's cards and product pages word a product's facts, once. */

/** "je g" loose, "je Packung (10 g)" for a pack. */
export const salesUnitPhrase = (item: CatalogueItem): string =>
  item.salesUnit === 'gram'
    ? 'je g'
    : `je Packung (${formatPackSize(item.packBaseUnits, item.packUnit)})`

/** "22 %" / "25 mg/ml", or "–" when the product names none. */
export const cannabinoid = (value: number | null, item: CatalogueItem): string =>
  formatCannabinoid(value, item.cannabinoidUnit) ?? '–'

export function geneticsText(item: Pick<CatalogueItem, 'genetics' | 'dominance'>): string | null {
  if (!item.genetics) return null
  const genetics = geneticsLabels[item.genetics]
  return item.dominance ? `${genetics}, ${dominanceLabels[item.dominance]}` : genetics
}

/** The main terpenes as the product lists them, at most three. */
export const mainTerpenes = (item: CatalogueItem): string[] => item.terpenes.slice(0, 3)

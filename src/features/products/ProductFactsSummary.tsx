import type { ReactNode } from 'react'
import {
  type CannabinoidUnit,
  countryLabel,
  type Dominance,
  dominanceLabels,
  formatCannabinoid,
  formatPackSize,
  geneticsLabels,
  type PackUnit,
  productCategoryLabels,
} from '~/lib/product-display'
import type { Genetics, ProductCategory } from '~/lib/product-lists'
import { FactList } from '../ui/FactList'

/** The facts of a product as the summary shows them; what a product lacks is left out. */
export interface SummaryFacts {
  pzn: string | null
  manufacturer: string
  brand?: string | null
  category: ProductCategory
  cultivar: string | null
  genetics?: Genetics | null
  dominance?: Dominance | null
  thcContent: number | null
  cbdContent: number | null
  cannabinoidUnit: CannabinoidUnit | null
  terpenes?: string[]
  irradiated?: boolean
  countryOfCultivation?: string | null
  packBaseUnits: number
  packUnit: PackUnit
}

/** A product's facts, read-only: the chosen master product, a listing's master data. */
export function ProductFactsSummary({ facts }: { facts: SummaryFacts }) {
  const rows: [string, ReactNode][] = [
    ['Kategorie', productCategoryLabels[facts.category]],
    ['PZN', facts.pzn ?? 'keine'],
    ['Hersteller', facts.manufacturer],
  ]
  if (facts.brand) rows.push(['Marke', facts.brand])
  if (facts.cultivar) rows.push(['Sorte', facts.cultivar])
  if (facts.genetics) {
    const dominance = facts.dominance ? ` (${dominanceLabels[facts.dominance]})` : ''
    rows.push(['Genetik', `${geneticsLabels[facts.genetics]}${dominance}`])
  }
  const thc = formatCannabinoid(facts.thcContent, facts.cannabinoidUnit)
  const cbd = formatCannabinoid(facts.cbdContent, facts.cannabinoidUnit)
  if (thc) rows.push(['THC', thc])
  if (cbd) rows.push(['CBD', cbd])
  if (facts.terpenes?.length) rows.push(['Terpene', facts.terpenes.join(', ')])
  if (facts.countryOfCultivation) {
    rows.push(['Anbauland', countryLabel(facts.countryOfCultivation)])
  }
  if (facts.irradiated !== undefined && facts.category !== 'accessory') {
    rows.push(['Bestrahlt', facts.irradiated ? 'ja' : 'nein'])
  }
  rows.push(['Packung', formatPackSize(facts.packBaseUnits, facts.packUnit)])
  return <FactList rows={rows} />
}

import { Link } from '@tanstack/react-router'
import { formatCount, formatMoney } from '~/lib/format'
import {
  dominanceLabels,
  formatCannabinoid,
  formatPackSize,
  geneticsLabels,
  packUnitLabels,
} from '~/lib/products'
import { availabilityLabels } from '~/lib/shop'
import type { CatalogueAvailability, CatalogueItem } from '~/lib/shop-catalogue'
import { StatusBadge, type StatusTone } from '../../ui/StatusBadge'

/** Shared by the catalogue's cards and its product pages: how a fact is worded, once. */

const availabilityTones: Record<CatalogueAvailability['level'], StatusTone> = {
  in_stock: 'success',
  low: 'warning',
  out_of_stock: 'neutral',
}

/** "35 g" loose, "4 Packungen" of packs. */
function salesUnitAmount(amount: number, item: Pick<CatalogueItem, 'salesUnit'>): string {
  if (item.salesUnit === 'gram') return `${formatCount(amount)}\u00a0g`
  return `${formatCount(amount)} ${amount === 1 ? 'Packung' : 'Packungen'}`
}

export function AvailabilityBadge({ item }: { item: CatalogueItem }) {
  const { level, salesUnits } = item.availability
  const amount =
    salesUnits !== null && salesUnits > 0 ? `: ${salesUnitAmount(salesUnits, item)}` : ''
  return (
    <StatusBadge tone={availabilityTones[level]}>
      {availabilityLabels[level]}
      {amount}
    </StatusBadge>
  )
}

/** "je g" loose, "je Packung (10 g)" for a pack. */
export const salesUnitPhrase = (item: CatalogueItem): string =>
  item.salesUnit === 'gram'
    ? 'je g'
    : `je Packung (${formatPackSize(item.packBaseUnits, item.packUnit)})`

/** The gross price per sales unit and, for a pack, per g or ml (PAngV); or where to see it. */
export function PriceLine({ item, loginRedirect }: { item: CatalogueItem; loginRedirect: string }) {
  if (!item.price) {
    return (
      <p className="text-sm text-ink-muted">
        Preise sehen Sie nach der{' '}
        <Link
          to="/login"
          search={{ redirect: loginRedirect }}
          className="font-medium text-brand-700 underline"
        >
          Anmeldung
        </Link>
        .
      </p>
    )
  }
  const unit = packUnitLabels[item.packUnit]
  return (
    <p className="text-sm text-ink">
      <span className="text-lg font-semibold">{formatMoney(item.price.grossCents)}</span>{' '}
      {salesUnitPhrase(item)}
      {item.salesUnit === 'pack' && (
        <span className="block text-ink-muted">
          {formatMoney(item.price.unitPriceCents)} je {unit}
        </span>
      )}
    </p>
  )
}

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

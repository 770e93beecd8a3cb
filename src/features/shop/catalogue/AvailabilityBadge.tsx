import { formatSalesQuantity } from '~/lib/product-display'
import { availabilityLabels } from '~/lib/shop'
import type { CatalogueAvailability, CatalogueItem } from '~/lib/shop-catalogue'
import { StatusBadge, type StatusTone } from '../../ui/StatusBadge'

const availabilityTones: Record<CatalogueAvailability['level'], StatusTone> = {
  in_stock: 'success',
  out_of_stock: 'neutral',
}

export function AvailabilityBadge({ item }: { item: CatalogueItem }) {
  const { level, salesUnits } = item.availability
  const amount =
    salesUnits !== null && salesUnits > 0
      ? `: ${formatSalesQuantity(salesUnits, item.salesUnit)}`
      : ''
  return (
    <StatusBadge tone={availabilityTones[level]}>
      {availabilityLabels[level]}
      {amount}
    </StatusBadge>
  )
}

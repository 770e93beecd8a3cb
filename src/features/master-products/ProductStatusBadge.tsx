import { type ProductStatus, productStatusLabels } from '~/lib/products'
import { StatusBadge } from '../ui/StatusBadge'

/** "aktiv" / "zurückgezogen": whether a master product can still be taken over. */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return (
    <StatusBadge tone={status === 'active' ? 'success' : 'warning'}>
      {productStatusLabels[status]}
    </StatusBadge>
  )
}

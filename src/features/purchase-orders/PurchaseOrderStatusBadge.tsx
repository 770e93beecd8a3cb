import { type PurchaseOrderStatus, purchaseOrderStatusLabels } from '~/lib/purchase-orders'
import { StatusBadge, type StatusTone } from '../ui/StatusBadge'

const tones: Record<PurchaseOrderStatus, StatusTone> = {
  draft: 'neutral',
  ordered: 'info',
  confirmed: 'info',
  shipped: 'info',
  partially_received: 'warning',
  received: 'success',
  cancelled: 'danger',
}

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return <StatusBadge tone={tones[status]}>{purchaseOrderStatusLabels[status]}</StatusBadge>
}

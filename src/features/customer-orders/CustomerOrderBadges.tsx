import {
  type CustomerOrderStatus,
  customerOrderStatusLabels,
  type PaymentStatus,
  paymentStatusLabels,
} from '~/lib/customer-orders'
import { StatusBadge, type StatusTone } from '../ui/StatusBadge'

const statusTones: Record<CustomerOrderStatus, StatusTone> = {
  new: 'info',
  confirmed: 'info',
  ready: 'warning',
  shipped: 'warning',
  completed: 'success',
  cancelled: 'danger',
  expired: 'neutral',
}

const paymentTones: Record<PaymentStatus, StatusTone> = {
  unpaid: 'neutral',
  pending: 'info',
  paid: 'success',
  failed: 'danger',
  refunded: 'warning',
}

export function CustomerOrderStatusBadge({ status }: { status: CustomerOrderStatus }) {
  return <StatusBadge tone={statusTones[status]}>{customerOrderStatusLabels[status]}</StatusBadge>
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <StatusBadge tone={paymentTones[status]}>Zahlung: {paymentStatusLabels[status]}</StatusBadge>
  )
}

import { type DocumentListType, documentTypeLabels } from '~/lib/documents'
import { StatusBadge, type StatusTone } from '../ui/StatusBadge'

const tones: Record<DocumentListType, StatusTone> = {
  invoice: 'success',
  cancellation_invoice: 'danger',
  delivery_note: 'info',
  order_confirmation: 'info',
  credit_note: 'warning',
  certificate: 'neutral',
  prescription_scan: 'warning',
}

export function DocumentTypeBadge({ type }: { type: DocumentListType }) {
  return <StatusBadge tone={tones[type]}>{documentTypeLabels[type]}</StatusBadge>
}

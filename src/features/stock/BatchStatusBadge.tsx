import { type BatchStatus, batchStatusLabels } from '~/lib/stock'
import { StatusBadge, type StatusTone } from '../ui/StatusBadge'

const tones: Record<BatchStatus, StatusTone> = {
  quarantine: 'warning',
  released: 'success',
  blocked: 'danger',
}

/** "Quarantäne", "Freigegeben", "Gesperrt" — or "Abgelaufen", which outranks them all. */
export function BatchStatusBadge({ status, expired }: { status: BatchStatus; expired: boolean }) {
  if (expired && status !== 'blocked') return <StatusBadge tone="danger">Abgelaufen</StatusBadge>
  return <StatusBadge tone={tones[status]}>{batchStatusLabels[status]}</StatusBadge>
}

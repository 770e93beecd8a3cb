import {
  type FillingProtocolStatus,
  fillingProtocolStatusLabels,
} from '~/lib/filling-protocol-lists'
import type { StatusTone } from '../ui/StatusBadge'
import { StatusBadge } from '../ui/StatusBadge'

const tones: Record<FillingProtocolStatus, StatusTone> = {
  draft: 'info',
  submitted: 'warning',
  confirmed: 'success',
  cancelled: 'neutral',
}

/** A filling's state: being weighed, waiting for the second person's check, confirmed, cancelled. */
export function FillingStatusBadge({ status }: { status: FillingProtocolStatus }) {
  return <StatusBadge tone={tones[status]}>{fillingProtocolStatusLabels[status]}</StatusBadge>
}

import { type HandOutStatus, handOutStatusLabels } from '~/lib/handouts'
import { StatusBadge } from '../ui/StatusBadge'

/** A hand-out's state: handed out, or cancelled (it then no longer counts toward the limits). */
export function HandOutStatusBadge({ status }: { status: HandOutStatus }) {
  return (
    <StatusBadge tone={status === 'active' ? 'success' : 'neutral'}>
      {handOutStatusLabels[status]}
    </StatusBadge>
  )
}

import { type HandoutStatus, handoutStatusLabels } from '~/lib/handouts'
import { StatusBadge } from '../ui/StatusBadge'

/** A hand-out's state: handed out, or cancelled (it then no longer counts toward the limits). */
export function HandoutStatusBadge({ status }: { status: HandoutStatus }) {
  return (
    <StatusBadge tone={status === 'active' ? 'success' : 'neutral'}>
      {handoutStatusLabels[status]}
    </StatusBadge>
  )
}

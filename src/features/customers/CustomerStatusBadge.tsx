import { customerStatusLabel } from '~/lib/customers'
import { StatusBadge } from '../ui/StatusBadge'

/** Active, deactivated or anonymised: the text carries the meaning, the colour helps to scan. */
export function CustomerStatusBadge({
  active,
  anonymised,
}: {
  active: boolean
  anonymised: boolean
}) {
  const tone = anonymised ? 'neutral' : active ? 'success' : 'warning'
  return <StatusBadge tone={tone}>{customerStatusLabel({ active, anonymised })}</StatusBadge>
}

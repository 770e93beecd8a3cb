import { StatusBadge } from '../ui/StatusBadge'

/** Active, deactivated or anonymised: the text carries the meaning, the colour helps to scan. */
export function CustomerStatusBadge({
  active,
  anonymised,
}: {
  active: boolean
  anonymised: boolean
}) {
  if (anonymised) return <StatusBadge tone="neutral">Anonymisiert</StatusBadge>
  return active ? (
    <StatusBadge tone="success">Aktiv</StatusBadge>
  ) : (
    <StatusBadge tone="warning">Deaktiviert</StatusBadge>
  )
}

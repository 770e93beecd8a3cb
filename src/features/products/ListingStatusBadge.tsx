import { organisationProductStatusLabels } from '~/lib/organisation-products'
import type { OrganisationProductStatus } from '~/lib/products'
import { StatusBadge, type StatusTone } from '../ui/StatusBadge'

const tones: Record<OrganisationProductStatus, StatusTone> = {
  current: 'success',
  master_changed: 'info',
  withdrawn: 'warning',
}

/** "aktuell", "Stammdaten geändert", "zurückgezogen": where a listing stands against its product. */
export function ListingStatusBadge({ status }: { status: OrganisationProductStatus }) {
  return <StatusBadge tone={tones[status]}>{organisationProductStatusLabels[status]}</StatusBadge>
}

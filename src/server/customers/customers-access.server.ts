import { type CustomerOwner, customerKindsFor, licenceRequiredFor } from '../../lib/customers'
import { type Actor, type BusinessActor, requireRole } from '../actor.server'
import { ForbiddenError } from '../errors.server'

/**
 * Who may see and change customers: owner and staff of a pharmacy, wholesaler, producer or club,
 * each only their own organisation's (every query is scoped by it, so another organisation's
 * customer is simply not found). The platform admin and shop customers get 403: personal data
 * stays with the organisation, there is no support read. Anonymising is the owner's alone.
 */

export function customerKeeper(actor: Actor): { owner: CustomerOwner; business: BusinessActor } {
  const business = requireRole(actor, 'owner', 'staff')
  const kinds = customerKindsFor(business.organisation.category)
  // A platform user with the owner or staff role keeps no customers either.
  if (kinds.length === 0) throw new ForbiddenError()
  return {
    business,
    owner: {
      id: business.organisation.id,
      name: business.organisation.name,
      kinds,
      members: business.organisation.category === 'club',
      canAnonymise: business.user.role === 'owner',
      licenceRequired: licenceRequiredFor(business.organisation.category),
    },
  }
}

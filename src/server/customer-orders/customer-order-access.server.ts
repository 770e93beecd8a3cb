import { type Actor, type BusinessActor, requireRole } from '../actor.server'
import { ForbiddenError } from '../errors.server'

/**
 * Who works customer orders: owner and staff of the organisations that sell — pharmacies,
 * wholesalers, producers. Clubs hand out to members instead (403), the platform admin does not
 * sell (403), shop customers see their own orders through their shop account instead (403 here;
 * `shop-accounts/shop-account-orders.server.ts`). Another organisation's order is not found
 * (404): every query below is scoped by the seller's organisation.
 */

type OrganisationCategory = BusinessActor['organisation']['category']

export const sellingCategories: readonly OrganisationCategory[] = [
  'pharmacy',
  'wholesaler',
  'producer',
]

export function sellerOf(actor: Actor): BusinessActor {
  const business = requireRole(actor, 'owner', 'staff')
  if (!sellingCategories.includes(business.organisation.category)) throw new ForbiddenError()
  return business
}

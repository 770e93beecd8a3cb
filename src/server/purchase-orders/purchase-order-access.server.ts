import type { PurchaseOrderOwner } from '../../lib/purchase-orders'
import { type Actor, type BusinessActor, requireBusiness, requireRole } from '../actor.server'
import type { Executor } from '../db/client.server'
import { organisations } from '../db/schema'
import { ForbiddenError, InvalidError, NotFoundError } from '../errors.server'
import { findOrganisation } from '../organisations/organisation-lookup.server'

/**
 * Who may buy: owner and staff of a pharmacy, wholesaler, producer or club manage their own
 * organisation's suppliers and purchase orders; the platform admin reads any organisation's for
 * support and changes nothing; shop customers and the platform's own users have none.
 */

type OrganisationCategory = BusinessActor['organisation']['category']

const purchaseOrderCategories: readonly OrganisationCategory[] = [
  'pharmacy',
  'wholesaler',
  'producer',
  'club',
]

/** The categories whose organisations sell to others on the platform. */
export const sellingCategories: readonly OrganisationCategory[] = ['wholesaler', 'producer']

const chooseOrganisationMessage =
  'Bitte wähle in der Administration unter „Organisationen“, wessen Einkauf du sehen möchtest.'

function ownerOf(
  organisation: { id: string; name: string; category: OrganisationCategory },
  canManage: boolean,
): PurchaseOrderOwner {
  return {
    id: organisation.id,
    name: organisation.name,
    canManage,
    accessoriesOnly: organisation.category === 'club',
  }
}

/** The organisation whose purchasing `actor` reads: its own, or the one the admin names. */
export async function readablePurchaser(
  actor: Actor,
  requested: string | undefined,
  db: Executor,
): Promise<PurchaseOrderOwner> {
  const business = requireBusiness(actor)
  if (business.user.role === 'admin') {
    if (!requested) {
      throw new InvalidError({ organisation: chooseOrganisationMessage }, chooseOrganisationMessage)
    }
    return purchaserById(db, requested, false)
  }
  if (!purchaseOrderCategories.includes(business.organisation.category)) throw new ForbiddenError()
  if (requested && requested !== business.organisation.id) throw new ForbiddenError()
  return ownerOf(business.organisation, true)
}

/** The purchasing of organisation `id` as the admin's support read sees it. */
export async function purchaserById(
  db: Executor,
  id: string,
  canManage: boolean,
): Promise<PurchaseOrderOwner> {
  const organisation = await findOrganisation(db, id, {
    id: organisations.id,
    name: organisations.name,
    category: organisations.category,
  })
  if (!organisation) throw new NotFoundError('Diese Organisation gibt es nicht.')
  return ownerOf(organisation, canManage)
}

/** Whether the actor reads across organisations (the platform admin) or only its own. */
export function readScope(actor: Actor): { admin: boolean; business: BusinessActor } {
  const business = requireBusiness(actor)
  const admin = business.user.role === 'admin'
  if (!admin && !purchaseOrderCategories.includes(business.organisation.category)) {
    throw new ForbiddenError()
  }
  return { admin, business }
}

/** The organisation whose purchasing `actor` changes: owner or staff of a buying organisation. */
export function managingPurchaser(actor: Actor): {
  owner: PurchaseOrderOwner
  business: BusinessActor
} {
  const business = requireRole(actor, 'owner', 'staff')
  if (!purchaseOrderCategories.includes(business.organisation.category)) throw new ForbiddenError()
  return { owner: ownerOf(business.organisation, true), business }
}

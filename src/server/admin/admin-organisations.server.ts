import { eq, sql } from 'drizzle-orm'
import { newOrganisationSchema, tenantSlugTakenMessage } from '../../lib/new-organisation'
import { organisationNotFoundMessage } from '../../lib/organisation-settings'
import { type Actor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { revokeSessionsOfOrganisation } from '../auth.server'
import type { Database } from '../db/client.server'
import { organisations, tenants } from '../db/schema'
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  parseInput,
  violatesUnique,
} from '../errors.server'
import { inviteInTransaction } from '../organisations/invitations.server'
import { findOrganisation } from '../organisations/organisation-lookup.server'

/**
 * "Neue Organisation" in the admin console: the organisation, optionally its tenant host
 * (`<slug>.<APP_DOMAIN>`, its shop once configured) and an invitation for its first owner — in
 * one transaction, so a taken slug or an address that already has an account leaves nothing
 * behind.
 */
export async function createOrganisation(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<{ id: string }> {
  const admin = requireRole(actor, 'admin')
  if (admin.organisation.category !== 'platform') throw new ForbiddenError()
  const request = parseInput(newOrganisationSchema, input)
  const id = await db.transaction(async (tx) => {
    const [organisation] = await tx
      .insert(organisations)
      .values({
        name: request.name,
        category: request.category,
        street: request.street,
        postalCode: request.postalCode,
        city: request.city,
      })
      .returning({ id: organisations.id })
    if (!organisation) throw new Error('organisation was not inserted')
    if (request.tenantSlug) {
      try {
        await tx
          .insert(tenants)
          .values({ slug: request.tenantSlug, organisationId: organisation.id })
      } catch (error) {
        if (violatesUnique(error, 'tenants_slug_unique')) {
          throw new InvalidError({ tenantSlug: tenantSlugTakenMessage }, tenantSlugTakenMessage)
        }
        throw error
      }
    }
    await recordAudit(tx, {
      organisationId: organisation.id,
      actor: auditActorOf(admin),
      requestId: admin.requestId,
      action: 'organisation.created',
      entity: { type: 'organisation', id: organisation.id },
      after: {
        name: request.name,
        category: request.category,
        tenantSlug: request.tenantSlug,
      },
    })
    if (request.ownerEmail) {
      try {
        await inviteInTransaction(tx, admin, organisation.id, {
          email: request.ownerEmail,
          role: 'owner',
        })
      } catch (error) {
        // The form's field is the owner's address.
        if (error instanceof ConflictError) {
          throw new ConflictError(error.message, { ownerEmail: error.message })
        }
        throw error
      }
    }
    return organisation.id
  })
  // The new host must resolve at once; a cached "no tenant here" answer would hide it.
  return { id }
}

/**
 * Deactivates an organisation (its users' and shop customers' sessions end in the same
 * transaction, nobody of it can sign in, its host shows "derzeit nicht verfügbar") or activates
 * it again. The row is locked first: parallel requests change and audit it once.
 */
export async function setOrganisationActive(
  actor: Actor,
  organisationId: string,
  active: boolean,
  db: Database,
): Promise<{ deactivatedAt: string | null }> {
  const admin = requireRole(actor, 'admin')
  if (admin.organisation.category !== 'platform') throw new ForbiddenError()
  return db.transaction(async (tx) => {
    // Parallel requests take turns: each sees what the one before decided.
    const target = await findOrganisation(
      tx,
      organisationId,
      { category: organisations.category, deactivatedAt: organisations.deactivatedAt },
      { lock: 'update' },
    )
    if (!target) throw new NotFoundError(organisationNotFoundMessage)
    if (target.category === 'platform') {
      throw new ForbiddenError('Der Plattformbetrieb selbst kann nicht deaktiviert werden.')
    }
    if ((target.deactivatedAt === null) === active) {
      return { deactivatedAt: target.deactivatedAt?.toISOString() ?? null }
    }
    const [changed] = await tx
      .update(organisations)
      .set({ deactivatedAt: active ? null : sql`now()`, updatedAt: new Date() })
      .where(eq(organisations.id, organisationId))
      .returning({ deactivatedAt: organisations.deactivatedAt })
    if (!changed) throw new NotFoundError(organisationNotFoundMessage)
    if (!active) await revokeSessionsOfOrganisation(tx, organisationId)
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(admin),
      requestId: admin.requestId,
      action: active ? 'organisation.reactivated' : 'organisation.deactivated',
      entity: { type: 'organisation', id: organisationId },
      before: { active: !active },
      after: { active },
    })
    return { deactivatedAt: changed.deactivatedAt?.toISOString() ?? null }
  })
}

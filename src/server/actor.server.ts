import { shopForbiddenMessage } from '../lib/access-rules'
import type { B2bUser, B2cUser, OrganisationCategory, UserRole } from '../lib/auth-api'
import type { App } from './app.server'
import {
  getActiveBusinessUser,
  getActiveShopUser,
  messages,
  verifyAccessSession,
} from './auth.server'
import type { DataScope } from './db/scope.server'
import { ForbiddenError, UnauthenticatedError } from './errors.server'
import { resolveTenant, type Tenant } from './tenants.server'

/**
 * Who acts. Every business service takes the actor as its first argument and decides from it what
 * may happen; the only ways to get one are the server functions' auth middleware (from a verified
 * access token) and `systemActor` for jobs the platform runs itself.
 */
export type Actor = BusinessActor | ShopActor | SystemActor | VisitorActor

interface ActorBase {
  /** The request the action belongs to, for the log and the audit trail. */
  requestId: string | null
}

export interface BusinessActor extends ActorBase {
  kind: 'business'
  user: B2bUser
  organisation: B2bUser['organisation']
  sessionId: string
}

export interface ShopActor extends ActorBase {
  kind: 'shop'
  user: B2cUser
  tenant: Tenant
  sessionId: string
}

export interface SystemActor extends ActorBase {
  kind: 'system'
  /** What runs, e.g. `outbox-sender`. */
  name: string
}

/** Someone without an account on a shop host (a guest's reservation): the audit log's `visitor`. */
export interface VisitorActor extends ActorBase {
  kind: 'visitor'
}

export const visitorActor = (requestId: string | null = null): VisitorActor => ({
  kind: 'visitor',
  requestId,
})

export const systemActor = (name: string, requestId: string | null = null): SystemActor => ({
  kind: 'system',
  name,
  requestId,
})

/**
 * The actor behind an access token presented on `host`, and when that token expires; 401 when
 * there is none or it is dead. Before there is an actor there is no scope: the lookups run in
 * the system scope (ADR 050).
 */
export async function actorFromAccessToken(
  app: App,
  token: string | null,
  { host, requestId }: { host: string; requestId: string | null },
): Promise<{ actor: BusinessActor | ShopActor; tenant: Tenant | null; expiresAt: Date }> {
  const tenant = await resolveTenant(app.systemDb, host, app.config.APP_DOMAIN)
  const principal = await verifyAccessSession(app, token, tenant?.slug ?? null)
  if (principal.accountType === 'b2b') {
    const user = await getActiveBusinessUser(app.systemDb, principal.subjectId)
    if (!user) throw new UnauthenticatedError(messages.sessionExpired)
    const actor: BusinessActor = {
      kind: 'business',
      user,
      organisation: user.organisation,
      sessionId: principal.sessionId,
      requestId,
    }
    return { actor, tenant, expiresAt: principal.expiresAt }
  }
  const user = await getActiveShopUser(app.systemDb, principal.subjectId)
  // verifyAccessSession tied the token to this host's tenant, so the tenant is there.
  if (!user || !tenant) throw new UnauthenticatedError(messages.sessionExpired)
  return {
    actor: { kind: 'shop', user, tenant, sessionId: principal.sessionId, requestId },
    tenant,
    expiresAt: principal.expiresAt,
  }
}

/** The acting business user, or 403 for shop customers (in the shop's voice) and system jobs. */
export function requireBusiness(actor: Actor): BusinessActor {
  if (actor.kind === 'shop') throw new ForbiddenError(shopForbiddenMessage)
  if (actor.kind !== 'business') throw new ForbiddenError()
  return actor
}

/** The acting shop customer (b2c), or 403 for business users, visitors and system jobs. */
export function requireShopCustomer(actor: Actor): ShopActor {
  if (actor.kind !== 'shop') throw new ForbiddenError(shopForbiddenMessage)
  return actor
}

/** The acting business user when their role is one of `roles`; otherwise 403. */
export function requireRole(actor: Actor, ...roles: UserRole[]): BusinessActor {
  const business = requireBusiness(actor)
  if (!roles.includes(business.user.role)) throw new ForbiddenError()
  return business
}

/** An admin of the platform's own organisation: the one who may act on every organisation. */
export const isPlatformAdmin = (actor: BusinessActor) =>
  actor.user.role === 'admin' && actor.organisation.category === 'platform'

/**
 * The rows a call may touch under row-level security (ADR 050): a business user's organisation
 * (every organisation for the platform's admins, whose services check each step); a shop
 * customer's or a visitor's shop belongs to its pharmacy's organisation; without a shop, none.
 */
export function scopeOfActor(
  actor: BusinessActor | ShopActor | null,
  tenant: Tenant | null,
): DataScope {
  if (actor?.kind === 'business') {
    return isPlatformAdmin(actor)
      ? { kind: 'system' }
      : { kind: 'organisation', organisationId: actor.organisation.id }
  }
  const shop = actor?.tenant ?? tenant
  return shop ? { kind: 'organisation', organisationId: shop.organisationId } : { kind: 'none' }
}

/** The acting business user when their organisation is of one of `categories`; otherwise 403. */
export function requireCategory(
  actor: Actor,
  ...categories: OrganisationCategory[]
): BusinessActor {
  const business = requireBusiness(actor)
  if (!categories.includes(business.organisation.category)) throw new ForbiddenError()
  return business
}

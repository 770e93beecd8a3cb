import { eq, type SQL } from 'drizzle-orm'
import type { OrganisationCategory, TenantResponse } from '../lib/auth-api'
import { isCustomDomainCandidate, normaliseHost, tenantSlugFromHost } from '../lib/tenant-host'
import type { Database } from './db/client.server'
import { organisations, tenants } from './db/schema'
import { requestHost } from './http.server'

export interface Tenant extends TenantResponse {
  id: string
  organisationId: string
}

const cacheTtlMs = 60_000
const cacheLimit = 1_000
/** Per-process cache by host: tenant configs change rarely and every page render asks. */
const cache = new Map<string, { tenant: Tenant | null; expiresAt: number }>()

export const findTenantBySlug = (db: Database, slug: string) =>
  findTenant(db, eq(tenants.slug, slug))

async function findTenant(db: Database, condition: SQL): Promise<Tenant | null> {
  const [row] = await db
    .select({
      id: tenants.id,
      slug: tenants.slug,
      organisationId: tenants.organisationId,
      config: tenants.config,
    })
    .from(tenants)
    .where(condition)
  return row ? { ...row, config: row.config ?? null } : null
}

/**
 * The tenant a request host names — `<slug>.<APP_DOMAIN>`, `<slug>.localhost`, or a custom domain
 * registered for it — or null.
 */
export async function resolveTenant(
  db: Database,
  host: string,
  appDomain: string,
): Promise<Tenant | null> {
  const key = normaliseHost(host)
  const cached = cache.get(key)
  if (cached && cached.expiresAt > Date.now()) return cached.tenant

  const slug = tenantSlugFromHost(key, appDomain)
  let tenant: Tenant | null = null
  if (slug) tenant = await findTenantBySlug(db, slug)
  else if (isCustomDomainCandidate(key, appDomain))
    tenant = await findTenant(db, eq(tenants.customDomain, key))
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string)
  cache.set(key, { tenant, expiresAt: Date.now() + cacheTtlMs })
  return tenant
}

/** Drops cached answers, e.g. after a tenant's config changed. */
export function forgetCachedTenants(): void {
  cache.clear()
}

/** The tenant of the host a request was addressed to. */
export const tenantOfRequest = (
  app: { db: Database; config: { APP_DOMAIN: string } },
  request: Request,
): Promise<Tenant | null> => resolveTenant(app.db, requestHost(request), app.config.APP_DOMAIN)

/** What a tenant host says about the organisation behind it: public data only. */
export interface HostOrganisation {
  name: string
  category: OrganisationCategory
  street: string | null
  postalCode: string | null
  city: string | null
}

export async function organisationOfTenant(
  db: Database,
  tenant: Tenant,
): Promise<HostOrganisation | null> {
  const [organisation] = await db
    .select({
      name: organisations.name,
      category: organisations.category,
      street: organisations.street,
      postalCode: organisations.postalCode,
      city: organisations.city,
    })
    .from(organisations)
    .where(eq(organisations.id, tenant.organisationId))
  return organisation ?? null
}

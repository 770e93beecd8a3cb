import { eq } from 'drizzle-orm'
import type { TenantResponse } from '../lib/auth-api'
import { normaliseHost, tenantSlugFromHost } from '../lib/tenant-host'
import type { Database } from './db/client.server'
import { tenants } from './db/schema'

export interface Tenant extends TenantResponse {
  id: string
  organisationId: string
}

const cacheTtlMs = 60_000
const cacheLimit = 1_000
/** Per-process cache by host: tenant configs change rarely and every page render asks. */
const cache = new Map<string, { tenant: Tenant | null; expiresAt: number }>()

export async function findTenantBySlug(db: Database, slug: string): Promise<Tenant | null> {
  const [row] = await db
    .select({
      id: tenants.id,
      slug: tenants.slug,
      organisationId: tenants.organisationId,
      config: tenants.config,
    })
    .from(tenants)
    .where(eq(tenants.slug, slug))
  return row ? { ...row, config: row.config ?? null } : null
}

/** The tenant a request host names, or null (no tenant label, or no such tenant). */
export async function resolveTenant(
  db: Database,
  host: string,
  appDomain: string,
): Promise<Tenant | null> {
  const key = normaliseHost(host)
  const cached = cache.get(key)
  if (cached && cached.expiresAt > Date.now()) return cached.tenant

  const slug = tenantSlugFromHost(key, appDomain)
  const tenant = slug ? await findTenantBySlug(db, slug) : null
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string)
  cache.set(key, { tenant, expiresAt: Date.now() + cacheTtlMs })
  return tenant
}

/** Drops cached answers, e.g. after a tenant's config changed. */
export function forgetCachedTenants(): void {
  cache.clear()
}

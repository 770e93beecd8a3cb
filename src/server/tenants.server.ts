import { eq, type SQL } from 'drizzle-orm'
import type { OrganisationCategory, TenantResponse } from '../lib/auth-api'
import { type TenantConfig, tenantConfigSchema } from '../lib/tenant-config'
import { isCustomDomainCandidate, normaliseHost, tenantSlugFromHost } from '../lib/tenant-host'
import type { Database } from './db/client.server'
import { organisations, tenants } from './db/schema'
import { requestHost } from './http.server'

export interface Tenant extends TenantResponse {
  id: string
  organisationId: string
  organisationCategory: OrganisationCategory
}

/** A tenant that runs a shop: its config and the organisation that sells. */
export interface ShopTenant extends Tenant {
  config: TenantConfig
}

export const isShopTenant = (tenant: Tenant | null): tenant is ShopTenant =>
  tenant?.hasShop === true

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
      organisationCategory: organisations.category,
      config: tenants.config,
    })
    .from(tenants)
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(condition)
  if (!row) return null
  const config = parsedConfig(row.config)
  // Only a pharmacy runs a public shop. A club may not advertise or sell to the public (KCanG
  // § 6), whatever its config says; wholesalers and producers sell through the back-office.
  return { ...row, config, hasShop: config !== null && row.organisationCategory === 'pharmacy' }
}

/**
 * Every config read is parsed (ADR 026): a stored config the schema refuses is an operator's error
 * and fails the request (logged with its request id) instead of rendering half-valid data.
 */
const parsedConfig = (stored: unknown): TenantConfig | null =>
  stored === null || stored === undefined ? null : tenantConfigSchema.parse(stored)

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

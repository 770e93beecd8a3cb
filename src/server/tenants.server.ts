import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { OrganisationCategory, TenantResponse } from '../lib/auth-api'
import { hasMailOrderMarks } from '../lib/shop'
import { type TenantConfig, tenantConfigSchema } from '../lib/tenant-config'
import { isCustomDomainCandidate, normaliseHost, tenantSlugFromHost } from '../lib/tenant-host'
import type { Database, DatabaseHandle } from './db/client.server'
import type { Subscription } from './db/notifications.server'
import { organisations, tenants } from './db/schema'
import { requestHost } from './request-address.server'

export interface Tenant extends Omit<TenantResponse, 'publicOrigin'> {
  id: string
  organisationId: string
  organisationCategory: OrganisationCategory
  /** The tenant's own domain once its owner proved control of it (ADR 049); null otherwise. */
  verifiedDomain: string | null
}

/** The tenant's own domain while it is verified, else null: an unverified one is never used. */
export const verifiedDomainOf = sql<
  string | null
>`case when ${tenants.customDomainVerifiedAt} is not null then ${tenants.customDomain} end`

/** A tenant that runs a shop: its config and the organisation that sells. */
export interface ShopTenant extends Tenant {
  config: TenantConfig
}

export const isShopTenant = (tenant: Tenant | null): tenant is ShopTenant =>
  tenant?.hasShop === true

const cacheTtlMs = 60_000
const cacheLimit = 1_000
export const tenantsChannel = 'tenants_changed'

/**
 * Per-process cache of the tenant by host (ADR 040): tenant configs change rarely and every page
 * render asks. A trigger announces every change of a tenant, or of its organisation's category or
 * status, on `tenants_changed`; every process forgets its answers then. Without a live listener
 * (not watching, or the connection dropped) nothing is answered from memory.
 */
interface TenantCache {
  entries: Map<string, { tenant: Tenant | null; expiresAt: number }>
  /** Raised by each announced change: an answer loaded across one is not kept. */
  generation: number
  subscription: Subscription | null
}

const caches = new WeakMap<Database, TenantCache>()

function cacheOf(db: Database): TenantCache {
  let cache = caches.get(db)
  if (!cache) {
    cache = { entries: new Map(), generation: 0, subscription: null }
    caches.set(db, cache)
  }
  return cache
}

/** Starts this process's listener for tenant changes; until then every lookup reads the database. */
export async function watchTenantChanges(database: DatabaseHandle): Promise<void> {
  const cache = cacheOf(database.systemDb)
  if (cache.subscription) return
  cache.subscription = await database.notifications.subscribe(tenantsChannel, () => {
    cache.generation++
    cache.entries.clear()
  })
}

export const findTenantBySlug = (db: Database, slug: string) =>
  findTenant(db, eq(tenants.slug, slug))

async function findTenant(db: Database, condition: SQL): Promise<Tenant | null> {
  const [row] = await db
    .select({
      id: tenants.id,
      slug: tenants.slug,
      organisationId: tenants.organisationId,
      organisationCategory: organisations.category,
      organisationDeactivatedAt: organisations.deactivatedAt,
      config: tenants.config,
      verifiedDomain: verifiedDomainOf,
      contact: organisationContactColumns,
    })
    .from(tenants)
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(condition)
  if (!row) return null
  const { organisationDeactivatedAt, contact, ...tenant } = row
  const config = shopConfigOf(row.config, contact)
  const available = organisationDeactivatedAt === null
  // Only a pharmacy runs a public shop. A club may not advertise or sell to the public (KCanG
  // § 6), whatever its config says; wholesalers and producers sell through the back-office.
  const hasShop = available && config !== null && row.organisationCategory === 'pharmacy'
  return { ...tenant, config, available, hasShop }
}

/**
 * The organisation's contact record: the one place phone, e-mail and address are kept. Its
 * documents print it, and the shop's footer, imprint and mails read it through `shopConfigOf`.
 */
export const organisationContactColumns = {
  email: organisations.email,
  phone: organisations.phone,
  street: organisations.street,
  postalCode: organisations.postalCode,
  city: organisations.city,
}
export type OrganisationContact = {
  [Key in keyof typeof organisationContactColumns]: string | null
}

/**
 * A tenant's stored config, parsed (ADR 026: a config the schema refuses is an operator's error
 * and fails the request instead of rendering half-valid data), with its contact taken from the
 * organisation's record — the config keeps only the opening hours of its own.
 */
export function shopConfigOf(stored: unknown, contact: OrganisationContact): TenantConfig | null {
  if (stored === null || stored === undefined) return null
  const config = tenantConfigSchema.parse(stored)
  return {
    ...config,
    // A config saved before the mail-order marks were required (§ 11a ApoG) does not ship until
    // its owner names them: shipping is never offered without the permit and the EU logo.
    deliveryMethods: config.deliveryMethods.filter(
      (method) => method.kind !== 'shipping' || hasMailOrderMarks(config.mailOrder),
    ),
    contact: {
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      street: contact.street ?? '',
      postalCode: contact.postalCode ?? '',
      city: contact.city ?? '',
      openingHours: config.contact.openingHours,
    },
  }
}

/**
 * The tenant a request host names — `<slug>.<APP_DOMAIN>`, `<slug>.localhost` on a local domain, or
 * its own domain once verified — or null.
 */
export async function resolveTenant(
  db: Database,
  host: string,
  appDomain: string,
): Promise<Tenant | null> {
  const key = normaliseHost(host)
  const cache = cacheOf(db)
  const live = cache.subscription?.live === true
  const cached = cache.entries.get(key)
  if (live && cached && cached.expiresAt > Date.now()) return cached.tenant

  const generation = cache.generation
  const slug = tenantSlugFromHost(key, appDomain)
  let tenant: Tenant | null = null
  if (slug) tenant = await findTenantBySlug(db, slug)
  else if (isCustomDomainCandidate(key, appDomain))
    tenant = await findTenant(
      db,
      and(eq(tenants.customDomain, key), isNotNull(tenants.customDomainVerifiedAt)) as SQL,
    )
  if (live && cache.generation === generation) {
    if (cache.entries.size >= cacheLimit)
      cache.entries.delete(cache.entries.keys().next().value as string)
    cache.entries.set(key, { tenant, expiresAt: Date.now() + cacheTtlMs })
  }
  return tenant
}

/** The tenant of the host a request was addressed to. */
export const tenantOfRequest = (
  app: { systemDb: Database; config: { APP_DOMAIN: string } },
  request: Request,
): Promise<Tenant | null> =>
  resolveTenant(app.systemDb, requestHost(request), app.config.APP_DOMAIN)

/** What a tenant host says about the organisation behind it: public data only. */
export interface HostOrganisation {
  name: string
  category: OrganisationCategory
  street: string | null
  postalCode: string | null
  city: string | null
  /** Name and logo from its site settings once the owner saved them; contact from its record. */
  logoUrl: string | null
  email: string | null
  phone: string | null
  openingHours: string | null
}

const filled = (value: string | undefined) => (value?.trim() ? value : null)

export async function organisationOfTenant(
  db: Database,
  tenant: Tenant,
): Promise<HostOrganisation | null> {
  const [organisation] = await db
    .select({
      name: organisations.name,
      category: organisations.category,
      ...organisationContactColumns,
    })
    .from(organisations)
    .where(eq(organisations.id, tenant.organisationId))
  if (!organisation) return null
  const site = tenant.config
  return {
    ...organisation,
    name: site?.shopName ?? organisation.name,
    logoUrl: site?.logoUrl ?? null,
    openingHours: filled(site?.contact.openingHours),
  }
}

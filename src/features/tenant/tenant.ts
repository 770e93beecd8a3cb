import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import type { AccessTenant } from '~/lib/access-rules'
import { type ShopPageConfig, shopPageConfig } from '~/lib/shop'
import type { TenantConfig } from '~/lib/tenant-config'
import { getApp } from '~/server/app.server'
import { tenantPublicOrigin } from '~/server/public-origin.server'
import { requestHost } from '~/server/request-address.server'
import { resolveTenant } from '~/server/tenants.server'

/** The shop a host serves, as the pages see it. */
export interface TenantInfo {
  slug: string
  /**
   * The shop's config without its legal texts (their pages load them); null where the host runs
   * no shop — a club's config stays on the server, for its legal pages, so no page frames a
   * club's host as a shop (KCanG § 6).
   */
  config: ShopPageConfig | null
  /** A pharmacy with a config: the catalogue, configurator and checkout exist on this host. */
  hasShop: boolean
  /** False while the organisation is deactivated: every page of the host says it is unavailable. */
  available: boolean
  host: string
  /** Where links to this shop point (canonical URLs): configured, never the request's host. */
  publicOrigin: string
}

export const currentHost = createIsomorphicFn()
  .server(() => requestHost(getRequest()))
  .client(() => window.location.host)

const tenantInfo = (
  tenant: {
    slug: string
    config: TenantConfig | null
    hasShop: boolean
    available: boolean
    publicOrigin: string
  },
  host: string,
): TenantInfo => ({
  slug: tenant.slug,
  config: tenant.hasShop && tenant.config ? shopPageConfig(tenant.config) : null,
  hasShop: tenant.hasShop,
  available: tenant.available,
  host,
  publicOrigin: tenant.publicOrigin,
})

const fetchTenant = createIsomorphicFn()
  .server(async (host: string): Promise<TenantInfo | null> => {
    const app = await getApp()
    const tenant = await resolveTenant(app.systemDb, host, app.config.APP_DOMAIN)
    return (
      tenant &&
      tenantInfo({ ...tenant, publicOrigin: tenantPublicOrigin(tenant, app.config) }, host)
    )
  })
  .client(async (host: string): Promise<TenantInfo | null> => {
    const response = await fetch(`/api/tenant?host=${encodeURIComponent(host)}`, {
      headers: { accept: 'application/json' },
    })
    if (response.status === 404) return null
    if (!response.ok) throw new Error(`GET /api/tenant answered ${response.status}`)
    // The server renders the tenant into the page, so this runs rarely: zod is not loaded up front.
    const { tenantResponseSchema } = await import('~/lib/auth-api')
    return tenantInfo(tenantResponseSchema.parse(await response.json()), host)
  })

const reportTenantFailure = createIsomorphicFn()
  .server(async (error: unknown) => {
    const app = await getApp()
    app.logger.error({ err: error }, 'Kein Tenant geladen.')
  })
  .client((error: unknown) => console.error('Kein Tenant geladen.', error))

/**
 * The host's tenant once loaded; undefined before. One per router: per request on the server, per
 * tab in the browser, which gets it with the page and never asks again (a tab stays on its host).
 */
export interface LoadedTenant {
  current: TenantInfo | null | undefined
}

/** The tenant of the current host, or null — also when it cannot be loaded (the page goes on without). */
export async function loadTenant(loaded: LoadedTenant): Promise<TenantInfo | null> {
  if (loaded.current !== undefined) return loaded.current
  try {
    loaded.current = await fetchTenant(currentHost())
    return loaded.current
  } catch (error) {
    await reportTenantFailure(error)
    return null
  }
}

export const accessTenantOf = (tenant: TenantInfo | null): AccessTenant =>
  tenant && { slug: tenant.slug, hasShop: tenant.hasShop }

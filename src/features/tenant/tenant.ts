import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import type { AccessTenant } from '~/lib/access-rules'
import type { TenantConfig } from '~/lib/tenant-config'
import { getApp } from '~/server/app.server'
import { requestHost } from '~/server/http.server'
import { resolveTenant } from '~/server/tenants.server'

/** The shop a host serves, as the pages see it. */
export interface TenantInfo {
  slug: string
  config: TenantConfig | null
  host: string
}

export const currentHost = createIsomorphicFn()
  .server(() => requestHost(getRequest()))
  .client(() => window.location.host)

const fetchTenant = createIsomorphicFn()
  .server(async (host: string): Promise<TenantInfo | null> => {
    const app = await getApp()
    const tenant = await resolveTenant(app.db, host, app.config.APP_DOMAIN)
    return tenant && { slug: tenant.slug, config: tenant.config, host }
  })
  .client(async (host: string): Promise<TenantInfo | null> => {
    const response = await fetch(`/api/tenant?host=${encodeURIComponent(host)}`, {
      headers: { accept: 'application/json' },
    })
    if (response.status === 404) return null
    if (!response.ok) throw new Error(`GET /api/tenant answered ${response.status}`)
    // The server renders the tenant into the page, so this runs rarely: zod is not loaded up front.
    const { tenantResponseSchema } = await import('~/lib/auth-api')
    const tenant = tenantResponseSchema.parse(await response.json())
    return { ...tenant, host }
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
  tenant && { slug: tenant.slug, hasConfig: tenant.config !== null }

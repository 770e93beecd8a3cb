import type { QueryClient } from '@tanstack/react-query'
import { queryOptions } from '@tanstack/react-query'
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
  /** A pharmacy with a config: the catalogue, configurator and checkout exist on this host. */
  hasShop: boolean
  host: string
}

export const currentHost = createIsomorphicFn()
  .server(() => requestHost(getRequest()))
  .client(() => window.location.host)

const fetchTenant = createIsomorphicFn()
  .server(async (host: string): Promise<TenantInfo | null> => {
    const app = await getApp()
    const tenant = await resolveTenant(app.db, host, app.config.APP_DOMAIN)
    return tenant && { slug: tenant.slug, config: tenant.config, hasShop: tenant.hasShop, host }
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

/** Loaded once per host: the server renders it into the page and the browser never asks again. */
export const tenantQueryOptions = (host: string) =>
  queryOptions({
    queryKey: ['tenant', host],
    queryFn: () => fetchTenant(host),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  })

/** The tenant of the current host, or null — also when it cannot be loaded (the page goes on without). */
export async function loadTenant(queryClient: QueryClient): Promise<TenantInfo | null> {
  try {
    return await queryClient.ensureQueryData(tenantQueryOptions(currentHost()))
  } catch (error) {
    await reportTenantFailure(error)
    return null
  }
}

export const accessTenantOf = (tenant: TenantInfo | null): AccessTenant =>
  tenant && { slug: tenant.slug, hasShop: tenant.hasShop }

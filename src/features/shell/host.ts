import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { use } from 'react'
import { guardAccess } from '../session/guard'
import { isBusinessUser, type SessionStore } from '../session/session-store'
import { useSession } from '../session/use-session'
import type { TenantInfo } from '../tenant/tenant'
import { fetchHostOrganisation, type HostOrganisation } from './host.functions'

export type { HostOrganisation }

/** The tenant of the current host (null on the main domain), as the root route loaded it. */
export function useTenant(): TenantInfo | null {
  return useRouteContext({ from: '__root__', select: (context) => context.tenant ?? null })
}

/**
 * Only a tenant host without a shop presents its organisation (a club's host); a shop presents its
 * configured name and contact, the main domain the product.
 */
const presentsOrganisation = (tenant: TenantInfo | null): tenant is TenantInfo =>
  tenant !== null && tenant.config === null

const hostOrganisationQueryOptions = (tenant: TenantInfo | null) =>
  queryOptions({
    // Under the tenant's key: host data, which a logout keeps (it drops the user's queries).
    queryKey: ['tenant', tenant?.host ?? null, 'organisation'],
    queryFn: () => (presentsOrganisation(tenant) ? fetchHostOrganisation() : null),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })

/** Loads the host's organisation before a page renders, so the page and its title have it. */
function loadHostOrganisation(
  queryClient: QueryClient,
  tenant: TenantInfo | null,
): Promise<HostOrganisation | null> {
  return queryClient.ensureQueryData(hostOrganisationQueryOptions(tenant))
}

/**
 * The host's organisation. The host layouts' guard loaded it before their pages render; a page
 * outside them (a first not-found on an organisation's host) suspends until it has arrived. Read
 * from the cache, where it never goes stale, rather than through a query hook: the frames are in
 * every page's first load, the hooks' code would be there only for this (ADR 029).
 */
export function useHostOrganisation(): HostOrganisation | null {
  const options = hostOrganisationQueryOptions(useTenant())
  const { queryClient } = useRouter().options.context
  const loaded = queryClient.getQueryData(options.queryKey)
  return loaded !== undefined ? loaded : use(queryClient.ensureQueryData(options))
}

/** Where "Zur Startseite" leads: the back-office for business users, else the host's start page. */
export function useStartPath(): string {
  const session = useSession()
  const tenant = useTenant()
  if (isBusinessUser(session.user)) return '/dashboard'
  return tenant?.config ? '/shop' : '/'
}

/**
 * The `beforeLoad` of the layouts that show the host's own face (home, legal, login): applies the
 * access rules, then loads the host's organisation into the route context for pages and titles.
 */
export async function guardHostPage(options: {
  context: { session: SessionStore; tenant: TenantInfo | null; queryClient: QueryClient }
  location: { href: string }
}): Promise<{ hostOrganisation: HostOrganisation | null }> {
  guardAccess(options)
  const { queryClient, tenant } = options.context
  return { hostOrganisation: await loadHostOrganisation(queryClient, tenant) }
}

/** The name a host's tab titles carry: the shop's, the organisation's, or the product's. */
export function hostBrand(context: {
  tenant: TenantInfo | null
  hostOrganisation?: HostOrganisation | null
}): string {
  return context.tenant?.config?.shopName ?? context.hostOrganisation?.name ?? 'Blattwerk'
}

import { type DehydratedState, QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { renewAccessToken } from './features/session/session'
import {
  createSessionStore,
  type SessionState,
  sessionFrom,
} from './features/session/session-store'
import { openOtherPathsAsNewPages } from './features/shell/back-office-elsewhere'
import { NotFoundPage } from './features/shell/lazy-error-pages'
import { parseSearch, stringifySearch } from './features/shell/search-params'
import type { ServerRender } from './features/shell/server-render'
import { type CartCountState, createCartCountStore } from './features/shop/cart/cart-count'
import type { LoadedTenant, TenantInfo } from './features/tenant/tenant'
import { createApiClient } from './lib/api-client'
import { routeTree as publicRouteTree } from './routeTree.gen?public'
import type { RequestContext } from './server/request-context'

/** What a server render hands the browser's router besides the routes' data. */
interface DehydratedPage {
  session: SessionState
  requestId: string | null
  tenant: TenantInfo | null | undefined
  cartCount: CartCountState | null
}

/**
 * The routes this page hydrates with. The entry holds the tree without the back office, enough
 * for a public page (the shop, the login, the legal texts); a back-office page and a page no
 * route matched, which the server render names on `<html data-route-tree="full">`, import the
 * full tree on top. Its module gives the same root route all children, so the one realm holds
 * one tree at a time (ADR 085). On the server, both imports name the full tree.
 */
async function routeTreeOfPage(): Promise<{ routeTree: typeof publicRouteTree; full: boolean }> {
  if (!import.meta.env.SSR && document.documentElement.dataset.routeTree === 'full') {
    return { routeTree: (await import('./routeTree.gen')).routeTree, full: true }
  }
  return { routeTree: publicRouteTree, full: import.meta.env.SSR }
}

export async function getRouter() {
  const { routeTree, full } = await routeTreeOfPage()
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1 } },
  })
  // One session per router: per request on the server, per tab in the browser.
  const session = createSessionStore()
  const api = createApiClient({
    getAccessToken: () => session.state.accessToken,
    refreshAccessToken: () => renewAccessToken(session),
    onSessionLost: async () => {
      session.setState(() => sessionFrom(null))
      // Re-runs the guards: a non-public page now sends the visitor to the login.
      await router.invalidate()
    },
  })
  const serverRender: ServerRender = { requestId: null }
  const loadedTenant: LoadedTenant = { current: undefined }
  const cartCount = createCartCountStore()
  const router = createRouter({
    routeTree,
    context: { queryClient, session, api, serverRender, loadedTenant, cartCount },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    // A list's search reads `?q=12045`, not the default's quoted `?q="12045"`.
    stringifySearch,
    parseSearch,
    // The server entry's nonce, which the page's CSP names: Start stamps it on every script it
    // renders. In the browser Start reads it back from the page (undefined here).
    ssr: { nonce: serverRequestContext()?.cspNonce },
    dehydrate: (): DehydratedPage => {
      serverRender.requestId = requestIdOf(router.options.additionalContext)
      const failed: boolean = router.stores.matches.get().some((match) => match.status === 'error')
      return {
        session: session.state,
        // Only an error page shows it; a page that may be cached for others (ADR 082) has none.
        requestId: failed ? serverRender.requestId : null,
        tenant: loadedTenant.current,
        cartCount: cartCount.state,
      }
    },
    hydrate: (
      dehydrated: DehydratedPage & { query?: { initial?: DehydratedState['queries'] } },
    ) => {
      // A page from the page cache may have been rendered minutes ago, but it was current when
      // served (a change ends its copy, ADR 082): its queries count as fetched now, so they are
      // not all fetched again as soon as it hydrates. The SSR integration hydrates them after this.
      const servedAt = Date.now()
      for (const query of dehydrated.query?.initial ?? []) query.state.dataUpdatedAt = servedAt
      session.setState(() => dehydrated.session)
      serverRender.requestId = dehydrated.requestId
      loadedTenant.current = dehydrated.tenant
      cartCount.setState(() => dehydrated.cartCount)
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  if (!full) openOtherPathsAsNewPages(router)
  return router
}

/**
 * The context the server entry passed with this request; undefined in the browser. Start 1.169
 * types it as `never` when the app registers no global middleware, hence the cast.
 */
function serverRequestContext(): RequestContext | undefined {
  return getGlobalStartContext() as RequestContext | undefined
}

/** Start hands the server entry's request context to the router as `serverContext`. */
function requestIdOf(additionalContext: unknown): string | null {
  const serverContext = (additionalContext as { serverContext?: { requestId?: unknown } })
    ?.serverContext
  return typeof serverContext?.requestId === 'string' ? serverContext.requestId : null
}

export type AppRouter = Awaited<ReturnType<typeof getRouter>>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}

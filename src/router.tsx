import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { renewAccessToken } from './features/session/session'
import {
  createSessionStore,
  type SessionState,
  sessionFrom,
} from './features/session/session-store'
import { NotFoundPage } from './features/shell/ErrorPages'
import { parseSearch, stringifySearch } from './features/shell/search-params'
import type { ServerRender } from './features/shell/server-render'
import { type CartCountState, createCartCountStore } from './features/shop/cart/cart-count'
import type { LoadedTenant, TenantInfo } from './features/tenant/tenant'
import { createApiClient } from './lib/api-client'
import { routeTree } from './routeTree.gen'
import type { RequestContext } from './server/request-context'

export function getRouter() {
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
    dehydrate: () => {
      serverRender.requestId = requestIdOf(router.options.additionalContext)
      return {
        session: session.state,
        requestId: serverRender.requestId,
        tenant: loadedTenant.current,
        cartCount: cartCount.state,
      }
    },
    hydrate: (dehydrated: {
      session: SessionState
      requestId: string | null
      tenant: TenantInfo | null | undefined
      cartCount: CartCountState | null
    }) => {
      session.setState(() => dehydrated.session)
      serverRender.requestId = dehydrated.requestId
      loadedTenant.current = dehydrated.tenant
      cartCount.setState(() => dehydrated.cartCount)
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
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

export type AppRouter = ReturnType<typeof getRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}

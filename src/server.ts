import type { Register } from '@tanstack/react-router'
import { normalizeSsrResponse } from '@tanstack/react-router/ssr/server'
import {
  createServerEntry,
  createStartHandler,
  defaultStreamHandler,
} from '@tanstack/react-start/server'
import { isAccessDenied } from './features/session/guard'
import { type App, getApp } from './server/app.server'
import { internalErrorMessage } from './server/errors.server'
import { errorResponse } from './server/http.server'
import { type PageCacheAnswer, pageCacheFor } from './server/page-cache.server'
import { clientIpOf } from './server/request-address.server'
import { admitRequest } from './server/request-body.server'
import type { RequestContext } from './server/request-context'
import { applySecurityHeaders, createCspNonce, nonceSource } from './server/security-headers.server'

export { endOpenStreams, setListeningPort, startApp, stopApp } from './server/app.server'
// For the Node server in scripts/start.mjs: it resolves proxies and serves static files itself.
export { applySecurityHeaders } from './server/security-headers.server'
export { trustedProxyMiddleware } from './server/trusted-proxy.server'

declare module '@tanstack/react-router' {
  interface Register {
    server: { requestContext: RequestContext }
  }
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,100}$/

function requestIdFor(request: Request): string {
  const given = request.headers.get('x-request-id')
  return given && requestIdPattern.test(given) ? given : crypto.randomUUID()
}

type RenderContext = Parameters<typeof defaultStreamHandler>[0]

/**
 * Renders the page, then corrects the status the router cannot express: a guard's access denial
 * is an error to the router (500) but a 403 to the client. Other page errors are logged here,
 * with the request id the error page shows.
 */
async function renderPage(context: RenderContext) {
  const rendered = normalizeSsrResponse(await defaultStreamHandler(context))
  const failed = context.router.stores.matches.get().filter((match) => match.status === 'error')
  if (failed.some((match) => isAccessDenied(match.error))) {
    const { body, headers } = rendered.response
    // Same stream (and its cleanup), other status.
    return { ...rendered, response: new Response(body, { status: 403, headers }) }
  }
  if (failed.length > 0) {
    const app = await getApp()
    const requestId = context.router.options.context.serverRender.requestId
    for (const match of failed) {
      app.logger.error({ err: match.error, requestId, routeId: match.routeId }, 'page failed')
    }
  }
  return rendered
}

const handler = { fetch: createStartHandler<Register>(renderPage) }

/** Renders `request` with a fresh nonce, the one the page's CSP will name. */
async function render(request: Request, caller: Omit<RequestContext, 'cspNonce'>) {
  const nonce = createCspNonce()
  const response = await handler.fetch(request, { context: { ...caller, cspNonce: nonce } })
  return { request, nonce, response }
}

/**
 * The page for `request`: from the page cache when it is an anonymous public page (ADR 082),
 * else rendered for this request alone; with the CSP sources that admit its inline scripts.
 */
async function answer(
  app: App,
  request: Request,
  url: URL,
  caller: Omit<RequestContext, 'cspNonce'>,
): Promise<PageCacheAnswer> {
  const pageCache = await pageCacheFor(app, request, url)
  if (pageCache) {
    return pageCache.cache.answer(request, url, pageCache.organisationId, (fresh) =>
      render(fresh, caller),
    )
  }
  const { nonce, response } = await render(request, caller)
  return { status: 'bypass', response, scriptSources: [nonceSource(nonce)] }
}

export default createServerEntry({
  async fetch(request) {
    const startedAt = performance.now()
    const url = new URL(request.url)
    const requestId = requestIdFor(request)
    const clientIp = clientIpOf(request)
    const app = await getApp()
    let answered: PageCacheAnswer
    try {
      const admitted = await admitRequest(request, url)
      answered =
        admitted instanceof Response
          ? { status: 'bypass', response: admitted, scriptSources: [] }
          : await answer(app, admitted, url, { requestId, clientIp })
    } catch (error) {
      app.logger.error({ err: error, requestId }, 'unhandled error')
      const response = errorResponse(500, internalErrorMessage, { requestId })
      answered = { status: 'bypass', response, scriptSources: [] }
    }
    const { response } = answered
    // A cached page is this entry's own response, sent as it is (its body a buffer, not a stream).
    // Others (redirects, fetched ones) may carry immutable headers; copy before adding ours.
    const fromCache = answered.status === 'hit' || answered.status === 'stale'
    const headers = fromCache ? response.headers : new Headers(response.headers)
    headers.set('x-request-id', requestId)
    applySecurityHeaders(headers, request, answered.scriptSources)
    if (headers.get('content-type')?.startsWith('text/html')) {
      headers.set('x-page-cache', answered.status)
      // Rendered for this request (its nonce, perhaps its session): no cache may keep or share it.
      if (!headers.has('cache-control')) headers.set('cache-control', 'private, no-store')
    }
    app.logger.info(
      {
        requestId,
        method: request.method,
        path: url.pathname,
        status: response.status,
        ms: Math.round(performance.now() - startedAt),
      },
      'request',
    )
    if (fromCache) return response
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  },
})

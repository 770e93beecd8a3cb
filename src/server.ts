import type { Register } from '@tanstack/react-router'
import { normalizeSsrResponse } from '@tanstack/react-router/ssr/server'
import {
  createServerEntry,
  createStartHandler,
  defaultStreamHandler,
} from '@tanstack/react-start/server'
import { isAccessDenied } from './features/session/guard'
import { getApp } from './server/app.server'
import { internalErrorMessage } from './server/errors.server'
import { errorResponse } from './server/http.server'
import { clientIpOf } from './server/request-address.server'
import { admitRequest } from './server/request-body.server'
import type { RequestContext } from './server/request-context'
import { applySecurityHeaders, createCspNonce } from './server/security-headers.server'

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

export default createServerEntry({
  async fetch(request) {
    const startedAt = performance.now()
    const url = new URL(request.url)
    const requestId = requestIdFor(request)
    const clientIp = clientIpOf(request)
    const cspNonce = createCspNonce()
    const app = await getApp()
    let response: Response
    try {
      const admitted = await admitRequest(request, url)
      response =
        admitted instanceof Response
          ? admitted
          : await handler.fetch(admitted, { context: { requestId, clientIp, cspNonce } })
    } catch (error) {
      app.logger.error({ err: error, requestId }, 'unhandled error')
      response = errorResponse(500, internalErrorMessage, { requestId })
    }
    // Some responses (redirects, fetched ones) carry immutable headers; copy before adding ours.
    const headers = new Headers(response.headers)
    headers.set('x-request-id', requestId)
    applySecurityHeaders(headers, request, cspNonce)
    // Pages are rendered for one session; no cache may keep or share them.
    if (headers.get('content-type')?.startsWith('text/html') && !headers.has('cache-control')) {
      headers.set('cache-control', 'private, no-store')
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
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  },
})

import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { getApp } from './server/app.server'
import { errorResponse, internalErrorMessage } from './server/http.server'
import { applySecurityHeaders } from './server/security-headers.server'

export { startApp, stopApp } from './server/app.server'
export { demoBusinessLogins, demoShopLogins } from './server/db/seed.server'

export interface RequestContext {
  requestId: string
  /** Address of the client as the Node server saw it (or the trusted proxy reported it). */
  clientIp: string
}

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

export default createServerEntry({
  async fetch(request) {
    const startedAt = performance.now()
    const requestId = requestIdFor(request)
    const clientIp = (request as Request & { ip?: string }).ip ?? 'unknown'
    const app = await getApp()
    const log = app.logger.child({ requestId })
    let response: Response
    try {
      response = await handler.fetch(request, { context: { requestId, clientIp } })
    } catch (error) {
      log.error({ err: error }, 'unhandled error')
      response = errorResponse(500, internalErrorMessage, { requestId })
    }
    // Some responses (redirects, fetched ones) carry immutable headers; copy before adding ours.
    const headers = new Headers(response.headers)
    headers.set('x-request-id', requestId)
    applySecurityHeaders(headers, request)
    const url = new URL(request.url)
    log.info(
      {
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

import { isNotFound, isRedirect } from '@tanstack/react-router'
import { createMiddleware } from '@tanstack/react-start'
import type { Failure } from '~/lib/failure'
import { getApp } from '~/server/app.server'
import { describeFailure } from '~/server/errors.server'
import type { RequestContext } from '~/server/request-context'

/**
 * What a failed server function sends to the browser: the mapped failure and nothing else — no
 * stack, no SQL, no cause. Its `status` becomes the HTTP status of the answer, so the browser's
 * auth middleware sees a 401 like the REST client does.
 */
class ServerFnFailure extends Error implements Failure {
  readonly status: number
  readonly errors?: Record<string, string>
  readonly requestId?: string
  readonly headers?: Record<string, string>

  constructor({ status, message, errors, requestId, headers }: ReturnType<typeof describeFailure>) {
    super(message)
    this.name = 'ServerFnFailure'
    this.status = status
    if (errors) this.errors = errors
    if (requestId) this.requestId = requestId
    if (headers) this.headers = headers
    this.stack = ''
  }
}

/** The server entry puts the request context into every server function's context. */
export const requestIdOf = (context: unknown): string =>
  (context as Partial<RequestContext> | undefined)?.requestId ?? 'unknown'

/**
 * The one error path of every server function (registered for all of them in src/start.ts):
 * domain errors become their German message and field errors, anything else is logged with the
 * request id and answered generically. Redirects and not-found pass through as the router's own.
 */
export const serverFnErrors = createMiddleware({ type: 'function' }).server(
  async ({ next, context }) => {
    try {
      return await next()
    } catch (error) {
      if (isRedirect(error) || isNotFound(error)) throw error
      const { logger } = await getApp()
      throw new ServerFnFailure(describeFailure(error, { requestId: requestIdOf(context), logger }))
    }
  },
)

import { isNotFound, isRedirect } from '@tanstack/react-router'
import { createMiddleware } from '@tanstack/react-start'
import { getRequest, setResponseHeaders, setResponseStatus } from '@tanstack/react-start/server'
import { FailureError } from '~/lib/failure'
import { getApp } from '~/server/app.server'
import { describeFailure, invalidInputOf } from '~/server/errors.server'
import { isServerFunctionPath } from '~/server/request-body.server'
import type { RequestContext } from '~/server/request-context'

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
      const failure = describeFailure(invalidInputOf(error) ?? error, {
        requestId: requestIdOf(context),
        logger,
      })
      // Over HTTP the answer carries the failure's status (a 401 starts the browser's refresh);
      // during a page render the function ran in-process and the page keeps its own status.
      const request = getRequest()
      if (isServerFunctionPath(new URL(request.url).pathname)) {
        setResponseStatus(failure.status)
        if (failure.headers) setResponseHeaders(new Headers(failure.headers))
      }
      throw new FailureError(failure)
    }
  },
)

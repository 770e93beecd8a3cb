import type { z } from 'zod'
import { getApp } from './app.server'
import { DomainError, describeFailure } from './errors.server'
import {
  errorResponse,
  hasBody,
  isJson,
  methodNotAllowedMessage,
  notFoundMessage,
} from './http.server'
import type { RequestContext } from './request-context'

// The REST routes' handlers: the request edge, which asks the running app for its logger. Apart
// from the response helpers in http.server.ts, which low modules use and which import nothing of
// the app (ADR 059).

export interface ApiHandlerContext {
  request: Request
  params: Record<string, string>
  context: RequestContext
}

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type ApiHandler = (ctx: ApiHandlerContext) => Promise<Response> | Response

async function toErrorResponse(error: unknown, requestId: string): Promise<Response> {
  const { logger } = await getApp()
  const { status, message, ...extra } = describeFailure(error, { requestId, logger })
  return errorResponse(status, message, extra)
}

function isMultipart(request: Request): boolean {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  return type === 'multipart/form-data'
}

function isForm(request: Request): boolean {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  return type === 'application/x-www-form-urlencoded'
}

/** What a route's request bodies must be: JSON (the default), a file upload, or a plain form. */
export type ApiBodyType = 'json' | 'multipart' | 'form'

const bodyTypeChecks: Record<ApiBodyType, (request: Request) => boolean> = {
  json: isJson,
  multipart: isMultipart,
  form: isForm,
}

const wrongBodyMessages: Record<ApiBodyType, string> = {
  json: 'Der Inhalt muss JSON sein (Content-Type: application/json).',
  multipart: 'Die Datei muss als Formular hochgeladen werden (Content-Type: multipart/form-data).',
  form: 'Der Inhalt muss ein Formular sein (Content-Type: application/x-www-form-urlencoded).',
}

/**
 * Server-route handlers for the given methods: other methods answer 405 with `Allow`, requests
 * with a body of the wrong type 415 (JSON unless `body` says otherwise), and thrown errors become
 * `{ status, message }` bodies.
 */
export function apiHandlers(
  methods: Partial<Record<ApiMethod, ApiHandler>>,
  options: { params?: z.ZodType; body?: ApiBodyType } = {},
) {
  const bodyType = options.body ?? 'json'
  const acceptsBody = bodyTypeChecks[bodyType]
  // Start answers HEAD with the GET handler.
  const allow = [...Object.keys(methods), ...(methods.GET ? ['HEAD'] : [])].join(', ')
  const knownPath = (params: unknown) => !options.params || options.params.safeParse(params).success
  const wrapped: Record<string, (ctx: ApiHandlerContext) => Promise<Response>> = {}
  for (const [method, handler] of Object.entries(methods)) {
    wrapped[method] = async (ctx) => {
      try {
        if (!knownPath(ctx.params)) throw new DomainError(404, notFoundMessage)
        if (hasBody(ctx.request) && !acceptsBody(ctx.request)) {
          throw new DomainError(415, wrongBodyMessages[bodyType])
        }
        return await handler(ctx)
      } catch (error) {
        return toErrorResponse(error, ctx.context.requestId)
      }
    }
  }
  return {
    ...wrapped,
    ANY: () => errorResponse(405, methodNotAllowedMessage, { headers: { Allow: allow } }),
  }
}

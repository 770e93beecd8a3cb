import type { z } from 'zod'
import { DomainError, validationError } from './errors.server'

export const notFoundMessage = 'Diese Adresse gibt es nicht.'

/** JSON error bodies of the public API: `{ status, message }`, plus field errors for validation. */
export function errorResponse(
  status: number,
  message: string,
  extra?: { errors?: Record<string, string>; headers?: HeadersInit; requestId?: string },
): Response {
  const body: Record<string, unknown> = { status, message }
  if (extra?.errors) body.errors = extra.errors
  if (extra?.requestId) body.requestId = extra.requestId
  return jsonResponse(body, { status, headers: extra?.headers })
}

/** API answers are private and fresh unless a route says otherwise. */
export function jsonResponse(body: unknown, init?: { status?: number; headers?: HeadersInit }) {
  const headers = new Headers(init?.headers)
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store')
  return Response.json(body, { status: init?.status ?? 200, headers })
}

/** The headers of a private file download (a report, a protocol PDF) saved under `fileName`. */
export const downloadHeaders = (fileName: string, contentType: string) => ({
  'content-type': contentType,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
})

/** The body limit of the REST API (and of every path without its own; see request-body.server.ts). */
export const maxJsonBodyBytes = 16 * 1024

export const invalidJsonMessage = 'Die Anfrage enthält kein gültiges JSON.'

export const methodNotAllowedMessage = 'Diese Methode ist hier nicht erlaubt.'

export function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length')
  return (length !== null && length !== '0') || request.headers.has('transfer-encoding')
}

export function isJson(request: Request): boolean {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  return (
    type === 'application/json' ||
    (type?.startsWith('application/') && type.endsWith('+json')) ||
    false
  )
}

/**
 * Reads a JSON body (`Content-Type: application/json`) and validates it. The edge has read the
 * body already, within the path's size limit (request-body.server.ts).
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  if (!isJson(request)) {
    throw new DomainError(415, 'Der Inhalt muss JSON sein (Content-Type: application/json).')
  }
  let value: unknown
  try {
    value = JSON.parse(await request.text())
  } catch {
    throw new DomainError(400, invalidJsonMessage)
  }
  const result = schema.safeParse(value)
  if (!result.success) throw validationError(result.error)
  return result.data
}

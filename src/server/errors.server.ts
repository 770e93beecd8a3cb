import { z } from 'zod'
import { forbiddenMessage } from '../lib/access-rules'
import type { Failure } from '../lib/failure'

// Zod's own messages — for a value of the wrong type, which no form sends — in German like the
// schemas' own.
z.config(z.locales.de())

export const internalErrorMessage = 'Interner Serverfehler'
export const invalidInputMessage = 'Die Eingaben sind ungültig.'

/**
 * An expected failure a service throws: the status and the German message the user sees, with
 * field errors for a form and headers (e.g. `Retry-After`) where they matter. Everything else that
 * is thrown counts as unexpected and never reaches the user (see `describeFailure`).
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'DomainError'
  }
}

export class InvalidError extends DomainError {
  constructor(errors: Record<string, string>, message = invalidInputMessage) {
    super(400, message, { errors })
    this.name = 'InvalidError'
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message: string) {
    super(401, message)
    this.name = 'UnauthenticatedError'
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string = forbiddenMessage) {
    super(403, message)
    this.name = 'ForbiddenError'
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Dieser Eintrag existiert nicht (mehr).') {
    super(404, message)
    this.name = 'NotFoundError'
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, errors?: Record<string, string>) {
    super(409, message, errors ? { errors } : {})
    this.name = 'ConflictError'
  }
}

type PathPart = PropertyKey | { key: unknown }

/**
 * The first message per field of a schema's issues (`organisation.name` for nested ones, `_` for
 * the input as a whole), from zod itself or in the Standard Schema form Start reports.
 */
export function fieldErrors(
  issues: readonly { message: string; path?: readonly PathPart[] }[],
): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const path = (issue.path ?? []).map((part) =>
      typeof part === 'object' ? String(part.key) : String(part),
    )
    errors[path.length ? path.join('.') : '_'] ??= issue.message
  }
  return errors
}

export const validationError = (error: z.ZodError): InvalidError =>
  new InvalidError(fieldErrors(error.issues))

/** Parses outside input; a mismatch is a 400 with the field errors. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.infer<Schema> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationError(result.error)
  return result.data
}

const issueSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number(), z.object({ key: z.unknown() })])).optional(),
})

/**
 * Start runs a server function's `.validator(schema)` itself and reports a mismatch as a plain
 * error whose message is the JSON of the schema's issues. That is the caller's bad input (400 with
 * the schema's German messages per field), not a crash.
 */
export function invalidInputOf(error: unknown): InvalidError | null {
  if (!(error instanceof Error) || error.constructor !== Error) return null
  let issues: unknown
  try {
    issues = JSON.parse(error.message)
  } catch {
    return null
  }
  const parsed = z.array(issueSchema).min(1).safeParse(issues)
  return parsed.success ? new InvalidError(fieldErrors(parsed.data)) : null
}

interface FailureLog {
  error(fields: { err: unknown; requestId: string }, message: string): void
}

/**
 * The one mapper of thrown errors to what the client sees, for REST routes and server functions
 * alike: domain errors keep their status, message and field errors; anything else is logged with
 * the request id and answered with a generic message that quotes the request id.
 */
export function describeFailure(
  error: unknown,
  { requestId, logger }: { requestId: string; logger: FailureLog },
): Failure & { headers?: Record<string, string> } {
  if (error instanceof DomainError) {
    const { errors, headers } = error.extra
    return { status: error.status, message: error.message, errors, headers }
  }
  if (error instanceof z.ZodError) {
    return { status: 400, message: invalidInputMessage, errors: fieldErrors(error.issues) }
  }
  logger.error({ err: error, requestId }, 'unexpected error')
  return { status: 500, message: internalErrorMessage, requestId }
}

/** Whether a failed query broke the unique index `constraint` (PostgreSQL and PGlite alike). */
export function violatesUnique(error: unknown, constraint: string): boolean {
  for (let cause = error; cause && typeof cause === 'object'; ) {
    const {
      code,
      constraint: violated,
      message,
    } = cause as {
      code?: unknown
      constraint?: unknown
      message?: unknown
    }
    if (code === '23505') {
      return (
        violated === constraint || (typeof message === 'string' && message.includes(constraint))
      )
    }
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/**
 * A failed call as the browser sees it, from the REST API and from server functions alike: the
 * status, the German message to show, field errors for forms, and the request id of an unexpected
 * error (to quote to support).
 */
export interface Failure {
  status: number
  message: string
  errors?: Record<string, string>
  requestId?: string
}

export const genericFailureMessage = 'Etwas ist schiefgelaufen. Bitte versuche es erneut.'

/**
 * A failed server function as it crosses to the browser: the mapped failure and nothing else — no
 * stack, no SQL, no cause. `failureSerialization` carries exactly these fields, so the browser
 * gets the same class back.
 */
export class FailureError extends Error implements Failure {
  readonly status: number
  readonly errors?: Record<string, string>
  readonly requestId?: string

  constructor({ status, message, errors, requestId }: Failure) {
    super(message)
    this.name = 'FailureError'
    this.status = status
    if (errors) this.errors = errors
    if (requestId) this.requestId = requestId
  }

  toFailure(): Failure {
    const { status, message, errors, requestId } = this
    return { status, message, ...(errors && { errors }), ...(requestId && { requestId }) }
  }
}

/**
 * Reads a failure from what a call threw: the server's `FailureError`, the REST client's
 * `ApiRequestError` (same fields); anything else — the network, a crash before the server
 * answered — is a generic failure.
 */
export function failureOf(error: unknown): Failure {
  if (error instanceof FailureError) return error.toFailure()
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') {
    const { errors, requestId } = error as Error & Partial<Failure>
    return {
      status: error.status,
      message: error.message,
      ...(errors && { errors }),
      ...(requestId && { requestId }),
    }
  }
  return { status: 0, message: genericFailureMessage }
}

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

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((entry) => typeof entry === 'string')

/**
 * Reads a failure from what a server-function call threw. The server sends its errors as plain
 * errors with `status`, `errors` and `requestId` (`server-fn-errors` middleware); anything else —
 * the network, a crash before the server answered — is a generic failure.
 */
export function failureOf(error: unknown): Failure {
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') {
    const { errors, requestId } = error as Error & { errors?: unknown; requestId?: unknown }
    return {
      status: error.status,
      message: error.message,
      ...(isRecordOfStrings(errors) && { errors }),
      ...(typeof requestId === 'string' && { requestId }),
    }
  }
  return { status: 0, message: genericFailureMessage }
}

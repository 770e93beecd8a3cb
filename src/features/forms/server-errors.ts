import type { AnyFormApi } from '@tanstack/react-form'
import { failureOf } from '~/lib/failure'

/**
 * Shows the server's answer on the form — from the REST client and from server functions alike:
 * field errors next to their fields, anything else as the form's message. Answers that message
 * (or null when every error belongs to a field).
 */
export function applyServerErrors(form: AnyFormApi, error: unknown): string | null {
  const failure = failureOf(error)
  if (!failure.errors) {
    // An unexpected error: the id lets support find it in the log.
    return failure.requestId
      ? `${failure.message} (Fehler-ID ${failure.requestId})`
      : failure.message
  }
  for (const [field, message] of Object.entries(failure.errors)) {
    form.setFieldMeta(field, (meta) => ({
      ...meta,
      errorMap: { ...meta.errorMap, onServer: message },
    }))
  }
  return null
}

import type { AnyFormApi } from '@tanstack/react-form'
import { ApiRequestError } from '~/lib/api-client'

/**
 * Shows the server's answer on the form: field errors next to their fields, anything else as the
 * form's message. Answers that message (or null when every error belongs to a field).
 */
export function applyServerErrors(form: AnyFormApi, error: unknown): string | null {
  if (!(error instanceof ApiRequestError))
    return 'Etwas ist schiefgelaufen. Bitte versuche es erneut.'
  if (!error.errors) return error.message
  for (const [field, message] of Object.entries(error.errors)) {
    form.setFieldMeta(field, (meta) => ({
      ...meta,
      errorMap: { ...meta.errorMap, onServer: message },
    }))
  }
  return null
}

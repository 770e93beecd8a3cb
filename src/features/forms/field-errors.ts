import type { AnyFormApi } from '@tanstack/react-form'
import type { z } from 'zod'
import { failureOf } from '~/lib/failure'

/**
 * The form field an error path belongs to. Schemas and the server name fields by their input
 * paths (`items.0.unitPriceCents`, `offer.priceCents`); a form whose fields are named or shaped
 * apart passes how to find the field that shows such an error.
 */
export type FieldOf = (path: string) => string

const samePath: FieldOf = (path) => path

/** The field of a form whose fields are the input's top-level keys (`terpenes.2` → `terpenes`). */
export const topLevelField: FieldOf = (path) => path.split('.')[0] || '_'

/** `errors` by form field: the first message of each. */
export function errorsByField(
  errors: Record<string, string>,
  fieldOf: FieldOf = samePath,
): Record<string, string> {
  const byField: Record<string, string> = {}
  for (const [path, message] of Object.entries(errors)) byField[fieldOf(path)] ??= message
  return byField
}

/** A zod check's issues by form field, for a form's own check before sending. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: FieldOf = samePath,
): Record<string, string> {
  const byField: Record<string, string> = {}
  for (const issue of issues) byField[fieldOf(issue.path.map(String).join('.'))] ??= issue.message
  return byField
}

/** A form's own check before sending: the shared schema, its messages under the form's fields. */
export function formErrorsOf(
  schema: z.ZodType,
  input: unknown,
  fieldOf: FieldOf = topLevelField,
): Record<string, string> {
  const result = schema.safeParse(input)
  return result.success ? {} : issuesByField(result.error.issues, fieldOf)
}

/**
 * Shows the server's answer on the form — from the REST client and from server functions alike:
 * field errors under their fields (`fieldOf` finds the field of an error path), anything else
 * as the form's message. Answers that message (or null when every error belongs to a field).
 */
export function applyServerErrors(
  form: AnyFormApi,
  error: unknown,
  fieldOf: FieldOf = samePath,
): string | null {
  const failure = failureOf(error)
  if (!failure.errors) {
    // An unexpected error: the id lets support find it in the log.
    return failure.requestId
      ? `${failure.message} (Fehler-ID ${failure.requestId})`
      : failure.message
  }
  for (const [field, message] of Object.entries(errorsByField(failure.errors, fieldOf))) {
    form.setFieldMeta(field, (meta) => ({
      ...meta,
      errorMap: { ...meta.errorMap, onServer: message },
    }))
  }
  return null
}

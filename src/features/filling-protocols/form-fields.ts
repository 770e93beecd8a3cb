import { FailureError, failureOf } from '~/lib/failure'

/**
 * The filling forms type grams and percent where the schemas take milligrams and basis points, so
 * their fields are named apart (`targetNet`, `units[2].gross`) from the schema paths
 * (`targetNetMg`, `units.2.grossMg`). These put an error — the form's own check or the server's —
 * under the field that shows it.
 */

export type FieldOf = (path: string) => string

/** `errors` by form field: the first message of each. */
export function errorsByField(errors: Record<string, string>, fieldOf: FieldOf) {
  const byField: Record<string, string> = {}
  for (const [path, message] of Object.entries(errors)) byField[fieldOf(path)] ??= message
  return byField
}

/** The server's refusal with its field errors under the form's names. */
export function withFieldNames(error: unknown, fieldOf: FieldOf): FailureError {
  const failure = failureOf(error)
  return new FailureError({
    ...failure,
    errors: failure.errors && errorsByField(failure.errors, fieldOf),
  })
}

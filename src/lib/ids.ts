const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a path or input value can be a record id (a UUID) at all. Anything else is simply not
 * found — and never reaches PostgreSQL, which would refuse it as a malformed uuid.
 */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuidPattern.test(value)

/**
 * The input of a server function that names one record: `{ id }`. Zod-free, because detail
 * routes' loaders call such functions on first paint; an id that is no id becomes the empty
 * string, which the services answer with 404.
 */
export function parseIdInput(input: unknown): { id: string } {
  const id = (input as { id?: unknown } | null)?.id
  return { id: isUuid(id) ? id : '' }
}

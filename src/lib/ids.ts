const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a path or input value can be a record id (a UUID) at all. Anything else is simply not
 * found — and never reaches PostgreSQL, which would refuse it as a malformed uuid.
 */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuidPattern.test(value)

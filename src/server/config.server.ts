import { z } from 'zod'
import { compileProxyTrust } from './trusted-proxy.server'

/** Environment variables with an empty value count as unset, as most shells and .env tools mean it. */
const optionalString = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().optional(),
)

function isProxyAddress(entry: string): boolean {
  try {
    compileProxyTrust([entry])
    return true
  } catch {
    return false
  }
}

/**
 * The reverse proxies whose `X-Forwarded-*` headers count: addresses, CIDR ranges and the names
 * `loopback`, `linklocal`, `uniquelocal`, comma-separated. Unset, empty or `false` trusts nobody.
 * `true` is refused rather than read as "every hop": that would let any client choose its address.
 */
const trustedProxies = z.preprocess(
  (value) => (value === undefined || value === 'false' ? '' : value),
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine((entry) => entry !== 'true', {
            error: 'must list the proxies to trust (e.g. loopback or 10.0.0.0/8), not true',
            abort: true,
          })
          .refine(isProxyAddress, {
            error: (issue) =>
              `has an entry that is neither an address, a CIDR range nor loopback/linklocal/uniquelocal: "${issue.input}"`,
          }),
      ),
    ),
)

const hostnamePattern =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/

export const envSchema = z.object({
  NODE_ENV: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['development', 'production', 'test']).default('production'),
    )
    .describe('runtime mode'),
  PORT: z.preprocess(
    (value) => (value === '' || value === undefined ? 3000 : value),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535'),
  ),
  DATA_DIR: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().default('./data'),
  ),
  DATABASE_URL: optionalString.pipe(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: 'must be a postgres:// or postgresql:// URL',
      })
      .optional(),
  ),
  /**
   * The owner role's connection for migrations (ADR 050): the app itself connects with
   * DATABASE_URL as a role that is neither superuser, owner nor BYPASSRLS. Unset: one role does both.
   */
  MIGRATION_DATABASE_URL: optionalString.pipe(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: 'must be a postgres:// or postgresql:// URL',
      })
      .optional(),
  ),
  APP_DOMAIN: z.preprocess(
    (value) => (value === '' || value === undefined ? 'localhost' : String(value).toLowerCase()),
    z.string().regex(hostnamePattern, 'must be a host name such as blattwerk.de'),
  ),
  LOG_LEVEL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: trustedProxies,
  /** Private signing key as a JWK (JSON). Without it, a key is generated once under DATA_DIR. */
  AUTH_PRIVATE_JWK: optionalString,
  /**
   * Root of the keys that encrypt stored secrets (tenants' Mollie keys). Without it, one is
   * generated once under DATA_DIR; processes sharing a database must be given the same one.
   */
  APP_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  ),
  /** The scheme of the public shop addresses Mollie calls back (`https://<slug>.<APP_DOMAIN>`). */
  PUBLIC_SCHEME: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['https', 'http'], { error: 'must be https or http' }).default('https'),
  ),
  /** Outgoing mail; without it mails are written to the log (and kept in the outbox). */
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** The Mollie API key of a single-shop install; a tenant's own key (CLI) takes precedence. */
  MOLLIE_API_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(test|live)_[A-Za-z0-9]{20,}$/, 'must be a Mollie API key (test_… or live_…)')
      .optional(),
  ),
  /**
   * The Mollie API base URL, for tests only: the fake Mollie server (tests/support/fake-mollie.ts).
   * Unset, the client talks to https://api.mollie.com/v2/. The client speaks HTTPS only.
   */
  MOLLIE_API_ENDPOINT: optionalString.pipe(
    z
      .url({
        protocol: /^https$/,
        error: 'must be an https:// URL (e.g. https://127.0.0.1:4443/v2/)',
      })
      .optional(),
  ),
})

export type AppConfig = z.infer<typeof envSchema>

/** Never echoed in an error message: they are, or may contain, secrets. */
const secretVariables = new Set(['AUTH_PRIVATE_JWK', 'APP_SECRET', 'SMTP_URL', 'MOLLIE_API_KEY'])

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses the environment; a bad value throws a ConfigError whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = envSchema.safeParse(env)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment')
    const given = env[name]
    const shown = secretVariables.has(name) || given === undefined ? '' : ` (got "${given}")`
    return `${name} ${issue.message}${shown}`
  })
  throw new ConfigError(`Invalid environment: ${problems.join('; ')}`)
}

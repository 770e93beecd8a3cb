import { type AppConfig, parseConfig } from './config.server'

type OriginConfig = Pick<AppConfig, 'PUBLIC_SCHEME' | 'APP_DOMAIN' | 'PORT'>

let processConfig: OriginConfig | undefined

/** The running process's settings, parsed once (the same environment the app started from). */
function processOriginConfig(): OriginConfig {
  processConfig ??= parseConfig(process.env)
  return processConfig
}

/**
 * The public address of a tenant's shop when no request names it (mails from the back-office and
 * from jobs, Mollie's webhook): `<PUBLIC_SCHEME>://<custom domain or slug.APP_DOMAIN>`. On a
 * `*.localhost` domain (`npm start` on a developer's machine) the shop is the server itself:
 * plain http on its own port.
 */
export function tenantPublicOrigin(
  tenant: { slug: string; customDomain: string | null },
  config: OriginConfig = processOriginConfig(),
): string {
  const host = tenant.customDomain ?? `${tenant.slug}.${config.APP_DOMAIN}`
  const local = config.APP_DOMAIN === 'localhost' || config.APP_DOMAIN.endsWith('.localhost')
  if (local && !tenant.customDomain) return `http://${host}:${config.PORT}`
  return `${config.PUBLIC_SCHEME}://${host}`
}

import { isLocalDomain } from '../lib/tenant-host'
import { type AppConfig, parseConfig } from './config.server'

/**
 * Every absolute URL the server writes — links in mails, Mollie's return and webhook addresses,
 * canonical links, the sitemap, the shop finder, QR codes — is built here, from configuration
 * only: never from a request's `Host` or `X-Forwarded-Host`, which a client chooses (ADR 049).
 */

export type OriginConfig = Pick<AppConfig, 'PUBLIC_SCHEME' | 'APP_DOMAIN' | 'PORT'>

let processConfig: OriginConfig | undefined

/**
 * The running process's settings: those the app started with (`setPublicOriginConfig`), else the
 * environment's. The app corrects the port once it listens (`PORT=0` picks a free one).
 */
function processOriginConfig(): OriginConfig {
  processConfig ??= parseConfig(process.env)
  return processConfig
}

/** Makes the app's own settings (the same object, whose port the start corrects) the default. */
export function setPublicOriginConfig(config: OriginConfig): void {
  processConfig = config
}

/**
 * `<PUBLIC_SCHEME>://<host>`; on a `localhost` domain (`npm start` on a developer's machine) the
 * host is the server itself: plain http on its own port.
 */
function originOf(host: string, config: OriginConfig): string {
  return isLocalDomain(host) ? `http://${host}:${config.PORT}` : `${config.PUBLIC_SCHEME}://${host}`
}

/** The back-office and the main site: `APP_DOMAIN`. */
export function platformOrigin(config: OriginConfig = processOriginConfig()): string {
  return originOf(config.APP_DOMAIN, config)
}

/**
 * A tenant's shop (or club site): its own domain once the owner proved control of it, else
 * `<slug>.<APP_DOMAIN>`. An unverified domain is never linked to.
 */
export function tenantPublicOrigin(
  tenant: { slug: string; verifiedDomain: string | null },
  config: OriginConfig = processOriginConfig(),
): string {
  return originOf(tenant.verifiedDomain ?? `${tenant.slug}.${config.APP_DOMAIN}`, config)
}

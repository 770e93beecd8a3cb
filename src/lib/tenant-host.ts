import { z } from 'zod'

/** Labels that never name a tenant, besides the first label of the product's own domain. */
const reservedLabels = new Set(['www', 'localhost'])

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/

/** `host[:port]` as browsers and proxies send it; IPv6 literals come in brackets. */
export const hostSchema = z
  .string({ error: 'Der Host fehlt.' })
  .trim()
  .min(1, 'Der Host fehlt.')
  .max(260, 'Der Host ist zu lang.')
  .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, 'Der Host ist ungültig.')

/** Strips the port and lower-cases: `Sonnen-Apotheke.Blattwerk.de:443` → `sonnen-apotheke.blattwerk.de`. */
export function normaliseHost(host: string): string {
  const trimmed = host.trim().toLowerCase()
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1)
  return trimmed.replace(/:\d+$/, '').replace(/\.$/, '')
}

const dnsLabel = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

export const isIpLiteral = (hostname: string) => hostname.startsWith('[') || ipv4.test(hostname)

/** `localhost` and its subdomains: a developer's machine, where every name is the machine itself. */
export const isLocalDomain = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost')

/**
 * The tenant slug a host names: `<slug>.<APP_DOMAIN>`, and `<slug>.localhost` too while the app
 * runs on a `localhost` domain (local development). Any other host names no tenant by its labels —
 * `sonnen-apotheke.evil.com` is not Sonnen-Apotheke (only a tenant's verified own domain is, see
 * `isCustomDomainCandidate`).
 */
export function tenantSlugFromHost(host: string, appDomain: string): string | null {
  const hostname = normaliseHost(host)
  const domain = appDomain.toLowerCase()
  if (hostname === domain || isIpLiteral(hostname)) return null
  const parents = isLocalDomain(domain) ? [domain, 'localhost'] : [domain]
  const parent = parents.find((candidate) => hostname.endsWith(`.${candidate}`))
  if (!parent) return null
  const label = hostname.slice(0, -(parent.length + 1))
  const appLabel = domain.split('.')[0]
  if (!dnsLabel.test(label) || reservedLabels.has(label) || label === appLabel) return null
  return label
}

/** Whether a host could be a tenant's own domain: not ours, not local, not an IP address. */
export function isCustomDomainCandidate(host: string, appDomain: string): boolean {
  const hostname = normaliseHost(host)
  const domain = appDomain.toLowerCase()
  return !(
    isIpLiteral(hostname) ||
    hostname === domain ||
    hostname.endsWith(`.${domain}`) ||
    isLocalDomain(hostname) ||
    !hostname.includes('.')
  )
}

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

/**
 * The tenant slug a host names: its first label, unless that is `www`, `localhost`, the first
 * label of the product domain, or the host is an IP address — then there is no tenant.
 */
export function tenantSlugFromHost(host: string, appDomain: string): string | null {
  const hostname = normaliseHost(host)
  if (hostname.startsWith('[') || ipv4.test(hostname)) return null
  const firstLabel = hostname.split('.')[0] ?? ''
  const appLabel = appDomain.toLowerCase().split('.')[0]
  if (!firstLabel || reservedLabels.has(firstLabel) || firstLabel === appLabel) return null
  return firstLabel
}

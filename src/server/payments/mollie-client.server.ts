import { createMollieClient, type MollieClient } from '@mollie/api-client'
import { isIpLiteral, normaliseHost } from '../../lib/tenant-host'
import type { AppConfig } from '../config.server'
import type { Executor } from '../db/client.server'
import type { Logger } from '../logger.server'
import type { SecretBox } from '../secrets.server'
import { type MollieMode, mollieKeyOf } from './mollie-keys.server'

/** What the payment services need of the app: the tables, the sealed keys and the settings. */
export interface PaymentsApp {
  /** The caller's scope (ADR 050): outside a transaction, since Mollie is called in between. */
  db: Executor
  secrets: SecretBox
  config: Pick<
    AppConfig,
    'MOLLIE_API_KEY' | 'MOLLIE_API_ENDPOINT' | 'PUBLIC_SCHEME' | 'APP_DOMAIN' | 'PORT'
  >
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>
}

export interface TenantMollie {
  client: MollieClient
  mode: MollieMode
}

/**
 * The one place a Mollie client is made: with the tenant's own key (or the install's fallback)
 * against Mollie, or against the fake server the tests start (`MOLLIE_API_ENDPOINT`). Null when
 * the tenant has no key — then online payment is not offered.
 */
export async function mollieOfTenant(
  app: PaymentsApp,
  tenantId: string,
): Promise<TenantMollie | null> {
  const apiKey = await mollieKeyOf(app, tenantId)
  if (!apiKey) return null
  return {
    client: createMollieClient({
      apiKey,
      ...(app.config.MOLLIE_API_ENDPOINT && { apiEndpoint: app.config.MOLLIE_API_ENDPOINT }),
    }),
    mode: apiKey.startsWith('live_') ? 'live' : 'test',
  }
}

/** Decimal EUR for Mollie: 1234 → `12.34`. */
export const mollieAmount = (cents: number) => ({
  currency: 'EUR',
  value: (cents / 100).toFixed(2),
})

/** Whether Mollie can call a host back: not `localhost`, `*.localhost` or an IP address. */
export function isReachableByMollie(host: string): boolean {
  const hostname = normaliseHost(host)
  return !(
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    isIpLiteral(hostname) ||
    !hostname.includes('.')
  )
}

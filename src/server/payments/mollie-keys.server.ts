import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { ShopPaymentMethod } from '../../lib/shop'
import { type AuditActor, recordAudit } from '../audit/audit.server'
import type { Database, Executor } from '../db/client.server'
import { tenants } from '../db/schema'
import { NotFoundError, parseInput } from '../errors.server'
import type { SecretBox } from '../secrets.server'

export const mollieApiKeySchema = z
  .string({ error: 'Bitte gib den Mollie-API-Schlüssel ein.' })
  .trim()
  .regex(
    /^(test|live)_[A-Za-z0-9]{20,}$/,
    'Das ist kein Mollie-API-Schlüssel (er beginnt mit test_ oder live_).',
  )

/** What the key is for and whose it is: a sealed key copied to another tenant does not open. */
const keyContext = (tenantId: string) => `tenant:${tenantId}:mollie-api-key`

export type MollieMode = 'test' | 'live'

/**
 * Stores a tenant's Mollie API key, sealed with the app secret (ADR 030); null removes it. For
 * operators by slug (`scripts/`); owners set it in the shop settings (`setShopMollieKey`).
 */
export async function setTenantMollieKey(
  db: Database,
  secrets: SecretBox,
  slug: string,
  input: unknown,
  by: string,
): Promise<{ mode: MollieMode | null }> {
  const key = input === null ? null : parseInput(mollieApiKeySchema, input)
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .select({ id: tenants.id, organisationId: tenants.organisationId })
      .from(tenants)
      .where(eq(tenants.slug, slug))
      .for('update')
    if (!tenant) throw new NotFoundError(`Es gibt keinen Tenant „${slug}“.`)
    return storeTenantMollieKey(tx, secrets, tenant, key, {
      actor: { kind: 'system', name: by },
      requestId: null,
    })
  })
}

/**
 * Seals and stores `key` (null: removes it) on a tenant row the caller has locked. The audit log
 * records that it changed and the mode, never the key.
 */
export async function storeTenantMollieKey(
  tx: Executor,
  secrets: SecretBox,
  tenant: { id: string; organisationId: string },
  key: string | null,
  by: { actor: AuditActor; requestId: string | null },
): Promise<{ mode: MollieMode | null }> {
  await tx
    .update(tenants)
    .set({
      mollieApiKeySealed: key && secrets.seal(key, keyContext(tenant.id)),
      updatedAt: new Date(),
    })
    .where(eq(tenants.id, tenant.id))
  const mode = key ? modeOf(key) : null
  await recordAudit(tx, {
    organisationId: tenant.organisationId,
    actor: by.actor,
    requestId: by.requestId,
    action: key ? 'tenant.mollie_key_set' : 'tenant.mollie_key_removed',
    entity: { type: 'tenant', id: tenant.id },
    after: { mollieMode: mode },
  })
  return { mode }
}

/** The mode of a tenant's own sealed key, without handing the key out. */
export const sealedKeyMode = (secrets: SecretBox, tenantId: string, sealed: string): MollieMode =>
  modeOf(secrets.open(sealed, keyContext(tenantId)))

const modeOf = (key: string): MollieMode => (key.startsWith('live_') ? 'live' : 'test')

/**
 * The key payments of this tenant use: its own, else `MOLLIE_API_KEY` (single-shop installs),
 * else null — then online payment is not offered.
 */
export async function mollieKeyOf(
  app: { db: Executor; secrets: SecretBox; config: { MOLLIE_API_KEY?: string } },
  tenantId: string,
): Promise<string | null> {
  const [tenant] = await app.db
    .select({ sealed: tenants.mollieApiKeySealed })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
  if (tenant?.sealed) return app.secrets.open(tenant.sealed, keyContext(tenantId))
  return app.config.MOLLIE_API_KEY ?? null
}

/** The payment methods the shop offers now: its config's, online payment only with a key. */
export async function offeredPaymentMethods(
  app: Parameters<typeof mollieKeyOf>[0],
  shop: { id: string; config: { paymentMethods: readonly ShopPaymentMethod[] } },
): Promise<ShopPaymentMethod[]> {
  const online =
    shop.config.paymentMethods.includes('mollie') && (await mollieKeyOf(app, shop.id)) !== null
  return shop.config.paymentMethods.filter((method) => method !== 'mollie' || online)
}

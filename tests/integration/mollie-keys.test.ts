import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '~/server/audit/audit.schema'
import { ConfigError } from '~/server/config.server'
import { tenants } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { InvalidError, NotFoundError } from '~/server/errors.server'
import { mollieKeyOf, setTenantMollieKey } from '~/server/payments/mollie-keys.server'
import { checkAppSecret, createSecretBox, SealedValueError } from '~/server/secrets.server'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const secrets = createSecretBox('k'.repeat(43))
const testKey = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM'
const fallbackKey = 'test_FallbackFallbackFallback123'

describe.each(testDatabaseKinds)('Mollie keys and the app secret on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db
  const app = (config: { MOLLIE_API_KEY?: string } = {}) => ({ db: db(), secrets, config })

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('stores a tenant key sealed, reads it back, and audits the change without the key', async () => {
    expect(await mollieKeyOf(app(), demoIds.tenantPharmacy)).toBeNull()
    expect(await mollieKeyOf(app({ MOLLIE_API_KEY: fallbackKey }), demoIds.tenantPharmacy)).toBe(
      fallbackKey,
    )

    const result = await setTenantMollieKey(
      db(),
      secrets,
      'sonnen-apotheke',
      ` ${testKey} `,
      'test',
    )
    expect(result).toEqual({ mode: 'test' })
    const [row] = await db()
      .select({ sealed: tenants.mollieApiKeySealed })
      .from(tenants)
      .where(eq(tenants.id, demoIds.tenantPharmacy))
    expect(row?.sealed).toMatch(/^v1\./)
    expect(row?.sealed).not.toContain(testKey.slice(5))
    // The tenant's own key wins over the fallback; another tenant still gets the fallback.
    expect(await mollieKeyOf(app({ MOLLIE_API_KEY: fallbackKey }), demoIds.tenantPharmacy)).toBe(
      testKey,
    )
    expect(
      await mollieKeyOf(app({ MOLLIE_API_KEY: fallbackKey }), demoIds.tenantMarketPharmacy),
    ).toBe(fallbackKey)

    const audits = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityType, 'tenant'), eq(auditEvents.entityId, demoIds.tenantPharmacy)),
      )
    expect(audits.map((audit) => [audit.action, audit.after])).toEqual([
      ['tenant.mollie_key_set', { mollieMode: 'test' }],
    ])
    expect(JSON.stringify(audits)).not.toContain(testKey)
  })

  it('does not open a sealed key copied to another tenant', async () => {
    const [row] = await db()
      .select({ sealed: tenants.mollieApiKeySealed })
      .from(tenants)
      .where(eq(tenants.id, demoIds.tenantPharmacy))
    await db()
      .update(tenants)
      .set({ mollieApiKeySealed: row?.sealed })
      .where(eq(tenants.id, demoIds.tenantMarketPharmacy))
    await expect(mollieKeyOf(app(), demoIds.tenantMarketPharmacy)).rejects.toBeInstanceOf(
      SealedValueError,
    )
    await setTenantMollieKey(db(), secrets, 'apotheke-am-markt', null, 'test')
    expect(await mollieKeyOf(app(), demoIds.tenantMarketPharmacy)).toBeNull()
  })

  it('refuses a malformed key and an unknown tenant, and changes nothing', async () => {
    await expect(
      setTenantMollieKey(db(), secrets, 'sonnen-apotheke', 'sk_live_123', 'test'),
    ).rejects.toBeInstanceOf(InvalidError)
    await expect(
      setTenantMollieKey(db(), secrets, 'nobody', testKey, 'test'),
    ).rejects.toBeInstanceOf(NotFoundError)
    expect(await mollieKeyOf(app(), demoIds.tenantPharmacy)).toBe(testKey)
  })

  it('lets only processes with the first secret start, also when 50 start at once', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        checkAppSecret(
          db(),
          index % 2 ? 'odd-secret-'.padEnd(40, 'o') : 'even-secret-'.padEnd(40, 'e'),
        ),
      ),
    )
    const started = attempts.filter((attempt) => attempt.status === 'fulfilled')
    expect(started).toHaveLength(25)
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(ConfigError)
    }
  })
})

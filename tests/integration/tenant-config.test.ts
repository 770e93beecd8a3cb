import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenantConfigSchema } from '~/lib/tenant-config'
import { tenants } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { findTenantBySlug } from '~/server/tenants.server'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const migrationFile = path.resolve(
  import.meta.dirname,
  '../../src/server/db/migrations/0011_tenant_config_v2.sql',
)

/** A config as version 1 stored it: free delivery ids with a price, nothing else of version 2. */
const versionOneConfig = {
  shopName: 'Sonnen-Apotheke',
  colors: { primary: '#1f6f43', primaryForeground: '#ffffff', accent: '#f2b705' },
  logoUrl: null,
  contact: {
    email: 'shop@sonnen-apotheke.example',
    phone: '+49 30 1234567',
    street: 'Sonnenallee 12',
    postalCode: '12045',
    city: 'Berlin',
    openingHours: 'Mo–Fr 8:30–18:30 Uhr',
  },
  legalNotice: 'Impressum',
  privacyPolicy: 'Datenschutz',
  deliveryMethods: [
    { id: 'pickup', label: 'Abholung', description: 'Mit Ausweis.', priceCents: 0 },
    { id: 'courier', label: 'Botendienst', description: '', priceCents: 490 },
    { id: 'express', label: 'Express', description: 'Unbekannt', priceCents: 990 },
    { id: 'shipping', label: 'Versand', description: 'DHL', priceCents: 690 },
    { id: 'pickup', label: 'Zweite Abholung', description: '', priceCents: 0 },
  ],
}

describe.each(testDatabaseKinds)('tenant config version 2 on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const runMigration = async () => db().execute(sql.raw(await readFile(migrationFile, 'utf8')))

  it('seeds version-2 configs that every read parses', async () => {
    const sonnen = await findTenantBySlug(db(), 'sonnen-apotheke')
    expect(sonnen?.config?.version).toBe(2)
    expect(sonnen?.hasShop).toBe(true)
    const markt = await findTenantBySlug(db(), 'apotheke-am-markt')
    expect(markt?.config?.showPricesPublicly).toBe(false)
    expect(markt?.config?.deliveryMethods.map((method) => method.kind)).toEqual(['courier'])
  })

  it('converts a version-1 config and leaves converted ones alone', async () => {
    await db()
      .update(tenants)
      .set({ config: versionOneConfig as never })
      .where(eq(tenants.id, demoIds.tenantPharmacy))
    await runMigration()
    const converted = await findTenantBySlug(db(), 'sonnen-apotheke')
    expect(converted?.config).toMatchObject({
      version: 2,
      shopName: 'Sonnen-Apotheke',
      terms: '',
      withdrawalInformation: '',
      showPricesPublicly: true,
      showStockAmounts: false,
      // The demo pharmacy has a bank account (its letterhead), so transfer is offered.
      paymentMethods: ['bank_transfer', 'pickup'],
      deliveryMethods: [
        {
          kind: 'pickup',
          label: 'Abholung',
          description: 'Mit Ausweis.',
          flowersAllowed: true,
          street: 'Sonnenallee 12',
          postalCode: '12045',
          city: 'Berlin',
          openingHours: 'Mo–Fr 8:30–18:30 Uhr',
        },
        {
          kind: 'courier',
          label: 'Botendienst',
          postalCodes: ['12045'],
          feeCents: 490,
          freeFromCents: null,
          flowersAllowed: true,
        },
      ],
    })
    // The old config names no mail-order permit: it is read without shipping (§ 11a ApoG, ADR 066).
    expect(converted?.config?.deliveryMethods.map((method) => method.kind)).toEqual([
      'pickup',
      'courier',
    ])

    const [before] = await db()
      .select({ config: tenants.config })
      .from(tenants)
      .where(eq(tenants.id, demoIds.tenantPharmacy))
    await runMigration()
    const [after] = await db()
      .select({ config: tenants.config })
      .from(tenants)
      .where(eq(tenants.id, demoIds.tenantPharmacy))
    expect(after?.config).toEqual(before?.config)
  })

  it('keeps a club without a shop, even with a config', async () => {
    const sonnen = await findTenantBySlug(db(), 'sonnen-apotheke')
    await db()
      .update(tenants)
      .set({ config: sonnen?.config })
      .where(eq(tenants.id, demoIds.tenantClub))
    const club = await findTenantBySlug(db(), 'gruene-ecke')
    expect(club?.config).not.toBeNull()
    expect(club?.hasShop).toBe(false)
  })

  it('refuses a stored config the schema does not accept instead of rendering it', async () => {
    await db()
      .update(tenants)
      .set({ config: { version: 2, shopName: 'Kaputt' } as never })
      .where(eq(tenants.id, demoIds.tenantMarketPharmacy))
    await expect(findTenantBySlug(db(), 'apotheke-am-markt')).rejects.toThrow()
    expect(tenantConfigSchema.safeParse({ version: 2 }).success).toBe(false)
  })
})

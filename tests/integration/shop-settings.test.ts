import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organisationListSearch } from '~/lib/admin'
import { shopLogoUrl } from '~/lib/shop-settings'
import type { TenantConfig } from '~/lib/tenant-config'
import { type Actor, visitorActor } from '~/server/actor.server'
import { listOrganisations } from '~/server/admin/admin.server'
import { setOrganisationActive } from '~/server/admin/admin-organisations.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { loginBusinessUser, verifyAccessSession } from '~/server/auth.server'
import { organisations, storedFiles, tenants } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { InvalidError } from '~/server/errors.server'
import { storeFile } from '~/server/files/file-store.server'
import { recheckDueDomains, type TxtResolver } from '~/server/organisations/custom-domains.server'
import {
  getOrganisationSettings,
  updateOrganisationProfile,
} from '~/server/organisations/organisation-settings.server'
import {
  checkShopDomain,
  getShopSettings,
  type ShopSettingsApp,
  setShopMollieKey,
  testShopMollieConnection,
  updateShopSettings,
} from '~/server/organisations/shop-settings.server'
import { createSecretBox } from '~/server/secrets.server'
import { resolveTenant, watchTenantChanges } from '~/server/tenants.server'
import { businessActorOf, demoActors } from '../support/actors'
import {
  authDepsFor,
  createSeededDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../support/databases'
import { type FakeMollie, startFakeMollie } from '../support/fake-mollie'
import { outcomeOf } from '../support/outcome'

const appDomain = 'blattwerk.localhost'
const sonnenHost = `sonnen-apotheke.${appDomain}`
const secrets = createSecretBox('s'.repeat(43))

/** Polls until `check` holds: another process hears a NOTIFY a few milliseconds after commit. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000) {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1f6f43' } })
    .png()
    .toBuffer()

describe.each(testDatabaseKinds)('shop settings on %s', (kind) => {
  let database: TestDatabase
  let fake: FakeMollie
  let actors: Awaited<ReturnType<typeof demoActors>>
  let marketOwner: Actor
  const db = () => database.handle.db
  const app = (): ShopSettingsApp => ({
    db: db(),
    secrets,
    config: {
      APP_DOMAIN: appDomain,
      PUBLIC_SCHEME: 'https',
      PORT: 3000,
      MOLLIE_API_ENDPOINT: fake.apiEndpoint,
    },
  })
  const sonnen = demoIds.pharmacy
  const configOf = async (organisationId: string) =>
    (
      await getShopSettings(
        organisationId === sonnen ? actors.pharmacyOwner : actors.clubOwner,
        organisationId,
        app(),
      )
    ).config
  const save = (actor: Actor, organisationId: string, config: unknown, customDomain = '') =>
    updateShopSettings(actor, organisationId, { config, customDomain }, app())
  const invalidFields = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(InvalidError)
    return (error as InvalidError).extra.errors as Record<string, string>
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    fake = await startFakeMollie()
    actors = await demoActors(db())
    marketOwner = await businessActorOf(db(), demoIds.userMarketPharmacyOwner)
  })
  afterAll(async () => {
    await fake?.close()
    await database?.dispose()
  })

  it('shows the owner the stored config, the address and that no Mollie key is set', async () => {
    const settings = await getShopSettings(actors.pharmacyOwner, sonnen, app())
    expect(settings).toMatchObject({
      kind: 'shop',
      slug: 'sonnen-apotheke',
      address: 'http://sonnen-apotheke.blattwerk.localhost:3000',
      cnameTarget: 'sonnen-apotheke.blattwerk.localhost',
      published: true,
      mollie: { keySet: false, mode: null },
    })
    expect(settings.config.shopName).toBe('Sonnen-Apotheke')
  })

  it('saves colours and name at once for every process, and audits what changed', async () => {
    await watchTenantChanges(database.handle)
    const before = await resolveTenant(db(), sonnenHost, appDomain)
    const config = await configOf(sonnen)
    const changed = {
      ...config,
      shopName: 'Sonnen-Apotheke Hamburg',
      colors: { ...config.colors, primary: '#0b4f6c' },
    }
    const saved = await save(actors.pharmacyOwner, sonnen, changed)
    expect(saved.config.shopName).toBe('Sonnen-Apotheke Hamburg')
    // The cached tenant is forgotten when the trigger's NOTIFY arrives.
    await eventually(async () => {
      const tenant = await resolveTenant(db(), sonnenHost, appDomain)
      return tenant?.config?.colors.primary === '#0b4f6c'
    })
    expect(before?.config?.colors.primary).not.toBe('#0b4f6c')
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'tenant.settings_updated'),
          eq(auditEvents.entityId, demoIds.tenantPharmacy),
        ),
      )
    expect(audit?.before).toEqual({
      shopName: 'Sonnen-Apotheke',
      colors: config.colors,
    })
    expect(audit?.after).toEqual({
      shopName: 'Sonnen-Apotheke Hamburg',
      colors: changed.colors,
    })
  })

  it('refuses unreadable colour pairs and a shop without Impressum, writing nothing', async () => {
    const config = await configOf(sonnen)
    const unreadable = await invalidFields(
      save(actors.pharmacyOwner, sonnen, {
        ...config,
        colors: { primary: '#ffdd00', primaryForeground: '#ffffff', accent: '#000000' },
      }),
    )
    expect(unreadable['colors.primaryForeground']).toMatch(/schlecht lesbar.*4,5 : 1/)
    expect(unreadable['colors.primary']).toMatch(/weißen Hintergrund/)
    const noImprint = await invalidFields(
      save(actors.pharmacyOwner, sonnen, { ...config, legalNotice: '  ' }),
    )
    expect(noImprint.legalNotice).toMatch(/Impressum/)
    await db().update(organisations).set({ iban: null }).where(eq(organisations.id, sonnen))
    const noAccount = await invalidFields(
      save(actors.pharmacyOwner, sonnen, {
        ...config,
        paymentMethods: ['pickup', 'bank_transfer'],
      }),
    )
    expect(noAccount.paymentMethods).toMatch(/IBAN/)
    await db()
      .update(organisations)
      .set({ iban: 'DE02120300000000202051' })
      .where(eq(organisations.id, sonnen))
    expect(await configOf(sonnen)).toEqual(config)
  })

  it('takes a logo only as an uploaded shop logo of the organisation, re-encoded as WebP', async () => {
    const config = await configOf(sonnen)
    const foreign = await invalidFields(
      save(actors.pharmacyOwner, sonnen, {
        ...config,
        logoUrl: shopLogoUrl(crypto.randomUUID()),
      }),
    )
    expect(foreign.logoUrl).toBeTruthy()
    const elsewhere = await invalidFields(
      save(actors.pharmacyOwner, sonnen, { ...config, logoUrl: 'https://evil.example/logo.png' }),
    )
    expect(elsewhere.logoUrl).toBeTruthy()

    const logo = await storeFile(actors.pharmacyOwner, 'shop_logo', await png(1200, 300), db())
    const [stored] = await db().select().from(storedFiles).where(eq(storedFiles.id, logo.id))
    expect(stored?.contentType).toBe('image/webp')
    const { width } = await sharp(stored?.data).metadata()
    expect(width).toBe(600)
    const saved = await save(actors.pharmacyOwner, sonnen, {
      ...config,
      logoUrl: shopLogoUrl(logo.id),
    })
    expect(saved.config.logoUrl).toBe(`/api/files/${logo.id}`)

    // Another pharmacy's logo is not Sonnen's.
    const marketLogo = await storeFile(marketOwner, 'shop_logo', await png(100, 100), db())
    const stolen = await invalidFields(
      save(actors.pharmacyOwner, sonnen, { ...config, logoUrl: shopLogoUrl(marketLogo.id) }),
    )
    expect(stolen.logoUrl).toBeTruthy()
  })

  // § 11a ApoG, Reg. (EU) 699/2014 (domain.md "Mail order").
  it('refuses shipping without the permit, its date, the register link and the EU logo, writing nothing', async () => {
    const market = demoIds.marketPharmacy
    const marketConfig = (await getShopSettings(marketOwner, market, app())).config
    expect(marketConfig.deliveryMethods.map((method) => method.kind)).toEqual(['courier'])
    const shipping = {
      kind: 'shipping',
      label: 'Versand',
      description: '',
      flowersAllowed: false,
      feeCents: 590,
    }
    const withShipping = {
      ...marketConfig,
      deliveryMethods: [...marketConfig.deliveryMethods, shipping],
    }
    const missing = await invalidFields(save(marketOwner, market, withShipping))
    expect(missing['mailOrder.permitAuthority']).toMatch(/Versandhandelserlaubnis \(§ 11a ApoG\)/)
    expect(missing['mailOrder.permitDate']).toMatch(/Datum der Erlaubnis/)
    expect(missing['mailOrder.registerUrl']).toMatch(/Versandhandelsregister/)
    expect(missing['mailOrder.logoUrl']).toMatch(/EU-Sicherheitslogo/)

    const logo = await storeFile(marketOwner, 'shop_logo', await png(240, 200), db())
    const marks = {
      permitAuthority: 'Landesamt für Arbeitsschutz, Verbraucherschutz und Gesundheit',
      permitDate: '2025-01-10',
      registerUrl: 'https://www.dimdi.de/dynamic/de/arzneimittel/versandhandel/test',
      logoUrl: shopLogoUrl(logo.id),
    }
    const noLink = await invalidFields(
      save(marketOwner, market, {
        ...withShipping,
        mailOrder: { ...marks, registerUrl: 'javascript:alert(1)' },
      }),
    )
    expect(noLink['mailOrder.registerUrl']).toMatch(/https:\/\//)
    // The EU logo is an upload of this pharmacy's owner, not any image's address.
    const sonnenLogo = await storeFile(actors.pharmacyOwner, 'shop_logo', await png(10, 10), db())
    const foreign = await invalidFields(
      save(marketOwner, market, {
        ...withShipping,
        mailOrder: { ...marks, logoUrl: shopLogoUrl(sonnenLogo.id) },
      }),
    )
    expect(foreign['mailOrder.logoUrl']).toMatch(/EU-Sicherheitslogo/)
    expect((await getShopSettings(marketOwner, market, app())).config).toEqual(marketConfig)

    const saved = await save(marketOwner, market, { ...withShipping, mailOrder: marks })
    expect(saved.config.deliveryMethods.map((method) => method.kind)).toEqual([
      'courier',
      'shipping',
    ])
    expect(saved.config.mailOrder).toEqual(marks)
    // A config stored before the rule, shipping without marks, does not ship.
    const { mailOrder: _marks, ...storedBeforeTheRule } = saved.config
    await db()
      .update(tenants)
      .set({ config: storedBeforeTheRule as TenantConfig })
      .where(eq(tenants.organisationId, market))
    const legacy = (await getShopSettings(marketOwner, market, app())).config
    expect(legacy.deliveryMethods.map((method) => method.kind)).toEqual(['courier'])
    await save(marketOwner, market, marketConfig)
  })

  it('refuses an SVG, a file over 1 MB, and a logo upload by staff', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect(await outcomeOf(storeFile(actors.pharmacyOwner, 'shop_logo', svg, db()))).toBe(415)
    const huge = new Uint8Array(1024 * 1024 + 1)
    expect(await outcomeOf(storeFile(actors.pharmacyOwner, 'shop_logo', huge, db()))).toBe(413)
    expect(
      await outcomeOf(storeFile(actors.pharmacyStaff, 'shop_logo', await png(10, 10), db())),
    ).toBe(403)
  })

  it('serves its own domain only once its owner proved it, and never one under the platform domain', async () => {
    // The DNS as the test sets it: TXT records by name, or a failure code.
    const records = new Map<string, string[][]>()
    let dnsFailure: string | null = null
    const dns: TxtResolver = {
      resolveTxt: async (name) => {
        if (dnsFailure) throw Object.assign(new Error(dnsFailure), { code: dnsFailure })
        const found = records.get(name)
        if (!found) throw Object.assign(new Error('no record'), { code: 'ENOTFOUND' })
        return found
      },
    }
    const check = (actor: Actor, organisationId: string) =>
      checkShopDomain(actor, organisationId, { ...app(), dns })
    const domain = 'shop.sonnen-apotheke.de'
    const hostTenant = async () => (await resolveTenant(db(), domain, appDomain))?.slug ?? null

    const config = await configOf(sonnen)
    const saved = await save(actors.pharmacyOwner, sonnen, config, 'Shop.Sonnen-Apotheke.de')
    expect(saved.customDomain).toBe(domain)
    expect(saved.domainVerification).toMatchObject({
      recordName: `_blattwerk-verification.${domain}`,
      verifiedAt: null,
    })
    const token = saved.domainVerification?.recordValue as string
    // Claimed is not proved: the host serves nothing yet (issue 27, defect 3).
    expect(await hostTenant()).toBeNull()

    // Another tenant may claim the same name; it cannot prove it, and it blocks nobody.
    const marketConfig = (await getShopSettings(marketOwner, demoIds.marketPharmacy, app())).config
    const claimed = await save(marketOwner, demoIds.marketPharmacy, marketConfig, domain)
    const marketToken = claimed.domainVerification?.recordValue
    expect(marketToken).not.toBe(token)
    expect(await check(marketOwner, demoIds.marketPharmacy)).toMatchObject({ outcome: 'missing' })
    expect(await outcomeOf(check(actors.pharmacyStaff, sonnen))).toBe(403)

    // The owner of the DNS sets Sonnen's record: "Jetzt prüfen" verifies, the host serves Sonnen.
    records.set(`_blattwerk-verification.${domain}`, [
      ['unrelated'],
      [token.slice(0, 10), token.slice(10)],
    ])
    const verified = await check(actors.pharmacyOwner, sonnen)
    expect(verified.outcome).toBe('verified')
    expect(verified.settings.domainVerification?.verifiedAt).toBeInstanceOf(Date)
    expect(await hostTenant()).toBe('sonnen-apotheke')
    // Even a record that names both tokens verifies only one tenant.
    records.set(`_blattwerk-verification.${domain}`, [[token], [marketToken as string]])
    expect(await check(marketOwner, demoIds.marketPharmacy)).toMatchObject({ outcome: 'taken' })
    // Once verified, nobody else can even enter it.
    await save(marketOwner, demoIds.marketPharmacy, marketConfig, 'shop.markt-beispiel.de')
    const taken = await invalidFields(
      save(marketOwner, demoIds.marketPharmacy, marketConfig, domain),
    )
    expect(taken.customDomain).toMatch(/bereits/)

    // A DNS that does not answer changes nothing; a record that is gone lets the domain lapse.
    dnsFailure = 'ESERVFAIL'
    expect(await check(actors.pharmacyOwner, sonnen)).toMatchObject({ outcome: 'unreachable' })
    expect(await hostTenant()).toBe('sonnen-apotheke')
    dnsFailure = null
    records.clear()
    const later = new Date(Date.now() + 7 * 3_600_000)
    expect(await recheckDueDomains(db(), dns, { now: later })).toBeGreaterThanOrEqual(1)
    expect(await hostTenant()).toBeNull()
    const trail = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.organisationId, sonnen))
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['tenant.domain_verified', 'tenant.domain_lapsed']),
    )

    const ours = await invalidFields(
      save(actors.pharmacyOwner, sonnen, config, `fremd.${appDomain}`),
    )
    expect(ours.customDomain).toBeTruthy()
    const withPath = await invalidFields(
      save(actors.pharmacyOwner, sonnen, config, 'https://shop.example.de/pfad'),
    )
    expect(withPath.customDomain).toBeTruthy()
    const cleared = await save(actors.pharmacyOwner, sonnen, config, '')
    expect(cleared.customDomain).toBeNull()
    expect(cleared.domainVerification).toBeNull()
  })

  it('lets a club set only its name, logo, contact and legal texts (KCanG § 6)', async () => {
    const settings = await getShopSettings(actors.clubOwner, demoIds.club, app())
    expect(settings).toMatchObject({ kind: 'club_site', published: false })
    const sonnenConfig = await configOf(sonnen)
    const attempt: TenantConfig = {
      ...sonnenConfig,
      shopName: 'Grüne Ecke e. V.',
      logoUrl: null,
      contact: { ...sonnenConfig.contact, email: 'vorstand@gruene-ecke.example' },
      legalNotice: 'Grüne Ecke e. V.\nVereinsregister Leipzig',
      privacyPolicy: 'Wir verarbeiten Mitgliederdaten nur für die Mitgliedschaft.',
    }
    const saved = await save(actors.clubOwner, demoIds.club, attempt)
    expect(saved.published).toBe(true)
    expect(saved.config).toMatchObject({
      shopName: 'Grüne Ecke e. V.',
      deliveryMethods: [],
      paymentMethods: [],
      colors: settings.config.colors,
    })
    const tenant = await resolveTenant(db(), `gruene-ecke.${appDomain}`, appDomain)
    expect(tenant?.hasShop).toBe(false)
    expect(
      await outcomeOf(
        setShopMollieKey(actors.clubOwner, demoIds.club, 'test_abcdefghijklmnopqrstu', app()),
      ),
    ).toBe(403)
  })

  it('stores the Mollie key sealed, shows only that it is set, and tests the connection', async () => {
    const key = 'test_SonnenSettingsKey1234567890'
    const set = await setShopMollieKey(actors.pharmacyOwner, sonnen, key, app())
    expect(set.mollie).toEqual({ keySet: true, mode: 'test' })
    expect(JSON.stringify(set)).not.toContain(key)
    const [row] = await db()
      .select({ sealed: tenants.mollieApiKeySealed })
      .from(tenants)
      .where(eq(tenants.id, demoIds.tenantPharmacy))
    expect(row?.sealed).toBeTruthy()
    expect(row?.sealed).not.toContain(key)
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'tenant.mollie_key_set'))
    expect(JSON.stringify(audits)).not.toContain(key)

    const tested = await testShopMollieConnection(actors.pharmacyOwner, sonnen, app())
    expect(tested).toEqual({
      ok: true,
      message: expect.stringMatching(/Verbindung zu Mollie steht \(Testmodus/),
    })

    await setShopMollieKey(actors.pharmacyOwner, sonnen, 'test_invalidKeyForTheFakeServer12', app())
    const refused = await testShopMollieConnection(actors.pharmacyOwner, sonnen, app())
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/lehnt den Schlüssel ab/) })

    const malformed = await invalidFields(
      setShopMollieKey(actors.pharmacyOwner, sonnen, 'sk_123', app()),
    )
    expect(malformed.apiKey).toMatch(/test_ oder live_/)

    const removed = await setShopMollieKey(actors.pharmacyOwner, sonnen, null, app())
    expect(removed.mollie).toEqual({ keySet: false, mode: null })
    expect(await outcomeOf(testShopMollieConnection(actors.pharmacyOwner, sonnen, app()))).toBe(409)
  })

  it('lets the owner rename the organisation, the admin alone change its category', async () => {
    const profile = {
      name: 'Sonnen-Apotheke am Hafen',
      category: 'pharmacy',
      street: 'Hafenstraße 1',
      postalCode: '20459',
      city: 'Hamburg',
    }
    const renamed = await updateOrganisationProfile(actors.pharmacyOwner, sonnen, profile, db())
    expect(renamed).toMatchObject({ name: 'Sonnen-Apotheke am Hafen', city: 'Hamburg' })
    expect(
      await outcomeOf(
        updateOrganisationProfile(
          actors.pharmacyOwner,
          sonnen,
          { ...profile, category: 'wholesaler' },
          db(),
        ),
      ),
    ).toBe(403)
    expect(
      await outcomeOf(updateOrganisationProfile(actors.pharmacyStaff, sonnen, profile, db())),
    ).toBe(403)
    const wholesaler = await getOrganisationSettings(actors.admin, demoIds.wholesaler, db())
    const changed = await updateOrganisationProfile(
      actors.admin,
      demoIds.wholesaler,
      {
        name: wholesaler.name,
        category: 'producer',
        street: wholesaler.street,
        postalCode: wholesaler.postalCode,
        city: wholesaler.city,
      },
      db(),
    )
    expect(changed.category).toBe('producer')
    expect(
      await outcomeOf(
        updateOrganisationProfile(
          actors.admin,
          demoIds.platform,
          { ...profile, category: 'club' },
          db(),
        ),
      ),
    ).toBe(403)
  })

  it('lets a club owner record the statutes’ minimum membership of at least three months, and no one else have one', async () => {
    const club = await getOrganisationSettings(actors.clubOwner, demoIds.club, db())
    expect(club.minMembershipMonths).toBe(3)
    const profile = {
      name: club.name,
      category: 'club',
      street: club.street,
      postalCode: club.postalCode,
      city: club.city,
    }
    // Typed in the form as text; empty clears it; absent leaves it.
    const set = await updateOrganisationProfile(
      actors.clubOwner,
      demoIds.club,
      { ...profile, minMembershipMonths: '6' },
      db(),
    )
    expect(set.minMembershipMonths).toBe(6)
    const renamed = await updateOrganisationProfile(
      actors.clubOwner,
      demoIds.club,
      { ...profile, name: 'Grüne Ecke Anbauvereinigung e.V.' },
      db(),
    )
    expect(renamed.minMembershipMonths).toBe(6)
    const refused = await updateOrganisationProfile(
      actors.clubOwner,
      demoIds.club,
      { ...profile, minMembershipMonths: '2' },
      db(),
    ).catch((error) => error)
    expect(refused.status).toBe(400)
    expect(refused.extra.errors.minMembershipMonths).toContain('mindestens drei Monaten')
    const cleared = await updateOrganisationProfile(
      actors.clubOwner,
      demoIds.club,
      { ...profile, minMembershipMonths: '' },
      db(),
    )
    expect(cleared.minMembershipMonths).toBeNull()
    // A pharmacy has no such rule, whatever it sends.
    const pharmacy = await getOrganisationSettings(actors.pharmacyOwner, sonnen, db())
    const ignored = await updateOrganisationProfile(
      actors.pharmacyOwner,
      sonnen,
      {
        name: pharmacy.name,
        category: 'pharmacy',
        street: pharmacy.street,
        postalCode: pharmacy.postalCode,
        city: pharmacy.city,
        minMembershipMonths: 14,
      },
      db(),
    )
    expect(ignored.minMembershipMonths).toBeNull()
  })

  it('deactivating an organisation ends its sessions, refuses logins and closes its shop — once under 50 parallel requests', async () => {
    const deps = await authDepsFor(database)
    const client = { ip: '198.51.100.23', requestId: null }
    const login = () =>
      loginBusinessUser(deps, { username: 'markt', password: 'markt-demo-2026' }, client)
    const [owner] = await db()
      .select()
      .from(organisations)
      .where(eq(organisations.id, demoIds.marketPharmacy))
    expect(owner?.deactivatedAt).toBeNull()
    const session = await login()

    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        setOrganisationActive(actors.admin, demoIds.marketPharmacy, false, db()),
      ),
    )
    expect(new Set(results.map((result) => result.deactivatedAt)).size).toBe(1)
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'organisation.deactivated'),
          eq(auditEvents.entityId, demoIds.marketPharmacy),
        ),
      )
    expect(audits).toHaveLength(1)

    await expect(verifyAccessSession(deps, session.accessToken, null)).rejects.toMatchObject({
      status: 401,
    })
    expect(await outcomeOf(login())).toBe(401)
    const tenant = await resolveTenant(db(), `apotheke-am-markt.${appDomain}`, appDomain)
    expect(tenant).toMatchObject({ available: false, hasShop: false })
    const listed = await listOrganisations(
      actors.admin,
      organisationListSearch.parse({ status: 'inactive' }),
      db(),
    )
    expect(listed.items.map((row) => row.name)).toEqual(['Apotheke am Markt'])

    await setOrganisationActive(actors.admin, demoIds.marketPharmacy, true, db())
    expect(await outcomeOf(login())).toBe('ok')
    expect((await resolveTenant(db(), `apotheke-am-markt.${appDomain}`, appDomain))?.hasShop).toBe(
      true,
    )
    expect(
      await outcomeOf(setOrganisationActive(actors.admin, demoIds.platform, false, db())),
    ).toBe(403)
  })

  describe('authorisation matrix', () => {
    type Caller = keyof typeof callers
    let callers: Record<string, Actor>
    beforeAll(() => {
      callers = {
        admin: actors.admin,
        owner: actors.pharmacyOwner,
        staff: actors.pharmacyStaff,
        otherOwner: marketOwner,
        shopCustomer: actors.shopCustomer,
        anonymous: visitorActor(),
      }
    })
    const outcomes = async (work: (actor: Actor) => Promise<unknown>) => {
      const result: Record<string, 'ok' | number> = {}
      for (const [name, actor] of Object.entries(callers)) {
        result[name as Caller] = await outcomeOf(work(actor))
      }
      return result
    }
    const onlyOwner = {
      admin: 403,
      owner: 'ok',
      staff: 403,
      otherOwner: 403,
      shopCustomer: 403,
      anonymous: 403,
    }

    it('shop settings: read, save, Mollie key and connection test are the owner’s alone', async () => {
      const config = await configOf(sonnen)
      expect(await outcomes((actor) => getShopSettings(actor, sonnen, app()))).toEqual(onlyOwner)
      expect(await outcomes((actor) => save(actor, sonnen, config))).toEqual(onlyOwner)
      expect(
        await outcomes((actor) =>
          setShopMollieKey(actor, sonnen, 'test_MatrixMatrixMatrixMatrix12', app()),
        ),
      ).toEqual(onlyOwner)
      expect(await outcomes((actor) => testShopMollieConnection(actor, sonnen, app()))).toEqual(
        onlyOwner,
      )
    })

    it('organisation profile: owner and admin; status: the admin alone', async () => {
      const current = await getOrganisationSettings(actors.pharmacyOwner, sonnen, db())
      const profile = {
        name: current.name,
        category: 'pharmacy',
        street: current.street,
        postalCode: current.postalCode,
        city: current.city,
      }
      expect(
        await outcomes((actor) => updateOrganisationProfile(actor, sonnen, profile, db())),
      ).toEqual({ ...onlyOwner, admin: 'ok' })
      expect(
        await outcomes((actor) => setOrganisationActive(actor, demoIds.marketPharmacy, true, db())),
      ).toEqual({ ...onlyOwner, admin: 'ok', owner: 403 })
    })
  })
})

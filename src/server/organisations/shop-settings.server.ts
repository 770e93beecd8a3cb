import { and, asc, eq, isNotNull, ne } from 'drizzle-orm'
import { z } from 'zod'
import { isUuid } from '../../lib/ids'
import { organisationNotFoundMessage } from '../../lib/organisation-settings'
import { noMailOrder } from '../../lib/shop'
import {
  clubSiteFields,
  customDomainMessage,
  customDomainSchema,
  logoNotUploadedMessage,
  mailOrderLogoNotUploadedMessage,
  type ShopSettings,
  shopLogoFileId,
  shopSettingsNotFoundMessage,
  shopSettingsSchema,
} from '../../lib/shop-settings'
import { type TenantConfig, tenantConfigVersion } from '../../lib/tenant-config'
import { isCustomDomainCandidate } from '../../lib/tenant-host'
import { type Actor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { AppConfig } from '../config.server'
import type { Executor } from '../db/client.server'
import { organisations, tenants } from '../db/schema'
import {
  DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  parseInput,
} from '../errors.server'
import { isStoredFileOf } from '../files/file-store.server'
import { legalTemplates } from '../legal-templates.server'
import { mollieOfTenant, type PaymentsApp } from '../payments/mollie-client.server'
import {
  mollieApiKeySchema,
  sealedKeyMode,
  storeTenantMollieKey,
} from '../payments/mollie-keys.server'
import { tenantPublicOrigin } from '../public-origin.server'
import { shopConfigOf } from '../tenants.server'
import {
  checkDomainRow,
  type DomainCheckOutcome,
  domainCheckMessages,
  newDomainToken,
  type TxtResolver,
  verificationRecordName,
} from './custom-domains.server'

/**
 * The shop settings of an organisation with a tenant (issue 13): its owner edits the tenant config
 * (ADR 026), its own domain and its Mollie key. A pharmacy sets everything; a club only its name,
 * logo, contact and legal texts (KCanG § 6: no advertising). Saving changes the tenant row, whose
 * trigger tells every process's tenant cache (ADR 040).
 */

export type ShopSettingsApp = PaymentsApp & {
  config: Pick<AppConfig, 'PORT' | 'PUBLIC_SCHEME' | 'APP_DOMAIN'>
}

export const shopSettingsAudit = {
  entityType: 'tenant',
  updated: 'tenant.settings_updated',
} as const

/** Long texts and the shop's contact: the log says only that they changed. */
const quietlyChangedFields = [
  'contact',
  'legalNotice',
  'privacyPolicy',
  'terms',
  'withdrawalInformation',
  'deliveryMethods',
] as const

/** The owner of organisation `organisationId`, or a 403. */
function requireOwnerOf(actor: Actor, organisationId: string) {
  const owner = requireRole(actor, 'owner')
  if (owner.organisation.id !== organisationId) throw new ForbiddenError()
  return owner
}

async function findShop(executor: Executor, organisationId: string, { forUpdate = false } = {}) {
  if (!isUuid(organisationId)) throw new NotFoundError(organisationNotFoundMessage)
  const select = executor
    .select({
      id: tenants.id,
      slug: tenants.slug,
      organisationId: tenants.organisationId,
      config: tenants.config,
      customDomain: tenants.customDomain,
      customDomainToken: tenants.customDomainToken,
      customDomainVerifiedAt: tenants.customDomainVerifiedAt,
      customDomainCheckedAt: tenants.customDomainCheckedAt,
      mollieApiKeySealed: tenants.mollieApiKeySealed,
      organisation: {
        name: organisations.name,
        category: organisations.category,
        street: organisations.street,
        postalCode: organisations.postalCode,
        city: organisations.city,
        email: organisations.email,
        phone: organisations.phone,
        iban: organisations.iban,
        bic: organisations.bic,
        bankName: organisations.bankName,
      },
    })
    .from(tenants)
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(eq(tenants.organisationId, organisationId))
    .orderBy(asc(tenants.createdAt))
    .limit(1)
  const [row] = forUpdate ? await select.for('update', { of: tenants }) : await select
  if (!row) throw new NotFoundError(shopSettingsNotFoundMessage)
  if (row.organisation.category !== 'pharmacy' && row.organisation.category !== 'club') {
    throw new NotFoundError(shopSettingsNotFoundMessage)
  }
  return row
}

type ShopRow = Awaited<ReturnType<typeof findShop>>

/**
 * What a shop starts from before its first save (a tenant the admin has just created): the
 * organisation's name, address and contact, pickup at the counter, payment there.
 */
function startingConfig(row: ShopRow): TenantConfig {
  const { organisation } = row
  const pharmacy = organisation.category === 'pharmacy'
  const templates = templatesOf(row)
  return {
    version: tenantConfigVersion,
    shopName: organisation.name,
    colors: { primary: '#23733f', primaryForeground: '#ffffff', accent: '#f2b705' },
    logoUrl: null,
    contact: {
      email: organisation.email ?? '',
      phone: organisation.phone ?? '',
      street: organisation.street ?? '',
      postalCode: organisation.postalCode ?? '',
      city: organisation.city ?? '',
      openingHours: '',
    },
    legalNotice: '',
    privacyPolicy: templates?.privacyPolicy ?? '',
    terms: templates?.terms ?? '',
    withdrawalInformation: templates?.withdrawalInformation ?? '',
    deliveryMethods: pharmacy
      ? [
          {
            kind: 'pickup',
            label: 'Abholung in der Apotheke',
            description: '',
            flowersAllowed: true,
            street: organisation.street ?? '',
            postalCode: organisation.postalCode ?? '',
            city: organisation.city ?? '',
            openingHours: '',
          },
        ]
      : [],
    paymentMethods: pharmacy ? ['pickup'] : [],
    showPricesPublicly: true,
    showStockAmounts: false,
    mailOrder: noMailOrder,
  }
}

/** A pharmacy's legal-text templates, filled in from its record; none for a club's site. */
function templatesOf(row: ShopRow) {
  const { organisation } = row
  if (organisation.category !== 'pharmacy') return null
  return legalTemplates({
    name: organisation.name,
    street: organisation.street ?? '',
    postalCode: organisation.postalCode ?? '',
    city: organisation.city ?? '',
    email: organisation.email ?? '',
    phone: organisation.phone ?? '',
  })
}

/** The stored config, its contact from the organisation's record (the one contact, `shopConfigOf`). */
const storedConfig = (row: ShopRow): TenantConfig | null =>
  shopConfigOf(row.config, row.organisation)

function settingsOf(row: ShopRow, app: ShopSettingsApp): ShopSettings {
  const config = storedConfig(row)
  const sealed = row.mollieApiKeySealed
  return {
    organisationId: row.organisationId,
    kind: row.organisation.category === 'pharmacy' ? 'shop' : 'club_site',
    slug: row.slug,
    address: tenantPublicOrigin({ slug: row.slug, verifiedDomain: null }, app.config),
    cnameTarget: `${row.slug}.${app.config.APP_DOMAIN}`,
    customDomain: row.customDomain,
    domainVerification:
      row.customDomain && row.customDomainToken
        ? {
            recordName: verificationRecordName(row.customDomain),
            recordValue: row.customDomainToken,
            verifiedAt: row.customDomainVerifiedAt,
            checkedAt: row.customDomainCheckedAt,
          }
        : null,
    published: config !== null,
    config: config ?? startingConfig(row),
    mollie: {
      keySet: sealed !== null,
      mode: sealed ? sealedKeyMode(app.secrets, row.id, sealed) : null,
    },
    bankAccount: {
      iban: row.organisation.iban,
      bic: row.organisation.bic,
      bankName: row.organisation.bankName,
    },
    legalTemplates: templatesOf(row),
  }
}

export async function getShopSettings(
  actor: Actor,
  organisationId: string,
  app: ShopSettingsApp,
): Promise<ShopSettings> {
  requireOwnerOf(actor, organisationId)
  return settingsOf(await findShop(app.db, organisationId), app)
}

/** A club's input changes only its site fields; everything else stays as stored. */
function mergedInput(row: ShopRow, input: unknown): unknown {
  if (row.organisation.category === 'pharmacy') return input
  const current = storedConfig(row) ?? startingConfig(row)
  const given = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>
  return {
    ...current,
    ...Object.fromEntries(clubSiteFields.map((field) => [field, given[field]])),
  }
}

function checkedCustomDomain(input: unknown, appDomain: string): string | null {
  const { customDomain: domain } = parseInput(z.object({ customDomain: customDomainSchema }), {
    customDomain: input ?? '',
  })
  if (domain !== null && !isCustomDomainCandidate(domain, appDomain)) {
    throw new InvalidError({ customDomain: customDomainMessage })
  }
  return domain
}

export const bankTransferWithoutIbanMessage =
  'Für Überweisung fehlt die IBAN: Hinterlege sie zuerst im Briefkopf (Tab „Stammdaten“).'

const customDomainTakenMessage = domainCheckMessages.taken

/** Whether another tenant has proved that `domain` is theirs. */
async function verifiedElsewhere(tx: Executor, tenantId: string, domain: string) {
  const [other] = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      and(
        eq(tenants.customDomain, domain),
        isNotNull(tenants.customDomainVerifiedAt),
        ne(tenants.id, tenantId),
      ),
    )
    .limit(1)
  return Boolean(other)
}

/**
 * Saves the shop's settings and its own domain. The first save of a tenant the admin created puts
 * the shop online. One audit row names what changed.
 */
export async function updateShopSettings(
  actor: Actor,
  organisationId: string,
  input: { config: unknown; customDomain: unknown },
  app: ShopSettingsApp,
): Promise<ShopSettings> {
  requireOwnerOf(actor, organisationId)
  const customDomain = checkedCustomDomain(input.customDomain, app.config.APP_DOMAIN)
  return app.db.transaction(async (tx) => {
    const row = await findShop(tx, organisationId, { forUpdate: true })
    const config = parseInput(shopSettingsSchema, mergedInput(row, input.config))
    // Bank transfer shows the letterhead's account: without one the checkout would offer nothing.
    if (config.paymentMethods.includes('bank_transfer') && !row.organisation.iban) {
      throw new InvalidError({ paymentMethods: bankTransferWithoutIbanMessage })
    }
    const before = storedConfig(row)
    // A logo must be an image the owner uploaded through the file store (ADR 016, 066).
    const isOwnUpload = async (url: string | null, previous: string | null | undefined) => {
      if (url === null || url === (previous ?? null)) return true
      const file = shopLogoFileId(url)
      return file !== null && isStoredFileOf(tx, file, { purpose: 'shop_logo', organisationId })
    }
    if (!(await isOwnUpload(config.logoUrl, before?.logoUrl))) {
      throw new InvalidError({ logoUrl: logoNotUploadedMessage })
    }
    if (!(await isOwnUpload(config.mailOrder.logoUrl, before?.mailOrder.logoUrl))) {
      throw new InvalidError({ 'mailOrder.logoUrl': mailOrderLogoNotUploadedMessage })
    }
    const changed = (Object.keys(config) as (keyof TenantConfig)[]).filter(
      (field) => JSON.stringify(config[field]) !== JSON.stringify(before?.[field]),
    )
    const domainChanged = customDomain !== row.customDomain
    if (changed.length === 0 && !domainChanged) return settingsOf(row, app)
    if (domainChanged && customDomain && (await verifiedElsewhere(tx, row.id, customDomain))) {
      throw new InvalidError({ customDomain: customDomainTakenMessage })
    }
    // A new domain starts unverified, with a token of its own (ADR 049).
    const domain = domainChanged
      ? {
          customDomain,
          customDomainToken: customDomain ? newDomainToken() : null,
          customDomainVerifiedAt: null,
          customDomainCheckedAt: null,
        }
      : {}
    const [updated] = await tx
      .update(tenants)
      .set({ config, ...domain, updatedAt: new Date() })
      .where(eq(tenants.id, row.id))
      .returning()
    const pick = (source: Partial<TenantConfig> | null, domain: string | null) => ({
      ...Object.fromEntries(changed.map((field) => [field, source?.[field] ?? null])),
      ...(domainChanged && { customDomain: domain }),
    })
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(actor),
      requestId: actor.requestId,
      action: shopSettingsAudit.updated,
      entity: { type: shopSettingsAudit.entityType, id: row.id },
      before: pick(before, row.customDomain),
      after: pick(config, customDomain),
      personalFields: quietlyChangedFields,
    })
    return settingsOf({ ...row, ...updated, config }, app)
  })
}

/**
 * "Jetzt prüfen": looks up the domain's TXT record now and answers what the owner should know,
 * with the settings as they are afterwards.
 */
export async function checkShopDomain(
  actor: Actor,
  organisationId: string,
  app: ShopSettingsApp & { dns: TxtResolver },
): Promise<{ outcome: DomainCheckOutcome; message: string; settings: ShopSettings }> {
  requireOwnerOf(actor, organisationId)
  const row = await findShop(app.db, organisationId)
  if (!row.customDomain || !row.customDomainToken) {
    throw new DomainError(409, 'Bitte trag zuerst eine eigene Domain ein und speichere.')
  }
  const outcome = await checkDomainRow(
    app.db,
    app.dns,
    {
      id: row.id,
      organisationId,
      customDomain: row.customDomain,
      customDomainToken: row.customDomainToken,
      customDomainVerifiedAt: row.customDomainVerifiedAt,
    },
    { actor: auditActorOf(actor), requestId: actor.requestId },
  )
  return {
    outcome,
    message: domainCheckMessages[outcome],
    settings: settingsOf(await findShop(app.db, organisationId), app),
  }
}

/** Stores the shop's own Mollie key (sealed, never shown again) or, with null, removes it. */
export async function setShopMollieKey(
  actor: Actor,
  organisationId: string,
  input: unknown,
  app: ShopSettingsApp,
): Promise<ShopSettings> {
  requireOwnerOf(actor, organisationId)
  const key =
    input === null
      ? null
      : parseInput(z.object({ apiKey: mollieApiKeySchema }), { apiKey: input }).apiKey
  return app.db.transaction(async (tx) => {
    const row = await findShop(tx, organisationId, { forUpdate: true })
    if (row.organisation.category !== 'pharmacy') throw new ForbiddenError()
    await storeTenantMollieKey(tx, app.secrets, row, key, {
      actor: auditActorOf(actor),
      requestId: actor.requestId,
    })
    return settingsOf(await findShop(tx, organisationId), app)
  })
}

export interface MollieConnectionResult {
  ok: boolean
  message: string
}

/**
 * "Verbindung testen": asks Mollie for the payment methods the key may use. A refused key, or
 * Mollie out of reach, is an answer for the owner, not an error of ours.
 */
export async function testShopMollieConnection(
  actor: Actor,
  organisationId: string,
  app: ShopSettingsApp,
): Promise<MollieConnectionResult> {
  requireOwnerOf(actor, organisationId)
  const row = await findShop(app.db, organisationId)
  if (row.organisation.category !== 'pharmacy') throw new ForbiddenError()
  if (!row.mollieApiKeySealed) {
    throw new DomainError(409, 'Bitte hinterlege zuerst einen Mollie-API-Schlüssel.')
  }
  const mollie = await mollieOfTenant(app, row.id)
  if (!mollie) throw new DomainError(409, 'Bitte hinterlege zuerst einen Mollie-API-Schlüssel.')
  try {
    const methods = await mollie.client.methods.list()
    const mode = mollie.mode === 'live' ? 'Live-Modus' : 'Testmodus'
    return {
      ok: true,
      message: `Verbindung zu Mollie steht (${mode}, ${methods.length} Zahlungsarten freigeschaltet).`,
    }
  } catch (error) {
    app.logger?.warn({ err: error, organisationId }, 'Mollie connection test failed')
    const status = (error as { statusCode?: number }).statusCode
    return {
      ok: false,
      message:
        status === 401 || status === 403
          ? 'Mollie lehnt den Schlüssel ab. Bitte prüfe ihn im Mollie-Dashboard und hinterlege ihn neu.'
          : 'Mollie ist gerade nicht erreichbar. Bitte versuche es später noch einmal.',
    }
  }
}

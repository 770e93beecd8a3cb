import { eq } from 'drizzle-orm'
import { handoutInformationSchema } from '../../lib/handouts'
import { legalIdentityOf } from '../../lib/legal-forms'
import { organisationProfileSchema } from '../../lib/new-organisation'
import {
  type Letterhead,
  letterheadSchema,
  licenceLabels,
  logoNotFoundMessage,
  type OrganisationSettings,
  organisationNotFoundMessage,
} from '../../lib/organisation-settings'
import { type Actor, isPlatformAdmin, requireBusiness, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database, Executor } from '../db/client.server'
import { storedFiles } from '../db/core.schema'
import { organisations, tenants } from '../db/schema'
import type { DocumentSeller } from '../documents/document-content'
import { ForbiddenError, InvalidError, NotFoundError, parseInput } from '../errors.server'
import { isStoredFileOf } from '../files/file-store.server'
import { findOrganisation } from './organisation-lookup.server'

/**
 * The organisation's letterhead and invoice data (ADR 022). Its users read it; only the owner
 * changes it. The platform admin reads any organisation's for support and changes none. Generated
 * documents take their seller block from `documentSellerOf`.
 */

export const organisationAudit = {
  entityType: 'organisation',
  letterheadUpdated: 'organisation.letterhead_updated',
  profileUpdated: 'organisation.profile_updated',
  handoutInformationUpdated: 'organisation.handout_information_updated',
} as const

/**
 * The organisation's e-mail and phone may be a sole proprietor's own (a pharmacy is run by its
 * owner in person): the log says only "changed".
 */
const personalLetterheadFields = ['email', 'phone'] as const

const letterheadColumns = {
  taxNumber: organisations.taxNumber,
  vatId: organisations.vatId,
  smallBusiness: organisations.smallBusiness,
  iban: organisations.iban,
  bic: organisations.bic,
  bankName: organisations.bankName,
  email: organisations.email,
  phone: organisations.phone,
  website: organisations.website,
  licenceNumber: organisations.licenceNumber,
  licenceAuthority: organisations.licenceAuthority,
  amgLicenceNumber: organisations.amgLicenceNumber,
  amgLicenceAuthority: organisations.amgLicenceAuthority,
  logoFileId: organisations.logoFileId,
  legalForm: organisations.legalForm,
  registerCourt: organisations.registerCourt,
  registerNumber: organisations.registerNumber,
  managers: organisations.managers,
  supervisoryBoardChair: organisations.supervisoryBoardChair,
  paymentReminderDays: organisations.paymentReminderDays,
}

type LetterheadRow = Letterhead

const settingsColumns = {
  id: organisations.id,
  name: organisations.name,
  category: organisations.category,
  street: organisations.street,
  postalCode: organisations.postalCode,
  city: organisations.city,
  country: organisations.country,
  deactivatedAt: organisations.deactivatedAt,
  minMembershipMonths: organisations.minMembershipMonths,
  handoutInformation: organisations.handoutInformation,
  ...letterheadColumns,
}

type OrganisationRow = NonNullable<
  Awaited<ReturnType<typeof findOrganisation<typeof settingsColumns>>>
>

function letterheadOf(row: OrganisationRow): LetterheadRow {
  return {
    taxNumber: row.taxNumber,
    vatId: row.vatId,
    smallBusiness: row.smallBusiness,
    iban: row.iban,
    bic: row.bic,
    bankName: row.bankName,
    email: row.email,
    phone: row.phone,
    website: row.website,
    licenceNumber: row.licenceNumber,
    licenceAuthority: row.licenceAuthority,
    amgLicenceNumber: row.amgLicenceNumber,
    amgLicenceAuthority: row.amgLicenceAuthority,
    logoFileId: row.logoFileId,
    legalForm: row.legalForm,
    registerCourt: row.registerCourt,
    registerNumber: row.registerNumber,
    managers: row.managers,
    supervisoryBoardChair: row.supervisoryBoardChair,
    paymentReminderDays: row.paymentReminderDays,
  }
}

function settingsOf(
  row: OrganisationRow,
  access: Access,
  shopSettings: boolean,
): OrganisationSettings {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    letterhead: letterheadOf(row),
    editable: access.editable,
    shopSettings,
    profileEditable: access.editable || access.admin,
    categoryEditable: access.admin && row.category !== 'platform',
    minMembershipMonths: row.minMembershipMonths,
    handoutInformation: row.handoutInformation,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    activationEditable: access.admin && row.category !== 'platform',
  }
}

interface Access {
  /** The organisation's owner: letterhead, profile and shop. */
  editable: boolean
  /** The platform admin: profile, category and status of any organisation. */
  admin: boolean
}

/** Whether `actor` may read organisation `id`: its own users, and the platform admin. */
export function readAccess(actor: Actor, id: string): Access {
  const business = requireBusiness(actor)
  const admin = isPlatformAdmin(business)
  if (!admin && business.organisation.id !== id) throw new ForbiddenError()
  return { editable: business.organisation.id === id && business.user.role === 'owner', admin }
}

export async function getOrganisationSettings(
  actor: Actor,
  id: string,
  db: Database,
): Promise<OrganisationSettings> {
  const access = readAccess(actor, id)
  const row = await findOrganisation(db, id, settingsColumns)
  if (!row) throw new NotFoundError(organisationNotFoundMessage)
  const runsSite = row.category === 'pharmacy' || row.category === 'club'
  const [tenant] =
    access.editable && runsSite
      ? await db
          .select({ id: tenants.id })
          .from(tenants)
          .where(eq(tenants.organisationId, id))
          .limit(1)
      : []
  return settingsOf(row, access, tenant !== undefined)
}

/** The owner changes the letterhead; one audit row names the fields that changed. */
export async function updateLetterhead(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<OrganisationSettings> {
  const owner = requireRole(actor, 'owner')
  if (owner.organisation.id !== id) throw new ForbiddenError()
  const parsed = parseInput(letterheadSchema, input)
  return db.transaction(async (tx) => {
    const row = await findOrganisation(tx, id, settingsColumns, { lock: 'update' })
    if (!row) throw new NotFoundError(organisationNotFoundMessage)
    // A licence field the category does not have stays empty.
    const licence = licenceLabels[row.category]
    const letterhead = {
      ...parsed,
      licenceNumber: licence.licenceNumber ? parsed.licenceNumber : null,
      licenceAuthority: licence.licenceAuthority ? parsed.licenceAuthority : null,
      amgLicenceNumber: licence.amgLicenceNumber ? parsed.amgLicenceNumber : null,
      amgLicenceAuthority: licence.amgLicenceAuthority ? parsed.amgLicenceAuthority : null,
    }
    const before = letterheadOf(row)
    if (
      letterhead.logoFileId &&
      letterhead.logoFileId !== before.logoFileId &&
      !(await isStoredFileOf(tx, letterhead.logoFileId, {
        purpose: 'organisation_logo',
        organisationId: id,
      }))
    ) {
      throw new InvalidError({ logoFileId: logoNotFoundMessage })
    }
    // Compared as JSON: the managers are a list.
    const changed = (Object.keys(letterhead) as (keyof LetterheadRow)[]).filter(
      (field) => JSON.stringify(letterhead[field]) !== JSON.stringify(before[field]),
    )
    if (changed.length === 0) return getOrganisationSettings(actor, id, tx)
    await tx
      .update(organisations)
      .set({ ...letterhead, updatedAt: new Date() })
      .where(eq(organisations.id, id))
    await recordAudit(tx, {
      organisationId: id,
      actor: auditActorOf(actor),
      requestId: actor.requestId,
      action: organisationAudit.letterheadUpdated,
      entity: { type: organisationAudit.entityType, id },
      before: Object.fromEntries(changed.map((field) => [field, before[field]])),
      after: Object.fromEntries(changed.map((field) => [field, letterhead[field]])),
      personalFields: personalLetterheadFields,
    })
    return getOrganisationSettings(actor, id, tx)
  })
}

/**
 * A club's owner adapts the information given with every hand-out (§ 21 Abs. 3 KCanG), or resets
 * it to the template (`text: null`); the log keeps both texts, since a regulator may ask what
 * members were told when.
 */
export async function updateHandoutInformation(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<OrganisationSettings> {
  const owner = requireRole(actor, 'owner')
  if (owner.organisation.id !== id) throw new ForbiddenError()
  if (owner.organisation.category !== 'club') {
    throw new ForbiddenError('Die Information zur Abgabe gibt es nur für Anbauvereinigungen.')
  }
  const { text } = parseInput(handoutInformationSchema, input)
  return db.transaction(async (tx) => {
    const row = await findOrganisation(tx, id, settingsColumns, { lock: 'update' })
    if (!row) throw new NotFoundError(organisationNotFoundMessage)
    if (row.handoutInformation === text) return getOrganisationSettings(actor, id, tx)
    await tx
      .update(organisations)
      .set({ handoutInformation: text, updatedAt: new Date() })
      .where(eq(organisations.id, id))
    await recordAudit(tx, {
      organisationId: id,
      actor: auditActorOf(actor),
      requestId: actor.requestId,
      action: organisationAudit.handoutInformationUpdated,
      entity: { type: organisationAudit.entityType, id },
      before: { handoutInformation: row.handoutInformation },
      after: { handoutInformation: text },
    })
    return getOrganisationSettings(actor, id, tx)
  })
}

/**
 * Name, address and — for the platform admin alone — category. A category change moves what the
 * organisation may do everywhere (shop, stock rules, hand-outs), so it is the admin's decision.
 */
export async function updateOrganisationProfile(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<OrganisationSettings> {
  const access = readAccess(actor, id)
  if (!access.editable && !access.admin) throw new ForbiddenError()
  const profile = parseInput(organisationProfileSchema, input)
  return db.transaction(async (tx) => {
    const row = await findOrganisation(tx, id, settingsColumns, { lock: 'update' })
    if (!row) throw new NotFoundError(organisationNotFoundMessage)
    if (profile.category !== row.category && !(access.admin && row.category !== 'platform')) {
      throw new ForbiddenError('Die Art der Organisation ändert nur der Plattformbetrieb.')
    }
    const before = {
      name: row.name,
      category: row.category,
      street: row.street,
      postalCode: row.postalCode,
      city: row.city,
      minMembershipMonths: row.minMembershipMonths,
    }
    // Only a club has a minimum membership; absent means unchanged.
    const after = {
      ...profile,
      minMembershipMonths:
        profile.category === 'club'
          ? profile.minMembershipMonths === undefined
            ? row.minMembershipMonths
            : profile.minMembershipMonths
          : null,
    }
    const changed = (Object.keys(before) as (keyof typeof before)[]).filter(
      (field) => after[field] !== before[field],
    )
    if (changed.length > 0) {
      await tx
        .update(organisations)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(organisations.id, id))
      await recordAudit(tx, {
        organisationId: id,
        actor: auditActorOf(actor),
        requestId: actor.requestId,
        action: organisationAudit.profileUpdated,
        entity: { type: organisationAudit.entityType, id },
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, after[field]])),
      })
    }
    return getOrganisationSettings(actor, id, tx)
  })
}

/** How a wholesaler's and producer's permits are named on their delivery notes. */
const printedLicences: Partial<
  Record<OrganisationRow['category'], { medcang: string; amg: string }>
> = {
  wholesaler: {
    medcang: 'Erlaubnis nach § 4 MedCanG',
    amg: 'Großhandelserlaubnis nach § 52a AMG',
  },
  producer: { medcang: 'Erlaubnis nach § 4 MedCanG', amg: 'Herstellungserlaubnis nach § 13 AMG' },
}

function licencesOf(row: OrganisationRow): string[] {
  const labels = printedLicences[row.category]
  if (!labels) return []
  const line = (label: string, number: string | null, authority: string | null) =>
    number ? [`${label}: ${[number, authority].filter(Boolean).join(', ')}`] : []
  return [
    ...line(labels.medcang, row.licenceNumber, row.licenceAuthority),
    ...line(labels.amg, row.amgLicenceNumber, row.amgLicenceAuthority),
  ]
}

/**
 * The seller block of a document issued by organisation `id`, logo bytes included — for the
 * document services, inside their transaction, once they have authorised the actor — and whether
 * it is a small business (§ 19 UStG), which decides the VAT of its invoices.
 */
export async function documentSellerOf(
  executor: Executor,
  id: string,
): Promise<DocumentSeller & { smallBusiness: boolean }> {
  const row = await findOrganisation(executor, id, settingsColumns)
  if (!row) throw new NotFoundError(organisationNotFoundMessage)
  let logo: Uint8Array | null = null
  if (row.logoFileId) {
    const [file] = await executor
      .select({ data: storedFiles.data })
      .from(storedFiles)
      .where(eq(storedFiles.id, row.logoFileId))
    logo = file ? new Uint8Array(file.data) : null
  }
  return {
    name: row.name,
    address: {
      street: row.street ?? '',
      postalCode: row.postalCode ?? '',
      city: row.city ?? '',
      country: row.country,
    },
    taxNumber: row.taxNumber,
    vatId: row.vatId,
    iban: row.iban,
    bic: row.bic,
    bankName: row.bankName,
    email: row.email,
    phone: row.phone,
    website: row.website,
    legal: legalIdentityOf(row),
    logo,
    licences: licencesOf(row),
    smallBusiness: row.smallBusiness,
  }
}

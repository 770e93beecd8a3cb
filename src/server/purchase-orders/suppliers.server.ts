import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { isUuid } from '../../lib/ids'
import { supplierSchema } from '../../lib/purchase-order-schemas'
import {
  type PlatformSellerOption,
  type SupplierDetail,
  type SupplierList,
  type SupplierListSearch,
  type SupplierOption,
  supplierLicenceTypeLabels,
  supplierNotFoundMessage,
} from '../../lib/purchase-orders'
import type { Actor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database, Executor } from '../db/client.server'
import { organisations } from '../db/schema'
import { ConflictError, InvalidError, NotFoundError, parseInput } from '../errors.server'
import { listPage, searchCondition } from '../list-query.server'
import { findOrganisation } from '../organisations/organisation-lookup.server'
import {
  managingPurchaser,
  purchaserById,
  readablePurchaser,
  readScope,
  sellingCategories,
} from './purchase-order-access.server'
import { suppliers } from './purchase-orders.schema'

/**
 * An organisation's suppliers: selling organisations of the platform (their name and address
 * come from their own row) and external suppliers it keeps itself with address and licence.
 */

type SupplierRowType = typeof suppliers.$inferSelect

export const supplierAudit = {
  entityType: 'supplier',
  created: 'supplier.created',
  updated: 'supplier.updated',
  archived: 'supplier.archived',
  restored: 'supplier.restored',
} as const

/** The contact person's name, e-mail and phone are personal data: the log says only "changed". */
const personalSupplierFields = ['contactName', 'email', 'phone'] as const

const alreadyAddedMessage = 'Dieser Anbieter ist bereits einer deiner Lieferanten.'
const notASellerMessage = 'Bitte wähle einen Großhändler oder Hersteller auf Blattwerk.'
const kindFixedMessage = 'Die Art des Lieferanten lässt sich nicht ändern.'

/** The selling organisation a platform supplier names. */
export const supplierOrganisation = alias(organisations, 'supplier_organisation')

/** The name a supplier goes by: its own (external) or its organisation's (platform). */
export const supplierName = sql<string>`coalesce(${suppliers.name}, ${supplierOrganisation.name})`

const supplierColumns = {
  supplier: suppliers,
  organisationName: supplierOrganisation.name,
  organisationStreet: supplierOrganisation.street,
  organisationPostalCode: supplierOrganisation.postalCode,
  organisationCity: supplierOrganisation.city,
  organisationCountry: supplierOrganisation.country,
}

type JoinedSupplier = {
  supplier: SupplierRowType
  organisationName: string | null
  organisationStreet: string | null
  organisationPostalCode: string | null
  organisationCity: string | null
  organisationCountry: string | null
}

function detailOf(row: JoinedSupplier): SupplierDetail {
  const { supplier } = row
  const platform = supplier.kind === 'platform'
  return {
    id: supplier.id,
    kind: supplier.kind,
    supplierOrganisationId: supplier.supplierOrganisationId,
    name: (platform ? row.organisationName : supplier.name) ?? '',
    street: platform ? row.organisationStreet : supplier.street,
    postalCode: platform ? row.organisationPostalCode : supplier.postalCode,
    city: platform ? row.organisationCity : supplier.city,
    country: platform ? row.organisationCountry : supplier.country,
    licenceType: supplier.licenceType,
    licenceNumber: supplier.licenceNumber,
    licence:
      supplier.licenceType && supplier.licenceNumber
        ? `${supplierLicenceTypeLabels[supplier.licenceType]}: ${supplier.licenceNumber}`
        : null,
    contactName: supplier.contactName,
    email: supplier.email,
    phone: supplier.phone,
    archivedAt: supplier.archivedAt?.toISOString() ?? null,
    createdAt: supplier.createdAt.toISOString(),
  }
}

function selectSuppliers(db: Executor) {
  return db
    .select(supplierColumns)
    .from(suppliers)
    .leftJoin(supplierOrganisation, eq(supplierOrganisation.id, suppliers.supplierOrganisationId))
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

export async function listSuppliers(
  actor: Actor,
  query: SupplierListSearch,
  db: Database,
): Promise<SupplierList> {
  const owner = await readablePurchaser(actor, query.organisation, db)
  const select = selectSuppliers(db)
    .where(
      and(
        eq(suppliers.organisationId, owner.id),
        query.archived ? isNotNull(suppliers.archivedAt) : isNull(suppliers.archivedAt),
        query.kind && eq(suppliers.kind, query.kind),
        searchCondition(query.q, [
          supplierName,
          suppliers.city,
          supplierOrganisation.city,
          suppliers.licenceNumber,
        ]),
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: { name: supplierName, kind: suppliers.kind, createdAt: suppliers.createdAt },
    tiebreaker: suppliers.id,
  })
  return {
    ...page,
    owner,
    items: page.items.map((row) => {
      const detail = detailOf(row)
      return {
        id: detail.id,
        kind: detail.kind,
        name: detail.name,
        city: detail.city,
        licence: detail.licence,
        contactName: detail.contactName,
        archivedAt: detail.archivedAt,
        createdAt: detail.createdAt,
      }
    }),
  }
}

/** One supplier of the organisation; `organisationId` null only for the admin's read. */
async function findSupplier(
  executor: Executor,
  id: string,
  organisationId: string | null,
  { forUpdate = false } = {},
): Promise<JoinedSupplier | undefined> {
  if (!isUuid(id)) return undefined
  const select = selectSuppliers(executor).where(
    and(
      eq(suppliers.id, id),
      organisationId === null ? undefined : eq(suppliers.organisationId, organisationId),
    ),
  )
  const [row] = forUpdate ? await select.for('update', { of: suppliers }) : await select
  return row
}

export async function getSupplier(
  actor: Actor,
  id: string,
  db: Database,
): Promise<SupplierDetail & { owner: Awaited<ReturnType<typeof purchaserById>> }> {
  const { admin, business } = readScope(actor)
  const row = await findSupplier(db, id, admin ? null : business.organisation.id)
  if (!row) throw new NotFoundError(supplierNotFoundMessage)
  const owner = admin
    ? await purchaserById(db, row.supplier.organisationId, false)
    : await readablePurchaser(actor, undefined, db)
  return { ...detailOf(row), owner }
}

/** The wholesalers and producers of the platform the buyer may add (not itself). */
export async function listPlatformSellers(
  actor: Actor,
  db: Database,
): Promise<PlatformSellerOption[]> {
  const { owner } = managingPurchaser(actor)
  const rows = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      city: organisations.city,
      supplierId: suppliers.id,
    })
    .from(organisations)
    .leftJoin(
      suppliers,
      and(
        eq(suppliers.supplierOrganisationId, organisations.id),
        eq(suppliers.organisationId, owner.id),
      ),
    )
    .where(and(inArray(organisations.category, sellingCategories), ne(organisations.id, owner.id)))
    .orderBy(asc(organisations.name), asc(organisations.id))
  return rows.map(({ supplierId, ...row }) => ({ ...row, added: supplierId !== null }))
}

/** The suppliers a purchase order may name: the organisation's, not archived. */
export async function listSupplierOptions(actor: Actor, db: Database): Promise<SupplierOption[]> {
  const { owner } = managingPurchaser(actor)
  const rows = await db
    .select({ id: suppliers.id, name: supplierName, kind: suppliers.kind })
    .from(suppliers)
    .leftJoin(supplierOrganisation, eq(supplierOrganisation.id, suppliers.supplierOrganisationId))
    .where(and(eq(suppliers.organisationId, owner.id), isNull(suppliers.archivedAt)))
    .orderBy(asc(supplierName), asc(suppliers.id))
  return rows
}

// ─── Changing ────────────────────────────────────────────────────────────────────────────────

/** The business fields the audit log records (personal ones only as "changed"). */
const auditedSupplierFields = (supplier: SupplierRowType): Record<string, unknown> => ({
  kind: supplier.kind,
  supplierOrganisationId: supplier.supplierOrganisationId,
  name: supplier.name,
  street: supplier.street,
  postalCode: supplier.postalCode,
  city: supplier.city,
  country: supplier.country,
  licenceType: supplier.licenceType,
  licenceNumber: supplier.licenceNumber,
  contactName: supplier.contactName,
  email: supplier.email,
  phone: supplier.phone,
  archived: supplier.archivedAt !== null,
})

async function auditSupplier(
  tx: Executor,
  actor: Actor,
  action: string,
  before: SupplierRowType | null,
  after: SupplierRowType,
) {
  await recordAudit(tx, {
    organisationId: after.organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action,
    entity: { type: supplierAudit.entityType, id: after.id },
    before: before && auditedSupplierFields(before),
    after: auditedSupplierFields(after),
    personalFields: personalSupplierFields,
  })
}

/** Adds a platform seller or an external supplier; a platform seller is added once (409). */
export async function createSupplier(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<{ id: string }> {
  const { owner, business } = managingPurchaser(actor)
  const request = parseInput(supplierSchema, input)
  return db.transaction(async (tx) => {
    if (request.kind === 'platform') {
      const seller = await findOrganisation(tx, request.supplierOrganisationId, {
        category: organisations.category,
      })
      if (
        !seller ||
        !sellingCategories.includes(seller.category) ||
        request.supplierOrganisationId === owner.id
      ) {
        throw new InvalidError({ supplierOrganisationId: notASellerMessage })
      }
    }
    const [supplier] = await tx
      .insert(suppliers)
      .values({ ...request, organisationId: owner.id, createdBy: business.user.id })
      .onConflictDoNothing()
      .returning()
    if (!supplier) {
      throw new ConflictError(alreadyAddedMessage, { supplierOrganisationId: alreadyAddedMessage })
    }
    await auditSupplier(tx, actor, supplierAudit.created, null, supplier)
    return { id: supplier.id }
  })
}

async function lockedSupplier(tx: Executor, organisationId: string, id: string) {
  const row = await findSupplier(tx, id, organisationId, { forUpdate: true })
  if (!row) throw new NotFoundError(supplierNotFoundMessage)
  return row.supplier
}

async function changeSupplier(
  tx: Executor,
  actor: Actor,
  current: SupplierRowType,
  action: string,
  changes: Partial<SupplierRowType>,
) {
  const [updated] = await tx
    .update(suppliers)
    .set(changes)
    .where(and(eq(suppliers.id, current.id), eq(suppliers.organisationId, current.organisationId)))
    .returning()
  if (!updated) throw new NotFoundError(supplierNotFoundMessage)
  await auditSupplier(tx, actor, action, current, updated)
  return { id: updated.id }
}

/** Changes an external supplier's data; a platform supplier's come from its organisation. */
export async function updateSupplier(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<{ id: string }> {
  const { owner } = managingPurchaser(actor)
  const request = parseInput(supplierSchema, input)
  return db.transaction(async (tx) => {
    const current = await lockedSupplier(tx, owner.id, id)
    if (request.kind !== 'external' || current.kind !== 'external') {
      throw new ConflictError(kindFixedMessage)
    }
    const { kind: _kind, ...changes } = request
    return changeSupplier(tx, actor, current, supplierAudit.updated, changes)
  })
}

/** Archives a supplier: no new purchase orders; the old ones keep naming it. */
export async function archiveSupplier(
  actor: Actor,
  id: string,
  db: Database,
): Promise<{ id: string }> {
  const { owner } = managingPurchaser(actor)
  return db.transaction(async (tx) => {
    const current = await lockedSupplier(tx, owner.id, id)
    if (current.archivedAt) throw new ConflictError('Der Lieferant ist bereits archiviert.')
    return changeSupplier(tx, actor, current, supplierAudit.archived, { archivedAt: new Date() })
  })
}

export async function restoreSupplier(
  actor: Actor,
  id: string,
  db: Database,
): Promise<{ id: string }> {
  const { owner } = managingPurchaser(actor)
  return db.transaction(async (tx) => {
    const current = await lockedSupplier(tx, owner.id, id)
    if (!current.archivedAt) throw new ConflictError('Der Lieferant ist nicht archiviert.')
    return changeSupplier(tx, actor, current, supplierAudit.restored, { archivedAt: null })
  })
}

import { createHash } from 'node:crypto'
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm'
import { auditEvents } from '../audit/audit.schema'
import { type AuditActor, type AuditEntry, auditRow } from '../audit/audit.server'
import { customerNotes, customers } from '../customers/customers.schema'
import { auditedFields, customerAudit, personalCustomerFields } from '../customers/customers.server'
import { organisationInvitations } from '../organisations/team.schema'
import { teamAudit } from '../organisations/team.server'
import {
  auditedListingFields,
  organisationProductAudit,
} from '../products/organisation-products.server'
import { auditedProductFields, masterProductAudit } from '../products/product-facts.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches, stockMovements } from '../stock/stock.schema'
import { batchAudit } from '../stock/stock-receipts.server'
import type { Database } from './client.server'
import { organisations, tenants, users } from './schema'

/**
 * The audit history of the demo data (issue 13: "the audit log holds the demo history of all
 * earlier areas"). Organisations, the product catalogue, listings, customers, stock and the team
 * are seeded as rows, not through their services, so nothing recorded how they came about; this
 * writes what the services would have recorded, spread over the weeks before the seed, in one
 * statement. Orders, purchase orders and documents are seeded through their services and have
 * their own rows already.
 *
 * Only demo rows (the `00000000-0000-4000-8000-…` ids) get a history, built with the services'
 * own field lists (personal values only as "changed", ADR 007). Every row has an id derived from
 * what it records; the history is written once, so a second seed adds nothing.
 */

export interface DemoAuditOwners {
  platform: string
  pharmacy: string
  club: string
  wholesaler: string
  marketPharmacy: string
  userAdmin: string
  userPharmacyOwner: string
  userPharmacyStaff: string
  userClubOwner: string
  userWholesalerOwner: string
  userMarketPharmacyOwner: string
  shopCustomer: string
}

const demoIdPattern = '00000000-0000-4000-8000-%'
const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

/** A fixed id per recorded fact: the same on every seed, unlike any random one. */
function demoAuditId(key: string): string {
  const hex = createHash('sha256').update(`demo-audit:${key}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

interface HistoryEvent extends Omit<AuditEntry, 'requestId'> {
  key: string
  at: Date
}

const user = (id: string): AuditActor => ({ kind: 'business_user', id })

export async function seedDemoAuditHistory(
  db: Database,
  ids: DemoAuditOwners,
  now = new Date(),
): Promise<void> {
  // Written once: a later seed of a database in use would otherwise record, as demo history,
  // the changes people have made since (through services that logged them already).
  const [written] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(eq(auditEvents.id, demoAuditId(`organisation.created:${ids.pharmacy}`)))
  if (written) return

  const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * day + minutes * minute)
  const events: HistoryEvent[] = []
  const ownerOf: Record<string, string> = {
    [ids.pharmacy]: ids.userPharmacyOwner,
    [ids.club]: ids.userClubOwner,
    [ids.wholesaler]: ids.userWholesalerOwner,
    [ids.marketPharmacy]: ids.userMarketPharmacyOwner,
  }
  /** When each organisation joined the platform, in days before the seed. */
  const joined: Record<string, number> = {
    [ids.wholesaler]: 130,
    [ids.pharmacy]: 126,
    [ids.club]: 118,
    [ids.marketPharmacy]: 84,
  }
  const isDemo = (column: Parameters<typeof like>[0]) => like(sql`${column}::text`, demoIdPattern)

  // The platform admin sets up the organisations, then the catalogue.
  const demoOrganisations = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      category: organisations.category,
      tenantSlug: tenants.slug,
    })
    .from(organisations)
    .leftJoin(tenants, eq(tenants.organisationId, organisations.id))
    .where(inArray(organisations.id, Object.keys(joined)))
  for (const organisation of demoOrganisations) {
    events.push({
      key: `organisation.created:${organisation.id}`,
      at: ago(joined[organisation.id] as number),
      organisationId: organisation.id,
      actor: user(ids.userAdmin),
      action: 'organisation.created',
      entity: { type: 'organisation', id: organisation.id },
      after: {
        name: organisation.name,
        category: organisation.category,
        tenantSlug: organisation.tenantSlug,
      },
    })
  }

  const productRows = await db
    .select()
    .from(products)
    .where(isDemo(products.id))
    .orderBy(asc(products.id))
  const productsById = new Map(productRows.map((row) => [row.id, row]))
  productRows
    .filter((row) => row.organisationId === null)
    .forEach((row, index) => {
      events.push({
        key: `master_product.created:${row.id}`,
        // One afternoon's import, a row every few seconds.
        at: ago(135, index / 12),
        organisationId: null,
        actor: user(ids.userAdmin),
        action: masterProductAudit.created,
        entity: { type: masterProductAudit.entityType, id: row.id },
        after: auditedProductFields(row),
      })
    })

  // Each organisation takes over its products in its first weeks; a few prices change later.
  const listings = await db
    .select()
    .from(organisationProducts)
    .where(isDemo(organisationProducts.id))
    .orderBy(asc(organisationProducts.id))
  listings.forEach((listing, index) => {
    const product = productsById.get(listing.productId)
    const since = joined[listing.organisationId]
    if (!product || since === undefined) return
    const actor = user(listing.createdBy ?? (ownerOf[listing.organisationId] as string))
    const current = auditedListingFields(listing, product)
    const created = ago(since - 2 - (index % 9), index * 7)
    // Every seventh listing was first offered at another price.
    const repriced = index % 7 === 3
    const firstPrice = Math.round((listing.priceCents * 1.08) / 10) * 10
    events.push({
      key: `organisation_product.created:${listing.id}`,
      at: created,
      organisationId: listing.organisationId,
      actor,
      action: organisationProductAudit.created,
      entity: { type: organisationProductAudit.entityType, id: listing.id },
      after: {
        ...current,
        archived: false,
        ...(repriced && { priceCents: firstPrice }),
      },
    })
    if (repriced) {
      events.push({
        key: `organisation_product.updated:${listing.id}`,
        at: ago(20 - (index % 15), index * 3),
        organisationId: listing.organisationId,
        actor,
        action: organisationProductAudit.updated,
        entity: { type: organisationProductAudit.entityType, id: listing.id },
        before: { ...current, archived: false, priceCents: firstPrice },
        after: { ...current, archived: false },
      })
    }
    if (listing.archivedAt) {
      events.push({
        key: `organisation_product.archived:${listing.id}`,
        // After any change of its price (6 to 20 days ago).
        at: ago(4, index * 5),
        organisationId: listing.organisationId,
        actor,
        action: organisationProductAudit.archived,
        entity: { type: organisationProductAudit.entityType, id: listing.id },
        before: { ...current, archived: false },
        after: current,
      })
    }
  })

  // Customers and members, entered over the weeks; the notes when they were written.
  const customerRows = await db
    .select()
    .from(customers)
    .where(isDemo(customers.id))
    .orderBy(asc(customers.id))
  customerRows.forEach((customer, index) => {
    const since = joined[customer.organisationId]
    if (since === undefined) return
    const actor = user(customer.createdBy ?? (ownerOf[customer.organisationId] as string))
    const entity = { type: customerAudit.entityType, id: customer.id }
    const asCreated = { ...customer, deactivatedAt: null, anonymisedAt: null, revision: 1 }
    events.push({
      key: `customer.created:${customer.id}`,
      at: ago(Math.max(3, since - 5 - ((index * 11) % (since - 8))), index * 13),
      organisationId: customer.organisationId,
      actor,
      action: customerAudit.created,
      entity,
      after: auditedFields(asCreated),
      personalFields: personalCustomerFields,
    })
    if (customer.deactivatedAt) {
      events.push({
        key: `customer.deactivated:${customer.id}`,
        at: ago(2, index),
        organisationId: customer.organisationId,
        actor: user(ownerOf[customer.organisationId] as string),
        action: customerAudit.deactivated,
        entity,
        before: auditedFields(asCreated),
        after: auditedFields({ ...asCreated, deactivatedAt: customer.deactivatedAt, revision: 2 }),
        personalFields: personalCustomerFields,
      })
    }
  })
  const notes = await db
    .select()
    .from(customerNotes)
    .where(isDemo(customerNotes.id))
    .orderBy(asc(customerNotes.id))
  for (const note of notes) {
    events.push({
      key: `customer.note_added:${note.id}`,
      at: note.createdAt,
      organisationId: note.organisationId,
      actor: user(note.createdBy ?? (ownerOf[note.organisationId] as string)),
      action: customerAudit.noteAdded,
      entity: { type: customerAudit.entityType, id: note.customerId },
      after: { noteId: note.id, note: note.body },
      personalFields: ['note'],
    })
  }

  // Stock: each demo batch's receipt, release or block, and its corrections, when they happened.
  const batchRows = await db
    .select()
    .from(batches)
    .where(isDemo(batches.id))
    .orderBy(asc(batches.id))
  const corrections = await db
    .select()
    .from(stockMovements)
    .where(and(isDemo(stockMovements.batchId), eq(stockMovements.kind, 'correction')))
  for (const batch of batchRows) {
    const entity = { type: batchAudit.entityType, id: batch.id }
    const receivedBy = batch.createdBy ?? (ownerOf[batch.organisationId] as string)
    const actor = user(receivedBy)
    const correction = corrections.find((movement) => movement.batchId === batch.id)
    const received = batch.balance - (correction?.quantity ?? 0)
    const facts = (status: string, balance: number) => ({
      batchNumber: batch.batchNumber,
      status,
      balance,
      testNumber: status === 'quarantine' ? null : batch.testNumber,
      blockedReason: null,
    })
    events.push({
      key: `batch.received:${batch.id}`,
      at: batch.createdAt,
      organisationId: batch.organisationId,
      actor,
      action: batchAudit.received,
      entity,
      after: {
        batchNumber: batch.batchNumber,
        quantity: received,
        balance: received,
        status: 'quarantine',
        expiryDate: batch.expiryDate,
        origin: batch.origin,
        source: null,
        newBatch: true,
      },
    })
    if (batch.releasedAt) {
      events.push({
        key: `batch.released:${batch.id}`,
        at: batch.releasedAt,
        organisationId: batch.organisationId,
        actor: user(batch.releasedBy ?? receivedBy),
        action: batchAudit.released,
        entity,
        before: facts('quarantine', received),
        after: facts('released', received),
      })
    }
    if (correction) {
      const status = batch.releasedAt ? 'released' : 'quarantine'
      events.push({
        key: `batch.corrected:${correction.id}`,
        at: correction.createdAt,
        organisationId: batch.organisationId,
        actor: user(correction.actorId ?? receivedBy),
        action: batchAudit.corrected,
        entity,
        before: facts(status, received),
        after: {
          ...facts(status, batch.balance),
          quantity: correction.quantity,
          reason: correction.reason,
        },
      })
    }
    if (batch.blockedAt) {
      events.push({
        key: `batch.blocked:${batch.id}`,
        at: batch.blockedAt,
        organisationId: batch.organisationId,
        actor: user(batch.blockedBy ?? receivedBy),
        action: batchAudit.blocked,
        entity,
        before: facts('released', batch.balance),
        after: {
          ...facts('released', batch.balance),
          status: 'blocked',
          blockedReason: batch.blockedReason,
        },
      })
    }
  }

  // The team: the open and the expired invitation, the clerk Nordhanf let go.
  const invitations = await db
    .select()
    .from(organisationInvitations)
    .where(isDemo(organisationInvitations.id))
  for (const invitation of invitations) {
    events.push({
      key: `invitation.sent:${invitation.id}`,
      at: invitation.createdAt,
      organisationId: invitation.organisationId,
      actor: user(invitation.invitedBy ?? (ownerOf[invitation.organisationId] as string)),
      action: teamAudit.invited,
      entity: { type: teamAudit.invitationEntity, id: invitation.id },
      after: { email: invitation.email, role: invitation.role },
      personalFields: ['email'],
    })
  }
  const formerStaff = await db
    .select({ id: users.id, organisationId: users.organisationId })
    .from(users)
    .where(and(isDemo(users.id), eq(users.active, false)))
  for (const member of formerStaff) {
    events.push({
      key: `member.deactivated:${member.id}`,
      at: ago(21, 95),
      organisationId: member.organisationId,
      actor: user(ownerOf[member.organisationId] ?? ids.userAdmin),
      action: teamAudit.deactivated,
      entity: { type: teamAudit.memberEntity, id: member.id },
      before: { active: true },
      after: { active: false },
    })
  }

  // Logins of the last four weeks: most people every few days, in the morning.
  const logins: [string, string, string, number][] = [
    [ids.userAdmin, ids.platform, 'admin', 2],
    [ids.userPharmacyOwner, ids.pharmacy, 'owner', 2],
    [ids.userPharmacyStaff, ids.pharmacy, 'staff', 1],
    [ids.userWholesalerOwner, ids.wholesaler, 'owner', 3],
    [ids.userClubOwner, ids.club, 'owner', 4],
    [ids.userMarketPharmacyOwner, ids.marketPharmacy, 'owner', 5],
  ]
  logins.forEach(([userId, organisationId, role, every], person) => {
    for (let days = 1; days <= 28; days++) {
      if ((days + person) % every !== 0) continue
      const key = `auth.login:${userId}:${days}`
      events.push({
        key,
        at: ago(days, -16 * 60 + 7 * 60 + person * 23 + (days % 5) * 11),
        organisationId,
        actor: user(userId),
        action: 'auth.login',
        entity: { type: 'session', id: demoAuditId(`session:${key}`) },
        after: { accountType: 'b2b', role },
      })
    }
  })
  for (const days of [26, 19, 12, 5]) {
    const key = `auth.login:${ids.shopCustomer}:${days}`
    events.push({
      key,
      at: ago(days, 19 * 60),
      organisationId: ids.pharmacy,
      actor: { kind: 'shop_user', id: ids.shopCustomer },
      action: 'auth.login',
      entity: { type: 'session', id: demoAuditId(`session:${key}`) },
      after: { accountType: 'b2c' },
    })
  }

  const rows = events
    .filter((event) => event.at.getTime() < now.getTime())
    .map(({ key, at, ...entry }) => ({
      ...auditRow({ ...entry, requestId: null }),
      id: demoAuditId(key),
      createdAt: at,
    }))
  // One statement for the whole history today (a thousand rows stay well below PostgreSQL's
  // 65,535 parameters per statement), in one transaction however many it takes.
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 1000) {
      await tx
        .insert(auditEvents)
        .values(rows.slice(start, start + 1000))
        .onConflictDoNothing({ target: auditEvents.id })
    }
  })
}

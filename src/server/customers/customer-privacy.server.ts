import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { anonymiseCustomerSchema } from '../../lib/customer-schemas'
import { anonymisedName, type CustomerExport } from '../../lib/customers'
import { handoutRetentionFrom, memberRestrictedMessage } from '../../lib/handout-retention'
import { type Actor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { berlinYear } from '../counters/counters.server'
import {
  customerOrderItems,
  customerOrderPrescriptions,
  customerOrders,
} from '../customer-orders/customer-orders.schema'
import type { Database, Executor } from '../db/client.server'
import { organisations } from '../db/schema'
import { ConflictError, NotFoundError, parseInput } from '../errors.server'
import { handouts } from '../handouts/handouts.schema'
import { customerNotes, customers } from './customers.schema'
import {
  type CustomerRowType,
  changeCustomer,
  customerAudit,
  customerNotFoundMessage,
  fieldsOf,
  findCustomer,
  openOrderNumbers,
  shopAccountOf,
  staleCustomerMessage,
} from './customers.server'
import { customerKeeper } from './customers-access.server'

/**
 * The customer's rights under the DSGVO: everything stored about them (Art. 15, 20: with a
 * member's hand-out records) and
 * anonymisation (Art. 17) — personal fields replaced, notes deleted, shop link removed, while
 * orders, invoices and hand-out records stay whole under the anonymised name, as commercial and
 * pharmacy law requires them to be kept.
 */

export async function exportCustomer(
  actor: Actor,
  id: string,
  db: Database,
): Promise<CustomerExport> {
  const { owner } = customerKeeper(actor)
  const row = await findCustomer(db, owner.id, id)
  if (!row) throw new NotFoundError(customerNotFoundMessage)
  const [controller] = await db
    .select({
      name: organisations.name,
      street: organisations.street,
      postalCode: organisations.postalCode,
      city: organisations.city,
    })
    .from(organisations)
    .where(eq(organisations.id, owner.id))
  const notes = await db
    .select({ body: customerNotes.body, createdAt: customerNotes.createdAt })
    .from(customerNotes)
    .where(and(eq(customerNotes.customerId, row.id), eq(customerNotes.organisationId, owner.id)))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
  const orders = await db
    .select()
    .from(customerOrders)
    .where(and(eq(customerOrders.customerId, row.id), eq(customerOrders.organisationId, owner.id)))
    .orderBy(desc(customerOrders.createdAt), desc(customerOrders.id))
  const orderIds = orders.map((order) => order.id)
  const items = orderIds.length
    ? await db
        .select()
        .from(customerOrderItems)
        .where(
          and(
            inArray(customerOrderItems.orderId, orderIds),
            eq(customerOrderItems.organisationId, owner.id),
          ),
        )
        .orderBy(asc(customerOrderItems.orderId), asc(customerOrderItems.position))
    : []
  const prescriptions = orderIds.length
    ? await db
        .select()
        .from(customerOrderPrescriptions)
        .where(
          and(
            inArray(customerOrderPrescriptions.orderId, orderIds),
            eq(customerOrderPrescriptions.organisationId, owner.id),
          ),
        )
    : []
  const records = await db
    .select()
    .from(handouts)
    .where(and(eq(handouts.customerId, row.id), eq(handouts.organisationId, owner.id)))
    .orderBy(desc(handouts.handedOutAt), desc(handouts.id))
  const shopAccount = await shopAccountOf(db, row.shopUserId)
  await recordAudit(db, {
    organisationId: owner.id,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action: customerAudit.exported,
    entity: { type: customerAudit.entityType, id: row.id },
  })
  return {
    exportedAt: new Date().toISOString(),
    controller: controller ?? { name: owner.name, street: null, postalCode: null, city: null },
    customer: {
      ...fieldsOf(row),
      id: row.id,
      number: row.number,
      active: row.deactivatedAt === null,
      deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
      anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    shopAccount: shopAccount && {
      email: shopAccount.email,
      name: shopAccount.name,
      shopName: shopAccount.shopName,
    },
    notes: notes.map((note) => ({ body: note.body, createdAt: note.createdAt.toISOString() })),
    orders: orders.map((order) => {
      const prescription = prescriptions.find((entry) => entry.orderId === order.id)
      return {
        id: order.id,
        number: order.number,
        createdAt: order.createdAt.toISOString(),
        status: order.status,
        paymentStatus: order.paymentStatus,
        channel: order.channel,
        deliveryMethod: order.deliveryMethod,
        deliveryName: order.deliveryName,
        deliveryStreet: order.deliveryStreet,
        deliveryPostalCode: order.deliveryPostalCode,
        deliveryCity: order.deliveryCity,
        deliveryCountry: order.deliveryCountry,
        note: order.note,
        netCents: order.netCents,
        vatCents: order.vatCents,
        grossCents: order.grossCents,
        copaymentCents: order.copaymentCents,
        insurerCents: order.insurerCents,
        items: items
          .filter((item) => item.orderId === order.id)
          .map((item) => ({
            position: item.position,
            name: item.name,
            pzn: item.pzn,
            quantity: item.quantity,
            salesUnit: item.salesUnit,
            unitPriceCents: item.unitPriceCents,
            vatRate: item.vatRate,
            copaymentCents: item.copaymentCents,
          })),
        prescription: prescription
          ? {
              payer: prescription.payer,
              form: prescription.form,
              prescriberName: prescription.prescriberName,
              issuedOn: prescription.issuedOn,
              dosage: prescription.dosage,
              insurerName: prescription.insurerName,
              insuranceNumber: prescription.insuranceNumber,
            }
          : null,
      }
    }),
    handouts: records.map((record) => ({
      number: record.number,
      handedOutAt: record.handedOutAt.toISOString(),
      productName: record.productName,
      batchNumber: record.batchNumber,
      quantity: record.quantity,
      packUnit: record.packUnit,
      thcContent: record.thcContent,
      cbdContent: record.cbdContent,
      cannabinoidUnit: record.cannabinoidUnit,
      cancelledAt: record.cancelledAt?.toISOString() ?? null,
    })),
  }
}

/**
 * Replaces the customer's personal fields (names by "Anonymisiert"), deletes the notes and the
 * shop link and deactivates the customer. Only the owner decides; refused while an order is open
 * (it still needs name and address). Orders and their items stay as they are. A club member whose
 * hand-out records must still be kept is restricted instead (`restricted: true`), see below.
 */
export async function anonymiseCustomer(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<{ id: string; restricted: boolean }> {
  const { owner } = customerKeeper(actor)
  requireRole(actor, 'owner')
  const { revision } = parseInput(anonymiseCustomerSchema, input)
  return db.transaction(async (tx) => {
    const current = await findCustomer(tx, owner.id, id, { forUpdate: true })
    if (!current) throw new NotFoundError(customerNotFoundMessage)
    if (current.anonymisedAt) throw new ConflictError('Der Kunde ist bereits anonymisiert.')
    if (current.restrictedAt) throw new ConflictError(memberRestrictedMessage)
    if (current.revision !== revision) throw new ConflictError(staleCustomerMessage)
    // The customer row is locked: an order service that locks it too (FOR SHARE) when it creates
    // or reopens an order for this customer cannot open one between this check and the commit.
    const open = await openOrderNumbers(tx, owner.id, current.id)
    if (open.length > 0) {
      throw new ConflictError(
        `Der Kunde hat noch offene Bestellungen (${open.join(', ')}). Schließen Sie diese ab oder stornieren Sie sie, dann lässt er sich anonymisieren.`,
      )
    }
    if (await hasKeptHandoutRecords(tx, current)) {
      await restrictLockedMember(tx, actor, current)
      return { id: current.id, restricted: true }
    }
    await anonymiseLockedCustomer(tx, actor, current)
    return { id: current.id, restricted: false }
  })
}

/**
 * The anonymisation itself, of a customer the caller has locked and checked (no open orders) in
 * its transaction: the owner's action above, or a shop customer deleting their account.
 */
export async function anonymiseLockedCustomer(
  tx: Executor,
  actor: Actor,
  current: CustomerRowType,
): Promise<void> {
  const notes = await tx
    .delete(customerNotes)
    .where(
      and(
        eq(customerNotes.customerId, current.id),
        eq(customerNotes.organisationId, current.organisationId),
      ),
    )
    .returning({ id: customerNotes.id })
  const now = new Date()
  const person = current.kind !== 'business'
  await changeCustomer(
    tx,
    actor,
    current,
    customerAudit.anonymised,
    {
      firstName: null,
      lastName: person ? anonymisedName : null,
      companyName: person ? null : anonymisedName,
      birthDate: null,
      contactPerson: null,
      vatId: null,
      licenceType: null,
      licenceNumber: null,
      licenceAuthority: null,
      licenceValidUntil: null,
      medcanPermitNumber: null,
      eInvoiceAddress: null,
      street: null,
      postalCode: null,
      city: null,
      email: null,
      phone: null,
      payerKind: null,
      insurerName: null,
      insuranceNumber: null,
      copaymentExempt: false,
      membershipNumber: null,
      joinedOn: null,
      idCheckedOn: null,
      leftOn: null,
      // The declarations' days and recorders stay: the club keeps them (§ 16 Abs. 3 KCanG: three years).
      teamUserId: null,
      shopUserId: null,
      deactivatedAt: current.deactivatedAt ?? now,
      anonymisedAt: now,
    },
    { after: { notesDeleted: notes.length } },
  )
}

// ─── Clubs: hand-out records outlive the request (§ 26 KCanG) ──────────────────────────────────

/**
 * For a where clause: the customer (a row of `customers` in the query) has a hand-out record still within the
 * keeping period in the Berlin year of `now`. Cancelled records count: they are records too.
 */
export const keepsHandoutRecords = (now: Date): SQL =>
  sql`exists (select 1 from ${handouts} where ${handouts.customerId} = ${customers.id} and ${handouts.handedOutOn} >= ${handoutRetentionFrom(berlinYear(now))}::date)`

async function hasKeptHandoutRecords(tx: Executor, current: CustomerRowType): Promise<boolean> {
  if (current.kind !== 'member') return false
  // In a where clause: drizzle qualifies the columns there, not in a single table's select list.
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, current.id), keepsHandoutRecords(new Date())))
  return rows.length > 0
}

/**
 * Instead of the anonymisation, while the member's hand-out records must be kept: deactivated
 * and marked restricted, so no hand-out, list or search reaches them, while the records keep
 * naming them for the authority. The member retention job anonymises them when the period ends.
 */
async function restrictLockedMember(
  tx: Executor,
  actor: Actor,
  current: CustomerRowType,
): Promise<void> {
  const now = new Date()
  await changeCustomer(tx, actor, current, customerAudit.restricted, {
    deactivatedAt: current.deactivatedAt ?? now,
    restrictedAt: now,
  })
}

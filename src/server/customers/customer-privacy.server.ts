import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { anonymiseCustomerSchema } from '../../lib/customer-schemas'
import { anonymisedName, type CustomerExport } from '../../lib/customers'
import { berlinIsoDate } from '../../lib/format'
import { handoutRecordRetentionYears } from '../../lib/handout-retention'
import {
  invoiceRetentionYears,
  pharmacyRecordMinimumYears,
  pharmacyRecordYearsPastExpiry,
  restrictedMessageFor,
  tradeLetterRetentionYears,
  unusedPrescriptionRetentionDays,
} from '../../lib/record-retention'
import { type Actor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import {
  customerOrderEvidence,
  customerOrderItems,
  customerOrderPrescriptions,
  customerOrders,
  customerOrderWithdrawals,
} from '../customer-orders/customer-orders.schema'
import type { Database, Executor } from '../db/client.server'
import { organisations, storedFiles } from '../db/schema'
import { documents } from '../documents/documents.schema'
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
 * The owner's erasure (Art. 17 DSGVO): replaces the customer's personal fields (names by
 * "Anonymisiert"), deletes the notes, the shop link and what the orders hold about the person,
 * and deactivates the customer. Only the owner decides; refused while an order is open (it still
 * needs name and address). While records about the customer must still be kept (invoices,
 * pharmacy or club records, `keepsRecords`), the customer is restricted instead
 * (`restricted: true`, Art. 18 DSGVO) and the retention job anonymises them when the last period ends.
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
    if (current.restrictedAt) throw new ConflictError(restrictedMessageFor(current.kind))
    if (current.revision !== revision) throw new ConflictError(staleCustomerMessage)
    // The customer row is locked: an order service that locks it too (FOR SHARE) when it creates
    // or reopens an order for this customer cannot open one between this check and the commit.
    const open = await openOrderNumbers(tx, owner.id, current.id)
    if (open.length > 0) {
      throw new ConflictError(
        `Der Kunde hat noch offene Bestellungen (${open.join(', ')}). Schließe sie ab oder storniere sie, dann lässt er sich anonymisieren.`,
      )
    }
    const restricted = await eraseLockedCustomer(tx, actor, current)
    return { id: current.id, restricted }
  })
}

/**
 * An erasure request for a customer the caller has locked and checked (no open orders) in its
 * transaction — the owner's action above, or a shop customer deleting their account: restricted
 * while records about them must be kept, else anonymised. Answers whether it restricted.
 */
export async function eraseLockedCustomer(
  tx: Executor,
  actor: Actor,
  current: CustomerRowType,
  now = new Date(),
): Promise<boolean> {
  if (current.restrictedAt) return true
  if (await hasKeptRecords(tx, current, now)) {
    await restrictLockedCustomer(tx, actor, current, now)
    return true
  }
  await anonymiseLockedCustomer(tx, actor, current, now)
  return false
}

/**
 * The anonymisation itself, of a customer the caller has locked and checked, once no record
 * about them needs keeping: the customer's fields, the notes, and on the orders the delivery and
 * billing names and addresses and the prescriptions' health data with their scans.
 */
export async function anonymiseLockedCustomer(
  tx: Executor,
  actor: Actor,
  current: CustomerRowType,
  now = new Date(),
): Promise<void> {
  const notes = await deleteNotes(tx, current)
  const orders = await eraseOrdersOf(tx, current)
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
    { after: { notesDeleted: notes, ...orders } },
  )
}

async function deleteNotes(tx: Executor, current: CustomerRowType): Promise<number> {
  const rows = await tx
    .delete(customerNotes)
    .where(
      and(
        eq(customerNotes.customerId, current.id),
        eq(customerNotes.organisationId, current.organisationId),
      ),
    )
    .returning({ id: customerNotes.id })
  return rows.length
}

/** The orders' copies of the person: delivery and billing names and addresses, and prescriptions. */
async function eraseOrdersOf(
  tx: Executor,
  current: CustomerRowType,
): Promise<{ ordersErased: number; prescriptionsErased: number; withdrawalsErased: number }> {
  const orders = await tx
    .update(customerOrders)
    .set({
      deliveryName: null,
      deliveryStreet: null,
      deliveryPostalCode: null,
      deliveryCity: null,
      billingName: null,
      billingStreet: null,
      billingPostalCode: null,
      billingCity: null,
      note: null,
    })
    .where(
      and(
        eq(customerOrders.customerId, current.id),
        eq(customerOrders.organisationId, current.organisationId),
      ),
    )
    .returning({ id: customerOrders.id })
  const orderIds = orders.map((order) => order.id)
  const prescriptionsErased = await erasePrescriptionsOf(tx, orderIds)
  // The withdrawal declarations name the declarant too; their six years have ended by now
  // (`recordsFreeFrom` counts them), what stays is when and which lines.
  const withdrawals =
    orderIds.length > 0
      ? await tx
          .update(customerOrderWithdrawals)
          .set({ name: anonymisedName, email: null })
          .where(inArray(customerOrderWithdrawals.orderId, orderIds))
          .returning({ id: customerOrderWithdrawals.id })
      : []
  return {
    ordersErased: orders.length,
    prescriptionsErased,
    withdrawalsErased: withdrawals.length,
  }
}

/**
 * Erases the health data of the orders' prescriptions and checkout evidence: the prescription
 * keeps only payer, form, issue date and check marks (no person in them); scans and certificates
 * of exemption are deleted from the file store. Answers how many prescriptions it erased.
 */
export async function erasePrescriptionsOf(tx: Executor, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0
  const evidence = await tx
    .delete(customerOrderEvidence)
    .where(inArray(customerOrderEvidence.orderId, orderIds))
    .returning({
      scanFileId: customerOrderEvidence.scanFileId,
      exemptionFileId: customerOrderEvidence.exemptionFileId,
    })
  const scans = await tx
    .select({ scanFileId: customerOrderPrescriptions.scanFileId })
    .from(customerOrderPrescriptions)
    .where(inArray(customerOrderPrescriptions.orderId, orderIds))
  const prescriptions = await tx
    .update(customerOrderPrescriptions)
    .set({
      prescriberName: anonymisedName,
      prescriberAddress: null,
      dosage: null,
      preparation: null,
      insurerName: null,
      insuranceNumber: null,
      scanFileId: null,
      eRezeptToken: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        inArray(customerOrderPrescriptions.orderId, orderIds),
        ne(customerOrderPrescriptions.prescriberName, anonymisedName),
      ),
    )
    .returning({ id: customerOrderPrescriptions.id })
  const fileIds = [
    ...evidence.flatMap((row) => [row.scanFileId, row.exemptionFileId]),
    ...scans.map((row) => row.scanFileId),
  ].filter((fileId): fileId is string => fileId !== null)
  // The evidence's scan is often the very file the prescription refers to: deleted once.
  if (fileIds.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds))
  return prescriptions.length
}

// ─── Records that outlive the request (Art. 17 Abs. 3 lit. b, Art. 18 DSGVO) ─────────────────

const berlinYearOf = (column: SQL | AnyPgColumn) =>
  sql`extract(year from ${column} at time zone 'Europe/Berlin')::int`
const yearOf = (column: AnyPgColumn) => sql`extract(year from ${column})::int`
/** The first day of the year `years` after the year of `year` (an int expression). */
const januaryAfter = (year: SQL, years: number) =>
  sql`make_date(${year} + ${sql.raw(String(years + 1))}, 1, 1)`

/**
 * For a where clause on a `customer_orders` row: the first Berlin day its prescription backs no
 * record any more. Completed: § 22 ApBetrO (five years to the year's end, or one year past the
 * latest use-by of what was dispensed, whichever is later); cancelled or lapsed: 30 days after it
 * closed; open: never (null).
 */
export const prescriptionFreeFrom = sql`case
  when ${customerOrders.status} = 'completed' then greatest(
    ${januaryAfter(berlinYearOf(customerOrders.completedAt), pharmacyRecordMinimumYears)},
    (select max(${handouts.useBy} + interval '${sql.raw(String(pharmacyRecordYearsPastExpiry))} year' + interval '1 day')::date
      from ${handouts} where ${handouts.customerOrderId} = ${customerOrders.id}))
  when ${customerOrders.status} in ('cancelled', 'expired') then
    (coalesce(${customerOrders.cancelledAt}, ${customerOrders.updatedAt}) at time zone 'Europe/Berlin')::date + ${sql.raw(String(unusedPrescriptionRetentionDays))}
end`

/**
 * For a where clause on a `customers` row: the first Berlin day no record about the customer must
 * be kept any more — the one computation for every organisation kind, each record by its own
 * rule (lib/record-retention.ts): issued documents (§ 147 AO), hand-out records (a club's: § 26
 * KCanG; a pharmacy's: § 22 ApBetrO, also past the use-by), completed orders' prescriptions
 * (§ 22 ApBetrO) and withdrawal declarations received (six years, § 147 Abs. 1 Nr. 2 AO). Null
 * without any such record.
 */
export const recordsFreeFrom = sql`greatest(
  (select max(${januaryAfter(berlinYearOf(documents.issuedAt), invoiceRetentionYears)} - case when ${documents.kind} in ('delivery_note', 'order_confirmation') then interval '${sql.raw(String(invoiceRetentionYears - tradeLetterRetentionYears))} year' else interval '0 year' end)::date
    from ${documents} where ${documents.customerId} = ${customers.id}),
  (select max(case when ${handouts.customerOrderId} is null
      then ${januaryAfter(yearOf(handouts.handedOutOn), handoutRecordRetentionYears)}
      else greatest(
        ${januaryAfter(yearOf(handouts.handedOutOn), pharmacyRecordMinimumYears)},
        (${handouts.useBy} + interval '${sql.raw(String(pharmacyRecordYearsPastExpiry))} year' + interval '1 day')::date)
    end)
    from ${handouts} where ${handouts.customerId} = ${customers.id}),
  (select max(${januaryAfter(berlinYearOf(customerOrders.completedAt), pharmacyRecordMinimumYears)})
    from ${customerOrders} where ${customerOrders.customerId} = ${customers.id}
      and ${customerOrders.status} = 'completed'
      and exists (select 1 from ${customerOrderPrescriptions} where ${customerOrderPrescriptions.orderId} = ${customerOrders.id})),
  (select max(${januaryAfter(berlinYearOf(customerOrderWithdrawals.receivedAt), tradeLetterRetentionYears)})
    from ${customerOrderWithdrawals} join ${customerOrders} on ${customerOrders.id} = ${customerOrderWithdrawals.orderId}
    where ${customerOrders.customerId} = ${customers.id})
)`

/** For a where clause: records about the customer must still be kept on the Berlin day of `now`. */
export const keepsRecords = (now: Date): SQL =>
  sql`coalesce(${recordsFreeFrom} > ${berlinIsoDate(now)}::date, false)`

async function hasKeptRecords(tx: Executor, current: CustomerRowType, now: Date): Promise<boolean> {
  // In a where clause: drizzle qualifies the columns there, not in a single table's select list.
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, current.id), keepsRecords(now)))
  return rows.length > 0
}

/**
 * Instead of the anonymisation, while records about the customer must be kept: deactivated and
 * marked restricted, so no order, hand-out, list, search or picker reaches them, while the
 * records keep naming them for the authority. What no record needs goes now: notes, contact
 * details, insurance data and the links to shop and team accounts.
 */
async function restrictLockedCustomer(
  tx: Executor,
  actor: Actor,
  current: CustomerRowType,
  now: Date,
): Promise<void> {
  const notes = await deleteNotes(tx, current)
  await changeCustomer(
    tx,
    actor,
    current,
    customerAudit.restricted,
    {
      email: null,
      phone: null,
      eInvoiceAddress: null,
      payerKind: null,
      insurerName: null,
      insuranceNumber: null,
      copaymentExempt: false,
      teamUserId: null,
      shopUserId: null,
      deactivatedAt: current.deactivatedAt ?? now,
      restrictedAt: now,
    },
    { after: { notesDeleted: notes } },
  )
}

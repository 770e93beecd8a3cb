import { and, asc, count, desc, eq, ilike, inArray, notExists, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import {
  type BankEntryOrder,
  type BankEntryPage,
  type BankEntryStatus,
  bankStatementAlreadyReadMessage,
  openBankEntryStatuses,
} from '../../lib/bank-statements'
import { customerShareCents, refusedPaymentMessage } from '../../lib/customer-orders'
import { formatDate, formatMoney } from '../../lib/format'
import type { Actor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { sellerOf } from '../customer-orders/customer-order-access.server'
import {
  changeOrder,
  customerOrderAudit,
  lockOrder,
  type OrderRow,
} from '../customer-orders/customer-order-core.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { customerName } from '../customer-orders/customer-orders.server'
import { customers } from '../customers/customers.schema'
import type { Database, Executor } from '../db/client.server'
import { organisations } from '../db/core.schema'
import { documents } from '../documents/documents.schema'
import { ConflictError, NotFoundError, parseInput } from '../errors.server'
import { type MatchVerdict, matchCredit, type OpenOrder, splitCredit } from './bank-matching'
import { type ParsedStatement, parseStatementFile } from './camt053.server'
import { paidCentsOf, recordOrderPayment } from './order-payments.server'
import {
  bankEntryAllocations,
  bankStatementEntries,
  bankStatements,
  orderPayments,
} from './payments.schema'

/**
 * Bank statements (camt.053) read in, matched to open orders and confirmed by the pharmacy
 * (ADR 071). Reading is idempotent by the bank's statement id and entry reference; confirming an
 * entry books its credit once, through the order's payment bookings (ADR 070).
 */

export const bankStatementAudit = {
  imported: 'bank_statement.imported',
  entryBooked: 'bank_statement_entry.booked',
  entryIgnored: 'bank_statement_entry.ignored',
} as const

const entryNotFoundMessage = 'Diese Buchung des Kontoauszugs existiert nicht (mehr).'
const entryIgnoredMessage =
  'Diese Buchung wurde bereits ignoriert und kann nicht mehr zugeordnet werden.'
const entryBookedMessage = 'Diese Buchung ist bereits gebucht.'

const unpaidStatuses = ['unpaid', 'pending', 'failed'] as const

/** The organisation's orders that still wait for money, with what they still owe. */
async function openOrdersOf(tx: Executor, organisationId: string): Promise<OpenOrder[]> {
  const paid = tx
    .select({
      orderId: orderPayments.orderId,
      cents: sql<number>`sum(${orderPayments.amountCents})::int`.as('cents'),
    })
    .from(orderPayments)
    .where(eq(orderPayments.organisationId, organisationId))
    .groupBy(orderPayments.orderId)
    .as('paid')
  const rows = await tx
    .select({
      id: customerOrders.id,
      number: customerOrders.number,
      grossCents: customerOrders.grossCents,
      insurerCents: customerOrders.insurerCents,
      paidCents: sql<number>`coalesce(${paid.cents}, 0)::int`,
      customerName,
    })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .leftJoin(paid, eq(paid.orderId, customerOrders.id))
    .where(
      and(
        eq(customerOrders.organisationId, organisationId),
        inArray(customerOrders.paymentStatus, unpaidStatuses),
        sql`${customerOrders.status} not in ('cancelled', 'expired')`,
      ),
    )
  const open = rows
    .map((row) => ({
      id: row.id,
      number: row.number,
      openCents: customerShareCents(row) - row.paidCents,
      customerName: row.customerName,
    }))
    .filter((row) => row.openCents > 0)
  const invoices = await invoiceNumbersOf(
    tx,
    organisationId,
    open.map((order) => order.id),
  )
  return open.map((order) => ({ ...order, invoiceNumbers: invoices.get(order.id) ?? [] }))
}

/** The numbers of the orders' invoices that no cancellation took back. */
async function invoiceNumbersOf(tx: Executor, organisationId: string, orderIds: string[]) {
  const numbers = new Map<string, string[]>()
  if (orderIds.length === 0) return numbers
  const cancellation = alias(documents, 'cancellation')
  const rows = await tx
    .select({ orderId: documents.orderId, number: documents.number })
    .from(documents)
    .where(
      and(
        eq(documents.organisationId, organisationId),
        eq(documents.kind, 'invoice'),
        inArray(documents.orderId, orderIds),
        notExists(
          tx
            .select({ id: cancellation.id })
            .from(cancellation)
            .where(eq(cancellation.cancelsDocumentId, documents.id)),
        ),
      ),
    )
  for (const row of rows)
    numbers.set(row.orderId, [...(numbers.get(row.orderId) ?? []), row.number])
  return numbers
}

const normalisedIban = (iban: string | null) => (iban ?? '').replace(/\s+/g, '').toUpperCase()

export interface ImportedStatements {
  /** The first statement read now (the review opens on the organisation's open entries). */
  id: string
  statements: number
  alreadyRead: number
  entries: number
}

/**
 * Reads a camt.053 file (or a ZIP of several) and matches its euro credits to open orders. A
 * statement read before (same account, same statement id) is left as it is; when every
 * statement of the file was read before, the answer is 409 "bereits eingelesen".
 */
export async function importBankStatements(
  actor: Actor,
  upload: { fileName: string; bytes: Uint8Array },
  db: Database,
): Promise<ImportedStatements> {
  const seller = sellerOf(actor)
  const organisationId = seller.organisation.id
  const parsed = await parseStatementFile(upload.bytes, upload.fileName)
  let firstId: string | null = null
  let statements = 0
  let alreadyRead = 0
  let entries = 0
  for (const statement of parsed) {
    const read = await db.transaction((tx) =>
      importStatement(tx, actor, organisationId, statement, upload.fileName),
    )
    if (!read) {
      alreadyRead += 1
      continue
    }
    firstId ??= read.id
    statements += 1
    entries += read.entries
  }
  if (!firstId) throw new ConflictError(bankStatementAlreadyReadMessage)
  return { id: firstId, statements, alreadyRead, entries }
}

async function importStatement(
  tx: Executor,
  actor: Actor,
  organisationId: string,
  statement: ParsedStatement,
  fileName: string,
): Promise<{ id: string; entries: number } | null> {
  const [organisation] = await tx
    .select({ iban: organisations.iban })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  const credits = statement.entries.filter((entry) => entry.credit && entry.currency === 'EUR')
  // The unique statement id makes a second reading (even a parallel one) insert nothing.
  const [created] = await tx
    .insert(bankStatements)
    .values({
      organisationId,
      statementId: statement.statementId,
      iban: statement.iban,
      version: statement.version,
      fileName,
      ownAccount: normalisedIban(organisation?.iban ?? null) === statement.iban,
      skippedEntries: statement.entries.length - credits.length,
      uploadedBy: actor.kind === 'business' ? actor.user.id : null,
    })
    .onConflictDoNothing()
    .returning()
  if (!created) return null
  const openOrders = await openOrdersOf(tx, organisationId)
  let entries = 0
  for (const credit of credits) {
    const verdict = matchCredit(credit, openOrders)
    // An entry already read with another statement of the same account stays as it was.
    const [entry] = await tx
      .insert(bankStatementEntries)
      .values({
        organisationId,
        statementId: created.id,
        iban: statement.iban,
        entryReference: credit.reference,
        amountCents: credit.amountCents,
        bookedOn: credit.bookedOn,
        payerName: credit.payerName,
        remittance: credit.remittance,
        endToEndId: credit.endToEndId,
        status: verdict.status,
        surplusCents: verdict.status === 'matched' ? verdict.surplusCents : 0,
      })
      .onConflictDoNothing()
      .returning({ id: bankStatementEntries.id })
    if (!entry) continue
    entries += 1
    const allocations = allocationsOf(verdict)
    if (allocations.length > 0) {
      await tx
        .insert(bankEntryAllocations)
        .values(
          allocations.map((allocation) => ({ ...allocation, organisationId, entryId: entry.id })),
        )
    }
  }
  await recordAudit(tx, {
    organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action: bankStatementAudit.imported,
    entity: { type: 'bank_statement', id: created.id },
    after: {
      statementId: statement.statementId,
      iban: statement.iban,
      version: statement.version,
      fileName,
      credits: entries,
      skippedEntries: created.skippedEntries,
      ownAccount: created.ownAccount,
    },
  })
  return { id: created.id, entries }
}

function allocationsOf(verdict: MatchVerdict) {
  if (verdict.status === 'matched') {
    return verdict.allocations.map((allocation) => ({ ...allocation, kind: 'proposed' as const }))
  }
  if (verdict.status === 'ambiguous') {
    return verdict.candidates.map((orderId) => ({
      orderId,
      amountCents: 0,
      kind: 'candidate' as const,
    }))
  }
  return []
}

// ─── Review ──────────────────────────────────────────────────────────────────────────────────

export const bankEntryPageSize = 25

export const bankEntryListSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** `open`: what waits for the pharmacy; `done`: booked or ignored. */
  view: z.enum(['open', 'done']).default('open'),
})

/** One page of the organisation's statement entries, the open ones first by booking day. */
export async function listBankEntries(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<BankEntryPage> {
  const organisationId = sellerOf(actor).organisation.id
  const { page, view } = parseInput(bankEntryListSchema, input)
  const statuses: BankEntryStatus[] =
    view === 'open' ? [...openBankEntryStatuses] : ['booked', 'ignored']
  const where = and(
    eq(bankStatementEntries.organisationId, organisationId),
    inArray(bankStatementEntries.status, statuses),
  )
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(bankStatementEntries)
    .where(where)
  const rows = await db
    .select({
      id: bankStatementEntries.id,
      status: bankStatementEntries.status,
      amountCents: bankStatementEntries.amountCents,
      bookedOn: bankStatementEntries.bookedOn,
      payerName: bankStatementEntries.payerName,
      remittance: bankStatementEntries.remittance,
      entryReference: bankStatementEntries.entryReference,
      surplusCents: bankStatementEntries.surplusCents,
      statementId: bankStatements.statementId,
      iban: bankStatements.iban,
      ownAccount: bankStatements.ownAccount,
    })
    .from(bankStatementEntries)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementEntries.statementId))
    .where(where)
    .orderBy(
      view === 'open' ? asc(bankStatementEntries.bookedOn) : desc(bankStatementEntries.decidedAt),
      asc(bankStatementEntries.id),
    )
    .limit(bankEntryPageSize)
    .offset((page - 1) * bankEntryPageSize)
  const orders = await ordersOfEntries(
    db,
    organisationId,
    rows.map((row) => row.id),
  )
  return {
    items: rows.map((row) => ({ ...row, orders: orders.get(row.id) ?? [] })),
    total,
    page,
    pageSize: bankEntryPageSize,
  }
}

async function ordersOfEntries(db: Executor, organisationId: string, entryIds: string[]) {
  const byEntry = new Map<string, BankEntryOrder[]>()
  if (entryIds.length === 0) return byEntry
  const rows = await db
    .select({
      entryId: bankEntryAllocations.entryId,
      orderId: bankEntryAllocations.orderId,
      kind: bankEntryAllocations.kind,
      amountCents: bankEntryAllocations.amountCents,
      number: customerOrders.number,
      grossCents: customerOrders.grossCents,
      insurerCents: customerOrders.insurerCents,
      paidCents: sql<number>`(select coalesce(sum(${orderPayments.amountCents}), 0)::int from ${orderPayments} where ${orderPayments.orderId} = ${customerOrders.id})`,
      customerName,
    })
    .from(bankEntryAllocations)
    .innerJoin(customerOrders, eq(customerOrders.id, bankEntryAllocations.orderId))
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(bankEntryAllocations.organisationId, organisationId),
        inArray(bankEntryAllocations.entryId, entryIds),
      ),
    )
    .orderBy(asc(customerOrders.number))
  for (const row of rows) {
    const order: BankEntryOrder = {
      orderId: row.orderId,
      number: row.number,
      customerName: row.customerName,
      kind: row.kind,
      amountCents: row.amountCents,
      openCents: Math.max(customerShareCents(row) - row.paidCents, 0),
    }
    byEntry.set(row.entryId, [...(byEntry.get(row.entryId) ?? []), order])
  }
  return byEntry
}

export const openOrderSearchSchema = z.object({
  query: z.string().trim().min(2, 'Bitte gib mindestens zwei Zeichen ein.').max(100),
})

/** Open orders by number or customer name, for assigning an entry the matcher did not place. */
export async function searchOpenOrders(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<Omit<BankEntryOrder, 'kind' | 'amountCents'>[]> {
  const organisationId = sellerOf(actor).organisation.id
  const { query } = parseInput(openOrderSearchSchema, input)
  const pattern = `%${query.replace(/[\\%_]/g, '\\$&')}%`
  const rows = await db
    .select({
      orderId: customerOrders.id,
      number: customerOrders.number,
      grossCents: customerOrders.grossCents,
      insurerCents: customerOrders.insurerCents,
      paidCents: sql<number>`(select coalesce(sum(${orderPayments.amountCents}), 0)::int from ${orderPayments} where ${orderPayments.orderId} = ${customerOrders.id})`,
      customerName,
    })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customerOrders.organisationId, organisationId),
        inArray(customerOrders.paymentStatus, unpaidStatuses),
        sql`${customerOrders.status} not in ('cancelled', 'expired')`,
        or(ilike(customerOrders.number, pattern), ilike(customerName, pattern)),
      ),
    )
    .orderBy(desc(customerOrders.createdAt))
    .limit(10)
  return rows.map((row) => ({
    orderId: row.orderId,
    number: row.number,
    customerName: row.customerName,
    openCents: Math.max(customerShareCents(row) - row.paidCents, 0),
  }))
}

// ─── Decisions ───────────────────────────────────────────────────────────────────────────────

export const confirmBankEntrySchema = z.object({
  /** The orders the credit pays, in the order it fills them (the last takes any surplus). */
  orderIds: z
    .array(z.uuid('Bitte wähle eine Bestellung.'))
    .min(1, 'Bitte wähle mindestens eine Bestellung.')
    .max(20, 'Eine Überweisung kann höchstens 20 Bestellungen bezahlen.')
    .refine((ids) => new Set(ids).size === ids.length, 'Jede Bestellung nur einmal, bitte.'),
})

export interface DecidedBankEntry {
  id: string
  status: BankEntryStatus
  surplusCents: number
  /** Whether an earlier request had decided the entry already (nothing was booked now). */
  alreadyDecided: boolean
}

async function lockEntry(tx: Executor, organisationId: string, id: string) {
  const parsed = z.uuid().safeParse(id)
  if (!parsed.success) throw new NotFoundError(entryNotFoundMessage)
  const [entry] = await tx
    .select()
    .from(bankStatementEntries)
    .where(
      and(eq(bankStatementEntries.id, id), eq(bankStatementEntries.organisationId, organisationId)),
    )
    .for('update')
  if (!entry) throw new NotFoundError(entryNotFoundMessage)
  return entry
}

const paidAtOf = (bookedOn: string) => new Date(`${bookedOn}T12:00:00Z`)

/**
 * Books an entry's credit on the orders the pharmacy confirmed: each gets what it still owes
 * (the last one the rest, a surplus stays flagged), on the bank's booking day with the entry's
 * reference; an order whose bookings now cover what the customer owes becomes paid. The entry's
 * row lock makes it once: a second or parallel confirmation finds it booked and books nothing.
 */
export async function confirmBankEntry(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<DecidedBankEntry> {
  const organisationId = sellerOf(actor).organisation.id
  const { orderIds } = parseInput(confirmBankEntrySchema, input)
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, organisationId, id)
    if (entry.status === 'booked') {
      return { id, status: entry.status, surplusCents: entry.surplusCents, alreadyDecided: true }
    }
    if (entry.status === 'ignored') throw new ConflictError(entryIgnoredMessage)
    // Locked in one order, so two entries paying the same orders never wait for each other.
    const locked = new Map<string, OrderRow>()
    for (const orderId of [...orderIds].sort()) {
      locked.set(orderId, await lockOrder(tx, organisationId, orderId))
    }
    const orders = orderIds.map((orderId) => locked.get(orderId) as OrderRow)
    const owed = new Map<string, { paid: number; open: number }>()
    for (const order of orders) {
      const refusal = refusedPaymentMessage(order.paymentStatus, 'paid', order.status)
      if (refusal) throw new ConflictError(`Bestellung ${order.number}: ${refusal}`)
      const paid = await paidCentsOf(tx, order)
      owed.set(order.id, { paid, open: customerShareCents(order) - paid })
    }
    const { allocations, surplusCents } = splitCredit(
      entry.amountCents,
      orders.map((order) => ({ id: order.id, openCents: owed.get(order.id)?.open ?? 0 })),
    )
    const booking = {
      source: 'bank_statement' as const,
      reference: entry.entryReference,
      bookedOn: entry.bookedOn,
    }
    for (const allocation of allocations) {
      const order = locked.get(allocation.orderId) as OrderRow
      const paidBefore = owed.get(order.id)?.paid ?? 0
      await recordOrderPayment(tx, actor, order, {
        amountCents: allocation.amountCents,
        means: 'transfer',
        ...booking,
      })
      const share = customerShareCents(order)
      const covered = paidBefore + allocation.amountCents >= share
      const what = `${formatMoney(allocation.amountCents)} per Überweisung (Kontoauszug, gebucht am ${formatDate(entry.bookedOn)})`
      await changeOrder(
        tx,
        actor,
        order,
        covered
          ? { paymentStatus: 'paid', paidAt: paidAtOf(entry.bookedOn), paymentMeans: 'transfer' }
          : {},
        {
          audit: customerOrderAudit.paymentChanged,
          event: 'payment_changed',
          detail: covered
            ? `Bezahlt: ${what}`
            : `Teilzahlung: ${what}, offen noch ${formatMoney(share - paidBefore - allocation.amountCents)}`,
          payment: booking,
          extra: { bankEntryId: entry.id, bookedCents: allocation.amountCents },
        },
      )
      await tx.insert(bankEntryAllocations).values({
        organisationId,
        entryId: entry.id,
        orderId: order.id,
        kind: 'booked',
        amountCents: allocation.amountCents,
      })
    }
    await recordDecision(tx, actor, organisationId, entry, 'booked', {
      surplusCents,
      audit: {
        bookedOn: entry.bookedOn,
        allocations: allocations.map((allocation) => ({
          orderNumber: locked.get(allocation.orderId)?.number,
          amountCents: allocation.amountCents,
        })),
        surplusCents,
      },
    })
    return { id, status: 'booked' as const, surplusCents, alreadyDecided: false }
  })
}

/**
 * The pharmacy's decision on a locked entry: its status, who decided and when, and the audit row
 * (booking adds its allocations and surplus).
 */
async function recordDecision(
  tx: Executor,
  actor: Actor,
  organisationId: string,
  entry: typeof bankStatementEntries.$inferSelect,
  status: 'booked' | 'ignored',
  details: { surplusCents?: number; audit: Record<string, unknown> },
) {
  await tx
    .update(bankStatementEntries)
    .set({
      status,
      ...(details.surplusCents !== undefined && { surplusCents: details.surplusCents }),
      decidedBy: actor.kind === 'business' ? actor.user.id : null,
      decidedAt: new Date(),
    })
    .where(eq(bankStatementEntries.id, entry.id))
  await recordAudit(tx, {
    organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action: status === 'booked' ? bankStatementAudit.entryBooked : bankStatementAudit.entryIgnored,
    entity: { type: 'bank_statement_entry', id: entry.id },
    before: { status: entry.status },
    after: { status, entryReference: entry.entryReference, ...details.audit },
  })
}

/** Sets an entry aside (not a payment for an order: a refund from a supplier, a private one). */
export async function ignoreBankEntry(
  actor: Actor,
  id: string,
  db: Database,
): Promise<DecidedBankEntry> {
  const organisationId = sellerOf(actor).organisation.id
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, organisationId, id)
    if (entry.status === 'ignored') {
      return { id, status: entry.status, surplusCents: entry.surplusCents, alreadyDecided: true }
    }
    if (entry.status === 'booked') throw new ConflictError(entryBookedMessage)
    await recordDecision(tx, actor, organisationId, entry, 'ignored', { audit: {} })
    return {
      id,
      status: 'ignored' as const,
      surplusCents: entry.surplusCents,
      alreadyDecided: false,
    }
  })
}

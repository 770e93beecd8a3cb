import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { ageOn, customerDisplayName } from '../../lib/customers'
import { berlinIsoDate } from '../../lib/format'
import {
  ageClassOn,
  calendarMonthOf,
  cancelHandoutSchema,
  createHandoutSchema,
  type HandoutAgeClass,
  type HandoutBatchOption,
  type HandoutList,
  type HandoutListSearch,
  type HandoutMemberOption,
  type HandoutRecord,
  type HandoutRules,
  type HandoutUsage,
  handoutInformationTemplate,
  handoutLimits,
  handoutRulesFor,
  isCancellableOn,
  lateCancelRefusal,
  limitRefusal,
  type MemberAllowance,
  remainingOf,
  thcRefusal,
} from '../../lib/handouts'
import { isUuid } from '../../lib/ids'
import type { CannabinoidUnit } from '../../lib/products'
import { type Actor, type BusinessActor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { berlinYear, takeDocumentNumber } from '../counters/counters.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { customers } from '../customers/customers.schema'
import {
  type CustomerRowType,
  customerNameSql,
  findCustomer,
  fullNameSql,
} from '../customers/customers.server'
import type { Database, Executor } from '../db/client.server'
import { organisations, users } from '../db/schema'
import { ConflictError, ForbiddenError, NotFoundError, parseInput } from '../errors.server'
import { listPage, searchCondition } from '../list-query.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches } from '../stock/stock.schema'
import {
  appendMovement,
  availableWeighedBatches,
  type LockedBatch,
  lockBatch,
  unsellableReason,
  withdrawFromBatch,
} from '../stock/stock-ledger.server'
import { handouts } from './handouts.schema'

/**
 * A club's hand-outs to its members (KCanG): who may still receive how much today, the batches
 * of the club's own harvest that can go out, the hand-out itself with its stock movement, and
 * its cancellation with a counter-movement. Owner and staff of the club only; every query is
 * scoped by the club. The limits hold under parallel hand-outs because each one first locks the
 * member's row (ADR 043).
 */

export const handoutNotFoundMessage = 'Diese Abgabe gibt es nicht (mehr).'
const memberNotFoundMessage = 'Dieses Mitglied gibt es nicht (mehr).'

/** A movement's `source_type` for hand-outs and their cancellation. */
export const handoutSourceType = 'hand_out'

export const handoutAudit = {
  entityType: 'hand_out',
  created: 'hand_out.created',
  cancelled: 'hand_out.cancelled',
} as const

/** Owner or staff of a club; the platform admin, other organisations and shop customers get 403. */
export function requireClubClerk(actor: Actor): BusinessActor {
  const business = requireRole(actor, 'owner', 'staff')
  if (business.organisation.category !== 'club') throw new ForbiddenError()
  return business
}

/**
 * Who reads hand-out records: a club's clerks, and a pharmacy's staff, whose records come from
 * completed orders (`dispensing.server.ts`). Only a club records and cancels them by hand.
 */
function requireHandoutReader(actor: Actor): BusinessActor {
  const business = requireRole(actor, 'owner', 'staff')
  if (business.organisation.category !== 'club' && business.organisation.category !== 'pharmacy') {
    throw new ForbiddenError()
  }
  return business
}

// ─── Members ─────────────────────────────────────────────────────────────────────────────────

const memberOptionOf = (row: CustomerRowType): HandoutMemberOption => ({
  id: row.id,
  number: row.number,
  displayName: customerDisplayName(row),
  membershipNumber: row.membershipNumber,
  active: row.deactivatedAt === null,
})

/** The club's members matching `q` (name, number, membership number), active ones first; 20 at most. */
export async function searchHandoutMembers(
  actor: Actor,
  q: string,
  db: Database,
): Promise<HandoutMemberOption[]> {
  const business = requireClubClerk(actor)
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, business.organisation.id),
        eq(customers.kind, 'member'),
        isNull(customers.anonymisedAt),
        isNull(customers.restrictedAt),
        searchCondition(q, [
          fullNameSql,
          customerNameSql,
          customers.number,
          customers.membershipNumber,
        ]),
      ),
    )
    .orderBy(sql`${customers.deactivatedAt} is not null`, asc(customerNameSql), asc(customers.id))
    .limit(20)
  return rows.map(memberOptionOf)
}

async function findMember(
  executor: Executor,
  organisationId: string,
  id: string,
  options?: { forUpdate?: boolean },
): Promise<CustomerRowType> {
  const row = await findCustomer(executor, organisationId, id, options)
  if (row?.kind !== 'member') throw new NotFoundError(memberNotFoundMessage)
  return row
}

/**
 * Why a member gets nothing on `day`, whatever the amount: deactivated (or anonymised, or
 * restricted until their records may go), left, under age, no ID check recorded, or without the
 * declaration of no other club and the proof of residence (§ 16 Abs. 3, 4 KCanG).
 */
function memberRefusal(member: CustomerRowType, day: string): string | null {
  const name = customerDisplayName(member)
  if (member.anonymisedAt) return 'Das Mitglied ist anonymisiert: An es wird nichts mehr abgegeben.'
  if (member.restrictedAt) return 'Das Mitglied ist gesperrt: An es wird nichts mehr abgegeben.'
  if (member.deactivatedAt || (member.leftOn !== null && member.leftOn < day)) {
    return `${name} ist kein aktives Mitglied: An deaktivierte oder ausgetretene Mitglieder wird nichts abgegeben.`
  }
  if (!member.birthDate || ageOn(member.birthDate, day) < handoutLimits.minimumAge) {
    return `Für ${name} ist kein Geburtsdatum ab 18 Jahren eingetragen: Abgaben gibt es nur an volljährige Mitglieder.`
  }
  if (!member.idCheckedOn) {
    return `Für ${name} ist keine Ausweisprüfung eingetragen. Prüfe den amtlichen Lichtbildausweis und trage das Datum beim Mitglied ein.`
  }
  if (!member.noOtherClubDeclaredOn || !member.residenceDeclaredOn) {
    return `Für ${name} fehlt die Erklärung, keiner anderen Anbauvereinigung anzugehören, oder der Nachweis, in Deutschland zu wohnen. Trage beides beim Mitglied ein.`
  }
  return null
}

/**
 * Only members hand out to members (§ 19 Abs. 2 KCanG): the clerk's user account must be linked
 * to an active member record of the club.
 */
async function clerkRefusal(executor: Executor, business: BusinessActor, day: string) {
  const [clerk] = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, business.organisation.id),
        eq(customers.teamUserId, business.user.id),
        eq(customers.kind, 'member'),
        isNull(customers.deactivatedAt),
        isNull(customers.anonymisedAt),
        or(isNull(customers.leftOn), gte(customers.leftOn, day)),
      ),
    )
  return clerk
    ? null
    : 'Abgeben dürfen nur Mitglieder des Vereins: dein Benutzerkonto ist mit keinem aktiven Mitglied verknüpft. Der Vorstand verknüpft es im Team des Vereins oder auf der Seite des Mitglieds.'
}

/** What the member received (not cancelled) on `day` and in its calendar month. */
async function usageOf(
  executor: Executor,
  organisationId: string,
  customerId: string,
  day: string,
): Promise<HandoutUsage> {
  const month = calendarMonthOf(day)
  const [row] = await executor
    .select({
      dayMg: sql<number>`coalesce(sum(${handouts.quantity}) filter (where ${handouts.handedOutOn} = ${day}), 0)::int`,
      monthMg: sql<number>`coalesce(sum(${handouts.quantity}), 0)::int`,
    })
    .from(handouts)
    .where(
      and(
        eq(handouts.organisationId, organisationId),
        eq(handouts.customerId, customerId),
        isNull(handouts.cancelledAt),
        gte(handouts.handedOutOn, month.first),
        lt(handouts.handedOutOn, month.next),
      ),
    )
  return { dayMg: Number(row?.dayMg ?? 0), monthMg: Number(row?.monthMg ?? 0) }
}

/** The limits that apply to a member on `day`: the stricter ones when the age is unknown. */
const rulesOf = (member: CustomerRowType, day: string): HandoutRules =>
  handoutRulesFor(member.birthDate ? ageClassOn(member.birthDate, day) : 'young_adult')

/** A member at the counter: age class, what they received and what remains today. */
export async function getMemberAllowance(
  actor: Actor,
  customerId: string,
  db: Database,
  now: Date = new Date(),
): Promise<MemberAllowance> {
  const business = requireClubClerk(actor)
  const organisationId = business.organisation.id
  const member = await findMember(db, organisationId, customerId)
  const day = berlinIsoDate(now)
  const rules = rulesOf(member, day)
  const usage = await usageOf(db, organisationId, member.id, day)
  return {
    member: {
      ...memberOptionOf(member),
      ageClass: member.birthDate ? ageClassOn(member.birthDate, day) : null,
      joinedOn: member.joinedOn,
      idCheckedOn: member.idCheckedOn,
    },
    day,
    rules,
    usage,
    remaining: remainingOf(rules, usage),
    refusal: memberRefusal(member, day) ?? (await clerkRefusal(db, business, day)),
  }
}

// ─── Batches ─────────────────────────────────────────────────────────────────────────────────

interface BatchProduct {
  name: string
  cannabinoidUnit: CannabinoidUnit | null
}

/** A batch without best-before date (§ 21 Abs. 2 Nr. 3 KCanG: every hand-out names it). */
const noBestBeforeRefusal = (batchNumber: string) =>
  `Für Charge ${batchNumber} ist kein Mindesthaltbarkeitsdatum erfasst: Ohne es wird nichts abgegeben (§ 21 KCanG).`

/**
 * Why goods of this batch may not be handed out now, or null: only the club's own harvest,
 * released and unexpired with a best-before date, weighed in grams, with measured THC and CBD (the record and the label
 * need them), and for 18–20-year-olds at most 10 % THC.
 */
function batchRefusal(
  batch: LockedBatch,
  product: BatchProduct,
  rules: HandoutRules,
  day: string,
): string | null {
  if (batch.origin !== 'harvest') {
    return `Charge ${batch.batchNumber} stammt nicht aus eigenem Anbau: Anbauvereinigungen geben nur selbst angebautes Cannabis ab.`
  }
  const unsellable = unsellableReason(batch, day)
  if (unsellable) return unsellable
  if (batch.expiryDate === null) return noBestBeforeRefusal(batch.batchNumber)
  if (batch.quantityUnit !== 'mg') {
    return `Charge ${batch.batchNumber} wird nicht nach Gewicht geführt: Abgegeben wird Cannabis in Gramm.`
  }
  if (batch.thcContent === null || batch.cbdContent === null || product.cannabinoidUnit === null) {
    return `Für Charge ${batch.batchNumber} sind THC- und CBD-Gehalt nicht erfasst: Ohne sie lässt sich die Abgabe nicht dokumentieren.`
  }
  return thcRefusal(rules, {
    batchNumber: batch.batchNumber,
    thcContent: batch.thcContent,
    cannabinoidUnit: product.cannabinoidUnit,
  })
}

/**
 * The batches that can be handed out now: the club's released, unexpired harvests with stock,
 * best-before date and measured contents, first-expiring first. For a member (`customerId`), each says whether it may
 * go to them (THC for 18–20).
 */
export async function listHandoutBatches(
  actor: Actor,
  customerId: string | null,
  db: Database,
  now: Date = new Date(),
): Promise<HandoutBatchOption[]> {
  const business = requireClubClerk(actor)
  const organisationId = business.organisation.id
  const day = berlinIsoDate(now)
  const rules = customerId ? rulesOf(await findMember(db, organisationId, customerId), day) : null
  // The club's own harvests with measured contents.
  const rows = await availableWeighedBatches(
    db,
    organisationId,
    day,
    and(
      eq(batches.origin, 'harvest'),
      isNotNull(batches.expiryDate),
      isNotNull(batches.thcContent),
      isNotNull(batches.cbdContent),
      isNotNull(products.cannabinoidUnit),
    ),
  )
  return rows.flatMap(
    ({ batch, productName, cannabinoidUnit, availableMg }): HandoutBatchOption[] => {
      if (cannabinoidUnit === null) return []
      const facts = {
        batchNumber: batch.batchNumber,
        thcContent: batch.thcContent as number,
        cannabinoidUnit,
      }
      return [
        {
          batchId: batch.id,
          batchNumber: batch.batchNumber,
          organisationProductId: batch.organisationProductId,
          productName,
          harvestDate: batch.harvestDate,
          expiryDate: batch.expiryDate,
          thcContent: facts.thcContent,
          cbdContent: batch.cbdContent as number,
          cannabinoidUnit,
          availableMg,
          refusal: rules ? thcRefusal(rules, facts) : null,
        },
      ]
    },
  )
}

// ─── Handing out ─────────────────────────────────────────────────────────────────────────────

/** The information the club gives with a hand-out now: its adapted text, else the template. */
async function handoutInformationOf(tx: Executor, organisationId: string): Promise<string> {
  const [row] = await tx
    .select({ text: organisations.handoutInformation })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return row?.text ?? handoutInformationTemplate
}

async function batchProductOf(tx: Executor, batch: LockedBatch): Promise<BatchProduct> {
  const [row] = await tx
    .select({ name: products.name, cannabinoidUnit: products.cannabinoidUnit })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(eq(organisationProducts.id, batch.organisationProductId))
  if (!row) throw new Error('the batch has no product')
  return row
}

/**
 * Hands out `quantity` mg of a batch to a member and records it, with the `hand_out` movement, in
 * one transaction. The member's row is locked first: parallel hand-outs to one member queue there,
 * so each counts what the one before handed out, and the limits hold (ADR 043). Then the batch
 * is locked by the ledger as for every withdrawal, so its balance never goes negative. Refusals
 * (409) name the field and, for a limit, what remains.
 */
export async function createHandout(
  actor: Actor,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<{ id: string; number: string }> {
  const business = requireClubClerk(actor)
  const organisationId = business.organisation.id
  const data = parseInput(createHandoutSchema, input)
  const day = berlinIsoDate(now)
  return db.transaction(async (tx) => {
    const member = await findMember(tx, organisationId, data.customerId, { forUpdate: true })
    const clerk = await clerkRefusal(tx, business, day)
    if (clerk) throw new ForbiddenError(clerk)
    const refusal = memberRefusal(member, day)
    if (refusal) throw new ConflictError(refusal, { customerId: refusal })
    const ageClass = ageClassOn(member.birthDate as string, day)
    const rules = handoutRulesFor(ageClass)

    const batch = await lockBatch(tx, organisationId, data.batchId)
    const product = await batchProductOf(tx, batch)
    const unfit = batchRefusal(batch, product, rules, day)
    if (unfit) throw new ConflictError(unfit, { batchId: unfit })

    const overLimit = limitRefusal(
      rules,
      await usageOf(tx, organisationId, member.id, day),
      data.quantity,
    )
    if (overLimit) throw new ConflictError(overLimit, { quantity: overLimit })

    const id = crypto.randomUUID()
    const year = berlinYear(now)
    const number = await takeDocumentNumber(tx, organisationId, 'hand_out', year)
    const movementId = await withdrawFromBatch(tx, business, batch, {
      kind: 'hand_out',
      quantity: data.quantity,
      source: { type: handoutSourceType, id },
    })
    const record = {
      number,
      customerId: member.id,
      organisationProductId: batch.organisationProductId,
      batchId: batch.id,
      productName: product.name,
      batchNumber: batch.batchNumber,
      quantity: data.quantity,
      thcContent: batch.thcContent as number,
      cbdContent: batch.cbdContent as number,
      cannabinoidUnit: product.cannabinoidUnit as CannabinoidUnit,
      handedOutOn: day,
    }
    await tx.insert(handouts).values({
      ...record,
      id,
      organisationId,
      ageClass,
      information: await handoutInformationOf(tx, organisationId),
      handedOutAt: now,
      handedOutBy: business.user.id,
      movementId,
    })
    // The age class stays out of the log: it is derived from the birth date.
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(business),
      requestId: business.requestId,
      action: handoutAudit.created,
      entity: { type: handoutAudit.entityType, id },
      after: { ...record, movementId },
    })
    return { id, number }
  })
}

/**
 * Cancels a hand-out with a reason: the goods go back into the batch with a `return` movement
 * (the counter-entry), the record says who cancelled when and why, and it no longer counts
 * toward the member's limits. A record is cancelled once and never changed otherwise, and only
 * on its Berlin calendar day: later, what went wrong is a stock correction, which frees no
 * allowance (ADR 065).
 */
export async function cancelHandout(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<void> {
  const business = requireClubClerk(actor)
  const organisationId = business.organisation.id
  const { reason } = parseInput(cancelHandoutSchema, input)
  if (!isUuid(id)) throw new NotFoundError(handoutNotFoundMessage)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(handouts)
      .where(and(eq(handouts.id, id), eq(handouts.organisationId, organisationId)))
      .for('update')
    if (!row) throw new NotFoundError(handoutNotFoundMessage)
    if (row.cancelledAt) throw new ConflictError(`Die Abgabe ${row.number} ist bereits storniert.`)
    if (!isCancellableOn(row.handedOutOn, berlinIsoDate(now))) {
      throw new ConflictError(lateCancelRefusal(row.number, row.handedOutOn))
    }
    const batch = await lockBatch(tx, organisationId, row.batchId)
    const cancelMovementId = await appendMovement(tx, business, batch, {
      kind: 'return',
      quantity: row.quantity,
      reason: `Storno der Abgabe ${row.number}`,
      source: { type: handoutSourceType, id: row.id },
    })
    await tx
      .update(handouts)
      .set({
        cancelledAt: now,
        cancelledBy: business.user.id,
        cancelReason: reason,
        cancelMovementId,
      })
      .where(eq(handouts.id, row.id))
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(business),
      requestId: business.requestId,
      action: handoutAudit.cancelled,
      entity: { type: handoutAudit.entityType, id: row.id },
      before: { number: row.number, status: 'active' },
      after: { number: row.number, status: 'cancelled', reason, cancelMovementId },
    })
  })
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

const memberColumns = {
  memberNumber: customers.number,
  memberKind: customers.kind,
  memberFirstName: customers.firstName,
  memberLastName: customers.lastName,
  memberCompanyName: customers.companyName,
  memberMembershipNumber: customers.membershipNumber,
  memberAnonymisedAt: customers.anonymisedAt,
}

const memberNameOf = (row: {
  memberKind: CustomerRowType['kind']
  memberFirstName: string | null
  memberLastName: string | null
  memberCompanyName: string | null
}) =>
  customerDisplayName({
    kind: row.memberKind,
    firstName: row.memberFirstName,
    lastName: row.memberLastName,
    companyName: row.memberCompanyName,
  })

/**
 * The organisation's hand-outs, newest first by default; searched by number, member or patient,
 * product, batch and (a pharmacy's) order number.
 */
export async function listHandouts(
  actor: Actor,
  query: HandoutListSearch,
  db: Database,
): Promise<HandoutList> {
  const business = requireHandoutReader(actor)
  const select = db
    .select({ handout: handouts, ...memberColumns, orderNumber: customerOrders.number })
    .from(handouts)
    .innerJoin(customers, eq(customers.id, handouts.customerId))
    .leftJoin(customerOrders, eq(customerOrders.id, handouts.customerOrderId))
    .where(
      and(
        eq(handouts.organisationId, business.organisation.id),
        query.status === undefined
          ? undefined
          : query.status === 'active'
            ? isNull(handouts.cancelledAt)
            : isNotNull(handouts.cancelledAt),
        query.member ? eq(handouts.customerId, query.member) : undefined,
        searchCondition(query.q, [
          handouts.number,
          fullNameSql,
          customerNameSql,
          customers.number,
          customers.membershipNumber,
          handouts.productName,
          handouts.batchNumber,
          customerOrders.number,
        ]),
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: {
      handedOutAt: handouts.handedOutAt,
      number: handouts.number,
      member: customerNameSql,
      product: handouts.productName,
      quantity: handouts.quantity,
    },
    tiebreaker: handouts.id,
  })
  return {
    ...page,
    items: page.items.map((row) => ({
      id: row.handout.id,
      number: row.handout.number,
      handedOutAt: row.handout.handedOutAt.toISOString(),
      memberId: row.handout.customerId,
      memberNumber: row.memberNumber,
      memberName: memberNameOf(row),
      productName: row.handout.productName,
      batchNumber: row.handout.batchNumber,
      quantity: row.handout.quantity,
      packUnit: row.handout.packUnit,
      thcContent: row.handout.thcContent,
      cannabinoidUnit: row.handout.cannabinoidUnit,
      status: row.handout.cancelledAt ? 'cancelled' : 'active',
      orderNumber: row.orderNumber,
    })),
  }
}

const handedOutBy = alias(users, 'handed_out_by_user')
const cancelledBy = alias(users, 'cancelled_by_user')

/** One hand-out of the organisation with what its record and label show. */
export async function getHandout(
  actor: Actor,
  id: string,
  db: Database,
  now: Date = new Date(),
): Promise<HandoutRecord> {
  const business = requireHandoutReader(actor)
  if (!isUuid(id)) throw new NotFoundError(handoutNotFoundMessage)
  const [row] = await db
    .select({
      handout: handouts,
      ...memberColumns,
      harvestDate: batches.harvestDate,
      expiryDate: batches.expiryDate,
      cultivar: products.cultivar,
      handedOutByName: handedOutBy.name,
      cancelledByName: cancelledBy.name,
      orderNumber: customerOrders.number,
      organisation: {
        name: organisations.name,
        street: organisations.street,
        postalCode: organisations.postalCode,
        city: organisations.city,
        licenceNumber: organisations.licenceNumber,
      },
    })
    .from(handouts)
    .innerJoin(customers, eq(customers.id, handouts.customerId))
    .innerJoin(batches, eq(batches.id, handouts.batchId))
    .innerJoin(organisationProducts, eq(organisationProducts.id, handouts.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .innerJoin(organisations, eq(organisations.id, handouts.organisationId))
    .leftJoin(handedOutBy, eq(handedOutBy.id, handouts.handedOutBy))
    .leftJoin(cancelledBy, eq(cancelledBy.id, handouts.cancelledBy))
    .leftJoin(customerOrders, eq(customerOrders.id, handouts.customerOrderId))
    .where(and(eq(handouts.id, id), eq(handouts.organisationId, business.organisation.id)))
  if (!row) throw new NotFoundError(handoutNotFoundMessage)
  const { handout } = row
  const facts = {
    id: handout.id,
    number: handout.number,
    handedOutAt: handout.handedOutAt.toISOString(),
    handedOutOn: handout.handedOutOn,
    handedOutByName: row.handedOutByName,
    member: {
      id: handout.customerId,
      number: row.memberNumber,
      displayName: memberNameOf(row),
      membershipNumber: row.memberMembershipNumber,
      anonymised: row.memberAnonymisedAt !== null,
    },
    productName: handout.productName,
    cultivar: row.cultivar,
    organisationProductId: handout.organisationProductId,
    batchId: handout.batchId,
    batchNumber: handout.batchNumber,
    harvestDate: row.harvestDate,
    expiryDate: row.expiryDate,
    quantity: handout.quantity,
    packUnit: handout.packUnit,
    thcContent: handout.thcContent,
    cbdContent: handout.cbdContent,
    cannabinoidUnit: handout.cannabinoidUnit,
    status: handout.cancelledAt ? ('cancelled' as const) : ('active' as const),
    cancelledAt: handout.cancelledAt?.toISOString() ?? null,
    cancelledByName: row.cancelledByName,
    cancelReason: handout.cancelReason,
    organisation: row.organisation,
  }
  if (handout.customerOrderId && row.orderNumber) {
    return {
      ...facts,
      kind: 'pharmacy',
      order: { id: handout.customerOrderId, number: row.orderNumber },
      label: {
        // The table's check `hand_outs_kind_complete` guarantees a pharmacy row these.
        formOfUse: handout.formOfUse as string,
        dosage: handout.dosage,
        prescriberName: handout.prescriberName as string,
        prescriberAddress: handout.prescriberAddress,
        preparedOn: handout.preparedOn as string,
        useBy: handout.useBy,
        storageNote: handout.storageNote as string,
      },
    }
  }
  return {
    ...facts,
    kind: 'club',
    ageClass: handout.ageClass as HandoutAgeClass,
    cancellable: !handout.cancelledAt && isCancellableOn(handout.handedOutOn, berlinIsoDate(now)),
    // The check `hand_outs_kind_complete` guarantees a club row its information.
    information: handout.information as string,
  }
}

import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { openOrderStatuses } from '../../lib/customer-orders'
import {
  type CustomerData,
  customerNoteSchema,
  customerRevisionSchema,
  customerSchema,
  missingLicenceFields,
  shopAccountLinkSchema,
  updateCustomerSchema,
} from '../../lib/customer-schemas'
import {
  ageOn,
  type CustomerDetail,
  type CustomerFields,
  type CustomerList,
  type CustomerListSearch,
  type CustomerOption,
  type CustomerOwner,
  customerDisplayName,
  customerKindLabels,
  formatCustomerNumber,
  licenceWarningDays,
  maxActiveMembers,
  minimumMemberAge,
  statutoryMinMembershipMonths,
} from '../../lib/customers'
import { addCalendarDays, addCalendarMonths, berlinIsoDate, formatDate } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import type { Actor, BusinessActor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { customerNumberYear, takeNextNumber } from '../counters/counters.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import type { Database, Executor } from '../db/client.server'
import { organisations, shopUsers, tenants, users } from '../db/schema'
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  parseInput,
} from '../errors.server'
import { listPage, searchCondition } from '../list-query.server'
import { customerNotes, customers } from './customers.schema'
import { customerKeeper } from './customers-access.server'

/**
 * An organisation's customers: patients and businesses of a pharmacy, businesses of a wholesaler
 * or producer, members of a club. Every read and change is scoped by the acting user's
 * organisation; every change writes one audit row in which personal fields appear only as
 * "changed" (areas.md), so anonymising never has to touch the append-only log.
 */

export type CustomerRowType = typeof customers.$inferSelect

export const customerAudit = {
  entityType: 'customer',
  created: 'customer.created',
  updated: 'customer.updated',
  deactivated: 'customer.deactivated',
  reactivated: 'customer.reactivated',
  noteAdded: 'customer.note_added',
  shopAccountLinked: 'customer.shop_account_linked',
  shopAccountUnlinked: 'customer.shop_account_unlinked',
  exported: 'customer.exported',
  listExported: 'customer.list_exported',
  anonymised: 'customer.anonymised',
  restricted: 'customer.restricted',
} as const

/**
 * Personal data (names of persons, birth date, address, contact, health-related payer facts,
 * club membership, the shop account): the audit log says only that it changed.
 */
export const personalCustomerFields = [
  'firstName',
  'lastName',
  'birthDate',
  'contactPerson',
  'street',
  'postalCode',
  'city',
  'email',
  'phone',
  'payerKind',
  'insurerName',
  'insuranceNumber',
  'copaymentExempt',
  'membershipNumber',
  'joinedOn',
  'idCheckedOn',
  'shopUserId',
  'note',
] as const

export const customerNotFoundMessage = 'Diesen Kunden gibt es nicht (mehr).'
export const staleCustomerMessage =
  'Der Kunde wurde inzwischen geändert. Bitte lade die Seite neu und prüfe die Angaben.'
const anonymisedMessage = 'Der Kunde ist anonymisiert; seine Daten lassen sich nicht mehr ändern.'

/** Sorts and searches by what people call the customer: company, or last and first name. */
export const customerNameSql = sql<string>`coalesce(${customers.companyName}, ${customers.lastName} || ' ' || coalesce(${customers.firstName}, ''))`
export const fullNameSql = sql<string>`coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, '')`

export function fieldsOf(row: CustomerRowType): CustomerFields {
  return {
    kind: row.kind,
    firstName: row.firstName,
    lastName: row.lastName,
    birthDate: row.birthDate,
    companyName: row.companyName,
    contactPerson: row.contactPerson,
    vatId: row.vatId,
    licenceType: row.licenceType,
    licenceNumber: row.licenceNumber,
    licenceAuthority: row.licenceAuthority,
    licenceValidUntil: row.licenceValidUntil,
    medcanPermitNumber: row.medcanPermitNumber,
    eInvoiceAddress: row.eInvoiceAddress,
    eInvoiceFormat: row.eInvoiceFormat,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    email: row.email,
    phone: row.phone,
    payerKind: row.payerKind,
    insurerName: row.insurerName,
    insuranceNumber: row.insuranceNumber,
    copaymentExempt: row.copaymentExempt,
    membershipNumber: row.membershipNumber,
    joinedOn: row.joinedOn,
    idCheckedOn: row.idCheckedOn,
    leftOn: row.leftOn,
    noOtherClubDeclaredOn: row.noOtherClubDeclaredOn,
    residenceDeclaredOn: row.residenceDeclaredOn,
    teamUserId: row.teamUserId,
  }
}

/** The columns of a customer a kind does not use stay empty, whatever the input said. */
function columnsOf(data: CustomerData): Omit<CustomerFields, 'kind'> {
  const empty = {
    firstName: null,
    lastName: null,
    birthDate: null,
    companyName: null,
    contactPerson: null,
    vatId: null,
    licenceType: null,
    licenceNumber: null,
    licenceAuthority: null,
    licenceValidUntil: null,
    medcanPermitNumber: null,
    eInvoiceAddress: null,
    eInvoiceFormat: 'xrechnung' as const,
    payerKind: null,
    insurerName: null,
    insuranceNumber: null,
    copaymentExempt: false,
    membershipNumber: null,
    joinedOn: null,
    idCheckedOn: null,
    leftOn: null,
    noOtherClubDeclaredOn: null,
    residenceDeclaredOn: null,
    teamUserId: null,
  }
  const address = {
    street: data.street,
    postalCode: data.postalCode,
    city: data.city,
    country: data.country,
    email: data.email,
    phone: data.phone,
  }
  if (data.kind === 'patient') {
    return {
      ...empty,
      ...address,
      firstName: data.firstName,
      lastName: data.lastName,
      birthDate: data.birthDate,
      payerKind: data.payerKind,
      // A private or self-paying patient has no statutory insurer to record.
      insurerName: data.payerKind === 'self_pay' ? null : data.insurerName,
      insuranceNumber: data.payerKind === 'self_pay' ? null : data.insuranceNumber,
      copaymentExempt: data.payerKind === 'statutory' && data.copaymentExempt,
    }
  }
  if (data.kind === 'business') {
    return {
      ...empty,
      ...address,
      companyName: data.companyName,
      contactPerson: data.contactPerson,
      vatId: data.vatId?.replace(/[\s.-]/g, '').toUpperCase() ?? null,
      licenceType: data.licenceType,
      licenceNumber: data.licenceNumber,
      licenceAuthority: data.licenceAuthority,
      licenceValidUntil: data.licenceValidUntil,
      // Only wholesalers and manufacturers hold a MedCanG permit; a pharmacy is exempt.
      medcanPermitNumber: data.licenceType === 'pharmacy' ? null : data.medcanPermitNumber,
      eInvoiceAddress: data.eInvoiceAddress,
      eInvoiceFormat: data.eInvoiceFormat,
    }
  }
  return {
    ...empty,
    ...address,
    firstName: data.firstName,
    lastName: data.lastName,
    birthDate: data.birthDate,
    membershipNumber: data.membershipNumber,
    joinedOn: data.joinedOn,
    idCheckedOn: data.idCheckedOn,
    leftOn: data.leftOn,
    noOtherClubDeclaredOn: data.noOtherClubDeclaredOn,
    residenceDeclaredOn: data.residenceDeclaredOn,
    teamUserId: data.teamUserId,
  }
}

/**
 * Active business customers whose licence needs attention on `day`: missing, expired, or
 * expiring within `licenceWarningDays`. The customer list's filter and the dashboard's figure
 * both count by it (ADR 044).
 */
export function licenceAttentionCondition(day: string): SQL {
  return and(
    eq(customers.kind, 'business'),
    isNull(customers.deactivatedAt),
    isNull(customers.anonymisedAt),
    or(
      isNull(customers.licenceType),
      isNull(customers.licenceNumber),
      isNull(customers.licenceAuthority),
      isNull(customers.licenceValidUntil),
      lte(customers.licenceValidUntil, addCalendarDays(day, licenceWarningDays)),
    ),
  ) as SQL
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

/** What a customer search reads: names, number, e-mail and a club's membership number. */
const customerSearchColumns = [
  customers.companyName,
  fullNameSql,
  customerNameSql,
  customers.number,
  customers.email,
  customers.membershipNumber,
]

/**
 * The customers the list shows for its search and filters, and what its sort keys sort by: the
 * list's pages and its CSV export read the same selection.
 */
export function customerListCondition(organisationId: string, query: CustomerListSearch): SQL {
  return and(
    eq(customers.organisationId, organisationId),
    // Restricted members are kept for the authority only (§ 26 KCanG), not listed.
    isNull(customers.restrictedAt),
    query.kind && eq(customers.kind, query.kind),
    query.active === undefined
      ? undefined
      : query.active === 'yes'
        ? isNull(customers.deactivatedAt)
        : isNotNull(customers.deactivatedAt),
    query.licence === 'attention' ? licenceAttentionCondition(berlinIsoDate()) : undefined,
    searchCondition(query.q, customerSearchColumns),
  ) as SQL
}

export const customerListOrder = {
  sortColumns: {
    name: customerNameSql,
    number: customers.number,
    kind: customers.kind,
    createdAt: customers.createdAt,
  },
  tiebreaker: customers.id,
}

export async function listCustomers(
  actor: Actor,
  query: CustomerListSearch,
  db: Database,
): Promise<CustomerList> {
  const { owner } = customerKeeper(actor)
  const select = db
    .select({ customer: customers })
    .from(customers)
    .where(customerListCondition(owner.id, query))
    .$dynamic()
  const page = await listPage(db, select, query, customerListOrder)
  return {
    ...page,
    owner,
    items: page.items.map(({ customer }) => ({
      id: customer.id,
      number: customer.number,
      kind: customer.kind,
      displayName: customerDisplayName(customer),
      email: customer.email,
      city: customer.city,
      membershipNumber: customer.membershipNumber,
      active: customer.deactivatedAt === null,
      anonymised: customer.anonymisedAt !== null,
      createdAt: customer.createdAt.toISOString(),
    })),
  }
}

/** The organisation's active customers matching `q`, for pickers (at most 20). */
export async function searchCustomerOptions(
  actor: Actor,
  q: string,
  db: Database,
): Promise<CustomerOption[]> {
  const { owner } = customerKeeper(actor)
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, owner.id),
        isNull(customers.deactivatedAt),
        searchCondition(q, customerSearchColumns),
      ),
    )
    .orderBy(asc(customerNameSql), asc(customers.id))
    .limit(20)
  return rows.map(optionOf)
}

export function optionOf(row: CustomerRowType): CustomerOption {
  return {
    id: row.id,
    number: row.number,
    displayName: customerDisplayName(row),
    kind: row.kind,
    payerKind: row.payerKind,
    insurerName: row.insurerName,
    insuranceNumber: row.insuranceNumber,
    copaymentExempt: row.copaymentExempt,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
  }
}

/** One customer of the organisation (undefined for an unknown id or another organisation's). */
export async function findCustomer(
  executor: Executor,
  organisationId: string,
  id: string,
  { forUpdate = false } = {},
): Promise<CustomerRowType | undefined> {
  if (!isUuid(id)) return undefined
  const select = executor
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.organisationId, organisationId)))
  const [row] = forUpdate ? await select.for('update') : await select
  return row
}

/** The shop account a customer is linked to, with the shop's name. */
export async function shopAccountOf(executor: Executor, shopUserId: string | null) {
  if (!shopUserId) return null
  const [row] = await executor
    .select({
      id: shopUsers.id,
      email: shopUsers.email,
      name: shopUsers.name,
      slug: tenants.slug,
      config: tenants.config,
    })
    .from(shopUsers)
    .innerJoin(tenants, eq(tenants.id, shopUsers.tenantId))
    .where(eq(shopUsers.id, shopUserId))
  if (!row) return null
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    shopName: row.config?.shopName ?? row.slug,
  }
}

export async function getCustomer(actor: Actor, id: string, db: Database): Promise<CustomerDetail> {
  const { owner } = customerKeeper(actor)
  const row = await findCustomer(db, owner.id, id)
  if (!row) throw new NotFoundError(customerNotFoundMessage)
  return detailOf(db, owner, row)
}

async function detailOf(
  db: Executor,
  owner: CustomerOwner,
  row: CustomerRowType,
): Promise<CustomerDetail> {
  // One after another: the caller may pass a transaction, which runs no queries concurrently.
  const orders = await db
    .select({
      id: customerOrders.id,
      number: customerOrders.number,
      createdAt: customerOrders.createdAt,
      status: customerOrders.status,
      paymentStatus: customerOrders.paymentStatus,
      grossCents: customerOrders.grossCents,
    })
    .from(customerOrders)
    .where(and(eq(customerOrders.customerId, row.id), eq(customerOrders.organisationId, owner.id)))
    .orderBy(desc(customerOrders.createdAt), desc(customerOrders.id))
  const notes = await db
    .select({
      id: customerNotes.id,
      body: customerNotes.body,
      createdAt: customerNotes.createdAt,
      authorName: users.name,
    })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.createdBy))
    .where(and(eq(customerNotes.customerId, row.id), eq(customerNotes.organisationId, owner.id)))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
  const [partner] = row.partnerOrganisationId
    ? await db
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, row.partnerOrganisationId))
    : []
  const shopAccount = await shopAccountOf(db, row.shopUserId)
  const nameOf = async (userId: string | null) => {
    if (!userId) return null
    const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId))
    return user?.name ?? null
  }
  // Only the owner links members to accounts; `canAnonymise` is the viewer-is-owner flag.
  const teamUserOptions =
    row.kind === 'member' && owner.canAnonymise
      ? await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(eq(users.organisationId, owner.id), eq(users.active, true)))
          .orderBy(asc(users.name), asc(users.id))
      : []
  return {
    ...fieldsOf(row),
    id: row.id,
    number: row.number,
    displayName: customerDisplayName(row),
    partnerOrganisationName: partner?.name ?? null,
    shopAccount,
    active: row.deactivatedAt === null,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
    restrictedAt: row.restrictedAt?.toISOString() ?? null,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner,
    orders: orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    openOrderCount: orders.filter((order) =>
      (openOrderStatuses as readonly string[]).includes(order.status),
    ).length,
    noOtherClubRecordedByName: await nameOf(row.noOtherClubRecordedBy),
    residenceRecordedByName: await nameOf(row.residenceRecordedBy),
    teamUserName: await nameOf(row.teamUserId),
    teamUserOptions,
  }
}

// ─── Changing ────────────────────────────────────────────────────────────────────────────────

/** The fields the audit log records; the personal ones only as "changed" (`recordAudit`). */
export const auditedFields = (row: CustomerRowType): Record<string, unknown> => ({
  number: row.number,
  ...fieldsOf(row),
  partnerOrganisationId: row.partnerOrganisationId,
  shopUserId: row.shopUserId,
  active: row.deactivatedAt === null,
  anonymised: row.anonymisedAt !== null,
  restricted: row.restrictedAt !== null,
  revision: row.revision,
})

export async function auditCustomer(
  tx: Executor,
  actor: Actor,
  action: string,
  before: CustomerRowType | null,
  after: CustomerRowType,
  extra: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
) {
  await recordAudit(tx, {
    organisationId: after.organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action,
    entity: { type: customerAudit.entityType, id: after.id },
    before: before && { ...auditedFields(before), ...extra.before },
    after: { ...auditedFields(after), ...extra.after },
    personalFields: personalCustomerFields,
  })
}

/**
 * Holds the organisation row until the transaction ends: member creations and reactivations,
 * membership numbers and shop links of one organisation queue behind each other, so the count
 * and uniqueness checks below stay true under parallel requests.
 */
export async function lockOrganisation(tx: Executor, organisationId: string) {
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update')
}

const memberLimitMessage = `Dein Verein hat bereits ${maxActiveMembers} aktive Mitglieder – mehr erlaubt das Konsumcannabisgesetz nicht. Deaktiviere zuerst ein Mitglied, das ausgetreten ist.`
const underageMessage = `Mitglied werden darf nur, wer volljährig ist: Die Person ist jünger als ${minimumMemberAge} Jahre.`

/** Another active member would exceed the club's limit (call with the organisation locked). */
async function checkMemberLimit(tx: Executor, organisationId: string) {
  const [row] = await tx
    .select({ value: count() })
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, organisationId),
        eq(customers.kind, 'member'),
        isNull(customers.deactivatedAt),
      ),
    )
  if ((row?.value ?? 0) >= maxActiveMembers) throw new ConflictError(memberLimitMessage)
}

async function checkMembershipNumberFree(
  tx: Executor,
  organisationId: string,
  membershipNumber: string | null,
  exceptId: string | null,
) {
  if (!membershipNumber) return
  const [taken] = await tx
    .select({ number: customers.number })
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, organisationId),
        eq(customers.membershipNumber, membershipNumber),
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
  if (taken) {
    const message = `Die Mitgliedsnummer ${membershipNumber} hat bereits ${taken.number}.`
    throw new ConflictError(message, { membershipNumber: message })
  }
}

function checkKindAllowed(owner: CustomerOwner, data: CustomerData) {
  if (!owner.kinds.includes(data.kind)) {
    const allowed = owner.kinds.map((kind) => customerKindLabels[kind]).join(', ')
    throw new InvalidError(
      { kind: `Deine Organisation führt nur diese Kunden: ${allowed}.` },
      `${customerKindLabels[data.kind]} passt nicht zu deiner Organisation.`,
    )
  }
}

/**
 * A wholesaler's or producer's business customer is saved only with its licence (§ 47 AMG,
 * MedCanG § 4): otherwise no order to it could ever be delivered.
 */
function checkLicenceRecorded(owner: CustomerOwner, data: CustomerData) {
  if (!owner.licenceRequired || data.kind !== 'business') return
  const missing = missingLicenceFields(data)
  if (Object.keys(missing).length > 0) {
    throw new InvalidError(
      missing,
      'Großhändler und Hersteller dürfen nur an Kunden mit Erlaubnis liefern: bitte erfasse die Erlaubnis des Kunden.',
    )
  }
}

/** A member must be of age on the day they are entered (KCanG § 16). */
function checkAdult(data: CustomerData, entryDay: string) {
  if (data.kind === 'member' && ageOn(data.birthDate, entryDay) < minimumMemberAge) {
    throw new InvalidError({ birthDate: underageMessage }, underageMessage)
  }
}

/** The statutes' minimum membership in months; the legal three while the club has not recorded it. */
async function minMembershipMonthsOf(tx: Executor, organisationId: string): Promise<number> {
  const [row] = await tx
    .select({ months: organisations.minMembershipMonths })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return row?.months ?? statutoryMinMembershipMonths
}

export const memberLinkByOwnerMessage = 'Nur der Vorstand verknüpft Mitglieder mit Benutzerkonten.'

/** 400 unless `userId` is an active user of the club: only they may be linked to a member. */
export async function checkClubUserActive(tx: Executor, organisationId: string, userId: string) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.id, userId), eq(users.organisationId, organisationId), eq(users.active, true)),
    )
  if (!user) {
    const message = 'Dieses Benutzerkonto gehört nicht (mehr) zu deinem Verein.'
    throw new InvalidError({ teamUserId: message }, message)
  }
}

/**
 * A member's columns the form does not carry, and the club rules on the ones it does: the exit
 * day is not before the joined day plus the statutes' minimum membership (§ 16 Abs. 5 KCanG);
 * each declaration records who entered it (§ 16 Abs. 3, 4 KCanG); only the owner links a member to
 * an active user of the club, and each user to one member (§ 19 Abs. 2 KCanG hand-outs).
 */
async function memberColumns(
  tx: Executor,
  business: BusinessActor,
  data: CustomerData,
  current: CustomerRowType | null,
): Promise<Partial<CustomerRowType>> {
  if (data.kind !== 'member') return {}
  const organisationId = business.organisation.id
  if (data.leftOn) {
    if (!data.joinedOn) {
      const message = 'Ohne Eintrittsdatum lässt sich die Mindestmitgliedschaft nicht prüfen.'
      throw new InvalidError({ joinedOn: message }, message)
    }
    const months = await minMembershipMonthsOf(tx, organisationId)
    const earliest = addCalendarMonths(data.joinedOn, months)
    if (data.leftOn < earliest) {
      const message = `Die Satzung sieht eine Mindestmitgliedschaft von ${months} Monaten vor: Ein Austritt ist frühestens zum ${formatDate(earliest)} möglich.`
      throw new InvalidError({ leftOn: message }, message)
    }
  }
  if (data.teamUserId !== (current?.teamUserId ?? null)) {
    if (business.user.role !== 'owner') {
      throw new ForbiddenError(memberLinkByOwnerMessage)
    }
    if (data.teamUserId) {
      await checkClubUserActive(tx, organisationId, data.teamUserId)
      const [linked] = await tx
        .select({ number: customers.number })
        .from(customers)
        .where(
          and(
            eq(customers.organisationId, organisationId),
            eq(customers.teamUserId, data.teamUserId),
            current ? ne(customers.id, current.id) : undefined,
          ),
        )
      if (linked) {
        const message = `Dieses Benutzerkonto ist bereits mit dem Mitglied ${linked.number} verknüpft.`
        throw new ConflictError(message, { teamUserId: message })
      }
    }
  }
  const recordedBy = (day: string | null, before: string | null, by: string | null) =>
    day === null ? null : day === before ? by : business.user.id
  return {
    noOtherClubRecordedBy: recordedBy(
      data.noOtherClubDeclaredOn,
      current?.noOtherClubDeclaredOn ?? null,
      current?.noOtherClubRecordedBy ?? null,
    ),
    residenceRecordedBy: recordedBy(
      data.residenceDeclaredOn,
      current?.residenceDeclaredOn ?? null,
      current?.residenceRecordedBy ?? null,
    ),
  }
}

/**
 * Inserts a customer with the next number of its organisation's counter and audits it, in the
 * caller's transaction (the service below; an order between organisations for its buyer).
 */
export async function insertCustomer(
  tx: Executor,
  actor: Actor,
  values: Omit<typeof customers.$inferInsert, 'number'> & { organisationId: string },
): Promise<CustomerRowType> {
  const value = await takeNextNumber(tx, values.organisationId, 'customer', customerNumberYear)
  const [created] = await tx
    .insert(customers)
    .values({ ...values, number: formatCustomerNumber(value) })
    .returning()
  if (!created) throw new Error('The customer insert returned no row')
  await auditCustomer(tx, actor, customerAudit.created, null, created)
  return created
}

/** Creates a customer; answers with what a picker needs to choose it right away. */
export async function createCustomer(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<CustomerOption> {
  const { owner, business } = customerKeeper(actor)
  const data = parseInput(customerSchema, input)
  checkKindAllowed(owner, data)
  checkLicenceRecorded(owner, data)
  checkAdult(data, berlinIsoDate())
  return db.transaction(async (tx) => {
    if (data.kind === 'member') {
      await lockOrganisation(tx, owner.id)
      await checkMemberLimit(tx, owner.id)
      await checkMembershipNumberFree(tx, owner.id, data.membershipNumber, null)
    }
    const created = await insertCustomer(tx, actor, {
      ...columnsOf(data),
      ...(await memberColumns(tx, business, data, null)),
      kind: data.kind,
      organisationId: owner.id,
      createdBy: business.user.id,
    })
    return optionOf(created)
  })
}

/** The customer locked for a change; refused once anonymised or when `revision` is outdated. */
async function lockedCustomer(
  tx: Executor,
  organisationId: string,
  id: string,
  revision?: number,
): Promise<CustomerRowType> {
  const row = await findCustomer(tx, organisationId, id, { forUpdate: true })
  if (!row) throw new NotFoundError(customerNotFoundMessage)
  if (row.anonymisedAt) throw new ConflictError(anonymisedMessage)
  if (revision !== undefined && revision !== row.revision) {
    throw new ConflictError(staleCustomerMessage)
  }
  return row
}

export async function changeCustomer(
  tx: Executor,
  actor: Actor,
  current: CustomerRowType,
  action: string,
  changes: Partial<CustomerRowType>,
  extra?: Parameters<typeof auditCustomer>[5],
): Promise<CustomerRowType> {
  const [updated] = await tx
    .update(customers)
    .set({ ...changes, revision: current.revision + 1, updatedAt: new Date() })
    .where(and(eq(customers.id, current.id), eq(customers.organisationId, current.organisationId)))
    .returning()
  if (!updated) throw new NotFoundError(customerNotFoundMessage)
  await auditCustomer(tx, actor, action, current, updated, extra)
  return updated
}

/** Changes a customer's data; the kind stays, and the form's revision must be the current one. */
export async function updateCustomer(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<{ id: string; revision: number }> {
  const { owner, business } = customerKeeper(actor)
  const { revision, customer: data } = parseInput(updateCustomerSchema, input)
  checkKindAllowed(owner, data)
  checkLicenceRecorded(owner, data)
  return db.transaction(async (tx) => {
    if (data.kind === 'member') await lockOrganisation(tx, owner.id)
    const current = await lockedCustomer(tx, owner.id, id, revision)
    if (current.kind !== data.kind) {
      throw new ConflictError('Die Art des Kunden lässt sich nicht ändern.')
    }
    // "18+ on the day of entry": the day the member was entered, not today.
    checkAdult(data, berlinIsoDate(current.createdAt))
    if (data.kind === 'member') {
      await checkMembershipNumberFree(tx, owner.id, data.membershipNumber, current.id)
    }
    const updated = await changeCustomer(tx, actor, current, customerAudit.updated, {
      ...columnsOf(data),
      ...(await memberColumns(tx, business, data, current)),
    })
    return { id: updated.id, revision: updated.revision }
  })
}

export async function deactivateCustomer(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<{ id: string; revision: number }> {
  const { owner } = customerKeeper(actor)
  const { revision } = parseInput(customerRevisionSchema, input ?? {})
  return db.transaction(async (tx) => {
    const current = await lockedCustomer(tx, owner.id, id, revision)
    if (current.deactivatedAt) throw new ConflictError('Der Kunde ist bereits deaktiviert.')
    const updated = await changeCustomer(tx, actor, current, customerAudit.deactivated, {
      deactivatedAt: new Date(),
    })
    return { id: updated.id, revision: updated.revision }
  })
}

/** Makes a customer active again; a member counts against the club's limit again. */
export async function reactivateCustomer(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<{ id: string; revision: number }> {
  const { owner } = customerKeeper(actor)
  const { revision } = parseInput(customerRevisionSchema, input ?? {})
  return db.transaction(async (tx) => {
    if (owner.members) await lockOrganisation(tx, owner.id)
    const current = await lockedCustomer(tx, owner.id, id, revision)
    if (!current.deactivatedAt) throw new ConflictError('Der Kunde ist bereits aktiv.')
    if (current.restrictedAt) {
      throw new ConflictError(
        'Das Mitglied ist gesperrt, bis es nach Ablauf der Aufbewahrungsfrist anonymisiert wird: Es lässt sich nicht wieder aktivieren.',
      )
    }
    if (current.kind === 'member') await checkMemberLimit(tx, owner.id)
    const updated = await changeCustomer(tx, actor, current, customerAudit.reactivated, {
      deactivatedAt: null,
    })
    return { id: updated.id, revision: updated.revision }
  })
}

/** A note about the customer; the audit row says only that a note was written. */
export async function addCustomerNote(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<{ id: string }> {
  const { owner, business } = customerKeeper(actor)
  const { body } = parseInput(customerNoteSchema, input)
  return db.transaction(async (tx) => {
    const current = await lockedCustomer(tx, owner.id, id)
    const [note] = await tx
      .insert(customerNotes)
      .values({
        organisationId: owner.id,
        customerId: current.id,
        body,
        createdBy: business.user.id,
      })
      .returning({ id: customerNotes.id })
    if (!note) throw new Error('The note insert returned no row')
    await recordAudit(tx, {
      organisationId: owner.id,
      actor: auditActorOf(actor),
      requestId: actor.requestId,
      action: customerAudit.noteAdded,
      entity: { type: customerAudit.entityType, id: current.id },
      after: { noteId: note.id, note: body },
      personalFields: ['note'],
    })
    return note
  })
}

const noShopAccountMessage =
  'Unter dieser E-Mail-Adresse gibt es kein Kundenkonto in den Shops deiner Organisation.'

/**
 * Links the customer to a shop account (b2c) of one of the organisation's tenants, found by the
 * e-mail address the customer registered with. An account belongs to one customer at most.
 */
export async function linkShopAccount(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<{ id: string; revision: number }> {
  const { owner } = customerKeeper(actor)
  const { email } = parseInput(shopAccountLinkSchema, input)
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, owner.id)
    const current = await lockedCustomer(tx, owner.id, id)
    const [account] = await tx
      .select({ id: shopUsers.id })
      .from(shopUsers)
      .innerJoin(tenants, eq(tenants.id, shopUsers.tenantId))
      .where(
        and(
          eq(tenants.organisationId, owner.id),
          eq(sql`lower(${shopUsers.email})`, email.toLowerCase()),
        ),
      )
      .orderBy(asc(shopUsers.createdAt), asc(shopUsers.id))
      .limit(1)
    if (!account) throw new InvalidError({ email: noShopAccountMessage }, noShopAccountMessage)
    if (current.shopUserId === account.id) return { id: current.id, revision: current.revision }
    const [linked] = await tx
      .select({ number: customers.number })
      .from(customers)
      .where(and(eq(customers.organisationId, owner.id), eq(customers.shopUserId, account.id)))
    if (linked) {
      const message = `Dieses Kundenkonto ist bereits mit ${linked.number} verknüpft.`
      throw new ConflictError(message, { email: message })
    }
    const updated = await changeCustomer(tx, actor, current, customerAudit.shopAccountLinked, {
      shopUserId: account.id,
    })
    return { id: updated.id, revision: updated.revision }
  })
}

export async function unlinkShopAccount(
  actor: Actor,
  id: string,
  db: Database,
): Promise<{ id: string; revision: number }> {
  const { owner } = customerKeeper(actor)
  return db.transaction(async (tx) => {
    const current = await lockedCustomer(tx, owner.id, id)
    if (!current.shopUserId)
      throw new ConflictError('Der Kunde ist mit keinem Kundenkonto verknüpft.')
    const updated = await changeCustomer(tx, actor, current, customerAudit.shopAccountUnlinked, {
      shopUserId: null,
    })
    return { id: updated.id, revision: updated.revision }
  })
}

/** Open orders of a customer (numbers), for the anonymise refusal. */
export async function openOrderNumbers(tx: Executor, organisationId: string, customerId: string) {
  const rows = await tx
    .select({ number: customerOrders.number })
    .from(customerOrders)
    .where(
      and(
        eq(customerOrders.organisationId, organisationId),
        eq(customerOrders.customerId, customerId),
        inArray(customerOrders.status, [...openOrderStatuses]),
      ),
    )
    .orderBy(asc(customerOrders.number))
  return rows.map((row) => row.number)
}

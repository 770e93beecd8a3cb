import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { timestamps } from '../db/columns'
import { organisations, shopUsers, users } from '../db/core.schema'
import { customerKind, eInvoiceFormat, licenceType, payerKind } from './customer-enums.schema'

/**
 * Whom an organisation sells or hands out to. One table for the three kinds (patient, business,
 * member): orders, documents and hand-outs refer to a customer whatever the kind, and the kinds
 * share name, address and contact. Anonymising replaces the personal fields and keeps the row,
 * so orders, invoices and hand-out records stay whole.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** `KD-00042`, from the organisation's counter; never reused. */
    number: text('number').notNull(),
    kind: customerKind('kind').notNull(),
    /** Persons (patient, member). */
    firstName: text('first_name'),
    lastName: text('last_name'),
    birthDate: date('birth_date', { mode: 'string' }),
    /** Businesses. */
    companyName: text('company_name'),
    contactPerson: text('contact_person'),
    vatId: text('vat_id'),
    /**
     * The business's licence (§ 47 AMG): operating licence of a pharmacy, wholesale (§ 52a AMG) or
     * manufacturing licence (§ 13 AMG), with number, authority and last valid day; the latter two
     * also the MedCanG permit. A wholesaler's or producer's customers must have it (service rule).
     */
    licenceType: licenceType('licence_type'),
    licenceNumber: text('licence_number'),
    licenceAuthority: text('licence_authority'),
    licenceValidUntil: date('licence_valid_until', { mode: 'string' }),
    medcanPermitNumber: text('medcan_permit_number'),
    /** Where e-invoices go: a Leitweg-ID or an e-mail address. */
    eInvoiceAddress: text('e_invoice_address'),
    /** Businesses: which e-invoice they receive (every invoice to a business is one, ADR 054). */
    eInvoiceFormat: eInvoiceFormat('e_invoice_format').notNull().default('xrechnung'),
    /** The platform organisation this business customer is (orders between organisations). */
    partnerOrganisationId: uuid('partner_organisation_id').references(() => organisations.id, {
      onDelete: 'restrict',
    }),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country').notNull().default('DE'),
    email: text('email'),
    phone: text('phone'),
    /** Patients: who usually pays; each prescription records its own payer again. */
    payerKind: payerKind('payer_kind'),
    insurerName: text('insurer_name'),
    insuranceNumber: text('insurance_number'),
    /** Statutory patients with an exemption certificate pay no co-payment (§ 62 SGB V). */
    copaymentExempt: boolean('copayment_exempt').notNull().default(false),
    /** Members (clubs): the club's membership number, joined date and the last ID check. */
    membershipNumber: text('membership_number'),
    joinedOn: date('joined_on', { mode: 'string' }),
    idCheckedOn: date('id_checked_on', { mode: 'string' }),
    /** Members: the last day of membership; not before joined date plus the statutes' minimum. */
    leftOn: date('left_on', { mode: 'string' }),
    /**
     * Members: the declaration of being in no other club (§ 16 Abs. 3 KCanG, kept three years)
     * and the proof of residence or usual abode in Germany (§ 16 Abs. 4 KCanG) — the day each
     * was given and who recorded it. They stay on an anonymised row (no personal data in them).
     */
    noOtherClubDeclaredOn: date('no_other_club_declared_on', { mode: 'string' }),
    noOtherClubRecordedBy: uuid('no_other_club_recorded_by').references(() => users.id, {
      onDelete: 'restrict',
    }),
    residenceDeclaredOn: date('residence_declared_on', { mode: 'string' }),
    residenceRecordedBy: uuid('residence_recorded_by').references(() => users.id, {
      onDelete: 'restrict',
    }),
    /** Members: the club's user account this member works with (§ 19 Abs. 2 KCanG hand-outs). */
    teamUserId: uuid('team_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The shop account (b2c) of one of the organisation's tenants this customer is. */
    shopUserId: uuid('shop_user_id').references(() => shopUsers.id, { onDelete: 'set null' }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /**
     * A member whose anonymisation was asked for while their hand-out records must still be kept
     * (§ 26 KCanG): hidden from lists, no hand-outs; the retention job anonymises them later.
     */
    restrictedAt: timestamp('restricted_at', { withTimezone: true }),
    /** Counts every change: an edit based on an older revision is refused. */
    revision: integer('revision').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customers_number_unique').on(table.organisationId, table.number),
    uniqueIndex('customers_membership_number_unique')
      .on(table.organisationId, table.membershipNumber)
      .where(sql`${table.membershipNumber} is not null`),
    uniqueIndex('customers_shop_user_unique')
      .on(table.organisationId, table.shopUserId)
      .where(sql`${table.shopUserId} is not null`),
    uniqueIndex('customers_team_user_unique')
      .on(table.organisationId, table.teamUserId)
      .where(sql`${table.teamUserId} is not null`),
    uniqueIndex('customers_partner_unique')
      .on(table.organisationId, table.partnerOrganisationId)
      .where(sql`${table.partnerOrganisationId} is not null`),
    index('customers_organisation_idx').on(table.organisationId, table.kind, table.deactivatedAt),
    check(
      'customers_kind_fields',
      sql`${table.anonymisedAt} is not null or (${table.kind} = 'business' and ${table.companyName} is not null) or (${table.kind} <> 'business' and ${table.lastName} is not null)`,
    ),
    check(
      'customers_partner_is_business',
      sql`${table.partnerOrganisationId} is null or ${table.kind} = 'business'`,
    ),
    check(
      'customers_team_user_is_member',
      sql`${table.teamUserId} is null or ${table.kind} = 'member'`,
    ),
    check('customers_revision_positive', sql`${table.revision} > 0`),
  ],
)

/** Notes about a customer, newest first on the detail page; removed when the customer is anonymised. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customer_notes_customer_idx').on(table.customerId, table.createdAt)],
)

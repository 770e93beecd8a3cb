// The core tables: organisations, their tenants, accounts and sessions, and the stored files they
// point to. Every area's schema builds on these; schema.ts is the index of all (ADR 059).
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { legalForms } from '../../lib/legal-forms'
import { memberQualifications } from '../../lib/organisation'
import type { TenantConfig } from '../../lib/tenant-config'
import { timestamps } from './columns'

export const organisationCategory = pgEnum('organisation_category', [
  'platform',
  'pharmacy',
  'wholesaler',
  'producer',
  'club',
])

export const legalForm = pgEnum('legal_form', legalForms)

export const userRole = pgEnum('user_role', ['admin', 'owner', 'staff'])

export const memberQualification = pgEnum('member_qualification', memberQualifications)

export const accountType = pgEnum('account_type', ['b2b', 'b2c'])

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: organisationCategory('category').notNull(),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country').notNull().default('DE'),
    /**
     * Whether goods received go straight into `released` (wholesalers and producers may; pharmacies
     * and clubs never). Null: the category's default (`receiptsReleasedByDefault` in lib/stock).
     */
    receiptsReleased: boolean('receipts_released'),
    // Letterhead and invoice data (ADR 022): printed on every generated document.
    /** Steuernummer; an invoice needs it or the VAT id (§ 14 UStG). */
    taxNumber: text('tax_number'),
    /** USt-IdNr., stored compact and upper-case (`DE123456789`). */
    vatId: text('vat_id'),
    /**
     * Kleinunternehmer (§ 19 UStG): its sales are VAT-exempt, its invoices show no VAT and say why
     * (ADR 054). Set by the owner.
     */
    smallBusiness: boolean('small_business').notNull().default(false),
    iban: text('iban'),
    bic: text('bic'),
    bankName: text('bank_name'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    /**
     * Legal form, register and the people who run the organisation: printed where the form's law
     * asks for them (`lib/legal-forms.ts`). Null: not stated yet.
     */
    legalForm: legalForm('legal_form'),
    /** Amtsgericht keeping the register, e.g. `Amtsgericht Charlottenburg`. */
    registerCourt: text('register_court'),
    /** As the register writes it, e.g. `HRA 12345 B`. */
    registerNumber: text('register_number'),
    /** Inhaber(in), Geschäftsführer, Vorstand or partners, in the order printed. */
    managers: text('managers').array().notNull().default(sql`'{}'::text[]`),
    /** An AG's chair of the supervisory board (§ 80 AktG). */
    supervisoryBoardChair: text('supervisory_board_chair'),
    /**
     * The licence the category needs: a pharmacy's operating licence (Betriebserlaubnis), a
     * wholesaler's or producer's MedCanG permit, a club's KCanG permit — with the authority that
     * issued it (not asked of pharmacies).
     */
    licenceNumber: text('licence_number'),
    licenceAuthority: text('licence_authority'),
    /**
     * A wholesaler's wholesale licence (§ 52a AMG) or a producer's manufacturing licence (§ 13
     * AMG), printed on delivery notes next to the MedCanG permit.
     */
    amgLicenceNumber: text('amg_licence_number'),
    amgLicenceAuthority: text('amg_licence_authority'),
    /** A stored file of purpose `organisation_logo` (PNG or JPEG, as PDFs embed them). */
    logoFileId: uuid('logo_file_id').references((): AnyPgColumn => storedFiles.id, {
      onDelete: 'restrict',
    }),
    /**
     * Set by a platform admin: its users cannot log in (their sessions ended then) and its shop
     * shows a neutral "derzeit nicht verfügbar" page. Null: active.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * A club's minimum membership duration in months as its statutes set it (§ 16 Abs. 5 KCanG:
     * at least three): no member leaves before joined date plus this. Null: not recorded yet.
     */
    minMembershipMonths: integer('min_membership_months'),
    /**
     * A club's own information for members, given with every hand-out (§ 21 Abs. 3 KCanG),
     * adapted from `handoutInformationTemplate`. Null: the template.
     */
    handoutInformation: text('handout_information'),
    /** The fewest days between two payment reminders for the same order (ADR 073). */
    paymentReminderDays: integer('payment_reminder_days').notNull().default(7),
    ...timestamps,
  },
  (table) => [
    check(
      'organisations_min_membership_months_statutory',
      sql`${table.minMembershipMonths} is null or ${table.minMembershipMonths} >= 3`,
    ),
    check(
      'organisations_payment_reminder_days',
      sql`${table.paymentReminderDays} between 1 and 60`,
    ),
  ],
)

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    config: jsonb('config').$type<TenantConfig>(),
    /**
     * A host of the tenant's own (`shop.sonnen-apotheke.de`), lower-case, without port. Served and
     * linked to only while verified: its owner proved control with a DNS TXT record (ADR 049).
     */
    customDomain: text('custom_domain'),
    /** The value the TXT record `_blattwerk-verification.<domain>` must carry; new per domain. */
    customDomainToken: text('custom_domain_token'),
    /** When the record was first found; null while unverified or after it lapsed. */
    customDomainVerifiedAt: timestamp('custom_domain_verified_at', { withTimezone: true }),
    /** The last definite answer of the DNS (found or not found), for the periodic re-check. */
    customDomainCheckedAt: timestamp('custom_domain_checked_at', { withTimezone: true }),
    /** The tenant's Mollie API key, sealed with the app secret (secrets.server.ts); never sent out. */
    mollieApiKeySealed: text('mollie_api_key_sealed'),
    ...timestamps,
  },
  (table) => [
    index('tenants_organisation_idx').on(table.organisationId),
    // Several tenants may ask for a domain; only the one that proves it owns it.
    uniqueIndex('tenants_verified_domain_unique')
      .on(table.customDomain)
      .where(sql`${table.customDomainVerifiedAt} is not null`),
    check(
      'tenants_custom_domain_token',
      sql`(${table.customDomain} is null) = (${table.customDomainToken} is null)`,
    ),
    check(
      'tenants_custom_domain_verified',
      sql`${table.customDomainVerifiedAt} is null or ${table.customDomain} is not null`,
    ),
  ],
)

/**
 * Facts about the installation itself, one row per key: e.g. the fingerprint of the app secret the
 * database was set up with, so a process with another secret refuses to start.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: userRole('role').notNull(),
    /** Set by the owner; decides the pharmacist-only steps of a pharmacy (ApBetrO §§ 7, 8). */
    qualification: memberQualification('qualification').notNull().default('other'),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    /** The last successful login, shown in the organisation's member list. */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // Usernames are matched case-insensitively at login, so uniqueness must be too.
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    index('users_organisation_idx').on(table.organisationId),
  ],
)

export const shopUsers = pgTable(
  'shop_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    birthDate: date('birth_date'),
    phone: text('phone'),
    /** Double opt-in: until set, login is refused. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** When the person agreed to the shop's privacy policy, and which text (its hash). */
    privacyConsentAt: timestamp('privacy_consent_at', { withTimezone: true }),
    privacyPolicyVersion: text('privacy_policy_version'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('shop_users_tenant_email_unique').on(table.tenantId, sql`lower(${table.email})`),
  ],
)

/**
 * One row per login: the refresh-token family. Its id is the `sid` claim of every access token
 * issued for it, so checking whether a session is still alive is a primary-key lookup.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountType: accountType('account_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('auth_sessions_subject_idx').on(table.accountType, table.subjectId)],
)

/** Every refresh token ever issued in a family; only a hash of the token is kept. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    accountType: accountType('account_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The role claim the token was signed with (`shop_user` for consumers). */
    role: text('role').notNull(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_expires_idx').on(table.expiresAt),
  ],
)

/**
 * Counters for rate limits (failed logins per account and client, per client). They live in the
 * database so that every app process sees the same counts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_expires_idx').on(table.expiresAt)],
)

/**
 * Messages sent with the public contact form. A message posted on a shop's host belongs to that
 * tenant; one from the product's main domain has none.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Kept against abuse of the form for 30 days; then the retention job clears it (ADR 041). */
    clientIp: text('client_ip'),
    /** When a platform admin marked the message as handled, and who. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_tenant_created_idx').on(table.tenantId, table.createdAt),
    index('contact_messages_created_idx').on(table.createdAt),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** What a stored file is for; it decides who may read it (`file-store.server.ts`). */
export const storedFilePurpose = pgEnum('stored_file_purpose', [
  'product_image',
  'batch_certificate',
  'prescription_scan',
  'organisation_logo',
  'issued_document',
  'copayment_exemption',
  'shop_logo',
])

/**
 * Uploaded files, kept in the database so that every app process reaches the same bytes
 * (architecture.md, scale-out): one of the purposes above each. A file is written once and never
 * changed; a new upload is a new row. A core table: an organisation's logo is one, and every file
 * names its organisation.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner; null for the platform's own files (master product images). */
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'restrict',
    }),
    purpose: storedFilePurpose('purpose').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Hex SHA-256 of the stored bytes: an ETag, and a way to find the same upload again. */
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stored_files_organisation_idx').on(table.organisationId)],
)

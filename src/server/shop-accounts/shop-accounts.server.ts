import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import {
  type AccountTokenPurpose,
  confirmationResentMessage,
  emailChangeRequestedMessage,
  emailChangeSchema,
  emailRequestSchema,
  emailTakenMessage,
  passwordResetSchema,
  registrationAcceptedMessage,
  registrationSchema,
  resetRequestedMessage,
  sameEmailMessage,
  tokenSchema,
} from '../../lib/shop-accounts'
import type { Actor } from '../actor.server'
import { recordAudit } from '../audit/audit.server'
import { type AuthDeps, revokeSessionsOf, startConfirmedShopSession } from '../auth.server'
import type { Database, Executor } from '../db/client.server'
import { shopUsers } from '../db/schema'
import {
  ConflictError,
  DomainError,
  InvalidError,
  parseInput,
  violatesUnique,
} from '../errors.server'
import { enqueueMail, mailSenderOf } from '../mail/outbox.server'
import { hashPassword } from '../password.server'
import { countAttempt, type RateLimitRule } from '../rate-limit.server'
import type { Caller } from '../request-context'
import type { ShopTenant } from '../tenants.server'
import { hashToken } from '../tokens.server'
import { shopCustomerOf } from './shop-account-access.server'
import { auditAccount, checkCurrentPassword, shopAccountAudit } from './shop-account-profile.server'
import { accountTokens } from './shop-accounts.schema'

/** Where the request came from: the shop's public origin (for links in mails) and the client. */
export interface AccountRequest {
  shop: ShopTenant
  /** The shop's configured public origin (tenantPublicOrigin): links in mails point there. */
  origin: string
  ip: string
}

const hour = 3_600_000
const tokenLifetimeMs: Record<AccountTokenPurpose, number> = {
  confirm_registration: 48 * hour,
  reset_password: hour,
  confirm_email_change: 48 * hour,
}

export const accountLimits = {
  registrationsPerClient: {
    name: 'shop-register-client',
    points: 10,
    windowSeconds: 3600,
    sliding: false,
  },
  mailRequestsPerClient: {
    name: 'shop-account-mail-client',
    points: 10,
    windowSeconds: 3600,
    sliding: false,
  },
  mailRequestsPerAddress: {
    name: 'shop-account-mail-address',
    points: 3,
    windowSeconds: 3600,
    sliding: false,
  },
} satisfies Record<string, RateLimitRule>

const tooManyRequests = 'Zu viele Anfragen.'

export const tokenMessages = {
  unknown: 'Dieser Link ist ungültig. Bitte fordern Sie einen neuen an.',
  used: 'Dieser Link wurde bereits verwendet.',
  expired: 'Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen an.',
  otherShop:
    'Dieser Link gehört zu einem anderen Shop. Bitte öffnen Sie ihn genau so, wie er in der E-Mail steht.',
} as const

/** The version of the privacy text a person agreed to: a short hash of its wording. */
export const privacyPolicyVersion = (text: string) =>
  createHash('sha256').update(text).digest('hex').slice(0, 16)

/**
 * The browser that registers (ADR 077): the nonce of its cookie, and where it was (a path on this
 * shop, already checked to be one). Its confirmation link logs in only there.
 */
export interface RegisteringDevice {
  nonce: string
  continueAt: string | null
}

/** How long after the registration its link still logs in; the device cookie lives as long. */
export const deviceBindingSeconds = 3600

async function issueToken(
  tx: Executor,
  values: {
    tenantId: string
    shopUserId: string
    purpose: AccountTokenPurpose
    newEmail?: string
    deviceHash?: string
    continueAt?: string | null
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await tx.insert(accountTokens).values({
    ...values,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + tokenLifetimeMs[values.purpose]),
  })
  return token
}

const confirmationLink = (request: Pick<AccountRequest, 'origin'>, token: string) =>
  `${request.origin}/confirmation/${token}`

const findShopUser = (db: Executor, tenantId: string, email: string) =>
  db
    .select()
    .from(shopUsers)
    .where(
      and(
        eq(shopUsers.tenantId, tenantId),
        eq(sql`lower(${shopUsers.email})`, email.toLowerCase()),
      ),
    )
    .then((rows) => rows[0])

async function sendConfirmation(
  tx: Executor,
  request: AccountRequest,
  user: { id: string; email: string; name: string },
  device: RegisteringDevice | null,
) {
  const token = await issueToken(tx, {
    tenantId: request.shop.id,
    shopUserId: user.id,
    purpose: 'confirm_registration',
    ...(device && { deviceHash: hashToken(device.nonce), continueAt: device.continueAt }),
  })
  await enqueueMail(tx, {
    tenantId: request.shop.id,
    to: user.email,
    sender: mailSenderOf(request.shop.config, request.origin),
    content: {
      kind: 'confirm_registration',
      name: user.name,
      link: confirmationLink(request, token),
    },
  })
}

/**
 * Registers a shop customer and sends the double-opt-in link. An address that already has an
 * account on this shop gets a notice instead (a login and a reset link), and the caller cannot
 * tell the difference: same answer, same work (a password hash either way).
 */
export async function registerShopUser(
  db: Database,
  request: AccountRequest,
  input: unknown,
  device: RegisteringDevice | null = null,
): Promise<{ message: string }> {
  const registration = parseInput(registrationSchema, input)
  await countAttempt(db, accountLimits.registrationsPerClient, request.ip, tooManyRequests, 'Sie')
  const passwordHash = await hashPassword(registration.password)
  const { shop } = request
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(shopUsers)
      .values({
        tenantId: shop.id,
        email: registration.email,
        name: registration.name,
        passwordHash,
        birthDate: registration.birthDate,
        phone: registration.phone,
        privacyConsentAt: new Date(),
        privacyPolicyVersion: privacyPolicyVersion(shop.config.privacyPolicy),
      })
      .onConflictDoNothing()
      .returning({ id: shopUsers.id, email: shopUsers.email, name: shopUsers.name })
    if (created) return sendConfirmation(tx, request, created, device)

    const existing = await findShopUser(tx, shop.id, registration.email)
    // Registering someone else's address over and over must not flood their inbox: past the
    // per-address limit no more mail goes out, and the answer stays the same.
    if (!existing || !(await mayMailAddress(tx, shop, existing.email))) return
    // Not confirmed yet: the person probably lost the first mail; a fresh link helps them.
    if (!existing.emailConfirmedAt) return sendConfirmation(tx, request, existing, device)
    const resetToken = await issueToken(tx, {
      tenantId: shop.id,
      shopUserId: existing.id,
      purpose: 'reset_password',
    })
    await enqueueMail(tx, {
      tenantId: shop.id,
      to: existing.email,
      sender: mailSenderOf(shop.config, request.origin),
      content: {
        kind: 'registration_exists',
        name: existing.name,
        loginLink: `${request.origin}/login`,
        resetLink: confirmationLink(request, resetToken),
      },
    })
  })
  return { message: registrationAcceptedMessage }
}

/** Counts a mail to an address against its limit; false once the limit is reached. */
async function mayMailAddress(db: Executor, shop: ShopTenant, email: string): Promise<boolean> {
  try {
    await countAttempt(
      db,
      accountLimits.mailRequestsPerAddress,
      addressKey(shop, email),
      tooManyRequests,
      'Sie',
    )
    return true
  } catch (error) {
    if (error instanceof DomainError && error.status === 429) return false
    throw error
  }
}

const addressKey = (shop: ShopTenant, email: string) => `${shop.id}:${email.toLowerCase()}`

/** Counts a request that sends mail to an address, per client and per address, before any work. */
async function countMailRequest(db: Database, request: AccountRequest, email: string) {
  await countAttempt(db, accountLimits.mailRequestsPerClient, request.ip, tooManyRequests, 'Sie')
  await countAttempt(
    db,
    accountLimits.mailRequestsPerAddress,
    addressKey(request.shop, email),
    tooManyRequests,
    'Sie',
  )
}

/** Sends the confirmation link again, if the address has an unconfirmed account. Same answer always. */
export async function resendConfirmation(
  db: Database,
  request: AccountRequest,
  input: unknown,
): Promise<{ message: string }> {
  const { email } = parseInput(emailRequestSchema, input)
  await countMailRequest(db, request, email)
  await db.transaction(async (tx) => {
    const user = await findShopUser(tx, request.shop.id, email)
    if (user?.active && !user.emailConfirmedAt) await sendConfirmation(tx, request, user, null)
  })
  return { message: confirmationResentMessage }
}

/** Sends a reset link (valid one hour) to an active account's address. Same answer for unknown ones. */
export async function requestPasswordReset(
  db: Database,
  request: AccountRequest,
  input: unknown,
): Promise<{ message: string }> {
  const { email } = parseInput(emailRequestSchema, input)
  await countMailRequest(db, request, email)
  await db.transaction(async (tx) => {
    const user = await findShopUser(tx, request.shop.id, email)
    if (!user?.active) return
    const token = await issueToken(tx, {
      tenantId: request.shop.id,
      shopUserId: user.id,
      purpose: 'reset_password',
    })
    await enqueueMail(tx, {
      tenantId: request.shop.id,
      to: user.email,
      sender: mailSenderOf(request.shop.config, request.origin),
      content: {
        kind: 'reset_password',
        name: user.name,
        link: confirmationLink(request, token),
        audience: 'shop',
      },
    })
  })
  return { message: resetRequestedMessage }
}

type TokenRow = typeof accountTokens.$inferSelect

/** Why a token cannot be used, each with its own message; null when it can. */
function tokenProblem(row: TokenRow | undefined, shop: ShopTenant, now: Date): string | null {
  if (!row) return tokenMessages.unknown
  if (row.tenantId !== shop.id) return tokenMessages.otherShop
  if (row.usedAt) return tokenMessages.used
  if (row.expiresAt <= now) return tokenMessages.expired
  return null
}

/** What a confirmation link is for, so the page offers the right step, or why it cannot be used. */
export async function inspectToken(
  db: Database,
  shop: ShopTenant,
  token: unknown,
): Promise<{ purpose: AccountTokenPurpose; problem: string | null }> {
  const parsed = tokenSchema.safeParse(token)
  if (!parsed.success) return { purpose: 'confirm_registration', problem: tokenMessages.unknown }
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, hashToken(parsed.data)))
  return {
    purpose: row?.purpose ?? 'confirm_registration',
    problem: tokenProblem(row, shop, new Date()),
  }
}

/**
 * Uses a token once: the row is locked, checked and marked used in the caller's transaction, so
 * two clicks at the same moment cannot both succeed.
 */
async function consumeToken(
  tx: Executor,
  shop: ShopTenant,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<TokenRow> {
  const [row] = await tx
    .select()
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, hashToken(token)))
    .for('update')
  const problem =
    row?.purpose === purpose || !row ? tokenProblem(row, shop, new Date()) : tokenMessages.unknown
  if (problem || !row) throw new DomainError(410, problem ?? tokenMessages.unknown)
  await tx.update(accountTokens).set({ usedAt: new Date() }).where(eq(accountTokens.id, row.id))
  return row
}

/** The browser that opened a confirmation link: its device cookie's nonce, if any. */
export interface ConfirmingDevice {
  nonce: string | null
  client: Caller
}

/** Whether the link was issued to this browser's registration, and recently enough (ADR 077). */
function isRegisteringDevice(row: TokenRow, nonce: string | null, now: Date): boolean {
  if (!row.deviceHash || !nonce) return false
  if (now.getTime() - row.createdAt.getTime() > deviceBindingSeconds * 1000) return false
  const presented = Buffer.from(hashToken(nonce))
  const stored = Buffer.from(row.deviceHash)
  return presented.length === stored.length && timingSafeEqual(presented, stored)
}

/**
 * Confirms the address of a registration. In the browser that registered (its device cookie
 * matches, ADR 077) it also logs in and names where that browser was; anywhere else the person
 * logs in with the password. The token is used up in the confirming transaction, so of any number
 * of parallel confirmations one succeeds and at most one session starts.
 */
export async function confirmRegistration(
  deps: AuthDeps,
  shop: ShopTenant,
  input: unknown,
  device: ConfirmingDevice | null = null,
) {
  const token = parseInput(tokenSchema, input)
  const confirmed = await deps.systemDb.transaction(async (tx) => {
    const row = await consumeToken(tx, shop, token, 'confirm_registration')
    const [user] = await tx
      .update(shopUsers)
      .set({
        emailConfirmedAt: sql`coalesce(${shopUsers.emailConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(and(eq(shopUsers.id, row.shopUserId), eq(shopUsers.tenantId, shop.id)))
      .returning({ id: shopUsers.id, email: shopUsers.email, active: shopUsers.active })
    if (!user) throw new DomainError(410, tokenMessages.unknown)
    return { user, sameDevice: isRegisteringDevice(row, device?.nonce ?? null, new Date()), row }
  })
  const { user, sameDevice, row } = confirmed
  const session =
    sameDevice && device && user.active
      ? await startConfirmedShopSession(deps, user.id, shop, device.client)
      : null
  return { email: user.email, continueAt: session ? row.continueAt : null, session }
}

/**
 * Sets a new password from a reset link: the link is used up, every session of the account ends,
 * and (the person has just proven the address) an unconfirmed address counts as confirmed.
 */
export async function resetPassword(
  db: Database,
  shop: ShopTenant,
  input: unknown,
): Promise<{ email: string }> {
  const { token, password } = parseInput(passwordResetSchema, input)
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, shop, token, 'reset_password')
    const [user] = await tx
      .update(shopUsers)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${shopUsers.emailConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(shopUsers.id, row.shopUserId),
          eq(shopUsers.tenantId, shop.id),
          eq(shopUsers.active, true),
        ),
      )
      .returning({ id: shopUsers.id, email: shopUsers.email })
    if (!user) throw new DomainError(410, tokenMessages.unknown)
    await revokeSessionsOf(tx, 'b2c', user.id)
    // Older reset links of the account die with this one.
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.shopUserId, user.id),
          eq(accountTokens.purpose, 'reset_password'),
          isNull(accountTokens.usedAt),
        ),
      )
    return { email: user.email }
  })
}

/**
 * Starts a change of the account's e-mail address (current password required): a link to the new
 * address confirms it, until then the old one stays. An address that already has an account on
 * this shop gets no mail, and the answer is the same (no enumeration); the link's use checks again.
 */
export async function requestEmailChange(
  db: Database,
  actor: Actor,
  request: AccountRequest,
  input: unknown,
): Promise<{ message: string }> {
  const customer = shopCustomerOf(actor)
  if (customer.tenant.id !== request.shop.id) throw new DomainError(403, tokenMessages.otherShop)
  const { email, currentPassword } = parseInput(emailChangeSchema, input)
  const account = await checkCurrentPassword(db, customer, currentPassword)
  if (account.email.toLowerCase() === email.toLowerCase()) {
    throw new InvalidError({ email: sameEmailMessage }, sameEmailMessage)
  }
  await countMailRequest(db, request, email)
  await db.transaction(async (tx) => {
    // An earlier link for another address dies: only the latest request can take effect.
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.shopUserId, account.id),
          eq(accountTokens.purpose, 'confirm_email_change'),
          isNull(accountTokens.usedAt),
        ),
      )
    await auditAccount(tx, customer, shopAccountAudit.emailChangeRequested)
    if (await findShopUser(tx, request.shop.id, email)) return
    const token = await issueToken(tx, {
      tenantId: request.shop.id,
      shopUserId: account.id,
      purpose: 'confirm_email_change',
      newEmail: email,
    })
    await enqueueMail(tx, {
      tenantId: request.shop.id,
      to: email,
      sender: mailSenderOf(request.shop.config, request.origin),
      content: {
        kind: 'confirm_email_change',
        name: account.name,
        link: confirmationLink(request, token),
      },
    })
  })
  return { message: emailChangeRequestedMessage }
}

/**
 * Confirms a new address from the link sent to it: the account's e-mail becomes the new one,
 * and the old address gets a notice with a reset link (should the change not have been theirs).
 * 409 when the address has meanwhile been taken by another account of the shop.
 */
export async function confirmEmailChange(
  db: Database,
  request: Pick<AccountRequest, 'shop' | 'origin'>,
  input: unknown,
): Promise<{ email: string }> {
  const token = parseInput(tokenSchema, input)
  const { shop } = request
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeToken(tx, shop, token, 'confirm_email_change')
      const [before] = await tx
        .select({ email: shopUsers.email, name: shopUsers.name })
        .from(shopUsers)
        .where(
          and(
            eq(shopUsers.id, row.shopUserId),
            eq(shopUsers.tenantId, shop.id),
            eq(shopUsers.active, true),
          ),
        )
        .for('update')
      if (!before || !row.newEmail) throw new DomainError(410, tokenMessages.unknown)
      const taken = await findShopUser(tx, shop.id, row.newEmail)
      if (taken && taken.id !== row.shopUserId) throw new ConflictError(emailTakenMessage)
      const [user] = await tx
        .update(shopUsers)
        .set({
          email: row.newEmail,
          emailConfirmedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(shopUsers.id, row.shopUserId))
        .returning({ id: shopUsers.id, email: shopUsers.email })
      if (!user) throw new DomainError(410, tokenMessages.unknown)
      await recordEmailChanged(tx, request, { ...before, id: user.id, newEmail: user.email })
      return { email: user.email }
    })
  } catch (error) {
    if (violatesUnique(error, 'shop_users_tenant_email_unique')) {
      throw new ConflictError(emailTakenMessage)
    }
    throw error
  }
}

/** The notice to the old address, with a reset link, and the audit row of the change. */
async function recordEmailChanged(
  tx: Executor,
  request: Pick<AccountRequest, 'shop' | 'origin'>,
  user: { id: string; email: string; name: string; newEmail: string },
) {
  const { shop } = request
  const resetToken = await issueToken(tx, {
    tenantId: shop.id,
    shopUserId: user.id,
    purpose: 'reset_password',
  })
  await enqueueMail(tx, {
    tenantId: shop.id,
    to: user.email,
    sender: mailSenderOf(shop.config, request.origin),
    content: {
      kind: 'email_changed',
      name: user.name,
      newEmail: user.newEmail,
      resetLink: confirmationLink(request, resetToken),
    },
  })
  await recordAudit(tx, {
    organisationId: shop.organisationId,
    actor: { kind: 'shop_user', id: user.id },
    requestId: null,
    action: shopAccountAudit.emailChanged,
    entity: { type: shopAccountAudit.entityType, id: user.id },
  })
}

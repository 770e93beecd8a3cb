import { createHash, randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import {
  type AccountType,
  type B2bUser,
  type B2cUser,
  shopUserRole,
  type UserRole,
} from '../lib/auth-api'
import { type AuditActor, recordAudit } from './audit/audit.server'
import type { Database, Executor } from './db/client.server'
import { authSessions, organisations, refreshTokens, shopUsers, tenants, users } from './db/schema'
import { DomainError } from './errors.server'
import { spendPasswordCheckTime, verifyPassword } from './password.server'
import {
  type AttemptCount,
  clientOfAddress,
  countAttempts,
  isRemembered,
  type MemoryRule,
  type RateLimitRule,
  refundAttempt,
  remember,
  resetCounter,
  type Voice,
} from './rate-limit.server'
import type { Caller } from './request-context'
import type { SigningKeys } from './signing-keys.server'
import type { Tenant } from './tenants.server'
import {
  accountTypeOfRole,
  hashToken,
  InvalidTokenError,
  newRefreshClaims,
  type RefreshClaims,
  signAccessToken,
  signRefreshToken,
  verifyAccessToken,
  verifyRefreshToken,
} from './tokens.server'

/** Login, refresh and token checks come before any actor: they run in the system scope (ADR 050). */
export interface AuthDeps {
  systemDb: Database
  keys: SigningKeys
}

/** The caller behind a valid access token whose session is still alive. */
export interface Principal {
  accountType: AccountType
  subjectId: string
  role: string
  sessionId: string
  tenant?: string
  /** When the presented access token expires: a long-lived stream ends then (ADR 046). */
  expiresAt: Date
}

export const messages = {
  badBusinessCredentials: 'Benutzername oder Passwort ist falsch.',
  badShopCredentials: 'E-Mail oder Passwort ist falsch.',
  notLoggedIn: 'Bitte anmelden.',
  sessionExpired: 'Die Sitzung ist abgelaufen. Bitte erneut anmelden.',
  wrongAccountType: 'Dieser Zugang ist für diese Kontoart nicht vorgesehen.',
  unknownShop: 'Diesen Shop gibt es nicht.',
  tooManyLoginAttempts: 'Zu viele fehlgeschlagene Anmeldeversuche.',
  emailNotConfirmed:
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Wir haben Ihnen dazu einen Link geschickt.',
} as const

/** How long the parent of a family's current refresh token may still be exchanged (two tabs refreshing). */
export const rotationGraceSeconds = 10

export const loginLimits = {
  /** Consecutive failures for one account from one client. */
  accountAndClient: {
    name: 'login-account-client',
    points: 10,
    windowSeconds: 15 * 60,
    sliding: true,
  },
  /** Failures from one client across all accounts (attempts the account rule let through). */
  client: { name: 'login-client', points: 100, windowSeconds: 60 * 60, sliding: false },
  /**
   * The account's ceiling across all addresses (ADR 051): failures from clients it does not know
   * — guesses spread over many addresses — at most this many per quarter hour …
   */
  account: { name: 'login-account', points: 20, windowSeconds: 15 * 60, sliding: false },
  /** … and per day, so a lasting attack gets fewer guesses still. */
  accountPerDay: {
    name: 'login-account-day',
    points: 100,
    windowSeconds: 24 * 60 * 60,
    sliding: false,
  },
} satisfies Record<string, RateLimitRule>

/**
 * How long a client (an address, an IPv6 /64) a login to an account succeeded from stays known to
 * that account: its attempts pass the account's ceiling, so an attack from elsewhere cannot keep
 * the owner out. As long as the contact form keeps an address (ADR 041).
 */
export const knownLoginClient: MemoryRule = {
  name: 'login-known-client',
  windowSeconds: 30 * 24 * 60 * 60,
}

const sessionExpired = () => new DomainError(401, messages.sessionExpired)

/** One login attempt as the limits see it. */
interface LoginAttempt {
  /** The account as typed: `b2b:<username>` or `b2c:<shop>:<e-mail>`. */
  account: string
  /** The client's address, an IPv6 address as its /64 network. */
  client: string
  /** Whether a login to the account succeeded from this client lately. */
  known: boolean
}

/** Account and client as one key, hashed: the known clients are kept for weeks. */
const knownClientKey = (account: string, client: string) =>
  createHash('sha256').update(`${account}\n${client}`).digest('hex')

/**
 * The counts of an attempt, in the order they are taken: the streak of the account from this
 * client first (a client hammering one account is stopped there, before it costs anything
 * else), then the client across accounts, then — unless the client is known — the account's
 * ceilings across all clients.
 */
function loginCounts(attempt: LoginAttempt): [AttemptCount, ...AttemptCount[]] {
  return [
    { rule: loginLimits.accountAndClient, key: `${attempt.account}:${attempt.client}` },
    { rule: loginLimits.client, key: attempt.client },
    ...(attempt.known
      ? []
      : [
          { rule: loginLimits.account, key: attempt.account },
          { rule: loginLimits.accountPerDay, key: attempt.account },
        ]),
  ]
}

/**
 * Counts a login as failed before the password is checked, so parallel guesses cannot outrun the
 * limits; an attempt refused by one limit costs nothing in the others.
 */
async function countLoginAttempt(
  db: Database,
  account: string,
  address: string,
  voice: Voice,
): Promise<LoginAttempt> {
  const client = clientOfAddress(address)
  const known = await isRemembered(db, knownLoginClient, knownClientKey(account, client))
  const attempt = { account, client, known }
  await countAttempts(db, loginCounts(attempt), messages.tooManyLoginAttempts, voice)
  return attempt
}

/**
 * A login that succeeded was no failure: the account's streak from this client ends, the other
 * counts get this attempt's point back — the ceilings keep an attacker's guesses — and the client
 * is known to the account from now on.
 */
async function forgiveLoginAttempt(db: Executor, attempt: LoginAttempt) {
  const [streak, ...others] = loginCounts(attempt)
  await resetCounter(db, streak.rule, streak.key)
  for (const { rule, key } of others) await refundAttempt(db, rule, key)
  await remember(db, knownLoginClient, knownClientKey(attempt.account, attempt.client))
}

interface SessionSubject {
  accountType: AccountType
  id: string
  role: string
  tenant: { id: string; slug: string } | null
}

async function issueRefreshToken(
  tx: Executor,
  keys: SigningKeys,
  subject: SessionSubject,
  familyId: string,
  parentId: string | null,
): Promise<string> {
  const claims = newRefreshClaims({
    sub: subject.id,
    role: subject.role,
    fid: familyId,
    jti: randomUUID(),
    tenant: subject.tenant?.slug,
  })
  const token = await signRefreshToken(keys, claims)
  await tx.insert(refreshTokens).values({
    id: claims.jti,
    familyId,
    parentId,
    accountType: subject.accountType,
    subjectId: subject.id,
    role: subject.role,
    tenantId: subject.tenant?.id ?? null,
    tokenHash: hashToken(token),
    issuedAt: new Date(claims.iat * 1000),
    expiresAt: new Date(claims.exp * 1000),
  })
  return token
}

function signAccessFor(keys: SigningKeys, subject: SessionSubject, sessionId: string) {
  return signAccessToken(keys, {
    sub: subject.id,
    accountType: subject.accountType,
    role: subject.role,
    sid: sessionId,
    tenant: subject.tenant?.slug,
  })
}

/**
 * Starts a session (a refresh-token family) after a successful login, in one transaction with
 * forgiving the counted attempt (a password login's) and the audit row.
 */
async function startSession(
  { systemDb: db, keys }: AuthDeps,
  subject: SessionSubject,
  login: { organisationId: string; attempt: LoginAttempt | null; client: Caller; via?: string },
) {
  return db.transaction(async (tx) => {
    if (login.attempt) await forgiveLoginAttempt(tx, login.attempt)
    const [session] = await tx
      .insert(authSessions)
      .values({
        accountType: subject.accountType,
        subjectId: subject.id,
        tenantId: subject.tenant?.id ?? null,
      })
      .returning({ id: authSessions.id })
    const sessionId = (session as { id: string }).id
    if (subject.accountType === 'b2b') {
      await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, subject.id))
    }
    const refreshToken = await issueRefreshToken(tx, keys, subject, sessionId, null)
    const accessToken = await signAccessFor(keys, subject, sessionId)
    await recordAudit(tx, {
      organisationId: login.organisationId,
      actor: auditActorOfAccount(subject.accountType, subject.id),
      requestId: login.client.requestId,
      action: 'auth.login',
      entity: { type: 'session', id: sessionId },
      after: {
        accountType: subject.accountType,
        role: subject.role,
        ...(login.via && { via: login.via }),
      },
    })
    return { accessToken, refreshToken }
  })
}

const auditActorOfAccount = (accountType: AccountType, subjectId: string): AuditActor => ({
  kind: accountType === 'b2b' ? 'business_user' : 'shop_user',
  id: subjectId,
})

const businessUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  name: users.name,
  role: users.role,
  qualification: users.qualification,
  // A deactivated organisation's users may not sign in, whatever their own status.
  active: sql<boolean>`${users.active} and ${organisations.deactivatedAt} is null`,
  passwordHash: users.passwordHash,
  organisation: {
    id: organisations.id,
    name: organisations.name,
    category: organisations.category,
  },
}

function toB2bUser(row: {
  id: string
  username: string
  email: string
  name: string
  role: UserRole
  qualification: B2bUser['qualification']
  organisation: B2bUser['organisation']
}): B2bUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    role: row.role,
    qualification: row.qualification,
    organisation: row.organisation,
  }
}

export async function getBusinessUser(
  db: Executor,
  id: string,
): Promise<(B2bUser & { active: boolean }) | null> {
  const [row] = await db
    .select(businessUserColumns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, id))
  return row ? { ...toB2bUser(row), active: row.active } : null
}

export async function getShopUser(
  db: Executor,
  id: string,
): Promise<(B2cUser & { active: boolean }) | null> {
  const [row] = await db
    .select({
      id: shopUsers.id,
      email: shopUsers.email,
      name: shopUsers.name,
      active: shopUsers.active,
      tenant: tenants.slug,
    })
    .from(shopUsers)
    .innerJoin(tenants, eq(tenants.id, shopUsers.tenantId))
    .where(eq(shopUsers.id, id))
  return row ?? null
}

function activeOnly<User extends { active: boolean }>(
  user: User | null,
): Omit<User, 'active'> | null {
  if (!user?.active) return null
  const { active: _active, ...shown } = user
  return shown
}

/** The business user as the API and pages show it; null when gone or deactivated. */
export async function getActiveBusinessUser(db: Executor, id: string): Promise<B2bUser | null> {
  return activeOnly(await getBusinessUser(db, id))
}

/** The shop customer as the API and pages show them; null when gone or deactivated. */
export async function getActiveShopUser(db: Executor, id: string): Promise<B2cUser | null> {
  return activeOnly(await getShopUser(db, id))
}

export async function loginBusinessUser(
  deps: AuthDeps,
  input: { username: string; password: string },
  client: Caller,
) {
  const attempt = await countLoginAttempt(
    deps.systemDb,
    `b2b:${input.username.toLowerCase()}`,
    client.ip,
    'du',
  )

  const [row] = await deps.systemDb
    .select(businessUserColumns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
  const passwordMatches = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await spendPasswordCheckTime(input.password)
  if (!row || !passwordMatches || !row.active)
    throw new DomainError(401, messages.badBusinessCredentials)

  const tokens = await startSession(
    deps,
    { accountType: 'b2b', id: row.id, role: row.role, tenant: null },
    { organisationId: row.organisation.id, attempt, client },
  )
  return { user: toB2bUser(row), ...tokens }
}

export async function loginShopUser(
  deps: AuthDeps,
  input: { email: string; password: string },
  tenant: Tenant | null,
  client: Caller,
) {
  if (!tenant?.available) throw new DomainError(404, messages.unknownShop)
  const attempt = await countLoginAttempt(
    deps.systemDb,
    `b2c:${tenant.slug}:${input.email.toLowerCase()}`,
    client.ip,
    'Sie',
  )

  const [row] = await deps.systemDb
    .select({
      id: shopUsers.id,
      email: shopUsers.email,
      name: shopUsers.name,
      active: shopUsers.active,
      passwordHash: shopUsers.passwordHash,
      emailConfirmedAt: shopUsers.emailConfirmedAt,
    })
    .from(shopUsers)
    .where(
      and(
        eq(shopUsers.tenantId, tenant.id),
        eq(sql`lower(${shopUsers.email})`, input.email.toLowerCase()),
      ),
    )
  const passwordMatches = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await spendPasswordCheckTime(input.password)
  if (!row || !passwordMatches || !row.active)
    throw new DomainError(401, messages.badShopCredentials)
  // Only who knows the password learns that the address waits for its confirmation (ADR 032).
  if (!row.emailConfirmedAt) throw new DomainError(403, messages.emailNotConfirmed)

  return startShopSession(deps, row, tenant, { attempt, client })
}

/** A shop user's session in their shop, and the user as the login answers it. */
async function startShopSession(
  deps: AuthDeps,
  row: { id: string; email: string; name: string },
  tenant: Pick<Tenant, 'id' | 'slug' | 'organisationId'>,
  login: { attempt: LoginAttempt | null; client: Caller; via?: string },
) {
  const tokens = await startSession(
    deps,
    {
      accountType: 'b2c',
      id: row.id,
      role: shopUserRole,
      tenant: { id: tenant.id, slug: tenant.slug },
    },
    { organisationId: tenant.organisationId, ...login },
  )
  const user: B2cUser = { id: row.id, email: row.email, name: row.name, tenant: tenant.slug }
  return { user, ...tokens }
}

/**
 * Logs in a shop user who has just confirmed the address in the browser that registered (ADR 077):
 * the confirmation link stands in for the password there. The caller has used up the link.
 */
export async function startConfirmedShopSession(
  deps: AuthDeps,
  shopUserId: string,
  tenant: Pick<Tenant, 'id' | 'slug' | 'organisationId'>,
  client: Caller,
) {
  const [row] = await deps.systemDb
    .select({ id: shopUsers.id, email: shopUsers.email, name: shopUsers.name })
    .from(shopUsers)
    .where(and(eq(shopUsers.id, shopUserId), eq(shopUsers.tenantId, tenant.id)))
  if (!row) throw new DomainError(401, messages.badShopCredentials)
  return startShopSession(deps, row, tenant, {
    attempt: null,
    client,
    via: 'registration_confirmation',
  })
}

async function revokeFamily(tx: Executor, familyId: string) {
  await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, familyId), isNull(authSessions.revokedAt)))
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

/** The account behind a session, if it still exists and may sign in, with the user pages show. */
async function activeAccount(
  tx: Executor,
  accountType: AccountType,
  subjectId: string,
  tenantSlug: string | undefined,
): Promise<{ subject: SessionSubject; user: B2bUser | B2cUser } | null> {
  if (accountType === 'b2b') {
    const user = await getBusinessUser(tx, subjectId)
    if (!user?.active) return null
    return {
      subject: { accountType, id: user.id, role: user.role, tenant: null },
      user: toB2bUser(user),
    }
  }
  const [row] = await tx
    .select({
      id: shopUsers.id,
      email: shopUsers.email,
      name: shopUsers.name,
      active: sql<boolean>`${shopUsers.active} and ${organisations.deactivatedAt} is null`,
      tenantId: tenants.id,
      slug: tenants.slug,
    })
    .from(shopUsers)
    .innerJoin(tenants, eq(tenants.id, shopUsers.tenantId))
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(eq(shopUsers.id, subjectId))
  if (!row?.active || row.slug !== tenantSlug) return null
  return {
    subject: {
      accountType,
      id: row.id,
      role: shopUserRole,
      tenant: { id: row.tenantId, slug: row.slug },
    },
    user: { id: row.id, email: row.email, name: row.name, tenant: row.slug },
  }
}

/** A renewed session: the refresh token to keep (null: the presented one stays) and the user. */
export interface RenewedSession {
  token: string | null
  accessToken: string
  user: B2bUser | B2cUser
}

type RotationOutcome =
  | {
      kind: 'rotated'
      refreshToken: string
      account: { subject: SessionSubject; user: B2bUser | B2cUser }
    }
  | { kind: 'invalid' }
  | { kind: 'reuse' }

/** The claims of a refresh token presented for `accountType` on the host of `requestTenantSlug`. */
async function presentedRefreshClaims(
  deps: AuthDeps,
  token: string,
  accountType: AccountType,
  requestTenantSlug: string | null,
): Promise<RefreshClaims> {
  let claims: RefreshClaims
  try {
    claims = await verifyRefreshToken(deps.keys, token)
  } catch (error) {
    if (error instanceof InvalidTokenError) throw sessionExpired()
    throw error
  }
  if (accountTypeOfRole(claims.role) !== accountType)
    throw new DomainError(403, messages.wrongAccountType)
  if (accountType === 'b2c' && claims.tenant !== requestTenantSlug) throw sessionExpired()
  return claims
}

/**
 * Exchanges a refresh token for a new pair. The family row is locked, so concurrent exchanges of
 * one family run one after another: the first rotates, the rest fall into the grace rule.
 */
export async function refreshSession(
  deps: AuthDeps,
  token: string,
  accountType: AccountType,
  requestTenantSlug: string | null,
): Promise<RenewedSession & { token: string }> {
  const claims = await presentedRefreshClaims(deps, token, accountType, requestTenantSlug)
  return rotate(deps, token, claims)
}

async function rotate(
  deps: AuthDeps,
  token: string,
  claims: RefreshClaims,
): Promise<RenewedSession & { token: string }> {
  const outcome = await deps.systemDb.transaction(async (tx): Promise<RotationOutcome> => {
    const [family] = await tx
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, claims.fid))
      .for('update')
    if (!family || family.revokedAt) return { kind: 'invalid' }
    const [presented] = await tx
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.id, claims.jti), eq(refreshTokens.familyId, family.id)))
    if (!presented || presented.tokenHash !== hashToken(token) || presented.revokedAt)
      return { kind: 'invalid' }
    if (presented.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' }

    const account = await activeAccount(tx, family.accountType, family.subjectId, claims.tenant)
    if (!account) {
      await revokeFamily(tx, family.id)
      return { kind: 'invalid' }
    }
    const { subject } = account

    if (!presented.rotatedAt) {
      await tx
        .update(refreshTokens)
        .set({ rotatedAt: new Date() })
        .where(eq(refreshTokens.id, presented.id))
      const refreshToken = await issueRefreshToken(tx, deps.keys, subject, family.id, presented.id)
      return { kind: 'rotated', refreshToken, account }
    }

    const [head] = await tx
      .select()
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, family.id),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .orderBy(desc(refreshTokens.issuedAt))
      .limit(1)
    const withinGrace = Date.now() - presented.rotatedAt.getTime() <= rotationGraceSeconds * 1000
    if (head && head.parentId === presented.id && withinGrace) {
      const current = await signRefreshToken(deps.keys, {
        sub: head.subjectId,
        role: head.role,
        fid: family.id,
        jti: head.id,
        tenant: subject.tenant?.slug,
        iat: Math.floor(head.issuedAt.getTime() / 1000),
        exp: Math.floor(head.expiresAt.getTime() / 1000),
      })
      if (hashToken(current) === head.tokenHash)
        return { kind: 'rotated', refreshToken: current, account }
    }
    // Any other reuse means the token leaked: end the whole family, thief and owner alike.
    await revokeFamily(tx, family.id)
    return { kind: 'reuse' }
  })

  if (outcome.kind !== 'rotated') throw sessionExpired()
  const { subject, user } = outcome.account
  const accessToken = await signAccessFor(deps.keys, subject, claims.fid)
  return { token: outcome.refreshToken, accessToken, user }
}

/** How long page loads may present the same refresh token before one of them rotates it. */
export const pageLoadRotationSeconds = 60 * 60

/**
 * Opens the session behind a refresh cookie for a page load. The common case only reads: the
 * token is its family's current one and younger than `pageLoadRotationSeconds`, so an access token
 * is minted and the cookie stays (token null). Any other token takes the locked rotation path,
 * where an old current token rotates once and concurrent loads fall into the grace rule.
 */
export async function resumeSession(
  deps: AuthDeps,
  token: string,
  accountType: AccountType,
  requestTenantSlug: string | null,
): Promise<RenewedSession> {
  const claims = await presentedRefreshClaims(deps, token, accountType, requestTenantSlug)
  const [presented] = await deps.systemDb
    .select({
      tokenHash: refreshTokens.tokenHash,
      issuedAt: refreshTokens.issuedAt,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
      sessionRevokedAt: authSessions.revokedAt,
      accountType: authSessions.accountType,
      subjectId: authSessions.subjectId,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.familyId))
    .where(and(eq(refreshTokens.id, claims.jti), eq(refreshTokens.familyId, claims.fid)))
  const now = Date.now()
  const currentAndFresh =
    presented &&
    presented.tokenHash === hashToken(token) &&
    !presented.rotatedAt &&
    !presented.revokedAt &&
    !presented.sessionRevokedAt &&
    presented.expiresAt.getTime() > now &&
    now - presented.issuedAt.getTime() < pageLoadRotationSeconds * 1000
  const account =
    currentAndFresh &&
    (await activeAccount(deps.systemDb, presented.accountType, presented.subjectId, claims.tenant))
  // Deactivated accounts, revoked, old or reused tokens: the locked path decides (and revokes).
  if (!account) return rotate(deps, token, claims)
  const accessToken = await signAccessFor(deps.keys, account.subject, claims.fid)
  return { token: null, accessToken, user: account.user }
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization')
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i)
  return match?.[1] ?? null
}

/**
 * Checks an access token: signature, claims, that its session was not ended, that it is of the
 * expected account type (when one is expected) and — for shop accounts — that it is used on its
 * own tenant's host.
 */
export async function verifyAccessSession(
  deps: AuthDeps,
  token: string | null,
  requestTenantSlug: string | null,
  expected?: AccountType,
): Promise<Principal> {
  if (!token) throw new DomainError(401, messages.notLoggedIn)
  let claims: Awaited<ReturnType<typeof verifyAccessToken>>
  try {
    claims = await verifyAccessToken(deps.keys, token)
  } catch (error) {
    if (error instanceof InvalidTokenError) throw sessionExpired()
    throw error
  }
  if (expected && claims.accountType !== expected)
    throw new DomainError(403, messages.wrongAccountType)
  if (claims.accountType === 'b2c' && claims.tenant !== requestTenantSlug) throw sessionExpired()

  const [session] = await deps.systemDb
    .select({ revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .where(eq(authSessions.id, claims.sid))
  if (!session || session.revokedAt) throw sessionExpired()
  return {
    accountType: claims.accountType,
    subjectId: claims.sub,
    role: claims.role,
    sessionId: claims.sid,
    tenant: claims.tenant,
    expiresAt: new Date(claims.exp * 1000),
  }
}

/** The REST API's check of the bearer access token, which must be of the expected account type. */
export async function authenticate(
  deps: AuthDeps,
  request: Request,
  expected: AccountType,
  requestTenantSlug: string | null,
): Promise<Principal> {
  return verifyAccessSession(deps, bearerToken(request), requestTenantSlug, expected)
}

/** The organisation an account belongs to: its own for business users, its shop's for customers. */
async function organisationOfAccount(
  tx: Executor,
  accountType: AccountType,
  subjectId: string,
): Promise<string | null> {
  const [row] =
    accountType === 'b2b'
      ? await tx.select({ id: users.organisationId }).from(users).where(eq(users.id, subjectId))
      : await tx
          .select({ id: tenants.organisationId })
          .from(shopUsers)
          .innerJoin(tenants, eq(tenants.id, shopUsers.tenantId))
          .where(eq(shopUsers.id, subjectId))
  return row?.id ?? null
}

export async function logout(
  deps: AuthDeps,
  principal: Principal,
  requestId: string | null,
): Promise<void> {
  await deps.systemDb.transaction(async (tx) => {
    await revokeFamily(tx, principal.sessionId)
    await recordAudit(tx, {
      organisationId: await organisationOfAccount(tx, principal.accountType, principal.subjectId),
      actor: auditActorOfAccount(principal.accountType, principal.subjectId),
      requestId,
      action: 'auth.logout',
      entity: { type: 'session', id: principal.sessionId },
    })
  })
}

/** Ends every session of an account, optionally all but one (after a password change). */
export async function revokeSessionsOf(
  db: Executor,
  accountType: AccountType,
  subjectId: string,
  exceptSessionId?: string,
): Promise<void> {
  // In the caller's transaction when it has one (a password reset ends the sessions with it).
  const sessions = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.accountType, accountType),
        eq(authSessions.subjectId, subjectId),
        isNull(authSessions.revokedAt),
      ),
    )
  for (const session of sessions) {
    if (session.id !== exceptSessionId) await revokeFamily(db, session.id)
  }
}

/**
 * Ends every session of an organisation's accounts — its users' and its shops' customers' — in
 * the caller's transaction (an organisation being deactivated).
 */
export async function revokeSessionsOfOrganisation(tx: Executor, organisationId: string) {
  const revoked = await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        isNull(authSessions.revokedAt),
        or(
          and(
            eq(authSessions.accountType, 'b2b'),
            inArray(
              authSessions.subjectId,
              tx
                .select({ id: users.id })
                .from(users)
                .where(eq(users.organisationId, organisationId)),
            ),
          ),
          and(
            eq(authSessions.accountType, 'b2c'),
            inArray(
              authSessions.subjectId,
              tx
                .select({ id: shopUsers.id })
                .from(shopUsers)
                .innerJoin(tenants, eq(tenants.id, shopUsers.tenantId))
                .where(eq(tenants.organisationId, organisationId)),
            ),
          ),
        ),
      ),
    )
    .returning({ id: authSessions.id })
  if (revoked.length === 0) return
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        inArray(
          refreshTokens.familyId,
          revoked.map((session) => session.id),
        ),
        isNull(refreshTokens.revokedAt),
      ),
    )
}

/** Deactivating an account also ends all its sessions. */
export async function setBusinessUserActive(
  db: Database,
  userId: string,
  active: boolean,
): Promise<void> {
  await db.update(users).set({ active }).where(eq(users.id, userId))
  if (!active) await db.transaction((tx) => revokeSessionsOf(tx, 'b2b', userId))
}

export async function setShopUserActive(
  db: Database,
  shopUserId: string,
  active: boolean,
): Promise<void> {
  await db.update(shopUsers).set({ active }).where(eq(shopUsers.id, shopUserId))
  if (!active) await db.transaction((tx) => revokeSessionsOf(tx, 'b2c', shopUserId))
}

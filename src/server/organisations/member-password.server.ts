import { randomBytes } from 'node:crypto'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { memberResetRequestedMessage, memberResetRequestSchema } from '../../lib/organisation-team'
import { passwordResetSchema, tokenSchema } from '../../lib/shop-accounts'
import { recordAudit } from '../audit/audit.server'
import { revokeSessionsOf } from '../auth.server'
import type { Database, Executor } from '../db/client.server'
import { users } from '../db/schema'
import { DomainError, parseInput } from '../errors.server'
import { enqueueMail } from '../mail/outbox.server'
import { hashPassword } from '../password.server'
import { platformOrigin } from '../public-origin.server'
import { countAttempt, type RateLimitRule } from '../rate-limit.server'
import { tokenMessages } from '../shop-accounts/shop-accounts.server'
import { hashToken } from '../tokens.server'
import { memberAccountTokens } from './team.schema'

/**
 * "Passwort vergessen?" for business users (ADR 039): a link by mail, the shop accounts' token
 * mechanism (random, kept as a hash, typed, one hour, single use). Asking gives the same answer
 * whether or not the account exists; using the link ends every session of the account.
 */

const resetLinkMinutes = 60

/** Counted like failed logins: per client, and per account name from one client. */
export const memberResetLimits = {
  client: { name: 'member-reset-client', points: 20, windowSeconds: 3600, sliding: false },
  accountAndClient: {
    name: 'member-reset-account-client',
    points: 5,
    windowSeconds: 3600,
    sliding: false,
  },
} satisfies Record<string, RateLimitRule>

const tooManyRequests = 'Zu viele Anfragen zum Zurücksetzen.'

export interface MemberResetRequest {
  ip: string
}

/** Mails a reset link to the active business user named by username or e-mail address. */
export async function requestMemberPasswordReset(
  db: Database,
  request: MemberResetRequest,
  input: unknown,
): Promise<{ message: string }> {
  const { identifier } = parseInput(memberResetRequestSchema, input)
  const name = identifier.toLowerCase()
  await countAttempt(db, memberResetLimits.client, request.ip, tooManyRequests, 'du')
  await countAttempt(
    db,
    memberResetLimits.accountAndClient,
    `${name}:${request.ip}`,
    tooManyRequests,
    'du',
  )
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(
        and(
          or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)),
          eq(users.active, true),
        ),
      )
      .limit(1)
    if (!user) return
    // Only the newest link works.
    await tx
      .update(memberAccountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(memberAccountTokens.userId, user.id), isNull(memberAccountTokens.usedAt)))
    const token = randomBytes(32).toString('base64url')
    await tx.insert(memberAccountTokens).values({
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + resetLinkMinutes * 60_000),
    })
    await enqueueMail(tx, {
      tenantId: null,
      to: user.email,
      sender: { shopName: 'Blattwerk', logoUrl: null, addressLines: [], email: '', phone: '' },
      content: {
        kind: 'reset_password',
        name: user.name,
        link: `${platformOrigin()}/confirmation/${token}`,
        audience: 'back_office',
      },
    })
  })
  return { message: memberResetRequestedMessage }
}

type TokenRow = typeof memberAccountTokens.$inferSelect

function tokenProblem(row: TokenRow, now: Date): string | null {
  if (row.usedAt) return tokenMessages.used
  if (row.expiresAt <= now) return tokenMessages.expired
  return null
}

/**
 * Whether a confirmation link is a business user's, and whether it still works; null when the
 * token is none of theirs (the shop's links are looked up next).
 */
export async function inspectMemberToken(
  db: Executor,
  token: unknown,
): Promise<{ problem: string | null } | null> {
  const parsed = tokenSchema.safeParse(token)
  if (!parsed.success) return null
  const [row] = await db
    .select()
    .from(memberAccountTokens)
    .where(eq(memberAccountTokens.tokenHash, hashToken(parsed.data)))
  return row ? { problem: tokenProblem(row, new Date()) } : null
}

/**
 * Sets the new password: the link is checked before the slow hash, then locked, used up and
 * applied in one transaction with the end of every session of the account.
 */
export async function resetMemberPassword(
  db: Database,
  input: unknown,
  requestId: string | null = null,
): Promise<{ username: string }> {
  const { token, password } = parseInput(passwordResetSchema, input)
  const checked = await inspectMemberToken(db, token)
  if (!checked || checked.problem) {
    throw new DomainError(410, checked?.problem ?? tokenMessages.unknown)
  }
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(memberAccountTokens)
      .where(eq(memberAccountTokens.tokenHash, hashToken(token)))
      .for('update')
    const problem = row ? tokenProblem(row, new Date()) : tokenMessages.unknown
    if (problem || !row) throw new DomainError(410, problem ?? tokenMessages.unknown)
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, row.userId), eq(users.active, true)))
      .returning({ id: users.id, username: users.username, organisationId: users.organisationId })
    if (!user) throw new DomainError(410, tokenMessages.unknown)
    await tx
      .update(memberAccountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(memberAccountTokens.userId, user.id), isNull(memberAccountTokens.usedAt)))
    await revokeSessionsOf(tx, 'b2b', user.id)
    await recordAudit(tx, {
      organisationId: user.organisationId,
      actor: { kind: 'business_user', id: user.id },
      requestId,
      action: 'auth.password_reset',
      entity: { type: 'user', id: user.id },
    })
    return { username: user.username }
  })
}

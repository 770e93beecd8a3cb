import { eq, sql } from 'drizzle-orm'
import type { ChangePasswordRequest } from '../lib/account-api'
import { recordAudit } from './audit/audit.server'
import { messages, type Principal, revokeSessionsOf } from './auth.server'
import type { Database } from './db/client.server'
import { users } from './db/schema'
import { DomainError } from './errors.server'
import { hashPassword, verifyPassword } from './password.server'
import { countAttempt, type RateLimitRule, resetCounter } from './rate-limit.server'

export const accountMessages = {
  wrongCurrentPassword: 'Das aktuelle Passwort ist falsch.',
  tooManyWrongPasswords: 'Zu viele falsche Passwörter.',
} as const

export const passwordChangeLimits = {
  /**
   * Consecutive wrong current passwords of one user: without it a stolen access token would be
   * an oracle for guessing the password.
   */
  user: { name: 'password-change-user', points: 10, windowSeconds: 15 * 60, sliding: true },
} satisfies Record<string, RateLimitRule>

/**
 * Changes the password of the business user behind `principal` after checking the current one,
 * then ends every other session of the user; the calling session stays valid.
 */
export async function changeBusinessUserPassword(
  db: Database,
  principal: Principal,
  input: ChangePasswordRequest,
  requestId: string | null,
): Promise<void> {
  const userId = principal.subjectId
  const rule = passwordChangeLimits.user
  // Counted as wrong before the password is checked: a throttled caller learns nothing about it,
  // and parallel guesses cannot pass the limit. A right password resets the counter below.
  await countAttempt(db, rule, userId, accountMessages.tooManyWrongPasswords, 'du')

  const [user] = await db
    .select({
      passwordHash: users.passwordHash,
      active: users.active,
      organisationId: users.organisationId,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!user?.active) throw new DomainError(401, messages.sessionExpired)

  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new DomainError(400, accountMessages.wrongCurrentPassword, {
      errors: { currentPassword: accountMessages.wrongCurrentPassword },
    })
  }

  const passwordHash = await hashPassword(input.newPassword)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId))
    await recordAudit(tx, {
      organisationId: user.organisationId,
      actor: { kind: 'business_user', id: userId },
      requestId,
      action: 'account.password_changed',
      entity: { type: 'user', id: userId },
    })
  })
  await resetCounter(db, rule, userId)
  await db.transaction((tx) => revokeSessionsOf(tx, 'b2b', userId, principal.sessionId))
}

import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import {
  closedInvitationMessages,
  type InvitationView,
  invitationAcceptanceSchema,
  invitationLifetimeDays,
  invitationSchema,
  invitationsPerHour,
  invitationTokenSchema,
  type MemberRole,
  memberRoleLabels,
  teamMessages,
} from '../../lib/organisation-team'
import type { Actor, BusinessActor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database, Executor } from '../db/client.server'
import { organisations, users } from '../db/schema'
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  parseInput,
  violatesUnique,
} from '../errors.server'
import { enqueueMail } from '../mail/outbox.server'
import { hashPassword } from '../password.server'
import { platformOrigin } from '../public-origin.server'
import { countAttempt, type RateLimitRule } from '../rate-limit.server'
import { hashToken } from '../tokens.server'
import { organisationInvitations } from './team.schema'
import { invitationStateOf, lockOrganisation, requireTeamManager, teamAudit } from './team.server'

/**
 * Invitations into an organisation (ADR 039): sent by mail through the outbox, valid 7 days, a
 * token kept only as its SHA-256 hash. Resending ends the old row (`replaced`) and writes a new
 * one; accepting claims the row with one conditional update, so of two tabs (or ten) submitting
 * the same link exactly one creates the account.
 */

type InvitationRow = typeof organisationInvitations.$inferSelect
type LockedOrganisation = Awaited<ReturnType<typeof lockOrganisation>>

export const invitationRule: RateLimitRule = {
  name: 'organisation-invitations',
  points: invitationsPerHour,
  windowSeconds: 3600,
  sliding: false,
}

/** Whether any business user — of any organisation — already has the address. */
async function addressTaken(tx: Executor, email: string): Promise<boolean> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
  return Boolean(user)
}

/** Writes a new open invitation and its mail; answers its id. */
async function sendInvitation(
  tx: Executor,
  manager: BusinessActor,
  organisation: LockedOrganisation,
  invitation: { email: string; role: MemberRole },
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + invitationLifetimeDays * 24 * 60 * 60 * 1000)
  let row: InvitationRow | undefined
  try {
    ;[row] = await tx
      .insert(organisationInvitations)
      .values({
        organisationId: organisation.id,
        email: invitation.email,
        role: invitation.role,
        tokenHash: hashToken(token),
        invitedBy: manager.user.id,
        expiresAt,
      })
      .returning()
  } catch (error) {
    if (violatesUnique(error, 'organisation_invitations_open_unique')) {
      throw new ConflictError(teamMessages.alreadyInvited, { email: teamMessages.alreadyInvited })
    }
    throw error
  }
  if (!row) throw new Error('invitation was not inserted')
  await enqueueMail(tx, {
    tenantId: null,
    to: invitation.email,
    sender: {
      shopName: organisation.name,
      logoUrl: null,
      addressLines: [
        organisation.street ?? '',
        `${organisation.postalCode ?? ''} ${organisation.city ?? ''}`,
      ].filter((line) => line.trim()),
      email: organisation.email ?? '',
      phone: organisation.phone ?? '',
    },
    content: {
      kind: 'invitation',
      name: '',
      organisationName: organisation.name,
      roleLabel: memberRoleLabels[invitation.role],
      invitedBy: manager.user.name,
      expiresAt,
      link: `${platformOrigin()}/invitation/${token}`,
    },
  })
  return row.id
}

function auditInvitation(
  tx: Executor,
  manager: BusinessActor,
  organisationId: string,
  invitationId: string,
  action: string,
  after: Record<string, unknown>,
) {
  return recordAudit(tx, {
    organisationId,
    actor: auditActorOf(manager),
    requestId: manager.requestId,
    action,
    entity: { type: teamAudit.invitationEntity, id: invitationId },
    after,
    personalFields: ['email'],
  })
}

/**
 * Invites `email` with `role`. 409 when the address already belongs to a business user (of any
 * organisation) or has an open invitation here; 429 past `invitationsPerHour` of the organisation.
 * An expired invitation to the same address is replaced.
 */
export async function inviteMember(
  actor: Actor,
  organisationId: string,
  input: unknown,
  db: Database,
): Promise<{ id: string }> {
  const manager = requireTeamManager(actor, organisationId)
  const invitation = parseInput(invitationSchema, input)
  await countAttempt(db, invitationRule, organisationId, teamMessages.tooManyInvitations, 'du')
  return db.transaction(async (tx) => ({
    id: await inviteInTransaction(tx, manager, organisationId, invitation),
  }))
}

/**
 * The invitation itself, in the caller's transaction (also the admin console's "first owner" of
 * a new organisation): refused for an address a business user has, an expired one to the same
 * address is replaced, then the row, its mail and the audit. Answers the invitation's id.
 */
export async function inviteInTransaction(
  tx: Executor,
  manager: BusinessActor,
  organisationId: string,
  invitation: { email: string; role: MemberRole },
): Promise<string> {
  const organisation = await lockOrganisation(tx, organisationId)
  if (await addressTaken(tx, invitation.email)) {
    throw new ConflictError(teamMessages.alreadyUser, { email: teamMessages.alreadyUser })
  }
  await tx
    .update(organisationInvitations)
    .set({ endedAt: new Date(), ending: 'replaced' })
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        eq(sql`lower(${organisationInvitations.email})`, invitation.email.toLowerCase()),
        isNull(organisationInvitations.endedAt),
        sql`${organisationInvitations.expiresAt} <= now()`,
      ),
    )
  const id = await sendInvitation(tx, manager, organisation, invitation)
  await auditInvitation(tx, manager, organisationId, id, teamAudit.invited, {
    email: invitation.email,
    role: invitation.role,
  })
  return id
}

/** The organisation's invitation `invitationId` while it is open or expired, locked. */
async function lockPendingInvitation(tx: Executor, organisationId: string, invitationId: string) {
  const [row] = await tx
    .select()
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.id, invitationId),
        eq(organisationInvitations.organisationId, organisationId),
      ),
    )
    .for('update')
  if (!row) throw new NotFoundError(teamMessages.invitationNotFound)
  if (row.endedAt) throw new ConflictError(teamMessages.notOpen)
  return row
}

/** Sends a new link (a new token, 7 days again); the old link stops working. */
export async function resendInvitation(
  actor: Actor,
  organisationId: string,
  invitationId: string,
  db: Database,
): Promise<{ id: string }> {
  const manager = requireTeamManager(actor, organisationId)
  await countAttempt(db, invitationRule, organisationId, teamMessages.tooManyInvitations, 'du')
  return db.transaction(async (tx) => {
    const organisation = await lockOrganisation(tx, organisationId)
    const old = await lockPendingInvitation(tx, organisationId, invitationId)
    if (await addressTaken(tx, old.email)) throw new ConflictError(teamMessages.alreadyUser)
    await tx
      .update(organisationInvitations)
      .set({ endedAt: new Date(), ending: 'replaced' })
      .where(eq(organisationInvitations.id, old.id))
    const id = await sendInvitation(tx, manager, organisation, old)
    await auditInvitation(tx, manager, organisationId, id, teamAudit.resent, {
      email: old.email,
      role: old.role,
      replaces: old.id,
    })
    return { id }
  })
}

export async function revokeInvitation(
  actor: Actor,
  organisationId: string,
  invitationId: string,
  db: Database,
): Promise<void> {
  const manager = requireTeamManager(actor, organisationId)
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, organisationId)
    const invitation = await lockPendingInvitation(tx, organisationId, invitationId)
    await tx
      .update(organisationInvitations)
      .set({ endedAt: new Date(), ending: 'revoked' })
      .where(eq(organisationInvitations.id, invitation.id))
    await auditInvitation(tx, manager, organisationId, invitation.id, teamAudit.revoked, {
      email: invitation.email,
      role: invitation.role,
    })
  })
}

/** The invitation behind a link; 400 for a malformed token, 404 for an unknown one. */
async function invitationOfToken(db: Executor, token: unknown) {
  const parsed = invitationTokenSchema.safeParse(token)
  if (!parsed.success) throw new InvalidError({ token: teamMessages.unknownToken })
  const [row] = await db
    .select({
      invitation: organisationInvitations,
      organisation: {
        name: organisations.name,
        email: organisations.email,
        phone: organisations.phone,
      },
    })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(eq(organisationInvitations.tokenHash, hashToken(parsed.data)))
  if (!row) throw new NotFoundError(teamMessages.unknownToken)
  return row
}

/** What the invitation page shows: the organisation, the role and whether the link still works. */
export async function getInvitation(db: Database, token: unknown): Promise<InvitationView> {
  const { invitation, organisation } = await invitationOfToken(db, token)
  return {
    state: invitationStateOf(invitation),
    organisationName: organisation.name,
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
    contact: { email: organisation.email, phone: organisation.phone },
  }
}

/**
 * Accepts an invitation: a new business user of the organisation with the invited address and
 * role. The link is checked before the slow password hash; the account is then created in one
 * transaction with the claim of the invitation, so a refused username leaves the link usable and
 * parallel submissions create one account.
 */
export async function acceptInvitation(
  db: Database,
  input: unknown,
  requestId: string | null = null,
): Promise<{ username: string }> {
  const acceptance = parseInput(invitationAcceptanceSchema, input)
  const { invitation } = await invitationOfToken(db, acceptance.token)
  const state = invitationStateOf(invitation)
  if (state !== 'open') throw new ConflictError(closedInvitationMessages[state])
  const passwordHash = await hashPassword(acceptance.password)
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(organisationInvitations)
        .set({ endedAt: new Date(), ending: 'accepted' })
        .where(
          and(
            eq(organisationInvitations.id, invitation.id),
            isNull(organisationInvitations.endedAt),
            gt(organisationInvitations.expiresAt, sql`now()`),
          ),
        )
        .returning()
      if (!claimed) {
        const [now] = await tx
          .select()
          .from(organisationInvitations)
          .where(eq(organisationInvitations.id, invitation.id))
        const ended = now ? invitationStateOf(now) : 'revoked'
        throw new ConflictError(closedInvitationMessages[ended === 'open' ? 'expired' : ended])
      }
      if (await addressTaken(tx, claimed.email)) throw new ConflictError(teamMessages.alreadyUser)
      const [user] = await tx
        .insert(users)
        .values({
          organisationId: claimed.organisationId,
          username: acceptance.username,
          email: claimed.email,
          name: acceptance.name,
          role: claimed.role,
          passwordHash,
        })
        .returning({ id: users.id, username: users.username })
      if (!user) throw new Error('user was not inserted')
      await tx
        .update(organisationInvitations)
        .set({ acceptedUserId: user.id })
        .where(eq(organisationInvitations.id, claimed.id))
      await recordAudit(tx, {
        organisationId: claimed.organisationId,
        actor: { kind: 'business_user', id: user.id },
        requestId,
        action: teamAudit.accepted,
        entity: { type: teamAudit.invitationEntity, id: claimed.id },
        after: { userId: user.id, role: claimed.role },
      })
      return { username: user.username }
    })
  } catch (error) {
    if (violatesUnique(error, 'users_username_unique')) {
      throw new InvalidError({ username: teamMessages.usernameTaken }, teamMessages.usernameTaken)
    }
    throw error
  }
}

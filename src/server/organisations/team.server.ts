import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { isUuid } from '../../lib/ids'
import type { MemberQualification } from '../../lib/organisation'
import {
  type MemberRole,
  memberActiveSchema,
  memberQualificationChangeSchema,
  memberRoleChangeSchema,
  type Team,
  type TeamInvitation,
  teamMessages,
} from '../../lib/organisation-team'
import { type Actor, type BusinessActor, isPlatformAdmin, requireBusiness } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { revokeSessionsOf } from '../auth.server'
import type { Database, Executor } from '../db/client.server'
import { organisations, users } from '../db/schema'
import { ConflictError, ForbiddenError, NotFoundError, parseInput } from '../errors.server'
import { findOrganisation } from './organisation-lookup.server'
import { organisationInvitations } from './team.schema'

/**
 * An organisation's members (ADR 039). Its users read the team; its owners — and the platform
 * admin, for support — change roles and (de)activate members. Every change locks the organisation
 * row first, so two owners demoting each other at the same moment cannot leave it without one.
 */

export const teamAudit = {
  memberEntity: 'user',
  invitationEntity: 'invitation',
  roleChanged: 'member.role_changed',
  qualificationChanged: 'member.qualification_changed',
  deactivated: 'member.deactivated',
  reactivated: 'member.reactivated',
  invited: 'invitation.sent',
  resent: 'invitation.resent',
  revoked: 'invitation.revoked',
  accepted: 'invitation.accepted',
} as const

/** Who may see organisation `organisationId`'s team, and whether they may change it. */
export function teamAccess(
  actor: Actor,
  organisationId: string,
): { actor: BusinessActor; mayManage: boolean } {
  const business = requireBusiness(actor)
  const admin = isPlatformAdmin(business)
  const own = business.organisation.id === organisationId
  if (!admin && !own) throw new ForbiddenError()
  return { actor: business, mayManage: admin || (own && business.user.role === 'owner') }
}

/** The caller when they may change the team of `organisationId`; otherwise 403. */
export function requireTeamManager(actor: Actor, organisationId: string): BusinessActor {
  const access = teamAccess(actor, organisationId)
  if (!access.mayManage) throw new ForbiddenError()
  return access.actor
}

/** The organisation row, locked: every change of its team queues here. */
export async function lockOrganisation(tx: Executor, organisationId: string) {
  const row = await findOrganisation(
    tx,
    organisationId,
    {
      id: organisations.id,
      name: organisations.name,
      email: organisations.email,
      phone: organisations.phone,
      street: organisations.street,
      postalCode: organisations.postalCode,
      city: organisations.city,
    },
    { lock: 'update' },
  )
  if (!row) throw new NotFoundError(teamMessages.organisationNotFound)
  return row
}

export const invitationStateOf = (
  row: Pick<typeof organisationInvitations.$inferSelect, 'ending' | 'expiresAt'>,
  now = new Date(),
): TeamInvitation['state'] => row.ending ?? (row.expiresAt <= now ? 'expired' : 'open')

export async function getTeam(actor: Actor, organisationId: string, db: Database): Promise<Team> {
  const access = teamAccess(actor, organisationId)
  const organisation = await findOrganisation(db, organisationId, {
    id: organisations.id,
    name: organisations.name,
  })
  if (!organisation) throw new NotFoundError(teamMessages.organisationNotFound)
  const members = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role: users.role,
      qualification: users.qualification,
      active: users.active,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.organisationId, organisationId))
    .orderBy(desc(users.active), asc(users.role), asc(users.name))
  const inviter = alias(users, 'inviter')
  const invitations = await db
    .select({
      id: organisationInvitations.id,
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      ending: organisationInvitations.ending,
      expiresAt: organisationInvitations.expiresAt,
      createdAt: organisationInvitations.createdAt,
      invitedByName: inviter.name,
    })
    .from(organisationInvitations)
    .leftJoin(inviter, eq(inviter.id, organisationInvitations.invitedBy))
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        isNull(organisationInvitations.endedAt),
      ),
    )
    .orderBy(desc(organisationInvitations.createdAt))
  return {
    organisation,
    mayManage: access.mayManage,
    maySetQualifications: access.mayManage && access.actor.user.role === 'owner',
    members: members.map((member) => ({
      ...member,
      lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
      isSelf: member.id === access.actor.user.id,
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      state: invitationStateOf(invitation),
      expiresAt: invitation.expiresAt.toISOString(),
      createdAt: invitation.createdAt.toISOString(),
      invitedByName: invitation.invitedByName,
    })),
  }
}

/** A member of the locked organisation, locked too; 404 for anyone else's user. */
async function lockMember(tx: Executor, organisationId: string, userId: string) {
  const [member] = isUuid(userId)
    ? await tx
        .select({
          id: users.id,
          role: users.role,
          qualification: users.qualification,
          active: users.active,
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
        .for('update')
    : []
  if (!member || member.role === 'admin') throw new NotFoundError(teamMessages.memberNotFound)
  return member as {
    id: string
    role: MemberRole
    qualification: MemberQualification
    active: boolean
  }
}

/** Refuses a change that would leave the organisation without an active owner. */
async function keepAnOwner(tx: Executor, organisationId: string, leaving: string) {
  const [others] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(users.role, 'owner'),
        eq(users.active, true),
        ne(users.id, leaving),
      ),
    )
  if (Number(others?.count ?? 0) === 0) throw new ConflictError(teamMessages.lastOwner)
}

type LockedMember = Awaited<ReturnType<typeof lockMember>>

/**
 * One change of a member under the organisation's lock, with its audit row. `change` writes it
 * and answers what the log records, or null when there is nothing to change.
 */
async function changeMember(
  manager: BusinessActor,
  organisationId: string,
  userId: string,
  db: Database,
  change: (
    tx: Executor,
    member: LockedMember,
  ) => Promise<{ action: string; before: object; after: object } | null>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, organisationId)
    const member = await lockMember(tx, organisationId, userId)
    const changed = await change(tx, member)
    if (!changed) return
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(manager),
      requestId: manager.requestId,
      action: changed.action,
      entity: { type: teamAudit.memberEntity, id: member.id },
      before: { ...changed.before },
      after: { ...changed.after },
    })
  })
}

export async function changeMemberRole(
  actor: Actor,
  organisationId: string,
  userId: string,
  input: unknown,
  db: Database,
): Promise<void> {
  const manager = requireTeamManager(actor, organisationId)
  const { role } = parseInput(memberRoleChangeSchema, input)
  await changeMember(manager, organisationId, userId, db, async (tx, member) => {
    if (member.role === role) return null
    if (member.role === 'owner' && member.active) await keepAnOwner(tx, organisationId, member.id)
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, member.id))
    return { action: teamAudit.roleChanged, before: { role: member.role }, after: { role } }
  })
}

/**
 * Sets a member's qualification. The owner of the organisation only, not the platform admin: who
 * counts as a pharmacist is the licence holder's declaration (§ 2 ApoG, ApBetrO § 7).
 */
export async function changeMemberQualification(
  actor: Actor,
  organisationId: string,
  userId: string,
  input: unknown,
  db: Database,
): Promise<void> {
  const owner = requireTeamManager(actor, organisationId)
  if (owner.user.role !== 'owner') throw new ForbiddenError(teamMessages.qualificationByOwner)
  const { qualification } = parseInput(memberQualificationChangeSchema, input)
  await changeMember(owner, organisationId, userId, db, async (tx, member) => {
    if (member.qualification === qualification) return null
    await tx
      .update(users)
      .set({ qualification, updatedAt: new Date() })
      .where(eq(users.id, member.id))
    return {
      action: teamAudit.qualificationChanged,
      before: { qualification: member.qualification },
      after: { qualification },
    }
  })
}

/**
 * Deactivates or reactivates a member. Deactivating ends every session of the user in the same
 * transaction: the next request with a still-valid access token finds its session revoked.
 */
export async function setMemberActive(
  actor: Actor,
  organisationId: string,
  userId: string,
  input: unknown,
  db: Database,
): Promise<void> {
  const manager = requireTeamManager(actor, organisationId)
  const { active } = parseInput(memberActiveSchema, input)
  if (!active && userId === manager.user.id) {
    throw new ConflictError('Du kannst dich nicht selbst deaktivieren.')
  }
  await changeMember(manager, organisationId, userId, db, async (tx, member) => {
    if (member.active === active) return null
    if (!active && member.role === 'owner') await keepAnOwner(tx, organisationId, member.id)
    await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, member.id))
    if (!active) await revokeSessionsOf(tx, 'b2b', member.id)
    return {
      action: active ? teamAudit.reactivated : teamAudit.deactivated,
      before: { active: member.active },
      after: { active },
    }
  })
}

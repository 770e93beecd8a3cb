import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import { memberLinkSchema } from '../../lib/customer-schemas'
import type { MemberLinks } from '../../lib/customers'
import { isUuid } from '../../lib/ids'
import type { Actor } from '../actor.server'
import type { Database } from '../db/client.server'
import { ConflictError, ForbiddenError, NotFoundError, parseInput } from '../errors.server'
import { customers } from './customers.schema'
import {
  changeCustomer,
  checkClubUserActive,
  customerAudit,
  lockOrganisation,
  memberLinkByOwnerMessage,
} from './customers.server'
import { customerKeeper } from './customers-access.server'

/**
 * The team page's side of § 19 Abs. 2 KCanG: cannabis is handed out only by members, so the
 * club's owner links each clerk's user account to their member record. The same link the member
 * form sets (`memberColumns` in customers.server.ts), with the same rules: the owner only, active
 * users of the club, one member per user — here seen from the user.
 */

const memberLabel = (row: {
  firstName: string | null
  lastName: string | null
  membershipNumber: string | null
  number: string
}) =>
  `${row.lastName ?? ''}, ${row.firstName ?? ''} (${row.membershipNumber ? `Mitgliedsnr. ${row.membershipNumber}` : row.number})`

/** Who of the club's team is linked to which member, and whom the owner may link; null elsewhere. */
export async function listMemberLinks(
  actor: Actor,
  organisationId: string,
  db: Database,
): Promise<MemberLinks | null> {
  if (actor.kind !== 'business' || actor.organisation.id !== organisationId) return null
  if (actor.organisation.category !== 'club') return null
  const { owner, business } = customerKeeper(actor)
  const columns = {
    id: customers.id,
    number: customers.number,
    firstName: customers.firstName,
    lastName: customers.lastName,
    membershipNumber: customers.membershipNumber,
    teamUserId: customers.teamUserId,
  }
  const linkedRows = await db
    .select(columns)
    .from(customers)
    .where(and(eq(customers.organisationId, owner.id), isNotNull(customers.teamUserId)))
  const mayLink = business.user.role === 'owner'
  const candidates = mayLink
    ? await db
        .select(columns)
        .from(customers)
        .where(
          and(
            eq(customers.organisationId, owner.id),
            eq(customers.kind, 'member'),
            isNull(customers.teamUserId),
            isNull(customers.deactivatedAt),
            isNull(customers.anonymisedAt),
            isNull(customers.restrictedAt),
          ),
        )
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.number))
    : []
  return {
    mayLink,
    linked: Object.fromEntries(
      linkedRows.map((row) => [row.teamUserId, { customerId: row.id, label: memberLabel(row) }]),
    ),
    candidates: candidates.map((row) => ({ id: row.id, label: memberLabel(row) })),
  }
}

/**
 * Links the club's user `userId` to member `customerId` (or removes the link with null), moving
 * an earlier link of the user. Each change is the member's `customer.updated` in the audit log.
 * The organisation row is locked first, like every change of a club's members, and a unique
 * index holds "one member per user" too.
 */
export async function linkTeamUserToMember(
  actor: Actor,
  userId: string,
  input: unknown,
  db: Database,
): Promise<void> {
  const { owner, business } = customerKeeper(actor)
  if (!owner.members) throw new ForbiddenError()
  if (business.user.role !== 'owner') throw new ForbiddenError(memberLinkByOwnerMessage)
  const { customerId } = parseInput(memberLinkSchema, input)
  if (!isUuid(userId)) throw new NotFoundError()
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, owner.id)
    await checkClubUserActive(tx, owner.id, userId)
    const [current] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.organisationId, owner.id), eq(customers.teamUserId, userId)))
    if ((current?.id ?? null) === customerId) return
    let target: typeof current
    if (customerId) {
      ;[target] = await tx
        .select()
        .from(customers)
        .where(
          and(
            eq(customers.id, customerId),
            eq(customers.organisationId, owner.id),
            eq(customers.kind, 'member'),
          ),
        )
        .for('update')
      if (!target) throw new NotFoundError('Dieses Mitglied gibt es in deinem Verein nicht.')
      if (target.deactivatedAt || target.anonymisedAt || target.restrictedAt) {
        const message = `Mitglied ${target.number} ist nicht aktiv: Verknüpfen lassen sich nur aktive Mitglieder.`
        throw new ConflictError(message, { customerId: message })
      }
      if (target.teamUserId) {
        const message = `Mitglied ${target.number} ist bereits mit einem anderen Benutzerkonto verknüpft.`
        throw new ConflictError(message, { customerId: message })
      }
    }
    if (current) {
      await changeCustomer(tx, business, current, customerAudit.updated, { teamUserId: null })
    }
    if (target) {
      await changeCustomer(tx, business, target, customerAudit.updated, { teamUserId: userId })
    }
  })
}

import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BusinessActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { customers } from '~/server/customers/customers.schema'
import { deactivateCustomer } from '~/server/customers/customers.server'
import { linkTeamUserToMember, listMemberLinks } from '~/server/customers/member-accounts.server'
import { demoIds } from '~/server/db/seed.server'
import { demoClubTeamLogin } from '~/server/db/seed-fillings.server'
import { DomainError } from '~/server/errors.server'
import { businessActorOf, demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** The service's refusal: status and message, or `ok`. */
async function refusalOf(work: Promise<unknown>) {
  try {
    await work
    return { status: 'ok' as const, message: '' }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { status: error.status, message: error.message }
  }
}

describe.each(testDatabaseKinds)('linking a club user to a member record on %s', (kind) => {
  let database: TestDatabase
  let owner: BusinessActor
  let staff: BusinessActor
  const db = () => database.handle.db
  const teamUser = demoClubTeamLogin.id

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    owner = (await demoActors(db())).clubOwner
    staff = await businessActorOf(db(), teamUser)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const linksOf = async () => {
    const links = await listMemberLinks(owner, demoIds.club, db())
    if (!links) throw new Error('a club has member links')
    return links
  }
  const linkedMembersOf = (userId: string) =>
    db()
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organisationId, demoIds.club), eq(customers.teamUserId, userId)))

  it('lets the owner link, move and remove the link; staff and other organisations are refused', async () => {
    const before = await linksOf()
    expect(before.mayLink).toBe(true)
    expect(before.linked[demoIds.userClubOwner]).toBeDefined()
    expect(before.linked[teamUser]).toBeUndefined()
    const [first, second] = before.candidates
    if (!first || !second) throw new Error('the demo club has unlinked members')

    // Staff see the links but do not change them (§ 19 Abs. 2 KCanG: the board decides).
    const staffView = await listMemberLinks(staff, demoIds.club, db())
    expect(staffView?.mayLink).toBe(false)
    expect(staffView?.candidates).toEqual([])
    const byStaff = await refusalOf(
      linkTeamUserToMember(staff, teamUser, { customerId: first.id }, db()),
    )
    expect(byStaff).toEqual({ status: 403, message: expect.stringContaining('Nur der Vorstand') })
    const pharmacy = (await demoActors(db())).pharmacyOwner
    expect(await listMemberLinks(pharmacy, demoIds.pharmacy, db())).toBeNull()
    expect(
      (await refusalOf(linkTeamUserToMember(pharmacy, teamUser, { customerId: first.id }, db())))
        .status,
    ).toBe(403)

    await linkTeamUserToMember(owner, teamUser, { customerId: first.id }, db())
    let links = await linksOf()
    expect(links.linked[teamUser]).toEqual({ customerId: first.id, label: first.label })
    expect(links.candidates.map((candidate) => candidate.id)).not.toContain(first.id)
    const [audited] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, first.id), eq(auditEvents.action, 'customer.updated')))
    expect(audited?.after).toMatchObject({ teamUserId: teamUser })

    // A member linked to another account is refused; the user's link moves, never doubles.
    const taken = before.linked[demoIds.userClubOwner]?.customerId as string
    const refused = await refusalOf(
      linkTeamUserToMember(owner, teamUser, { customerId: taken }, db()),
    )
    expect(refused.status).toBe(409)
    expect(refused.message).toMatch(/bereits mit einem anderen Benutzerkonto verknüpft/)
    await linkTeamUserToMember(owner, teamUser, { customerId: second.id }, db())
    expect(await linkedMembersOf(teamUser)).toEqual([{ id: second.id }])

    await linkTeamUserToMember(owner, teamUser, { customerId: '' }, db())
    links = await linksOf()
    expect(links.linked[teamUser]).toBeUndefined()
    expect(await linkedMembersOf(teamUser)).toEqual([])
  })

  it('links only active members and active users of the club', async () => {
    const [member] = (await linksOf()).candidates
    if (!member) throw new Error('the demo club has unlinked members')
    const [row] = await db().select().from(customers).where(eq(customers.id, member.id))
    await deactivateCustomer(owner, member.id, { revision: row?.revision }, db())
    const inactive = await refusalOf(
      linkTeamUserToMember(owner, teamUser, { customerId: member.id }, db()),
    )
    expect(inactive.status).toBe(409)
    expect(inactive.message).toMatch(/nicht aktiv/)
    const stranger = await refusalOf(
      linkTeamUserToMember(owner, demoIds.userPharmacyOwner, { customerId: '' }, db()),
    )
    expect(stranger).toEqual({
      status: 400,
      message: 'Dieses Benutzerkonto gehört nicht (mehr) zu deinem Verein.',
    })
  })

  it('leaves a user linked to one member when 50 links of it run at once', async () => {
    const { candidates } = await linksOf()
    expect(candidates.length).toBeGreaterThan(10)
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) => candidates[index % candidates.length]).map(
        (candidate) =>
          refusalOf(
            linkTeamUserToMember(owner, teamUser, { customerId: candidate?.id ?? '' }, db()),
          ),
      ),
    )
    expect(outcomes.every((outcome) => outcome.status === 'ok')).toBe(true)
    expect(await linkedMembersOf(teamUser)).toHaveLength(1)
    const linked = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organisationId, demoIds.club), isNotNull(customers.teamUserId)))
    expect(linked).toHaveLength(2)
  })
})

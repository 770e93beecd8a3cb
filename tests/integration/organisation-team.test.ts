import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { invitationsPerHour, teamMessages } from '~/lib/organisation-team'
import { type Actor, visitorActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { getActiveBusinessUser, loginBusinessUser, verifyAccessSession } from '~/server/auth.server'
import { users } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { demoTeamIds } from '~/server/db/seed-team.server'
import { outboxMails } from '~/server/mail/mail.schema'
import {
  acceptInvitation,
  getInvitation,
  invitationRule,
  inviteMember,
  resendInvitation,
  revokeInvitation,
} from '~/server/organisations/invitations.server'
import {
  inspectMemberToken,
  requestMemberPasswordReset,
  resetMemberPassword,
} from '~/server/organisations/member-password.server'
import { memberAccountTokens, organisationInvitations } from '~/server/organisations/team.schema'
import {
  changeMemberQualification,
  changeMemberRole,
  getTeam,
  setMemberActive,
} from '~/server/organisations/team.server'
import { resetCounter } from '~/server/rate-limit.server'
import { tokenMessages } from '~/server/shop-accounts/shop-accounts.server'
import { businessActorOf, demoActors } from '../support/actors'
import {
  authDepsFor,
  createSeededDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../support/databases'
import { outcomeOf } from '../support/outcome'

/** Links in mails are built from the configuration (the default APP_DOMAIN), never the request. */
const origin = 'http://localhost:3000'
const pharmacy = demoIds.pharmacy
const password = 'ein-sicheres-passwort'

describe.each(testDatabaseKinds)('organisation team on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let deps: Awaited<ReturnType<typeof authDepsFor>>
  const db = () => database.handle.db
  let addressCount = 0
  const newAddress = () => `neu.${++addressCount}@team.example`

  /** The link's token from the invitation mail the outbox holds for `email`. */
  async function tokenFor(email: string): Promise<string> {
    const [mail] = await db()
      .select({ text: outboxMails.textBody })
      .from(outboxMails)
      .where(and(eq(outboxMails.kind, 'invitation'), eq(outboxMails.toAddress, email)))
      .orderBy(desc(outboxMails.createdAt))
      .limit(1)
    const token = /\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1]
    if (!token) throw new Error(`no invitation mail to ${email}`)
    return token
  }

  async function invite(role: 'owner' | 'staff' = 'staff', by: Actor = actors.pharmacyOwner) {
    const email = newAddress()
    const { id } = await inviteMember(by, pharmacy, { email, role }, db())
    return { id, email, token: await tokenFor(email) }
  }

  /** A new member who accepted an invitation; answers the member as a service sees them. */
  async function newMember(role: 'owner' | 'staff' = 'staff') {
    const { token } = await invite(role)
    const username = `mitglied${++addressCount}`
    await acceptInvitation(db(), { token, name: 'Nina Neu', username, password, repeat: password })
    const [user] = await db().select().from(users).where(eq(users.username, username))
    return { username, actor: await businessActorOf(db(), user?.id as string) }
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    deps = await authDepsFor(database)
  })
  afterAll(async () => {
    await database?.dispose()
  })
  // Each test sends its own invitations; the hourly limit has its own test.
  beforeEach(() => resetCounter(db(), invitationRule, pharmacy))

  it('admin and the owner manage the team; staff read it; others get nothing', async () => {
    const callers: Record<string, Actor> = {
      admin: actors.admin,
      owner: actors.pharmacyOwner,
      staff: actors.pharmacyStaff,
      otherOwner: actors.wholesalerOwner,
      shopCustomer: actors.shopCustomer,
      anonymous: visitorActor(),
    }
    const staffId = demoIds.userPharmacyStaff
    const results: Record<string, Record<string, 'ok' | number>> = {}
    for (const [name, caller] of Object.entries(callers)) {
      const mine = await invite()
      results[name] = {
        read: await outcomeOf(getTeam(caller, pharmacy, db())),
        invite: await outcomeOf(
          inviteMember(caller, pharmacy, { email: newAddress(), role: 'staff' }, db()),
        ),
        role: await outcomeOf(changeMemberRole(caller, pharmacy, staffId, { role: 'staff' }, db())),
        active: await outcomeOf(setMemberActive(caller, pharmacy, staffId, { active: true }, db())),
        resend: await outcomeOf(resendInvitation(caller, pharmacy, mine.id, db())),
        revoke: await outcomeOf(revokeInvitation(caller, pharmacy, (await invite()).id, db())),
      }
    }
    const manage = {
      read: 'ok',
      invite: 'ok',
      role: 'ok',
      active: 'ok',
      resend: 'ok',
      revoke: 'ok',
    }
    const none = { read: 403, invite: 403, role: 403, active: 403, resend: 403, revoke: 403 }
    expect(results).toEqual({
      admin: manage,
      owner: manage,
      staff: { ...none, read: 'ok' },
      otherOwner: none,
      shopCustomer: none,
      anonymous: none,
    })
  })

  it("only the owner sets a member's qualification, with before and after in the audit log", async () => {
    const member = await newMember()
    const target = member.actor.user.id
    expect(member.actor.user.qualification).toBe('other')
    const change = (caller: Actor, qualification: string) =>
      outcomeOf(changeMemberQualification(caller, pharmacy, target, { qualification }, db()))
    expect({
      admin: await change(actors.admin, 'pharmacist'),
      staff: await change(actors.pharmacyStaff, 'pharmacist'),
      self: await change(member.actor, 'pharmacist'),
      otherOwner: await change(actors.wholesalerOwner, 'pharmacist'),
      shopCustomer: await change(actors.shopCustomer, 'pharmacist'),
      unknown: await change(actors.pharmacyOwner, 'chemist'),
    }).toEqual({
      admin: 403,
      staff: 403,
      self: 403,
      otherOwner: 403,
      shopCustomer: 403,
      unknown: 400,
    })
    await expect(
      changeMemberQualification(actors.admin, pharmacy, target, { qualification: 'pta' }, db()),
    ).rejects.toThrow(teamMessages.qualificationByOwner)
    await changeMemberQualification(
      actors.pharmacyOwner,
      pharmacy,
      target,
      { qualification: 'pka' },
      db(),
    )
    // The same again changes nothing and logs nothing.
    await changeMemberQualification(
      actors.pharmacyOwner,
      pharmacy,
      target,
      { qualification: 'pka' },
      db(),
    )
    const qualifications = Object.fromEntries(
      (await getTeam(actors.pharmacyStaff, pharmacy, db())).members.map((row) => [
        row.id,
        row.qualification,
      ]),
    )
    expect(qualifications).toMatchObject({
      [demoIds.userPharmacyOwner]: 'pharmacist',
      [demoIds.userPharmacyPharmacist]: 'pharmacist',
      [demoIds.userPharmacyStaff]: 'pta',
      [target]: 'pka',
    })
    expect((await businessActorOf(db(), target)).user.qualification).toBe('pka')
    const logged = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, target),
          eq(auditEvents.action, 'member.qualification_changed'),
        ),
      )
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({
      actorId: demoIds.userPharmacyOwner,
      organisationId: pharmacy,
      before: { qualification: 'other' },
      after: { qualification: 'pka' },
    })
    expect((await getTeam(actors.pharmacyOwner, pharmacy, db())).maySetQualifications).toBe(true)
    expect((await getTeam(actors.admin, pharmacy, db())).maySetQualifications).toBe(false)
    expect((await getTeam(actors.pharmacyStaff, pharmacy, db())).maySetQualifications).toBe(false)
  })

  it('the team lists members with role, status and last login, and the pending invitations', async () => {
    await loginBusinessUser(
      deps,
      { username: 'apotheke', password: 'apotheke-demo-2026' },
      { ip: '192.0.2.1', requestId: null },
    )
    const team = await getTeam(actors.pharmacyStaff, pharmacy, db())
    expect(team.mayManage).toBe(false)
    const owner = team.members.find((member) => member.id === demoIds.userPharmacyOwner)
    expect(owner).toMatchObject({ role: 'owner', active: true, isSelf: false })
    expect(owner?.lastLoginAt).not.toBeNull()
    expect(team.members.find((member) => member.isSelf)?.id).toBe(demoIds.userPharmacyStaff)
    const states = Object.fromEntries(team.invitations.map((entry) => [entry.id, entry.state]))
    expect(states[demoTeamIds.invitationPending]).toBe('open')
    expect(states[demoTeamIds.invitationExpired]).toBe('expired')
  })

  it('the last active owner can be neither demoted nor deactivated, not even by two at once', async () => {
    const owner = actors.pharmacyOwner
    expect(
      await outcomeOf(changeMemberRole(owner, pharmacy, owner.user.id, { role: 'staff' }, db())),
    ).toBe(409)
    const second = await newMember('owner')
    // Two owners demote each other at the same moment: one of them stays owner.
    const outcomes = await Promise.all([
      outcomeOf(changeMemberRole(owner, pharmacy, second.actor.user.id, { role: 'staff' }, db())),
      outcomeOf(changeMemberRole(second.actor, pharmacy, owner.user.id, { role: 'staff' }, db())),
    ])
    expect(outcomes.sort()).toEqual([409, 'ok'])
    const owners = await db()
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.organisationId, pharmacy), eq(users.role, 'owner'), eq(users.active, true)),
      )
    expect(owners).toHaveLength(1)
    const remaining = owners[0]?.id === owner.user.id ? owner : second.actor
    expect(
      await outcomeOf(
        setMemberActive(actors.admin, pharmacy, remaining.user.id, { active: false }, db()),
      ),
    ).toBe(409)
    // Put the demo owner back for the other tests.
    if (remaining !== owner) {
      await changeMemberRole(remaining, pharmacy, owner.user.id, { role: 'owner' }, db())
    }
  })

  it('deactivating ends every session at once; reactivating lets the member log in again', async () => {
    const { username, actor } = await newMember()
    const client = { ip: '192.0.2.2', requestId: null }
    const login = await loginBusinessUser(deps, { username, password }, client)
    await expect(verifyAccessSession(deps, login.accessToken, null)).resolves.toBeTruthy()

    await setMemberActive(actors.pharmacyOwner, pharmacy, actor.user.id, { active: false }, db())
    // The access token is still valid for minutes, but its session is gone.
    expect(await outcomeOf(verifyAccessSession(deps, login.accessToken, null))).toBe(401)
    expect(await getActiveBusinessUser(db(), actor.user.id)).toBeNull()
    expect(await outcomeOf(loginBusinessUser(deps, { username, password }, client))).toBe(401)

    await setMemberActive(actors.pharmacyOwner, pharmacy, actor.user.id, { active: true }, db())
    expect(await outcomeOf(loginBusinessUser(deps, { username, password }, client))).toBe('ok')
    // Nobody deactivates themselves (they could not undo it).
    expect(
      await outcomeOf(
        setMemberActive(
          actors.pharmacyOwner,
          pharmacy,
          actors.pharmacyOwner.user.id,
          { active: false },
          db(),
        ),
      ),
    ).toBe(409)
  })

  it('10 parallel submissions of one invitation create exactly one account', async () => {
    const { token, email } = await invite()
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        outcomeOf(
          acceptInvitation(db(), {
            token,
            name: 'Paul Parallel',
            username: `parallel${addressCount}x${index}`,
            password,
            repeat: password,
          }),
        ),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(9)
    const created = await db()
      .select({ id: users.id, role: users.role, organisationId: users.organisationId })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
    expect(created).toEqual([{ id: expect.any(String), role: 'staff', organisationId: pharmacy }])
    expect((await getInvitation(db(), token)).state).toBe('accepted')
  })

  it('expired, revoked, replaced and used links each say what became of them', async () => {
    const accept = (token: string, username: string) =>
      acceptInvitation(db(), { token, name: 'Lea Link', username, password, repeat: password })

    const revoked = await invite()
    await revokeInvitation(actors.pharmacyOwner, pharmacy, revoked.id, db())
    expect((await getInvitation(db(), revoked.token)).state).toBe('revoked')
    await expect(accept(revoked.token, 'lea.revoked')).rejects.toThrow(teamMessages.revoked)

    const replaced = await invite()
    await resendInvitation(actors.pharmacyOwner, pharmacy, replaced.id, db())
    expect((await getInvitation(db(), replaced.token)).state).toBe('replaced')
    await expect(accept(replaced.token, 'lea.replaced')).rejects.toThrow(teamMessages.replaced)
    const fresh = await tokenFor(replaced.email)
    expect(fresh).not.toBe(replaced.token)
    expect((await getInvitation(db(), fresh)).state).toBe('open')

    const expired = await invite()
    await db()
      .update(organisationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organisationInvitations.id, expired.id))
    expect((await getInvitation(db(), expired.token)).state).toBe('expired')
    await expect(accept(expired.token, 'lea.expired')).rejects.toThrow(teamMessages.expired)

    await accept(fresh, 'lea.used')
    await expect(accept(fresh, 'lea.again')).rejects.toThrow(teamMessages.accepted)

    expect(await outcomeOf(getInvitation(db(), 'A'.repeat(43)))).toBe(404)
    expect(await outcomeOf(getInvitation(db(), 'kaputt'))).toBe(400)
  })

  it('refuses addresses of existing business users, a second open invitation and a taken username', async () => {
    const wholesalerAddress = 'EINKAUF@nordhanf.example'
    await expect(
      inviteMember(
        actors.pharmacyOwner,
        pharmacy,
        { email: wholesalerAddress, role: 'staff' },
        db(),
      ),
    ).rejects.toThrow(teamMessages.alreadyUser)

    const { email, token } = await invite()
    await expect(
      inviteMember(actors.admin, pharmacy, { email: email.toUpperCase(), role: 'owner' }, db()),
    ).rejects.toThrow(teamMessages.alreadyInvited)

    const taken = await outcomeOf(
      acceptInvitation(db(), {
        token,
        name: 'Tom Taken',
        username: 'APOTHEKE',
        password,
        repeat: password,
      }),
    )
    expect(taken).toBe(400)
    // The refused username left the link usable.
    expect((await getInvitation(db(), token)).state).toBe('open')
    await acceptInvitation(db(), {
      token,
      name: 'Tom Taken',
      username: 'tom.taken',
      password,
      repeat: password,
    })
  })

  it(`50 parallel invitations: exactly ${invitationsPerHour} are sent, the rest wait an hour`, async () => {
    const before = await db()
      .select({ id: organisationInvitations.id })
      .from(organisationInvitations)
      .where(eq(organisationInvitations.organisationId, pharmacy))
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcomeOf(
          inviteMember(
            actors.pharmacyOwner,
            pharmacy,
            { email: newAddress(), role: 'staff' },
            db(),
          ),
        ),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(invitationsPerHour)
    expect(outcomes.filter((outcome) => outcome === 429)).toHaveLength(50 - invitationsPerHour)
    const after = await db()
      .select({ id: organisationInvitations.id })
      .from(organisationInvitations)
      .where(eq(organisationInvitations.organisationId, pharmacy))
    expect(after.length - before.length).toBe(invitationsPerHour)
  })

  it('the invitation mail names the organisation, the role and the inviting person', async () => {
    const { email, token } = await invite('owner')
    const [mail] = await db()
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.kind, 'invitation'), eq(outboxMails.toAddress, email)))
    expect(mail?.subject).toBe('Deine Einladung ins Team – Sonnen-Apotheke')
    expect(mail?.textBody).toContain('Dr. Clara Sonnberg lädt dich ein, als Inhaber')
    expect(mail?.textBody).toContain(`${origin}/invitation/${token}`)
    expect(mail?.tenantId).toBeNull()
  })

  describe('password reset of business users', () => {
    const client = (ip: string) => ({ ip })
    /** The reset link's token in the newest reset mail to `email`. */
    async function resetTokenFor(email: string): Promise<string | null> {
      const [mail] = await db()
        .select({ text: outboxMails.textBody })
        .from(outboxMails)
        .where(and(eq(outboxMails.kind, 'reset_password'), eq(outboxMails.toAddress, email)))
        .orderBy(desc(outboxMails.createdAt))
        .limit(1)
      return /\/confirmation\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? null
    }
    const resetMailsTo = async (email: string) =>
      (
        await db()
          .select({ id: outboxMails.id })
          .from(outboxMails)
          .where(and(eq(outboxMails.kind, 'reset_password'), eq(outboxMails.toAddress, email)))
      ).length

    it('answers the same for every name, and mails only an active account', async () => {
      const { username, actor } = await newMember()
      const answers = await Promise.all(
        [username.toUpperCase(), actor.user.email, 'niemand', 'lager'].map((identifier) =>
          requestMemberPasswordReset(db(), client('192.0.2.30'), { identifier }),
        ),
      )
      expect(new Set(answers.map((answer) => answer.message)).size).toBe(1)
      expect(await resetMailsTo(actor.user.email)).toBe(2)
      expect(await resetMailsTo('lager@nordhanf.example')).toBe(0)
      // A business user's mail speaks the back office's "du" (docs/style.md).
      const [mail] = await db()
        .select({ text: outboxMails.textBody })
        .from(outboxMails)
        .where(
          and(eq(outboxMails.kind, 'reset_password'), eq(outboxMails.toAddress, actor.user.email)),
        )
        .limit(1)
      expect(mail?.text).toContain('du hast angefordert, dein Passwort zurückzusetzen')
    })

    it('the link sets the password once, ends every session and outlives no newer link', async () => {
      const { username, actor } = await newMember()
      const login = await loginBusinessUser(
        deps,
        { username, password },
        { ip: '192.0.2.31', requestId: null },
      )
      await requestMemberPasswordReset(db(), client('192.0.2.31'), { identifier: username })
      const first = (await resetTokenFor(actor.user.email)) as string
      await requestMemberPasswordReset(db(), client('192.0.2.31'), { identifier: username })
      const second = (await resetTokenFor(actor.user.email)) as string
      expect(second).not.toBe(first)
      expect(await inspectMemberToken(db(), first)).toEqual({ problem: tokenMessages.used })

      const newPassword = 'ein-ganz-neues-passwort'
      const reset = { token: second, password: newPassword, repeat: newPassword }
      const outcomes = await Promise.all([
        outcomeOf(resetMemberPassword(db(), reset)),
        outcomeOf(resetMemberPassword(db(), reset)),
      ])
      expect(outcomes.sort()).toEqual([410, 'ok'])
      expect(await outcomeOf(verifyAccessSession(deps, login.accessToken, null))).toBe(401)
      const client2 = { ip: '192.0.2.32', requestId: null }
      expect(await outcomeOf(loginBusinessUser(deps, { username, password }, client2))).toBe(401)
      expect(
        await outcomeOf(loginBusinessUser(deps, { username, password: newPassword }, client2)),
      ).toBe('ok')
      // A shop's link or an unknown token is none of the business users'.
      expect(await inspectMemberToken(db(), 'B'.repeat(43))).toBeNull()
    })

    it('an expired link says so and changes nothing', async () => {
      const { username, actor } = await newMember()
      await requestMemberPasswordReset(db(), client('192.0.2.33'), { identifier: username })
      const token = (await resetTokenFor(actor.user.email)) as string
      await db()
        .update(memberAccountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(memberAccountTokens.userId, actor.user.id))
      await expect(
        resetMemberPassword(db(), {
          token,
          password: 'noch-ein-passwort',
          repeat: 'noch-ein-passwort',
        }),
      ).rejects.toThrow(tokenMessages.expired)
    })

    it('50 parallel requests for one account from one client send at most 5 links', async () => {
      const { username, actor } = await newMember()
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () =>
          outcomeOf(
            requestMemberPasswordReset(db(), client('192.0.2.34'), { identifier: username }),
          ),
        ),
      )
      expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(5)
      expect(outcomes.filter((outcome) => outcome === 429)).toHaveLength(45)
      expect(await resetMailsTo(actor.user.email)).toBe(5)
    })
  })
})

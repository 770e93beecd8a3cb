import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerListSearch } from '~/lib/customer-lists'
import { addCalendarDays, berlinIsoDate } from '~/lib/format'
import { calendarMonthOf, handoutInformationTemplate } from '~/lib/handouts'
import { type Actor, type BusinessActor, visitorActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { anonymiseCustomer, exportCustomer } from '~/server/customers/customer-privacy.server'
import { anonymiseRestrictedCustomers } from '~/server/customers/customer-retention.server'
import { customers } from '~/server/customers/customers.schema'
import {
  createCustomer,
  deactivateCustomer,
  listCustomers,
  reactivateCustomer,
} from '~/server/customers/customers.server'
import type { Database } from '~/server/db/client.server'
import { organisations, users } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { demoHandoutMembers } from '~/server/db/seed-handouts.server'
import { DomainError } from '~/server/errors.server'
import { storeFile } from '~/server/files/file-store.server'
import { handouts } from '~/server/handouts/handouts.schema'
import {
  cancelHandout,
  createHandout,
  getHandout,
  getMemberAllowance,
  listHandoutBatches,
  listHandouts,
  searchHandoutMembers,
} from '~/server/handouts/handouts.server'
import { updateHandoutInformation } from '~/server/organisations/organisation-settings.server'
import { batches, stockMovements } from '~/server/stock/stock.schema'
import {
  blockBatch,
  correctBatchCannabinoids,
  recordHarvest,
  releaseBatch,
} from '~/server/stock/stock.server'
import { businessActorOf, demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { outcomeOf } from '../support/outcome'

const gram = 1000
const day = 86_400_000
const club = demoIds.club
/** Grüne Ecke's listings of its own varieties (seed-data/products.ts): Auwald and Elsterflut. */
const listings = {
  auwald: '00000000-0000-4000-8000-000000005001',
  elsterflut: '00000000-0000-4000-8000-000000005003',
}

/** A Berlin calendar day `days` from today (counted in days, not hours: DST moves hours). */
const dayIn = (days: number) => addCalendarDays(berlinIsoDate(), days)
/** A birth date `years` and `days` before today: the age stays the same for months around today. */
function bornYearsAgo(years: number, days: number): string {
  const [y, m, d] = berlinIsoDate().split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y - years, m - 1, d - days)).toISOString().slice(0, 10)
}
/** Noon of a Berlin calendar day. */
const noonOf = (calendarDay: string) => new Date(`${calendarDay}T11:00:00Z`)

/** The service's refusal: status and message (and field errors), or `ok`. */
async function refusalOf(work: Promise<unknown>) {
  try {
    await work
    return { status: 'ok' as const, message: '', errors: {} as Record<string, string> }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { status: error.status, message: error.message, errors: error.extra.errors ?? {} }
  }
}

let serial = 0

describe.each(testDatabaseKinds)('club hand-outs on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let clubStaff: BusinessActor
  let clerk: BusinessActor
  /** Released harvests of 2 kg: Auwald with 17.4 % THC, Elsterflut with 8.8 %. */
  let bigBatch: string
  let lowThcBatch: string
  const db = (): Database => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    clerk = actors.clubOwner
    const [staff] = await db()
      .insert(users)
      .values({
        organisationId: club,
        username: 'ausgabe',
        email: 'ausgabe@gruene-ecke.example',
        name: 'Kim Ausgabe',
        role: 'staff',
        passwordHash: 'not-a-login',
      })
      .returning({ id: users.id })
    clubStaff = await businessActorOf(db(), staff?.id as string)
    // Staff hand out as members of the club (§ 19 Abs. 2 KCanG).
    await newMember('adult', { teamUserId: staff?.id })
    bigBatch = await harvest({ grams: 2000, thc: 17.4 })
    lowThcBatch = await harvest({ listing: listings.elsterflut, grams: 2000, thc: 8.8 })
  })
  afterAll(async () => {
    await database?.dispose()
  })

  /** A new member of the club: adult (35) or 18–20 (19), ID checked today unless told. */
  async function newMember(
    ageClass: 'adult' | 'young_adult' = 'adult',
    extra: Record<string, unknown> = {},
    by: BusinessActor = clerk,
  ) {
    const created = await createCustomer(
      by,
      {
        kind: 'member',
        firstName: 'Test',
        lastName: `Mitglied ${++serial}`,
        birthDate: ageClass === 'adult' ? bornYearsAgo(35, 10) : bornYearsAgo(19, 120),
        street: 'Gartenstraße 1',
        postalCode: '04109',
        city: 'Leipzig',
        country: 'DE',
        email: null,
        phone: null,
        membershipNumber: `T-${serial}`,
        joinedOn: dayIn(-200),
        idCheckedOn: berlinIsoDate(),
        noOtherClubDeclaredOn: berlinIsoDate(),
        residenceDeclaredOn: berlinIsoDate(),
        ...extra,
      },
      db(),
    )
    return created.id
  }

  /** A released harvest of the club (through the stock services). */
  async function harvest(options: { listing?: string; grams: number; thc?: number }) {
    const coa = await storeFile(
      clerk,
      'batch_certificate',
      Buffer.from(`%PDF-1.4\n% harvest ${++serial}\n%%EOF\n`),
      db(),
    )
    const received = await recordHarvest(
      clerk,
      {
        organisationProductId: options.listing ?? listings.auwald,
        harvestDate: dayIn(-20),
        quantity: options.grams * gram,
        expiryDate: dayIn(345),
        thcContent: options.thc ?? 16,
        cbdContent: 0.3,
        coaFileId: coa.id,
      },
      db(),
    )
    await releaseBatch(clerk, { batchId: received.batchId, testNumber: `LAB-T-${serial}` }, db())
    return received.batchId
  }

  const handout = (
    customerId: string,
    batchId: string,
    grams: number,
    at: Date = new Date(),
    actor: Actor = clerk,
  ) =>
    createHandout(
      actor,
      { customerId, batchId, quantity: Math.round(grams * gram), identityChecked: true },
      db(),
      at,
    )

  const batchRow = async (id: string) => {
    const [row] = await db().select().from(batches).where(eq(batches.id, id))
    if (!row) throw new Error('batch missing')
    return row
  }
  const ledgerSum = async (batchId: string) => {
    const [row] = await db()
      .select({ total: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.batchId, batchId))
    return Number(row?.total)
  }

  it('shows a member with age class and what remains today and this month', async () => {
    const adult = await newMember('adult')
    const young = await newMember('young_adult')
    const fresh = await getMemberAllowance(clerk, adult, db())
    expect(fresh).toMatchObject({
      member: { id: adult, ageClass: 'adult', active: true },
      day: berlinIsoDate(),
      rules: { dailyMg: 25 * gram, monthlyMg: 50 * gram, maxThcPercent: null },
      usage: { dayMg: 0, monthMg: 0 },
      remaining: { dayMg: 25 * gram, monthMg: 50 * gram, nowMg: 25 * gram },
      refusal: null,
    })
    await handout(adult, bigBatch, 7.5)
    expect((await getMemberAllowance(clerk, adult, db())).remaining).toEqual({
      dayMg: 17_500,
      monthMg: 42_500,
      nowMg: 17_500,
    })
    expect(await getMemberAllowance(clerk, young, db())).toMatchObject({
      member: { ageClass: 'young_adult' },
      rules: { dailyMg: 25 * gram, monthlyMg: 30 * gram, maxThcPercent: 10 },
    })
    const found = await searchHandoutMembers(clerk, 'Test Mitglied', db())
    expect(found.map((member) => member.id)).toContain(young)
  })

  it('refuses more than 25 g a day for both age classes, naming what remains', async () => {
    for (const ageClass of ['adult', 'young_adult'] as const) {
      const member = await newMember(ageClass)
      await handout(member, lowThcBatch, 10)
      await handout(member, lowThcBatch, 10)
      const refused = await refusalOf(handout(member, lowThcBatch, 5.5))
      expect(refused).toMatchObject({ status: 409 })
      expect(refused.errors.quantity).toBe(
        'Das überschreitet die Tageshöchstmenge von 25 g: Heute sind noch 5 g möglich.',
      )
      await handout(member, lowThcBatch, 5)
      const none = await refusalOf(handout(member, lowThcBatch, 0.001))
      expect(none.errors.quantity).toContain('Heute sind noch 0 g möglich.')
      // More than a day's limit at once never passes the schema.
      expect((await refusalOf(handout(await newMember(ageClass), lowThcBatch, 25.5))).status).toBe(
        400,
      )
    }
  })

  it('refuses more than 50 g a month from 21 and 30 g from 18 to 20, naming what remains', async () => {
    const month = calendarMonthOf(berlinIsoDate())
    const firstDays = [0, 1, 2].map((offset) => {
      const date = new Date(`${month.first}T11:00:00Z`)
      date.setUTCDate(date.getUTCDate() + offset)
      return noonOf(date.toISOString().slice(0, 10))
    })
    const [first, second, third] = firstDays as [Date, Date, Date]
    const lastMonth = new Date(first.getTime() - day)

    const adult = await newMember('adult')
    // Last month's hand-out does not count toward this month.
    await handout(adult, bigBatch, 25, lastMonth)
    await handout(adult, bigBatch, 25, first)
    await handout(adult, bigBatch, 20, second)
    const adultRefused = await refusalOf(handout(adult, bigBatch, 6, third))
    expect(adultRefused).toMatchObject({
      status: 409,
      errors: {
        quantity:
          'Das überschreitet die Monatshöchstmenge von 50 g: In diesem Monat sind noch 5 g möglich.',
      },
    })
    await handout(adult, bigBatch, 5, third)
    expect((await refusalOf(handout(adult, bigBatch, 1, third))).errors.quantity).toContain(
      'In diesem Monat sind noch 0 g möglich.',
    )
    expect((await getMemberAllowance(clerk, adult, db(), third)).usage).toEqual({
      dayMg: 5 * gram,
      monthMg: 50 * gram,
    })

    const young = await newMember('young_adult')
    await handout(young, lowThcBatch, 25, first)
    const youngRefused = await refusalOf(handout(young, lowThcBatch, 5.5, second))
    expect(youngRefused.errors.quantity).toBe(
      'Das überschreitet die Monatshöchstmenge von 30 g für 18- bis 20-Jährige: In diesem Monat sind noch 5 g möglich.',
    )
    await handout(young, lowThcBatch, 5, second)
    expect((await getMemberAllowance(clerk, young, db(), second)).remaining).toEqual({
      dayMg: 20 * gram,
      monthMg: 0,
      nowMg: 0,
    })
  })

  it('gives 18- to 20-year-olds only batches with at most 10 % THC', async () => {
    const young = await newMember('young_adult')
    const refused = await refusalOf(handout(young, bigBatch, 1))
    expect(refused.status).toBe(409)
    expect(refused.errors.batchId).toContain('höchstens 10 % THC')
    expect(await outcomeOf(handout(young, lowThcBatch, 1))).toBe('ok')
    const options = await listHandoutBatches(clerk, young, db())
    expect(options.find((option) => option.batchId === bigBatch)?.refusal).toContain('10 % THC')
    expect(options.find((option) => option.batchId === lowThcBatch)?.refusal).toBeNull()
    // Exactly 10 % is allowed.
    const tenPercent = await harvest({ listing: listings.elsterflut, grams: 10, thc: 10 })
    expect(await outcomeOf(handout(young, tenPercent, 1))).toBe('ok')
    const adult = await newMember('adult')
    expect(await outcomeOf(handout(adult, bigBatch, 1))).toBe('ok')
  })

  it('refuses inactive members and members without ID check, not new members', async () => {
    const inactive = await newMember()
    await deactivateCustomer(clerk, inactive, {}, db())
    const deactivated = await refusalOf(handout(inactive, bigBatch, 1))
    expect(deactivated).toMatchObject({ status: 409 })
    expect(deactivated.errors.customerId).toContain('kein aktives Mitglied')
    expect((await getMemberAllowance(clerk, inactive, db())).refusal).toContain('kein aktives')

    const unchecked = await newMember('adult', { idCheckedOn: null })
    expect((await refusalOf(handout(unchecked, bigBatch, 1))).errors.customerId).toContain(
      'keine Ausweisprüfung',
    )

    // The statutes' minimum membership governs leaving, not hand-outs (§ 16 Abs. 5 KCanG).
    const joinedToday = await newMember('adult', { joinedOn: berlinIsoDate() })
    expect(await outcomeOf(handout(joinedToday, bigBatch, 1))).toBe('ok')
  })

  it('refuses hand-outs to members without both declarations and records who took them', async () => {
    const noClub = await newMember('adult', { noOtherClubDeclaredOn: null })
    const refused = await refusalOf(handout(noClub, bigBatch, 1))
    expect(refused.status).toBe(409)
    expect(refused.errors.customerId).toContain('keiner anderen Anbauvereinigung')
    const noResidence = await newMember('adult', { residenceDeclaredOn: null })
    expect((await refusalOf(handout(noResidence, bigBatch, 1))).errors.customerId).toContain(
      'Nachweis, in Deutschland zu wohnen',
    )
    expect((await getMemberAllowance(clerk, noResidence, db())).refusal).toContain('Erklärung')
    const [row] = await db().select().from(customers).where(eq(customers.id, noClub))
    expect(row?.residenceRecordedBy).toBe(clerk.user.id)
    expect(row?.noOtherClubRecordedBy).toBeNull()
  })

  it('lets only users linked to an active member hand out (§ 19 Abs. 2 KCanG)', async () => {
    const member = await newMember()
    const [unlinked] = await db()
      .insert(users)
      .values({
        organisationId: club,
        username: `helfer-${++serial}`,
        email: `helfer-${serial}@gruene-ecke.example`,
        name: 'Ungebundene Hilfe',
        role: 'staff',
        passwordHash: 'not-a-login',
      })
      .returning({ id: users.id })
    const helper = await businessActorOf(db(), unlinked?.id as string)
    const refused = await refusalOf(
      createHandout(
        helper,
        { customerId: member, batchId: bigBatch, quantity: gram, identityChecked: true },
        db(),
      ),
    )
    expect(refused.status).toBe(403)
    expect(refused.message).toContain('Abgeben dürfen nur Mitglieder des Vereins')
    // Staff cannot link themselves; the owner can, once per user.
    const own = await refusalOf(newMember('adult', { teamUserId: helper.user.id }, helper))
    expect(own.status).toBe(403)
    const linked = await newMember('adult', { teamUserId: helper.user.id })
    const twice = await refusalOf(newMember('adult', { teamUserId: helper.user.id }))
    expect(twice.status).toBe(409)
    expect(twice.errors.teamUserId).toContain('bereits mit dem Mitglied')
    expect(await outcomeOf(handout(member, bigBatch, 1, new Date(), helper))).toBe('ok')
    // A linked member who is deactivated no longer hands out.
    await deactivateCustomer(clerk, linked, {}, db())
    expect((await refusalOf(handout(member, bigBatch, 1, new Date(), helper))).status).toBe(403)
  })

  it('links a user to one member only, also when 50 links arrive at once', async () => {
    const [user] = await db()
      .insert(users)
      .values({
        organisationId: club,
        username: `parallel-${++serial}`,
        email: `parallel-${serial}@gruene-ecke.example`,
        name: 'Parallele Hilfe',
        role: 'staff',
        passwordHash: 'not-a-login',
      })
      .returning({ id: users.id })
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => outcomeOf(newMember('adult', { teamUserId: user?.id }))),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual(Array(49).fill(409))
    const linked = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.teamUserId, user?.id as string))
    expect(linked).toHaveLength(1)
  })

  it('keeps members until the statutes’ minimum membership has passed (§ 16 Abs. 5 KCanG)', async () => {
    await db()
      .update(organisations)
      .set({ minMembershipMonths: 6 })
      .where(eq(organisations.id, club))
    try {
      const early = await refusalOf(
        newMember('adult', { joinedOn: '2026-01-31', leftOn: '2026-07-30' }),
      )
      expect(early.status).toBe(400)
      expect(early.errors.leftOn).toContain('frühestens zum 31.07.2026')
      expect(
        await outcomeOf(newMember('adult', { joinedOn: '2026-01-31', leftOn: '2026-07-31' })),
      ).toBe('ok')
    } finally {
      await db()
        .update(organisations)
        .set({ minMembershipMonths: 3 })
        .where(eq(organisations.id, club))
    }
    const noJoin = await refusalOf(newMember('adult', { joinedOn: null, leftOn: dayIn(-1) }))
    expect(noJoin.errors.joinedOn).toContain('Eintrittsdatum')
    // A member who has left receives nothing.
    const left = await newMember('adult', { joinedOn: dayIn(-200), leftOn: dayIn(-1) })
    expect((await refusalOf(handout(left, bigBatch, 1))).errors.customerId).toContain(
      'ausgetretene',
    )
    await expect(
      db().update(organisations).set({ minMembershipMonths: 2 }).where(eq(organisations.id, club)),
    ).rejects.toThrow()
  })

  it('hands out only released, unexpired harvests of the own club', async () => {
    const member = await newMember()
    const quarantined = await recordHarvest(
      clerk,
      {
        organisationProductId: listings.auwald,
        harvestDate: dayIn(-3),
        quantity: 100 * gram,
        expiryDate: dayIn(345),
        thcContent: 15,
        cbdContent: 0.2,
        coaFileId: null,
      },
      db(),
    )
    const expired = await harvest({ grams: 100 })
    await db()
      .update(batches)
      .set({ expiryDate: dayIn(-1) })
      .where(eq(batches.id, expired))
    const blocked = await harvest({ grams: 100 })
    await blockBatch(clerk, { batchId: blocked, reason: 'Schimmel im Lager' }, db())
    const bought = await harvest({ grams: 100 })
    await db()
      .update(batches)
      .set({ origin: 'purchase', expiryDate: dayIn(100) })
      .where(eq(batches.id, bought))
    const noContents = await harvest({ grams: 100 })
    await db().update(batches).set({ cbdContent: null }).where(eq(batches.id, noContents))
    // A harvest recorded before the best-before date was required (docs/domain.md).
    const noBestBefore = await harvest({ grams: 100 })
    await db().update(batches).set({ expiryDate: null }).where(eq(batches.id, noBestBefore))
    const [pharmacyBatch] = await db()
      .select({ id: batches.id })
      .from(batches)
      .where(and(eq(batches.organisationId, demoIds.pharmacy), eq(batches.status, 'released')))
      .limit(1)

    const expectations: [string, number, string][] = [
      [quarantined.batchId, 409, 'nicht freigegeben'],
      [expired, 409, 'abgelaufen'],
      [blocked, 409, 'nicht freigegeben'],
      [bought, 409, 'eigenem Anbau'],
      [noContents, 409, 'nicht erfasst'],
      [noBestBefore, 409, 'kein Mindesthaltbarkeitsdatum'],
    ]
    for (const [batchId, status, words] of expectations) {
      const refused = await refusalOf(handout(member, batchId, 1))
      expect(refused.status).toBe(status)
      expect(refused.errors.batchId).toContain(words)
    }
    expect((await refusalOf(handout(member, pharmacyBatch?.id as string, 1))).status).toBe(404)

    const offered = (await listHandoutBatches(clerk, member, db())).map((option) => option.batchId)
    expect(offered).toContain(bigBatch)
    expect(offered).toContain(lowThcBatch)
    for (const batchId of [
      quarantined.batchId,
      expired,
      blocked,
      bought,
      noContents,
      noBestBefore,
    ]) {
      expect(offered).not.toContain(batchId)
    }
    expect(await handoutsOf(member)).toHaveLength(0)
  })

  const handoutsOf = (customerId: string) =>
    db().select().from(handouts).where(eq(handouts.customerId, customerId))

  it('writes a hand-out movement out of the batch and records date, member, product, batch, grams, THC and CBD', async () => {
    const member = await newMember()
    const before = await batchRow(lowThcBatch)
    const { id, number } = await handout(member, lowThcBatch, 3.25)
    expect(number).toMatch(new RegExp(`^AG-${berlinIsoDate().slice(0, 4)}-\\d{5}$`))
    const after = await batchRow(lowThcBatch)
    expect(after.balance).toBe(before.balance - 3250)
    expect(after.balance).toBe(await ledgerSum(lowThcBatch))
    const [record] = await handoutsOf(member)
    const [movement] = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.id, record?.movementId as string))
    expect(movement).toMatchObject({
      kind: 'hand_out',
      quantity: -3250,
      balanceAfter: after.balance,
      sourceType: 'hand_out',
      sourceId: id,
      batchId: lowThcBatch,
    })
    const shown = await getHandout(clubStaff, id, db())
    expect(shown).toMatchObject({
      number,
      handedOutOn: berlinIsoDate(),
      member: { id: member, anonymised: false, membershipNumber: expect.stringMatching(/^T-/) },
      ageClass: 'adult',
      productName: 'Elsterflut',
      batchNumber: after.batchNumber,
      quantity: 3250,
      thcContent: 8.8,
      cbdContent: 0.3,
      cannabinoidUnit: 'percent',
      status: 'active',
      handedOutByName: 'Jonas Feld',
      kind: 'club',
      packUnit: 'g',
      organisation: { name: 'Grüne Ecke e.V.' },
    })
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'hand_out'), eq(auditEvents.entityId, id)))
    expect(audit.map((row) => row.action)).toEqual(['hand_out.created'])
  })

  it('keeps a record’s THC and CBD when the batch’s are corrected later, with reason and audit', async () => {
    const batchId = await harvest({ grams: 100, thc: 12.5 })
    const member = await newMember()
    const { id } = await handout(member, batchId, 2)
    const correction = { batchId, thcContent: 13.1, cbdContent: 0.45, reason: 'Nachmessung Labor' }
    await expect(
      correctBatchCannabinoids(clubStaff, { ...correction, reason: ' ' }, db()),
    ).rejects.toMatchObject({ status: 400 })
    // Another organisation's batch does not exist for the actor.
    await expect(
      correctBatchCannabinoids(actors.pharmacyOwner, correction, db()),
    ).rejects.toMatchObject({ status: 404 })
    expect(await correctBatchCannabinoids(clubStaff, correction, db())).toEqual({ changed: true })
    expect(await correctBatchCannabinoids(clubStaff, correction, db())).toEqual({ changed: false })
    expect(await batchRow(batchId)).toMatchObject({ thcContent: 13.1, cbdContent: 0.45 })
    expect(await getHandout(clubStaff, id, db())).toMatchObject({
      thcContent: 12.5,
      cbdContent: 0.3,
    })
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, batchId),
          eq(auditEvents.action, 'batch.cannabinoids_corrected'),
        ),
      )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      before: { thcContent: 12.5, cbdContent: 0.3 },
      after: { thcContent: 13.1, cbdContent: 0.45, reason: 'Nachmessung Labor' },
    })
  })

  it('cancels with a reason and a counter-entry, which frees the limit; records are never edited', async () => {
    const member = await newMember()
    const before = await batchRow(bigBatch)
    const { id } = await handout(member, bigBatch, 25)
    expect((await refusalOf(handout(member, bigBatch, 1))).status).toBe(409)

    expect((await refusalOf(cancelHandout(clerk, id, { reason: '  ' }, db()))).status).toBe(400)
    await cancelHandout(clubStaff, id, { reason: 'Falsche Sorte eingegeben' }, db())
    const shown = await getHandout(clerk, id, db())
    expect(shown).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Falsche Sorte eingegeben',
      cancelledByName: 'Kim Ausgabe',
      quantity: 25 * gram,
    })
    const [record] = await handoutsOf(member)
    const [counter] = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.id, record?.cancelMovementId as string))
    expect(counter).toMatchObject({
      kind: 'return',
      quantity: 25 * gram,
      sourceType: 'hand_out',
      sourceId: id,
    })
    expect((await batchRow(bigBatch)).balance).toBe(before.balance)
    expect(await ledgerSum(bigBatch)).toBe(before.balance)
    // Cancelled hand-outs do not count toward the limits.
    expect((await getMemberAllowance(clerk, member, db())).remaining.nowMg).toBe(25 * gram)
    expect(await outcomeOf(handout(member, bigBatch, 25))).toBe('ok')

    const again = await refusalOf(cancelHandout(clerk, id, { reason: 'Noch einmal' }, db()))
    expect(again.status).toBe(409)
    // The database itself refuses edits and deletions of records.
    await expect(
      db().update(handouts).set({ quantity: 1 }).where(eq(handouts.id, id)),
    ).rejects.toThrow()
    await expect(
      db().update(handouts).set({ cancelReason: 'Anders' }).where(eq(handouts.id, id)),
    ).rejects.toThrow()
    const [active] = (await handoutsOf(member)).filter((row) => row.cancelledAt === null)
    await expect(
      db()
        .update(handouts)
        .set({ quantity: 1, cancelledAt: new Date() })
        .where(eq(handouts.id, active?.id as string)),
    ).rejects.toThrow()
    await expect(db().delete(handouts).where(eq(handouts.id, id))).rejects.toThrow()
    await expect(db().execute(sql`truncate table hand_outs`)).rejects.toThrow()
    expect((await getHandout(clerk, id, db())).quantity).toBe(25 * gram)
  })

  it('cancels only on the Berlin calendar day of the hand-out, never later', async () => {
    const member = await newMember()
    // 23:30 in Berlin (winter: UTC+1, summer: UTC+2) of yesterday, then 00:10 of today.
    const yesterday = dayIn(-1)
    const offset = (calendarDay: string) =>
      new Date(`${calendarDay}T12:00:00Z`).toLocaleString('en', {
        timeZone: 'Europe/Berlin',
        hour: 'numeric',
        hourCycle: 'h23',
      }) === '14'
        ? 2
        : 1
    const lateEvening = new Date(
      `${yesterday}T${String(23 - offset(yesterday)).padStart(2, '0')}:30:00Z`,
    )
    expect(berlinIsoDate(lateEvening)).toBe(yesterday)
    const afterMidnight = new Date(lateEvening.getTime() + 40 * 60_000)
    expect(berlinIsoDate(afterMidnight)).toBe(dayIn(0))
    const before = await batchRow(bigBatch)
    const { id, number } = await handout(member, bigBatch, 10, lateEvening)

    const cancellableAt = async (handoutId: string, at: Date) => {
      const record = await getHandout(clerk, handoutId, db(), at)
      return record.kind === 'club' && record.cancellable
    }
    expect(await cancellableAt(id, afterMidnight)).toBe(false)
    const late = await refusalOf(
      cancelHandout(clerk, id, { reason: 'Zu spät bemerkt' }, db(), afterMidnight),
    )
    expect(late.status).toBe(409)
    expect(late.message).toContain(`Die Abgabe ${number}`)
    expect(late.message).toContain('nur am Tag der Abgabe')
    expect(late.message).toContain('Bestandskorrektur')
    expect((await getHandout(clerk, id, db())).status).toBe('active')
    expect((await batchRow(bigBatch)).balance).toBe(before.balance - 10 * gram)

    // On its own day, up to the last minute, it can be cancelled.
    const second = await handout(member, bigBatch, 5, lateEvening)
    const lastMinute = new Date(lateEvening.getTime() + 29 * 60_000)
    expect(await cancellableAt(second.id, lastMinute)).toBe(true)
    await cancelHandout(clerk, second.id, { reason: 'Versehen' }, db(), lastMinute)
    expect((await getHandout(clerk, second.id, db())).status).toBe('cancelled')
  })

  it('prints the information given with each hand-out — the club’s text then, else the template', async () => {
    const member = await newMember()
    const { id } = await handout(member, lowThcBatch, 1)
    const informationOf = async (recordId = id) => {
      const record = await getHandout(clubStaff, recordId, db())
      if (record.kind !== 'club') throw new Error('a club record was expected')
      return record
    }
    const printed = await informationOf()
    expect(printed.information).toBe(handoutInformationTemplate)
    // Every batch fact the law names is on the record (§ 21 Abs. 2 and 3 KCanG).
    expect(printed).toMatchObject({
      cultivar: expect.any(String),
      quantity: 1 * gram,
      thcContent: 8.8,
      cbdContent: 0.3,
      harvestDate: dayIn(-20),
      expiryDate: dayIn(345),
      organisation: { name: 'Grüne Ecke e.V.' },
    })

    const adapted = `${handoutInformationTemplate}\n\nIm Verein\nFragen? Sprich Kim an, unsere Präventionsbeauftragte.`
    const settings = await updateHandoutInformation(clerk, club, { text: adapted }, db())
    expect(settings.handoutInformation).toBe(adapted)
    // A reprint of the earlier record shows what that member was given, not the new text.
    expect((await informationOf()).information).toBe(handoutInformationTemplate)
    const later = await handout(member, lowThcBatch, 1)
    expect((await informationOf(later.id)).information).toBe(adapted)
    const [logged] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, club),
          eq(auditEvents.action, 'organisation.handout_information_updated'),
        ),
      )
    expect(logged?.after).toEqual({ handoutInformation: adapted })

    // A text without one of the topics of § 21 Abs. 3 is refused at the field.
    const incomplete = await refusalOf(
      updateHandoutInformation(clerk, club, { text: 'Risiken\nVorsicht.' }, db()),
    )
    expect(incomplete.status).toBe(400)
    expect(incomplete.errors.text).toContain('Wechselwirkungen')
    // Only the club's owner adapts it.
    for (const actor of [clubStaff, actors.pharmacyOwner, actors.admin]) {
      const refused = await refusalOf(
        updateHandoutInformation(actor, club, { text: adapted }, db()),
      )
      expect(refused.status).toBe(403)
    }
    expect(
      (
        await refusalOf(
          updateHandoutInformation(actors.pharmacyOwner, demoIds.pharmacy, { text: adapted }, db()),
        )
      ).status,
    ).toBe(403)

    await updateHandoutInformation(clerk, club, { text: null }, db())
    expect((await informationOf(later.id)).information).toBe(adapted)
    const third = await handout(member, lowThcBatch, 1)
    expect((await informationOf(third.id)).information).toBe(handoutInformationTemplate)
  })

  it('restricts a member with records within five years and anonymises them when the period ends', async () => {
    const member = await newMember('adult', { firstName: 'Greta', lastName: 'Vergessen' })
    const { id, number } = await handout(member, lowThcBatch, 2)
    // The member's data export (Art. 15 DSGVO) lists the hand-outs.
    expect((await exportCustomer(clerk, member, db())).handouts).toMatchObject([
      { number, quantity: 2 * gram, productName: 'Elsterflut', cancelledAt: null },
    ])
    const revisionOf = async (customerId: string) =>
      (await db().select().from(customers).where(eq(customers.id, customerId)))[0]?.revision
    // § 26 KCanG: the records are kept five years, so the member is restricted, not anonymised.
    expect(
      await anonymiseCustomer(clerk, member, { revision: await revisionOf(member) }, db()),
    ).toEqual({ id: member, restricted: true })
    expect(await getHandout(clerk, id, db())).toMatchObject({
      member: { id: member, displayName: 'Greta Vergessen', anonymised: false },
    })
    const refused = await refusalOf(handout(member, lowThcBatch, 1))
    expect(refused).toMatchObject({ status: 409, message: expect.stringContaining('gesperrt') })
    expect(await searchHandoutMembers(clerk, 'Vergessen', db())).toEqual([])
    const members = await listCustomers(clerk, customerListSearch.parse({ q: 'Vergessen' }), db())
    expect(members.total).toBe(0)
    const again = await refusalOf(
      anonymiseCustomer(clerk, member, { revision: await revisionOf(member) }, db()),
    )
    expect(again.status).toBe(409)
    const reactivated = await refusalOf(
      reactivateCustomer(clerk, member, { revision: await revisionOf(member) }, db()),
    )
    expect(reactivated.status).toBe(409)

    // The period runs to the end of the fifth calendar year after the hand-out's year.
    const year = Number(berlinIsoDate().slice(0, 4))
    expect(await anonymiseRestrictedCustomers(db(), new Date())).toBe(0)
    expect(await anonymiseRestrictedCustomers(db(), new Date(Date.UTC(year + 5, 11, 31, 12)))).toBe(
      0,
    )
    expect(await getHandout(clerk, id, db())).toMatchObject({ member: { anonymised: false } })
    // Passes running at once anonymise the member once.
    const afterPeriod = new Date(Date.UTC(year + 6, 0, 1, 12))
    const passes = await Promise.all(
      Array.from({ length: 8 }, () => anonymiseRestrictedCustomers(db(), afterPeriod)),
    )
    expect(passes.reduce((sum, done) => sum + done, 0)).toBe(1)
    expect(await anonymiseRestrictedCustomers(db(), afterPeriod)).toBe(0)
    const anonymisations = await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, member), eq(auditEvents.action, 'customer.anonymised')))
    expect(anonymisations).toHaveLength(1)

    const shown = await getHandout(clerk, id, db())
    expect(shown).toMatchObject({
      number,
      quantity: 2 * gram,
      productName: 'Elsterflut',
      thcContent: 8.8,
      member: { id: member, displayName: 'Anonymisiert', membershipNumber: null, anonymised: true },
    })
    const byName = await listHandouts(clerk, { ...listQuery, q: 'Vergessen' }, db())
    expect(byName.total).toBe(0)
    const byNumber = await listHandouts(clerk, { ...listQuery, q: number }, db())
    expect(byNumber.items).toMatchObject([{ id, memberName: 'Anonymisiert' }])
    expect((await refusalOf(handout(member, lowThcBatch, 1))).status).toBe(409)
  })

  it('anonymises a member without hand-out records right away', async () => {
    const member = await newMember('adult', { firstName: 'Nils', lastName: 'Ohneabgabe' })
    const [row] = await db().select().from(customers).where(eq(customers.id, member))
    expect(await anonymiseCustomer(clerk, member, { revision: row?.revision }, db())).toEqual({
      id: member,
      restricted: false,
    })
    const [after] = await db().select().from(customers).where(eq(customers.id, member))
    expect(after?.anonymisedAt).not.toBeNull()
    expect(after?.restrictedAt).toBeNull()
  })

  const listQuery = {
    page: 1,
    pageSize: 25 as const,
    sort: 'handedOutAt' as const,
    dir: 'desc' as const,
    q: '',
  }

  it('lists hand-outs with server paging, search and status filter', async () => {
    const member = await newMember('adult', { lastName: 'Listenmitglied' })
    const first = await handout(member, bigBatch, 1)
    const second = await handout(member, bigBatch, 2)
    await cancelHandout(clerk, first.id, { reason: 'Doppelt erfasst' }, db())
    const mine = await listHandouts(clerk, { ...listQuery, q: 'Listenmitglied' }, db())
    expect(mine.items.map((item) => [item.id, item.status])).toEqual([
      [second.id, 'active'],
      [first.id, 'cancelled'],
    ])
    const cancelled = await listHandouts(
      clerk,
      { ...listQuery, q: 'Listenmitglied', status: 'cancelled' },
      db(),
    )
    expect(cancelled.items.map((item) => item.id)).toEqual([first.id])
    const paged = await listHandouts(clerk, { ...listQuery, sort: 'number', dir: 'asc' }, db())
    expect(paged.total).toBeGreaterThan(25)
    expect(paged.items).toHaveLength(25)
    expect(paged.items[0]?.number).toMatch(/^AG-\d{4}-00001$/)
  })

  it('has two demo members near their monthly limit', async () => {
    const adult = await getMemberAllowance(clerk, demoHandoutMembers.adult, db())
    const young = await getMemberAllowance(clerk, demoHandoutMembers.youngAdult, db())
    expect(adult.member.ageClass).toBe('adult')
    expect(adult.usage.monthMg).toBe(46 * gram)
    expect(young.member.ageClass).toBe('young_adult')
    expect(young.usage.monthMg).toBe(27 * gram)
    for (const allowance of [adult, young]) {
      expect(allowance.refusal).toBeNull()
      expect(allowance.remaining.nowMg).toBeGreaterThan(0)
      expect(allowance.remaining.monthMg).toBeLessThanOrEqual(5 * gram)
    }
  })

  it('holds the limit when 20 hand-outs to one member run at once', async () => {
    const member = await newMember()
    // From four batches at once: a batch's lock alone would not keep the member's total.
    const sources = [bigBatch, ...(await Promise.all([1, 2, 3].map(() => harvest({ grams: 50 }))))]
    const before = await Promise.all(sources.map(batchRow))
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        outcomeOf(handout(member, sources[index % sources.length] as string, 2)),
      ),
    )
    // 12 × 2 g fit into 25 g a day; the 13th would make 26 g.
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(12)
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(8)
    const records = await handoutsOf(member)
    expect(records.reduce((sum, record) => sum + record.quantity, 0)).toBe(24 * gram)
    const after = await Promise.all(sources.map(batchRow))
    const taken = before.reduce(
      (sum, batch, index) => sum + batch.balance - (after[index]?.balance ?? 0),
      0,
    )
    expect(taken).toBe(24 * gram)
    for (const batch of after) expect(batch.balance).toBe(await ledgerSum(batch.id))
    expect(new Set(records.map((record) => record.number)).size).toBe(12)
  })

  it('never takes a batch below zero when 20 hand-outs take its last grams at once', async () => {
    const small = await harvest({ listing: listings.elsterflut, grams: 15, thc: 8 })
    const members = await Promise.all([0, 1, 2, 3].map(() => newMember()))
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        outcomeOf(handout(members[index % 4] as string, small, 2)),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(7)
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(13)
    const batch = await batchRow(small)
    expect(batch.balance).toBe(1 * gram)
    expect(await ledgerSum(small)).toBe(1 * gram)
    const [lowest] = await db()
      .select({ value: sql<number>`min(${stockMovements.balanceAfter})::int` })
      .from(stockMovements)
      .where(eq(stockMovements.batchId, small))
    expect(Number(lowest?.value)).toBeGreaterThanOrEqual(0)
  })

  it('lets only owner and staff of the club work with hand-outs', async () => {
    const member = await newMember()
    const callers: Record<string, Actor> = {
      clubOwner: clerk,
      clubStaff,
      admin: actors.admin,
      pharmacyOwner: actors.pharmacyOwner,
      pharmacyStaff: actors.pharmacyStaff,
      wholesalerOwner: actors.wholesalerOwner,
      shopCustomer: actors.shopCustomer,
      anonymous: visitorActor(),
    }
    const results: Record<string, Record<string, 'ok' | number>> = {}
    for (const [name, caller] of Object.entries(callers)) {
      const mine = await handout(member, bigBatch, 0.5)
      results[name] = {
        members: await outcomeOf(searchHandoutMembers(caller, '', db())),
        allowance: await outcomeOf(getMemberAllowance(caller, member, db())),
        batches: await outcomeOf(listHandoutBatches(caller, member, db())),
        create: await outcomeOf(handout(member, bigBatch, 0.5, new Date(), caller)),
        cancel: await outcomeOf(cancelHandout(caller, mine.id, { reason: 'Test' }, db())),
        list: await outcomeOf(listHandouts(caller, listQuery, db())),
        record: await outcomeOf(getHandout(caller, mine.id, db())),
      }
    }
    const allowed = {
      members: 'ok',
      allowance: 'ok',
      batches: 'ok',
      create: 'ok',
      cancel: 'ok',
      list: 'ok',
      record: 'ok',
    }
    const refused = {
      members: 403,
      allowance: 403,
      batches: 403,
      create: 403,
      cancel: 403,
      list: 403,
      record: 403,
    }
    // A pharmacy keeps hand-out records of its own (completed orders): it lists those, and the
    // club's record is not found there.
    const pharmacy = { ...refused, list: 'ok', record: 404 }
    expect(results).toEqual({
      clubOwner: allowed,
      clubStaff: allowed,
      admin: refused,
      pharmacyOwner: pharmacy,
      pharmacyStaff: pharmacy,
      wholesalerOwner: refused,
      shopCustomer: refused,
      anonymous: refused,
    })
  })

  it('keeps another club out of Grüne Ecke’s members and records', async () => {
    const [otherClub] = await db()
      .insert(organisations)
      .values({ name: 'Hanfgarten e.V.', category: 'club' })
      .returning({ id: organisations.id })
    const [owner] = await db()
      .insert(users)
      .values({
        organisationId: otherClub?.id as string,
        username: 'hanfgarten',
        email: 'vorstand@hanfgarten.example',
        name: 'Vera Garten',
        role: 'owner',
        passwordHash: 'not-a-login',
      })
      .returning({ id: users.id })
    const stranger = await businessActorOf(db(), owner?.id as string)
    const member = await newMember()
    const { id } = await handout(member, bigBatch, 1)
    expect(await outcomeOf(getHandout(stranger, id, db()))).toBe(404)
    expect(await outcomeOf(getMemberAllowance(stranger, member, db()))).toBe(404)
    expect(await outcomeOf(handout(member, bigBatch, 1, new Date(), stranger))).toBe(404)
    expect(await outcomeOf(cancelHandout(stranger, id, { reason: 'Fremd' }, db()))).toBe(404)
    expect((await listHandouts(stranger, listQuery, db())).total).toBe(0)
    expect(await searchHandoutMembers(stranger, '', db())).toEqual([])
    expect(await listHandoutBatches(stranger, null, db())).toEqual([])
  })
})

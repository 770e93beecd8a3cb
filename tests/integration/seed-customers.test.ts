import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ageOn, licenceProblem } from '~/lib/customers'
import { addCalendarDays, berlinIsoDate } from '~/lib/format'
import { createCustomer } from '~/server/customers/customers.server'
import { customerNotes, customers } from '~/server/db/schema'
import { demoCustomerIds, demoIds, seedDemoData } from '~/server/db/seed.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

describe.each(testDatabaseKinds)('demo customers on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db
  const customersOf = (organisationId: string) =>
    db().select().from(customers).where(eq(customers.organisationId, organisationId))

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('gives Sonnen-Apotheke 40 patients of every payer and 3 business customers', async () => {
    const rows = await customersOf(demoIds.pharmacy)
    const patients = rows.filter((row) => row.kind === 'patient')
    expect(patients).toHaveLength(40)
    expect(rows.filter((row) => row.kind === 'business')).toHaveLength(3)
    expect(new Set(patients.map((row) => row.payerKind))).toEqual(
      new Set(['statutory', 'private', 'self_pay']),
    )
    expect(patients.filter((row) => row.copaymentExempt).length).toBeGreaterThan(0)
    expect(
      patients.every((row) => row.copaymentExempt === false || row.payerKind === 'statutory'),
    ).toBe(true)
    expect(
      patients
        .filter((row) => row.payerKind === 'statutory')
        .every((row) => row.insurerName && row.insuranceNumber),
    ).toBe(true)
    expect(rows.filter((row) => row.deactivatedAt !== null).map((row) => row.id)).toEqual([
      demoCustomerIds.deactivatedPatient,
    ])
    const [linked] = await db().select().from(customers).where(isNotNull(customers.shopUserId))
    expect(linked).toMatchObject({
      id: demoCustomerIds.kimKunde,
      kind: 'patient',
      shopUserId: demoIds.shopCustomer,
    })
    const notes = await db().select().from(customerNotes)
    expect(notes.length).toBeGreaterThan(0)
  })

  it('gives Nordhanf two licensed pharmacies as business customers and Grüne Ecke 30 adult members', async () => {
    const nordhanf = await customersOf(demoIds.wholesaler)
    const sonnen = nordhanf.find((row) => row.id === demoCustomerIds.nordhanfSonnenApotheke)
    expect(sonnen).toMatchObject({
      kind: 'business',
      companyName: 'Sonnen-Apotheke',
      partnerOrganisationId: demoIds.pharmacy,
    })
    // § 47 AMG: both may be delivered today; Hafen-Apotheke's licence runs out within 30 days.
    const today = berlinIsoDate()
    expect(nordhanf).toHaveLength(2)
    for (const row of nordhanf) expect(licenceProblem(row, today), row.companyName ?? '').toBeNull()
    const hafen = nordhanf.find((row) => row.id === demoCustomerIds.nordhanfHafenApotheke)
    expect(hafen?.licenceValidUntil).toBe(addCalendarDays(today, 21))
    const members = await db()
      .select()
      .from(customers)
      .where(and(eq(customers.organisationId, demoIds.club), isNull(customers.deactivatedAt)))
    expect(members).toHaveLength(30)
    const ages = members.map((row) => ageOn(row.birthDate as string, today))
    expect(ages.every((age) => age >= 18)).toBe(true)
    const young = members.filter((row) => ageOn(row.birthDate as string, today) <= 20)
    expect(young.map((row) => row.id).sort()).toEqual([...demoCustomerIds.youngMembers].sort())
    expect(new Set(members.map((row) => row.membershipNumber)).size).toBe(30)
  })

  it('continues the numbers after the seeded ones and stays the same when seeded again', async () => {
    const actors = await demoActors(db())
    const before = (await db().select({ id: customers.id }).from(customers)).length
    await seedDemoData(db())
    expect((await db().select({ id: customers.id }).from(customers)).length).toBe(before)
    const next = await createCustomer(
      actors.wholesalerOwner,
      {
        kind: 'business',
        companyName: 'Neue Apotheke',
        country: 'DE',
        licenceType: 'pharmacy',
        licenceNumber: 'HH-APO-2026-0001',
        licenceAuthority: 'Behörde für Justiz und Verbraucherschutz Hamburg',
        licenceValidUntil: '2031-12-31',
      },
      db(),
    )
    expect(next.number).toBe('KD-00003')
    const pharmacy = await createCustomer(
      actors.pharmacyOwner,
      { kind: 'business', companyName: 'Praxis Neu', country: 'DE' },
      db(),
    )
    expect(pharmacy.number).toBe('KD-00044')
    const member = await createCustomer(
      actors.clubOwner,
      {
        kind: 'member',
        firstName: 'Neu',
        lastName: 'Mitglied',
        birthDate: '1990-01-01',
        country: 'DE',
      },
      db(),
    )
    expect(member.number).toBe('KD-00031')
  })
})

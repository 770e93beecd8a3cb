import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerListSearch } from '~/lib/customer-lists'
import { formatCustomerNumber, maxActiveMembers } from '~/lib/customers'
import { readableCustomerExport } from '~/lib/data-export'
import { berlinIsoDate, formatMoney } from '~/lib/format'
import type { Actor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { customerOrderItems, customerOrders } from '~/server/customer-orders/customer-orders.schema'
import { anonymiseCustomer, exportCustomer } from '~/server/customers/customer-privacy.server'
import { customerNotes, customers } from '~/server/customers/customers.schema'
import {
  addCustomerNote,
  createCustomer,
  deactivateCustomer,
  getCustomer,
  linkShopAccount,
  listCustomers,
  reactivateCustomer,
  searchCustomerOptions,
  unlinkShopAccount,
  updateCustomer,
} from '~/server/customers/customers.server'
import { demoIds } from '~/server/db/seed.server'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/server/errors.server'
import { organisationProducts } from '~/server/products/products.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** `YYYY-MM-DD` of the day `years` ago, shifted by `days` (in Germany). */
function yearsAgo(years: number, days = 0): string {
  const [year, month, day] = berlinIsoDate().split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year - years, month - 1, day + days))
  return date.toISOString().slice(0, 10)
}

const patient = (lastName: string, extra: Record<string, unknown> = {}) => ({
  kind: 'patient' as const,
  firstName: 'Greta',
  lastName,
  birthDate: '1979-04-12',
  street: 'Lindenweg 4',
  postalCode: '10437',
  city: 'Berlin',
  country: 'DE',
  email: `${lastName.toLowerCase()}@example.org`,
  phone: '030 555123',
  payerKind: 'statutory' as const,
  insurerName: 'AOK Nordost',
  insuranceNumber: 'A123456789',
  copaymentExempt: false,
  ...extra,
})

const business = (companyName: string, extra: Record<string, unknown> = {}) => ({
  kind: 'business' as const,
  companyName,
  contactPerson: 'Dr. Henrik Aue',
  vatId: 'DE987654321',
  licenceType: 'pharmacy' as const,
  licenceNumber: 'BE-APO-4411',
  licenceAuthority: 'Landesamt für Gesundheit und Soziales Berlin',
  licenceValidUntil: yearsAgo(-2),
  eInvoiceAddress: 'rechnung@praxis-aue.example',
  street: 'Kastanienallee 8',
  postalCode: '10435',
  city: 'Berlin',
  country: 'DE',
  email: 'praxis@aue.example',
  phone: '030 998877',
  ...extra,
})

const member = (lastName: string, extra: Record<string, unknown> = {}) => ({
  kind: 'member' as const,
  firstName: 'Lea',
  lastName,
  birthDate: '1990-09-30',
  street: 'Gartenstraße 1',
  postalCode: '04109',
  city: 'Leipzig',
  country: 'DE',
  email: null,
  phone: null,
  membershipNumber: null,
  joinedOn: null,
  idCheckedOn: berlinIsoDate(),
  ...extra,
})

describe.each(testDatabaseKinds)('customers on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db
  const list = (actor: Actor, search: Record<string, unknown> = {}) =>
    listCustomers(actor, customerListSearch.parse(search as never), db())
  const countCustomers = async () =>
    (await db().select({ id: customers.id }).from(customers)).length

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('creates a patient and a business customer at a pharmacy with consecutive numbers', async () => {
    const first = await createCustomer(actors.pharmacyStaff, patient('Ahlbeck'), db())
    const second = await createCustomer(actors.pharmacyOwner, business('Praxis Aue'), db())
    expect(first.number).toMatch(/^KD-\d{5}$/)
    expect(Number(second.number.slice(3))).toBe(Number(first.number.slice(3)) + 1)
    expect(first).toMatchObject({
      displayName: 'Greta Ahlbeck',
      kind: 'patient',
      payerKind: 'statutory',
      insurerName: 'AOK Nordost',
    })
    const detail = await getCustomer(actors.pharmacyOwner, second.id, db())
    expect(detail).toMatchObject({
      kind: 'business',
      companyName: 'Praxis Aue',
      vatId: 'DE987654321',
      // Every business gets e-invoices: XRechnung unless it asks for ZUGFeRD.
      eInvoiceFormat: 'xrechnung',
      firstName: null,
      active: true,
      revision: 1,
      orders: [],
      notes: [],
      owner: { id: demoIds.pharmacy, kinds: ['patient', 'business'], members: false },
    })
    // A self-paying patient keeps no insurer; an exemption only counts for statutory patients.
    const selfPay = await createCustomer(
      actors.pharmacyOwner,
      patient('Brandt', { payerKind: 'self_pay', copaymentExempt: true }),
      db(),
    )
    expect(selfPay).toMatchObject({
      insurerName: null,
      insuranceNumber: null,
      copaymentExempt: false,
    })
    const pdfWanted = await createCustomer(
      actors.pharmacyOwner,
      business('Praxis Lind', { eInvoiceFormat: 'zugferd' }),
      db(),
    )
    expect((await getCustomer(actors.pharmacyOwner, pdfWanted.id, db())).eInvoiceFormat).toBe(
      'zugferd',
    )
    await expect(
      createCustomer(
        actors.pharmacyOwner,
        business('Praxis Falsch', { eInvoiceFormat: 'paper' }),
        db(),
      ),
    ).rejects.toBeInstanceOf(InvalidError)
  })

  it('offers each organisation category only its kinds', async () => {
    const refused = [
      [actors.pharmacyOwner, member('Kern')],
      [actors.wholesalerOwner, patient('Kern')],
      [actors.wholesalerOwner, member('Kern')],
      [actors.clubOwner, patient('Kern')],
      [actors.clubOwner, business('Kern GmbH')],
    ] as const
    const before = await countCustomers()
    for (const [actor, input] of refused) {
      const error = await createCustomer(actor, input, db()).catch((caught) => caught)
      expect(error).toBeInstanceOf(InvalidError)
      expect(error.extra.errors.kind).toMatch(/führt nur/)
    }
    expect(await countCustomers()).toBe(before)
    const wholesale = await createCustomer(
      actors.wholesalerOwner,
      business('Linden-Apotheke'),
      db(),
    )
    expect(wholesale.kind).toBe('business')
    const club = await createCustomer(actors.clubOwner, member('Kern'), db())
    expect(club.kind).toBe('member')
    expect((await list(actors.clubOwner)).owner).toMatchObject({ members: true, kinds: ['member'] })
  })

  it('refuses invalid input field by field and writes nothing', async () => {
    const before = await countCustomers()
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [business('X', { vatId: 'DE12345' }), 'vatId', /USt-IdNr/],
      [business('X', { vatId: 'XX123456789' }), 'vatId', /USt-IdNr/],
      [business('X', { postalCode: '1234' }), 'postalCode', /fünf Ziffern/],
      [patient('X', { email: 'kein-at-zeichen' }), 'email', /E-Mail/],
      [patient('X', { birthDate: yearsAgo(0, 2) }), 'birthDate', /Zukunft/],
      [patient('X', { birthDate: '2001-02-30' }), 'birthDate', /Geburtsdatum/],
      [patient('X', { insurerName: '' }), 'insurerName', /Krankenkasse/],
      [patient('X', { lastName: '  ' }), 'lastName', /Nachnamen/],
      [patient('X', { lastName: 'a\u0000b' }), 'lastName', /Steuerzeichen/],
      [{ kind: 'robot' }, 'kind', /Art/],
    ]
    for (const [input, field, message] of cases) {
      const error = await createCustomer(actors.pharmacyOwner, input, db()).catch((e) => e)
      expect(error, field).toBeInstanceOf(InvalidError)
      expect(error.extra.errors[field], field).toMatch(message)
    }
    // Other EU VAT ids pass loosely; an Austrian postal code has four digits.
    const austrian = await createCustomer(
      actors.pharmacyOwner,
      business('Wiener Hanfapotheke', { vatId: 'ATU12345678', postalCode: '1010', country: 'AT' }),
      db(),
    )
    expect(austrian.country).toBe('AT')
    expect(await countCustomers()).toBe(before + 1)
  })

  it('searches name, number, e-mail and membership number, filters, sorts and pages', async () => {
    const names = ['Quendel', 'Quendelin', 'Quendelmann']
    const created = []
    for (const name of names) {
      created.push(await createCustomer(actors.pharmacyOwner, patient(name), db()))
    }
    const bySearch = await list(actors.pharmacyOwner, { q: 'quendel' })
    expect(bySearch.items.map((item) => item.displayName)).toEqual([
      'Greta Quendel',
      'Greta Quendelin',
      'Greta Quendelmann',
    ])
    expect((await list(actors.pharmacyOwner, { q: 'Greta Quendelin' })).total).toBe(1)
    const third = created[2] as (typeof created)[number]
    expect((await list(actors.pharmacyOwner, { q: third.number })).items[0]?.id).toBe(third.id)
    expect((await list(actors.pharmacyOwner, { q: 'quendelin@example' })).total).toBe(1)
    const descending = await list(actors.pharmacyOwner, { q: 'quendel', sort: 'name', dir: 'desc' })
    expect(descending.items[0]?.displayName).toBe('Greta Quendelmann')

    const club = await createCustomer(
      actors.clubOwner,
      member('Rautenberg', { membershipNumber: 'GE-7781' }),
      db(),
    )
    expect((await list(actors.clubOwner, { q: 'GE-7781' })).items.map((item) => item.id)).toEqual([
      club.id,
    ])
    // Another organisation's customers never show.
    expect((await list(actors.pharmacyOwner, { q: 'GE-7781' })).total).toBe(0)

    const businesses = await list(actors.pharmacyOwner, { kind: 'business', pageSize: 100 })
    expect(businesses.items.every((item) => item.kind === 'business')).toBe(true)

    await deactivateCustomer(actors.pharmacyOwner, third.id, {}, db())
    expect((await list(actors.pharmacyOwner, { q: 'quendel', active: 'yes' })).total).toBe(2)
    expect(
      (await list(actors.pharmacyOwner, { q: 'quendel', active: 'no' })).items.map((i) => i.id),
    ).toEqual([third.id])

    // Pagination: 25 per page, page past the end clamps to the last.
    const all = await list(actors.pharmacyOwner, { sort: 'number' })
    const last = Math.ceil(all.total / 25)
    const clamped = await list(actors.pharmacyOwner, { sort: 'number', page: last + 5 })
    expect(clamped.page).toBe(last)
    expect(clamped.items.length).toBe(all.total - (last - 1) * 25)
  })

  it('edits with the current revision only and keeps personal values out of the audit log', async () => {
    const { id } = await createCustomer(actors.pharmacyOwner, patient('Vossberg'), db())
    const changed = await updateCustomer(
      actors.pharmacyStaff,
      id,
      { revision: 1, customer: patient('Vossberg-Lind', { city: 'Potsdam', postalCode: '14467' }) },
      db(),
    )
    expect(changed.revision).toBe(2)
    const stale = await updateCustomer(
      actors.pharmacyOwner,
      id,
      { revision: 1, customer: patient('Vossberg') },
      db(),
    ).catch((error) => error)
    expect(stale).toBeInstanceOf(ConflictError)
    expect(stale.message).toMatch(/Der Kunde wurde inzwischen geändert/)
    const kindChange = await updateCustomer(
      actors.pharmacyOwner,
      id,
      { revision: 2, customer: business('Vossberg GmbH') },
      db(),
    ).catch((error) => error)
    expect(kindChange).toBeInstanceOf(ConflictError)
    const detail = await getCustomer(actors.pharmacyOwner, id, db())
    expect(detail).toMatchObject({ lastName: 'Vossberg-Lind', city: 'Potsdam', revision: 2 })

    const rows = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'customer.updated')))
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(row?.after).toMatchObject({
      lastName: 'changed',
      city: 'changed',
      postalCode: 'changed',
    })
    expect(row?.after).not.toHaveProperty('firstName')
    const logged = JSON.stringify([row?.before, row?.after])
    for (const value of ['Vossberg', 'Potsdam', 'Lindenweg', 'A123456789', '1979-04-12']) {
      expect(logged).not.toContain(value)
    }
  })

  it('deactivates and reactivates; the picker offers active customers only', async () => {
    const { id } = await createCustomer(actors.pharmacyOwner, patient('Wendelstein'), db())
    expect(
      (await searchCustomerOptions(actors.pharmacyStaff, 'wendelstein', db())).map((o) => o.id),
    ).toEqual([id])
    await deactivateCustomer(actors.pharmacyStaff, id, { revision: 1 }, db())
    expect(await searchCustomerOptions(actors.pharmacyStaff, 'wendelstein', db())).toEqual([])
    const again = await deactivateCustomer(actors.pharmacyStaff, id, {}, db()).catch((e) => e)
    expect(again).toBeInstanceOf(ConflictError)
    await reactivateCustomer(actors.pharmacyStaff, id, { revision: 2 }, db())
    expect((await getCustomer(actors.pharmacyOwner, id, db())).active).toBe(true)
    const actions = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, id))
    expect(actions.map((row) => row.action).sort()).toEqual([
      'customer.created',
      'customer.deactivated',
      'customer.reactivated',
    ])
  })

  it('admits members of 18 and over only, checked on the day of entry', async () => {
    const underage = await createCustomer(
      actors.clubOwner,
      member('Jung', { birthDate: yearsAgo(18, 1) }),
      db(),
    ).catch((error) => error)
    expect(underage).toBeInstanceOf(InvalidError)
    expect(underage.extra.errors.birthDate).toMatch(/volljährig/)
    const adult = await createCustomer(
      actors.clubOwner,
      member('Jung', { birthDate: yearsAgo(18) }),
      db(),
    )
    expect(adult.kind).toBe('member')
    const missing = await createCustomer(
      actors.clubOwner,
      member('Ohne', { birthDate: '' }),
      db(),
    ).catch((error) => error)
    expect(missing.extra.errors.birthDate).toMatch(/Geburtsdatum/)
    const duplicate = await createCustomer(
      actors.clubOwner,
      member('Doppelt', { membershipNumber: 'GE-7781' }),
      db(),
    ).catch((error) => error)
    expect(duplicate).toBeInstanceOf(ConflictError)
  })

  it('never lets 50 parallel creations take a club past 500 active members', async () => {
    const activeMembers = async () =>
      (
        await db()
          .select({ id: customers.id })
          .from(customers)
          .where(
            and(
              eq(customers.organisationId, demoIds.club),
              eq(customers.kind, 'member'),
              isNull(customers.deactivatedAt),
            ),
          )
      ).length
    const missing = maxActiveMembers - 1 - (await activeMembers())
    await db()
      .insert(customers)
      .values(
        Array.from({ length: missing }, (_, index) => ({
          organisationId: demoIds.club,
          number: `KD-T${String(index).padStart(5, '0')}`,
          kind: 'member' as const,
          firstName: 'Füll',
          lastName: `Mitglied ${index}`,
          birthDate: '1985-01-01',
        })),
      )
    expect(await activeMembers()).toBe(maxActiveMembers - 1)

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        createCustomer(actors.clubOwner, member(`Parallel ${index}`), db()),
      ),
    )
    const fulfilled = results.filter((result) => result.status === 'fulfilled')
    const rejected = results.filter((result) => result.status === 'rejected')
    expect(fulfilled).toHaveLength(1)
    expect(rejected).toHaveLength(49)
    for (const result of rejected) {
      expect(result.reason).toBeInstanceOf(ConflictError)
      expect(result.reason.message).toMatch(/500 aktive Mitglieder/)
    }
    expect(await activeMembers()).toBe(maxActiveMembers)

    // Deactivating one makes room; reactivating another at the limit is refused.
    const [someone, other] = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organisationId, demoIds.club), eq(customers.lastName, 'Mitglied 1')))
      .union(
        db()
          .select({ id: customers.id })
          .from(customers)
          .where(
            and(eq(customers.organisationId, demoIds.club), eq(customers.lastName, 'Mitglied 2')),
          ),
      )
    await deactivateCustomer(actors.clubOwner, someone?.id as string, {}, db())
    await deactivateCustomer(actors.clubOwner, other?.id as string, {}, db())
    await createCustomer(actors.clubOwner, member('Nachrücker'), db())
    await createCustomer(actors.clubOwner, member('Nachrückerin'), db())
    const full = await reactivateCustomer(actors.clubOwner, someone?.id as string, {}, db()).catch(
      (error) => error,
    )
    expect(full).toBeInstanceOf(ConflictError)
    expect(await activeMembers()).toBe(maxActiveMembers)
  })

  it('adds notes and links a shop account of its own shops by e-mail', async () => {
    const { id } = await createCustomer(
      actors.pharmacyOwner,
      patient('Kunde', { firstName: 'Kim' }),
      db(),
    )
    await addCustomerNote(
      actors.pharmacyStaff,
      id,
      { body: 'Bevorzugt Abholung am Vormittag.' },
      db(),
    )
    const empty = await addCustomerNote(actors.pharmacyStaff, id, { body: ' ' }, db()).catch(
      (e) => e,
    )
    expect(empty).toBeInstanceOf(InvalidError)
    const detail = await getCustomer(actors.pharmacyOwner, id, db())
    expect(detail.notes).toEqual([
      expect.objectContaining({
        body: 'Bevorzugt Abholung am Vormittag.',
        authorName: 'Tobias Licht',
      }),
    ])
    const [noteAudit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'customer.note_added')))
    expect(JSON.stringify(noteAudit?.after)).not.toContain('Vormittag')

    // The demo data may link the account already: then it is refused until unlinked there.
    const [seeded] = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.shopUserId, demoIds.shopCustomer))
    if (seeded) {
      const taken = await linkShopAccount(
        actors.pharmacyOwner,
        id,
        { email: 'kunde@example.com' },
        db(),
      ).catch((e) => e)
      expect(taken).toBeInstanceOf(ConflictError)
      await unlinkShopAccount(actors.pharmacyOwner, seeded.id, db())
    }
    await linkShopAccount(actors.pharmacyOwner, id, { email: 'KUNDE@example.com' }, db())
    expect((await getCustomer(actors.pharmacyOwner, id, db())).shopAccount).toMatchObject({
      id: demoIds.shopCustomer,
      email: 'kunde@example.com',
      shopName: 'Sonnen-Apotheke',
    })
    const unknown = await linkShopAccount(
      actors.pharmacyOwner,
      id,
      { email: 'niemand@example.com' },
      db(),
    ).catch((e) => e)
    expect(unknown).toBeInstanceOf(InvalidError)
    // The club has no such account in its shops: the pharmacy's customer account stays out of reach.
    const [club] = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.organisationId, demoIds.club))
      .limit(1)
    if (!club) throw new Error('a club member is missing')
    const foreign = await linkShopAccount(
      actors.clubOwner,
      club.id,
      { email: 'kunde@example.com' },
      db(),
    ).catch((e) => e)
    expect(foreign).toBeInstanceOf(InvalidError)
    await unlinkShopAccount(actors.pharmacyOwner, id, db())
    expect((await getCustomer(actors.pharmacyOwner, id, db())).shopAccount).toBeNull()
    if (seeded)
      await linkShopAccount(actors.pharmacyOwner, seeded.id, { email: 'kunde@example.com' }, db())
  })

  describe('privacy', () => {
    let customerId: string
    let orderId: string

    beforeAll(async () => {
      const created = await createCustomer(
        actors.pharmacyOwner,
        patient('Zeisig', { firstName: 'Marlene', email: 'marlene.zeisig@example.org' }),
        db(),
      )
      customerId = created.id
      await addCustomerNote(
        actors.pharmacyOwner,
        customerId,
        { body: 'Schmerzpatientin, Dr. Falk.' },
        db(),
      )
      const [listing] = await db()
        .select({ id: organisationProducts.id, productId: organisationProducts.productId })
        .from(organisationProducts)
        .where(eq(organisationProducts.organisationId, demoIds.pharmacy))
        .limit(1)
      if (!listing) throw new Error('demo listing missing')
      const [order] = await db()
        .insert(customerOrders)
        .values({
          organisationId: demoIds.pharmacy,
          number: 'AU-2026-T0001',
          customerId,
          channel: 'back_office',
          status: 'confirmed',
          priceBasis: 'gross',
          deliveryName: 'Marlene Zeisig',
          netCents: 10000,
          vatCents: 1900,
          grossCents: 11900,
        })
        .returning({ id: customerOrders.id })
      orderId = order?.id as string
      await db().insert(customerOrderItems).values({
        orderId,
        organisationId: demoIds.pharmacy,
        position: 1,
        organisationProductId: listing.id,
        productId: listing.productId,
        name: 'Testblüte 10 g',
        salesUnit: 'gram',
        baseUnitsPerSalesUnit: 1000,
        quantity: 10,
        unitPriceCents: 1000,
        vatRate: '19',
      })
    })

    it('exports everything stored about the customer', async () => {
      const data = await exportCustomer(actors.pharmacyStaff, customerId, db())
      expect(data.controller.name).toBe('Sonnen-Apotheke')
      expect(data.customer).toMatchObject({
        id: customerId,
        firstName: 'Marlene',
        lastName: 'Zeisig',
        birthDate: '1979-04-12',
        email: 'marlene.zeisig@example.org',
        insuranceNumber: 'A123456789',
      })
      expect(data.notes).toEqual([expect.objectContaining({ body: 'Schmerzpatientin, Dr. Falk.' })])
      expect(data.orders).toEqual([
        expect.objectContaining({
          number: 'AU-2026-T0001',
          status: 'confirmed',
          grossCents: 11900,
          items: [expect.objectContaining({ name: 'Testblüte 10 g', quantity: 10 })],
        }),
      ])
      // The download a person reads: German keys and labels, not codes.
      const readable = readableCustomerExport(data)
      expect(readable.Kunde).toMatchObject({
        Art: 'Patient',
        Vorname: 'Marlene',
        Geburtsdatum: '12.04.1979',
        Kostenträger: 'Gesetzlich versichert (GKV)',
        Versichertennummer: 'A123456789',
        Zuzahlungsbefreit: 'nein',
        Aktiv: 'ja',
      })
      expect(readable.Bestellungen).toEqual([
        expect.objectContaining({
          Nummer: 'AU-2026-T0001',
          Status: 'Bestätigt',
          'Summe brutto': formatMoney(11900),
          Positionen: [expect.objectContaining({ Artikel: 'Testblüte 10 g', Menge: 10 })],
        }),
      ])
      const json = JSON.stringify(readable)
      for (const code of ['"payerKind"', '"statutory"', '"confirmed"', '"grossCents"']) {
        expect(json).not.toContain(code)
      }
      expect((await getCustomer(actors.pharmacyOwner, customerId, db())).orders).toEqual([
        expect.objectContaining({ id: orderId, number: 'AU-2026-T0001', grossCents: 11900 }),
      ])
      const [audit] = await db()
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.entityId, customerId), eq(auditEvents.action, 'customer.exported')),
        )
      expect(audit?.actorId).toBe(demoIds.userPharmacyStaff)
    })

    it('anonymises only for the owner, only without open orders, and keeps the orders', async () => {
      const revision = (await getCustomer(actors.pharmacyOwner, customerId, db())).revision
      const staff = await anonymiseCustomer(
        actors.pharmacyStaff,
        customerId,
        { revision },
        db(),
      ).catch((e) => e)
      expect(staff).toBeInstanceOf(ForbiddenError)
      const open = await anonymiseCustomer(
        actors.pharmacyOwner,
        customerId,
        { revision },
        db(),
      ).catch((e) => e)
      expect(open).toBeInstanceOf(ConflictError)
      expect(open.message).toMatch(/offene Bestellungen \(AU-2026-T0001\)/)

      await db()
        .update(customerOrders)
        .set({ status: 'completed', completedAt: new Date() })
        .where(eq(customerOrders.id, orderId))
      const stale = await anonymiseCustomer(
        actors.pharmacyOwner,
        customerId,
        { revision: revision + 7 },
        db(),
      ).catch((e) => e)
      expect(stale).toBeInstanceOf(ConflictError)
      await anonymiseCustomer(actors.pharmacyOwner, customerId, { revision }, db())

      const detail = await getCustomer(actors.pharmacyOwner, customerId, db())
      expect(detail).toMatchObject({
        displayName: 'Anonymisiert',
        firstName: null,
        lastName: 'Anonymisiert',
        birthDate: null,
        email: null,
        street: null,
        insuranceNumber: null,
        active: false,
        notes: [],
        shopAccount: null,
      })
      expect(detail.anonymisedAt).not.toBeNull()
      expect(detail.orders).toHaveLength(1)
      const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, orderId))
      // No invoice keeps the customer: the order's copy of the name goes with the anonymisation.
      expect(order).toMatchObject({ customerId, grossCents: 11900, deliveryName: null })
      const items = await db()
        .select()
        .from(customerOrderItems)
        .where(eq(customerOrderItems.orderId, orderId))
      expect(items).toHaveLength(1)
      expect(
        await db().select().from(customerNotes).where(eq(customerNotes.customerId, customerId)),
      ).toEqual([])

      const audit = await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, customerId))
      expect(audit.map((row) => row.action)).toContain('customer.anonymised')
      const logged = JSON.stringify(audit.map((row) => [row.before, row.after]))
      for (const value of [
        'Marlene',
        'Zeisig',
        'marlene.zeisig',
        'Lindenweg',
        'A123456789',
        'Falk',
        '1979-04-12',
        'AOK',
      ]) {
        expect(logged).not.toContain(value)
      }
      const again = await updateCustomer(
        actors.pharmacyOwner,
        customerId,
        { revision: detail.revision, customer: patient('Zeisig') },
        db(),
      ).catch((e) => e)
      expect(again).toBeInstanceOf(ConflictError)
    })

    it('anonymises a customer without orders right away', async () => {
      const { id } = await createCustomer(
        actors.pharmacyOwner,
        business('Praxis Ohnebestellung'),
        db(),
      )
      await anonymiseCustomer(actors.pharmacyOwner, id, { revision: 1 }, db())
      expect((await getCustomer(actors.pharmacyOwner, id, db())).companyName).toBe('Anonymisiert')
    })
  })

  it('lets owner and staff of the organisation in, the admin and shop customers not, others find nothing', async () => {
    const { id } = await createCustomer(actors.pharmacyOwner, patient('Matrix'), db())
    const calls: Record<string, (actor: Actor) => Promise<unknown>> = {
      list: (actor) => list(actor),
      search: (actor) => searchCustomerOptions(actor, '', db()),
      get: (actor) => getCustomer(actor, id, db()),
      create: (actor) => createCustomer(actor, patient('Matrixneu'), db()),
      update: (actor) =>
        updateCustomer(actor, id, { revision: 999, customer: business('Matrix') }, db()),
      deactivate: (actor) => deactivateCustomer(actor, id, { revision: 999 }, db()),
      reactivate: (actor) => reactivateCustomer(actor, id, { revision: 999 }, db()),
      note: (actor) => addCustomerNote(actor, id, { body: 'Test' }, db()),
      link: (actor) => linkShopAccount(actor, id, { email: 'niemand@example.com' }, db()),
      unlink: (actor) => unlinkShopAccount(actor, id, db()),
      export: (actor) => exportCustomer(actor, id, db()),
      anonymise: (actor) => anonymiseCustomer(actor, id, { revision: 999 }, db()),
    }
    const outcome = async (call: (actor: Actor) => Promise<unknown>, actor: Actor) => {
      try {
        await call(actor)
        return 'ok'
      } catch (error) {
        if (error instanceof ForbiddenError) return 403
        if (error instanceof NotFoundError) return 404
        if (error instanceof ConflictError || error instanceof InvalidError) return 'ok'
        throw error
      }
    }
    for (const [name, call] of Object.entries(calls)) {
      expect(await outcome(call, actors.admin), `${name} admin`).toBe(403)
      expect(await outcome(call, actors.shopCustomer), `${name} shop`).toBe(403)
      expect(await outcome(call, actors.pharmacyStaff), `${name} staff`).toBe(
        name === 'anonymise' ? 403 : 'ok',
      )
      const other = await outcome(call, actors.wholesalerOwner)
      expect(other, `${name} other`).toBe(['list', 'search', 'create'].includes(name) ? 'ok' : 404)
    }
    // The other organisation's list never holds the customer.
    expect((await list(actors.wholesalerOwner, { q: 'Matrix' })).total).toBe(0)
    expect(formatCustomerNumber(42)).toBe('KD-00042')
  })
})

import { and, eq } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerListSearch } from '~/lib/customer-lists'
import type { Actor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { customerListCsv } from '~/server/customers/customer-list-export.server'
import { customers } from '~/server/customers/customers.schema'
import { createCustomer, deactivateCustomer } from '~/server/customers/customers.server'
import { demoIds } from '~/server/db/seed.server'
import { ForbiddenError } from '~/server/errors.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/**
 * The customer list's CSV export: the list's search and filters over all its pages, one
 * organisation's customers only, cells a spreadsheet cannot run, and an audit row per export.
 */

const today = '2026-03-01'

const person = (firstName: string, lastName: string, extra: Record<string, unknown> = {}) => ({
  kind: 'patient' as const,
  firstName,
  lastName,
  birthDate: '1979-04-12',
  street: 'Lindenweg 4',
  postalCode: '10437',
  city: 'Berlin',
  country: 'DE',
  email: null,
  phone: null,
  payerKind: 'self_pay' as const,
  insurerName: null,
  insuranceNumber: null,
  copaymentExempt: false,
  ...extra,
})

const member = (lastName: string) => ({
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
  membershipNumber: 'M-77',
  joinedOn: null,
  idCheckedOn: '2026-01-02',
})

/** The file's rows as a spreadsheet reads them: BOM off, split at semicolons, quotes undone. */
function rowsOf(content: string): string[][] {
  expect(content.startsWith('\uFEFF')).toBe(true)
  return Papa.parse<string[]>(content.slice(1).trimEnd(), { delimiter: ';', newline: '\r\n' }).data
}

describe.each(testDatabaseKinds)('the customer list as CSV on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db
  const exportOf = (actor: Actor, search: Record<string, unknown> = {}) =>
    customerListCsv(actor, customerListSearch.parse(search as never), db(), today)

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const owner = actors.pharmacyOwner
    await createCustomer(owner, person('Jürgen', 'Exportprobe Größe'), db())
    // Cells that begin like a formula: a spreadsheet must show them, not run them.
    await createCustomer(
      owner,
      person('=HYPERLINK("http://example.com")', 'Exportprobe Zett', {
        street: '+49 Weg 1',
        city: '@Stadt',
        email: 'exportprobe@example.org',
        phone: '-1',
      }),
      db(),
    )
    const left = await createCustomer(owner, person('Änne', 'Exportprobe Alt'), db())
    await deactivateCustomer(owner, left.id, {}, db())
    await createCustomer(actors.clubOwner, member('Exportprobe Verein'), db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('writes every customer the search and filters select, in the list’s order, with German headers', async () => {
    const file = await exportOf(actors.pharmacyStaff, { q: 'Exportprobe', sort: 'name' })
    expect(file.fileName).toBe('kunden-2026-03-01.csv')
    const [header, ...rows] = rowsOf(file.content)
    expect(header).toEqual([
      'Kundennummer',
      'Art',
      'Name',
      'Ansprechpartner',
      'Straße',
      'PLZ',
      'Ort',
      'Land',
      'E-Mail',
      'Telefon',
      'Status',
      'Angelegt am',
    ])
    // Sorted by last name then first name, as the list sorts "Name"; the club's member is not here.
    expect(rows.map((row) => [row[2], row[10]])).toEqual([
      ['Änne Exportprobe Alt', 'Deaktiviert'],
      ['Jürgen Exportprobe Größe', 'Aktiv'],
      ['\'=HYPERLINK("http://example.com") Exportprobe Zett', 'Aktiv'],
    ])
    const guarded = rows[2] as string[]
    expect([guarded[4], guarded[6], guarded[8], guarded[9]]).toEqual([
      "'+49 Weg 1",
      "'@Stadt",
      'exportprobe@example.org',
      "'-1",
    ])
    expect(rows[1]).toEqual([
      expect.stringMatching(/^KD-\d{5}$/),
      'Patient',
      'Jürgen Exportprobe Größe',
      '',
      'Lindenweg 4',
      '10437',
      'Berlin',
      'DE',
      '',
      '',
      'Aktiv',
      expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
    ])
    // The raw bytes keep the umlauts as UTF-8, the byte-order mark tells Excel so.
    expect(Buffer.from(file.content, 'utf8').includes(Buffer.from('Jürgen', 'utf8'))).toBe(true)

    const active = await exportOf(actors.pharmacyOwner, {
      q: 'Exportprobe',
      active: 'yes',
      sort: 'name',
      dir: 'desc',
    })
    expect(rowsOf(active.content).map((row) => row[2])).toEqual([
      'Name',
      '\'=HYPERLINK("http://example.com") Exportprobe Zett',
      'Jürgen Exportprobe Größe',
    ])
    const businesses = await exportOf(actors.pharmacyOwner, { q: 'Exportprobe', kind: 'business' })
    expect(rowsOf(businesses.content)).toHaveLength(1)
  })

  it('exports all pages of the list, not the page shown', async () => {
    const all = rowsOf((await exportOf(actors.pharmacyOwner, { page: 2, pageSize: 25 })).content)
    const stored = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.organisationId, demoIds.pharmacy))
    expect(stored.length).toBeGreaterThan(25)
    expect(all).toHaveLength(stored.length + 1)
  })

  it('keeps each organisation to its own customers; a club exports its members', async () => {
    const pharmacy = rowsOf((await exportOf(actors.pharmacyOwner)).content)
    expect(pharmacy.some((row) => row.includes('Lea Exportprobe Verein'))).toBe(false)
    const wholesaler = rowsOf(
      (await exportOf(actors.wholesalerOwner, { q: 'Exportprobe' })).content,
    )
    expect(wholesaler).toHaveLength(1)
    const club = await exportOf(actors.clubOwner, { q: 'Exportprobe' })
    expect(club.fileName).toBe('mitglieder-2026-03-01.csv')
    const [header, ...rows] = rowsOf(club.content)
    expect(header?.slice(0, 3)).toEqual(['Nummer', 'Mitgliedsnummer', 'Name'])
    expect(rows.map((row) => row.slice(1, 3))).toEqual([['M-77', 'Lea Exportprobe Verein']])
  })

  it('refuses the platform admin and shop customers, as the list does', async () => {
    for (const actor of [actors.admin, actors.shopCustomer]) {
      await expect(exportOf(actor)).rejects.toBeInstanceOf(ForbiddenError)
    }
  })

  it('records each export in the audit log with its filters, never the search text', async () => {
    await exportOf(actors.pharmacyStaff, { q: 'Exportprobe Größe', active: 'no' })
    const entries = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'customer.list_exported'),
          eq(auditEvents.actorId, demoIds.userPharmacyStaff),
        ),
      )
    expect(
      entries.map((entry) => [entry.organisationId, entry.entityType, entry.entityId]),
    ).toEqual(entries.map(() => [demoIds.pharmacy, 'organisation', demoIds.pharmacy]))
    expect(entries.map((entry) => entry.after)).toContainEqual({
      customers: 0,
      kind: null,
      active: 'no',
      licence: null,
      searched: true,
    })
    expect(JSON.stringify(entries)).not.toContain('Exportprobe')
  })
})

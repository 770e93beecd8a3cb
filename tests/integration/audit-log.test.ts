import { sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditExportMaxRows, auditExportTooLargeMessage } from '~/lib/audit-log'
import { type AuditLogSearchInput, parseAuditLogSearch } from '~/lib/audit-log-lists'
import { type Actor, visitorActor } from '~/server/actor.server'
import {
  exportAuditEvents,
  getAuditEvent,
  listAuditEvents,
  listAuditLogFilterOptions,
} from '~/server/admin/audit-log.server'
import { berlinWallClock } from '~/server/db/berlin-time.server'
import { queryRows } from '~/server/db/query-rows.server'
import { demoIds } from '~/server/db/seed.server'
import { seedDemoAuditHistory } from '~/server/db/seed-audit.server'
import { demoActors } from '../support/actors'
import { accessTokenOf, callApi } from '../support/api-client'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { outcomeOf } from '../support/outcome'
import { startTestServer, type TestServer } from '../support/server'

/**
 * The platform admin's audit log viewer (issue 13, ADR 042): filters, keyset pages, Berlin days,
 * the diff, the CSV export, and who may read it — on the demo data and on rows of its own.
 */

type Db = TestDatabase['handle']['db']

/** Six rows of known organisation, actor, action, entity and time (two days of DST changes). */
async function insertFilterRows(db: Db) {
  const rows = await queryRows<{ id: string; entity_id: string }>(
    db,
    sql`
    insert into audit_events
      (organisation_id, actor_kind, actor_id, action, entity_type, entity_id, before, after, request_id, created_at)
    values
      (${demoIds.pharmacy}, 'business_user', ${demoIds.userPharmacyOwner}, 'test_filter.one', 'test_thing', 'e1',
        '{"status":"draft","priceCents":1250}', '{"status":"ordered","priceCents":1250}', 'req-a',
        '2026-03-28T22:59:59.999999Z'),
      (${demoIds.pharmacy}, 'business_user', ${demoIds.userPharmacyStaff}, 'test_filter.two', 'test_thing', 'e2',
        null, '{"name":"Neu"}', null, '2026-03-28T23:00:00Z'),
      (${demoIds.wholesaler}, 'business_user', ${demoIds.userWholesalerOwner}, 'test_filter.one', 'test_thing', 'e1',
        null, null, null, '2026-03-29T21:59:59.999999Z'),
      (null, 'system', 'filter-job', 'test_filter.two', 'test_other', 'e3',
        null, null, null, '2026-03-29T22:00:00Z'),
      (${demoIds.pharmacy}, 'shop_user', ${demoIds.shopCustomer}, 'test_filter.one', 'test_thing', 'e1',
        null, null, null, '2026-10-24T21:59:59.999999Z'),
      (${demoIds.pharmacy}, 'visitor', null, 'test_filter.two', 'test_other', 'e4',
        null, null, null, '2026-10-25T22:59:59.999999Z')
    returning id, entity_id`,
  )
  const [a, b, c, d, e, f] = rows.map((row) => row.id) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  return { a, b, c, d, e, f }
}

describe.each(testDatabaseKinds)('audit log viewer on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let rows: Awaited<ReturnType<typeof insertFilterRows>>
  const db = () => database.handle.db

  const list = (search: AuditLogSearchInput, actor: Actor = actors.admin) =>
    listAuditEvents(actor, parseAuditLogSearch(search), db())
  const ids = async (search: AuditLogSearchInput) => (await list(search)).items.map((row) => row.id)

  async function csvOf(search: AuditLogSearchInput) {
    const file = await exportAuditEvents(actors.admin, parseAuditLogSearch(search), db())
    let text = ''
    for await (const chunk of file.chunks) text += chunk
    const table = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';' }).data
    return { file, text, table }
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    rows = await insertFilterRows(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('lets only platform admins read the log, the diff, the filters and the export', async () => {
    const callers: Record<string, Actor> = {
      admin: actors.admin,
      owner: actors.pharmacyOwner,
      staff: actors.pharmacyStaff,
      otherOwner: actors.wholesalerOwner,
      shopCustomer: actors.shopCustomer,
      anonymous: visitorActor(),
    }
    const search = parseAuditLogSearch({ entity: 'test_thing' })
    const results: Record<string, Record<string, 'ok' | number>> = {}
    for (const [name, caller] of Object.entries(callers)) {
      results[name] = {
        list: await outcomeOf(listAuditEvents(caller, search, db())),
        detail: await outcomeOf(getAuditEvent(caller, rows.a, db())),
        filters: await outcomeOf(listAuditLogFilterOptions(caller, search, db())),
        export: await outcomeOf(exportAuditEvents(caller, search, db())),
      }
    }
    const none = { list: 403, detail: 403, filters: 403, export: 403 }
    expect(results).toEqual({
      admin: { list: 'ok', detail: 'ok', filters: 'ok', export: 'ok' },
      owner: none,
      staff: none,
      otherOwner: none,
      shopCustomer: none,
      anonymous: none,
    })
  })

  it('filters by organisation, actor, action, entity and record, newest first, with names', async () => {
    const { a, b, c, d, e, f } = rows
    expect(await ids({ organisation: demoIds.pharmacy, entity: 'test_thing' })).toEqual([e, b, a])
    expect(await ids({ organisation: 'none', entity: 'test_other' })).toEqual([d])
    expect(await ids({ actor: demoIds.userPharmacyStaff, entity: 'test_thing' })).toEqual([b])
    expect(await ids({ actor: 'filter-job' })).toEqual([d])
    expect(await ids({ action: 'test_filter.one' })).toEqual([e, c, a])
    expect(await ids({ action: 'test_filter.two' })).toEqual([f, d, b])
    expect(await ids({ entity: 'test_thing', entityId: 'e1' })).toEqual([e, c, a])
    expect(
      await ids({ entity: 'test_other', action: 'test_filter.two', actor: 'filter-job' }),
    ).toEqual([d])
    // A record id alone is no filter (the index is (entity_type, entity_id)), nor is a value
    // that is not what its filter takes: a broken link shows the log.
    expect(await ids({ action: 'test_filter.one', entityId: 'e2' })).toEqual([e, c, a])
    expect(await ids({ organisation: 'abc', entity: 'test_other' })).toEqual([f, d])
    expect(await ids({ actor: 'Filter Job', entity: 'test_other' })).toEqual([f, d])
    expect(await ids({ action: 'Test.One', entity: 'test_other' })).toEqual([f, d])
    expect(
      parseAuditLogSearch({
        organisation: 'a b',
        pageSize: 7,
        q: 'x',
      } as unknown as AuditLogSearchInput),
    ).toEqual({ pageSize: 25 })

    const page = await list({ entity: 'test_thing' })
    const byId = new Map(page.items.map((row) => [row.id, row]))
    expect(byId.get(a)).toMatchObject({
      organisation: { id: demoIds.pharmacy, name: 'Sonnen-Apotheke' },
      actor: { kind: 'business_user', id: demoIds.userPharmacyOwner, name: 'Dr. Clara Sonnberg' },
      action: 'test_filter.one',
      entityType: 'test_thing',
      entityId: 'e1',
      changedFields: ['status'],
      created: false,
    })
    expect(byId.get(b)).toMatchObject({ changedFields: ['name'], created: true })
    // A shop customer (a patient) is shown by account, never by name.
    expect(byId.get(e)?.actor).toEqual({ kind: 'shop_user', id: demoIds.shopCustomer, name: null })
    expect(byId.get(c)?.organisation?.name).toBe('Nordhanf Großhandel GmbH')
    const other = await list({ entity: 'test_other' })
    expect(other.items.map((row) => row.actor)).toEqual([
      { kind: 'visitor', id: null, name: null },
      { kind: 'system', id: 'filter-job', name: null },
    ])
    expect(other.items[1]?.organisation).toBeNull()
  })

  it('takes the date range as whole days in Berlin, across both clock changes', async () => {
    const { a, b, c, d, e, f } = rows
    // 29 March 2026 begins at 23:00 UTC the day before (CET) and ends at 22:00 UTC (CEST).
    expect(await ids({ from: '2026-03-29', to: '2026-03-29', entity: 'test_thing' })).toEqual([
      c,
      b,
    ])
    expect(await ids({ from: '2026-03-28', to: '2026-03-28', entity: 'test_thing' })).toEqual([a])
    expect(await ids({ from: '2026-03-30', to: '2026-03-30', entity: 'test_other' })).toEqual([d])
    expect(await ids({ from: '2026-03-29', to: '2026-03-29', entity: 'test_other' })).toEqual([])
    // 25 October 2026 has 25 hours: 22:00 UTC the day before to 23:00 UTC.
    expect(await ids({ from: '2026-10-25', to: '2026-10-25', entity: 'test_other' })).toEqual([f])
    expect(await ids({ from: '2026-10-24', to: '2026-10-24', entity: 'test_thing' })).toEqual([e])
    expect(await ids({ from: '2026-10-25', entity: 'test_thing' })).toEqual([])
    expect(await ids({ to: '2026-03-28', entity: 'test_thing' })).toEqual([a])
    expect(berlinWallClock('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(berlinWallClock('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(berlinWallClock('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(berlinWallClock('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z')
    // A day that is no day is no filter.
    expect(await ids({ from: '2026-02-30', to: 'gestern', entity: 'test_thing' })).toEqual([
      e,
      c,
      b,
      a,
    ])
  })

  it('pages by cursor without gaps or repeats, rows of the same microsecond included', async () => {
    // 57 rows, four to a microsecond: times JavaScript would cut to the millisecond.
    await db().execute(sql`
      insert into audit_events (actor_kind, actor_id, action, entity_type, entity_id, after, created_at)
      select 'system', 'paging-test', 'test_paging.tick', 'test_paging', 'tick-' || g,
        jsonb_build_object('n', g),
        timestamptz '2026-02-10 10:00:00+00' + (g / 4) * interval '1 microsecond'
      from generate_series(1, 57) g`)
    const expected = (
      await queryRows<{ id: string }>(
        db(),
        sql`select id from audit_events where action = 'test_paging.tick'
            order by created_at desc, id desc`,
      )
    ).map((row) => row.id)
    expect(expected).toHaveLength(57)

    const pages = [await list({ action: 'test_paging.tick', pageSize: 25 })]
    while (pages.at(-1)?.older) {
      pages.push(
        await list({ action: 'test_paging.tick', pageSize: 25, older: pages.at(-1)?.older ?? '' }),
      )
    }
    expect(pages.map((page) => page.items.length)).toEqual([25, 25, 7])
    expect(pages.flatMap((page) => page.items.map((row) => row.id))).toEqual(expected)
    expect(pages[0]?.newer).toBeNull()
    expect(pages[1]?.newer).toBe(pages[1]?.items[0]?.cursor)
    expect(pages[2]?.older).toBeNull()

    // And back: each newer page is the page that was shown before it.
    const back = await list({
      action: 'test_paging.tick',
      pageSize: 25,
      newer: pages[2]?.newer ?? '',
    })
    expect(back.items.map((row) => row.id)).toEqual(pages[1]?.items.map((row) => row.id))
    expect(back.older).toBe(pages[1]?.older)
    const first = await list({ action: 'test_paging.tick', pageSize: 25, newer: back.newer ?? '' })
    expect(first.items.map((row) => row.id)).toEqual(pages[0]?.items.map((row) => row.id))
    expect(first.newer).toBeNull()
    expect(first.older).toBe(pages[0]?.older)

    // A cursor past the end shows nothing, and a malformed one is no cursor.
    expect(
      (await list({ action: 'test_paging.tick', older: pages[2]?.items[6]?.cursor })).items,
    ).toEqual([])
    const broken = ['2026-02-10T10:00:00Z_x', `2026-02-30T10:00:00.000000Z_${crypto.randomUUID()}`]
    for (const older of broken) {
      expect(await ids({ action: 'test_paging.tick', pageSize: 25, older })).toEqual(
        pages[0]?.items.map((row) => row.id),
      )
    }
  })

  it('shows one event with every field before and after, the changed ones first', async () => {
    const event = await getAuditEvent(actors.admin, rows.a, db())
    expect(event).toMatchObject({
      id: rows.a,
      requestId: 'req-a',
      before: { status: 'draft', priceCents: 1250 },
      after: { status: 'ordered', priceCents: 1250 },
      actor: { name: 'Dr. Clara Sonnberg' },
    })
    expect(event.fields).toEqual([
      { field: 'status', before: 'draft', after: 'ordered', changed: true },
      { field: 'priceCents', before: 1250, after: 1250, changed: false },
    ])
    await expect(getAuditEvent(actors.admin, crypto.randomUUID(), db())).rejects.toMatchObject({
      status: 404,
    })
    await expect(getAuditEvent(actors.admin, 'kein-eintrag', db())).rejects.toMatchObject({
      status: 404,
    })
  })

  it('offers the actions, entity types, organisations and users the filters choose from', async () => {
    const options = await listAuditLogFilterOptions(
      actors.admin,
      { organisation: demoIds.pharmacy, actor: demoIds.userPharmacyStaff },
      db(),
    )
    expect(options.actions).toEqual(
      expect.arrayContaining(['customer_order.confirmed', 'test_filter.one']),
    )
    expect(options.actions).toEqual([...options.actions].sort())
    expect(new Set(options.actions).size).toBe(options.actions.length)
    expect(options.entityTypes).toEqual(expect.arrayContaining(['batch', 'customer', 'test_thing']))
    expect(options.organisations).toContainEqual({ id: demoIds.pharmacy, name: 'Sonnen-Apotheke' })
    expect(options.actors.map((user) => user.name)).toEqual([
      'Ayla Kern',
      'Dr. Clara Sonnberg',
      'Tobias Licht',
    ])
    expect(options.currentActor).toEqual({
      kind: 'business_user',
      id: demoIds.userPharmacyStaff,
      name: 'Tobias Licht',
    })
    const job = await listAuditLogFilterOptions(actors.admin, { actor: 'filter-job' }, db())
    expect(job.actors).toEqual([])
    expect(job.currentActor).toEqual({ kind: 'system', id: 'filter-job', name: null })
  })

  it('holds the demo history of every organisation, over weeks, without personal values', async () => {
    for (const organisation of [
      demoIds.pharmacy,
      demoIds.wholesaler,
      demoIds.club,
      demoIds.marketPharmacy,
    ]) {
      const actions = new Set(
        (await list({ organisation, pageSize: 100 })).items.map((row) => row.action),
      )
      expect(actions.size, organisation).toBeGreaterThan(1)
    }
    const released = await list({ organisation: demoIds.pharmacy, action: 'batch.released' })
    expect(released.items.length).toBeGreaterThan(10)
    expect(released.items[0]?.changedFields).toEqual(
      expect.arrayContaining(['status', 'testNumber']),
    )
    const harvests = await list({ organisation: demoIds.club, action: 'batch.received' })
    expect(harvests.items.length).toBeGreaterThan(0)
    expect(
      (await list({ action: 'master_product.created', pageSize: 100 })).items.length,
    ).toBeGreaterThanOrEqual(60)

    const [span] = await queryRows<{ days: number }>(
      db(),
      sql`select extract(day from now() - min(created_at))::int as days from audit_events
          where action in ('customer.created', 'organisation_product.created')`,
    )
    expect(span?.days).toBeGreaterThan(28)

    // The patients' and members' names, addresses and contacts are in no row, only that they
    // were set (a business customer's company name and e-invoice address are business fields).
    const people = await queryRows<{ value: string }>(
      db(),
      sql`select distinct value from customers,
            unnest(array[last_name, street, email, phone, insurance_number]) value
          where kind <> 'business' and value is not null`,
    )
    const logged = await queryRows<{ text: string }>(
      db(),
      sql`select coalesce(before::text, '') || after::text as text from audit_events
          where action = 'customer.created'`,
    )
    expect(logged.length).toBeGreaterThanOrEqual(70)
    const text = logged.map((row) => row.text).join('\n')
    expect(people.length).toBeGreaterThan(50)
    for (const { value } of people) expect(text).not.toContain(value)
    expect(text).toContain('"lastName": "changed"')

    // A second seed adds nothing, not even for what changed since the first (the services logged it).
    await db().execute(sql`
      update customers set deactivated_at = now()
      where id = (select id from customers where deactivated_at is null
                  and id::text like '00000000-0000-4000-8000-%' order by id limit 1)`)
    const count = async () =>
      (
        await queryRows<{ total: number }>(db(), sql`select count(*)::int total from audit_events`)
      )[0]?.total
    const before = await count()
    await seedDemoAuditHistory(db(), demoIds)
    expect(await count()).toBe(before)
  })

  it('exports the filtered log as CSV, newest first, with formulas defused', async () => {
    const { table, text, file } = await csvOf({ entity: 'test_thing' })
    expect(text.startsWith('\uFEFFZeitpunkt (Berlin);')).toBe(true)
    // One line per row, each ended by CRLF, none empty (JSON cells hold no line breaks).
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.slice(0, -2).split('\r\n')).toHaveLength(5)
    expect(file.fileName).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(file.rows).toBe(4)
    const [header, ...lines] = table.filter((line) => line.length > 1)
    expect(header).toEqual([
      'Zeitpunkt (Berlin)',
      'Zeitpunkt (UTC)',
      'Organisation',
      'Organisations-ID',
      'Akteur',
      'Akteur-Art',
      'Akteur-ID',
      'Aktion',
      'Aktionscode',
      'Datensatz',
      'Datensatz-Typ',
      'Datensatz-ID',
      'Vorher',
      'Nachher',
      'Request-ID',
      'Ereignis-ID',
    ])
    expect(lines.map((line) => line[15])).toEqual([rows.e, rows.c, rows.b, rows.a])
    const oldest = lines[3] as string[]
    expect(oldest.slice(0, 12)).toEqual([
      '28.03.2026, 23:59:59',
      '2026-03-28T22:59:59.999999Z',
      'Sonnen-Apotheke',
      demoIds.pharmacy,
      'Dr. Clara Sonnberg',
      'Benutzer',
      demoIds.userPharmacyOwner,
      'test_filter.one',
      'test_filter.one',
      'test_thing',
      'test_thing',
      'e1',
    ])
    expect(JSON.parse(oldest[12] as string)).toEqual({ status: 'draft', priceCents: 1250 })
    expect(oldest[14]).toBe('req-a')
    // A shop customer is a patient: the account, never the name.
    expect(lines[0]?.[4]).toMatch(/^Kundenkonto [0-9a-f]{8}$/)
    expect(lines.flat().join(';')).not.toContain('Kim Kunde')

    const tricky = [
      '=HYPERLINK("http://evil.example","klick")',
      '+1;2',
      '-2+3',
      '@SUM(A1)',
      '=A1\nzweite Zeile',
      'Text mit "Anführungszeichen"; und Semikolon',
    ]
    for (const [index, entityId] of tricky.entries()) {
      await db().execute(sql`
        insert into audit_events (actor_kind, actor_id, action, entity_type, entity_id, created_at)
        values ('system', 'csv-test', 'test_csv.row', 'test_csv', ${entityId},
          timestamptz '2026-01-20 12:00:00+00' - ${index} * interval '1 minute')`)
    }
    const csv = await csvOf({ entity: 'test_csv' })
    expect(
      csv.table
        .filter((line) => line.length > 1)
        .slice(1)
        .map((line) => line[11]),
    ).toEqual([
      `'=HYPERLINK("http://evil.example","klick")`,
      `'+1;2`,
      `'-2+3`,
      `'@SUM(A1)`,
      `'=A1\nzweite Zeile`,
      'Text mit "Anführungszeichen"; und Semikolon',
    ])
  })

  it(`exports up to ${auditExportMaxRows.toLocaleString('en')} rows in batches, and refuses more before the first byte`, async () => {
    await db().execute(sql`
      insert into audit_events (actor_kind, actor_id, action, entity_type, entity_id, created_at)
      select 'system', case when g <= 2500 then 'bulk-a' else 'bulk-b' end, 'test_bulk.row',
        'test_bulk', 'row-' || g, timestamptz '2026-01-05 00:00:00+00' + g * interval '1 second'
      from generate_series(1, ${auditExportMaxRows + 1}) g`)
    await expect(
      exportAuditEvents(actors.admin, parseAuditLogSearch({ action: 'test_bulk.row' }), db()),
    ).rejects.toMatchObject({ status: 400, message: auditExportTooLargeMessage })

    const { table, file, text } = await csvOf({ actor: 'bulk-a' })
    // Two batches (2,000 and 500) joined without an empty line.
    expect(text.slice(0, -2).split('\r\n')).toHaveLength(2501)
    const lines = table.filter((line) => line.length > 1).slice(1)
    expect(file.rows).toBe(2500)
    expect(lines).toHaveLength(2500)
    expect(new Set(lines.map((line) => line[15])).size).toBe(2500)
    expect(lines[0]?.[11]).toBe('row-2500')
    expect(lines.at(-1)?.[11]).toBe('row-1')

    // A deep page over 50,000 rows is found by its cursor, not by skipping rows.
    const deep = await list({ action: 'test_bulk.row', pageSize: 100 })
    const [cursorRow] = await queryRows<{ cursor: string }>(
      db(),
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id as cursor
          from audit_events where action = 'test_bulk.row' and entity_id = 'row-101'`,
    )
    const near = await list({ action: 'test_bulk.row', pageSize: 100, older: cursorRow?.cursor })
    expect(deep.items[0]?.entityId).toBe(`row-${auditExportMaxRows + 1}`)
    expect(near.items.map((row) => row.entityId)).toEqual(
      Array.from({ length: 100 }, (_, index) => `row-${100 - index}`),
    )
    expect(near.older).toBeNull()
  })
})

describe.each(testDatabaseKinds)('audit log CSV download over HTTP on %s', (kind) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers the file to a platform admin only', async () => {
    const path = '/api/admin/audit-log.csv?entity=organisation&action=organisation.created'
    const admin = await accessTokenOf(server.baseUrl, 'admin', 'admin-demo-2026')
    const answer = await callApi<string>(server.baseUrl, path, { token: admin })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const lines = Papa.parse<string[]>(answer.body.replace(/^\uFEFF/, ''), {
      delimiter: ';',
    }).data.filter((line) => line.length > 1)
    expect(
      lines
        .slice(1)
        .map((line) => line[2])
        .sort(),
    ).toEqual([
      'Apotheke am Markt',
      'Grüne Ecke e.V.',
      'Nordhanf Großhandel GmbH',
      'Sonnen-Apotheke',
    ])
    expect(lines.slice(1).every((line) => line[7] === 'Organisation angelegt')).toBe(true)

    const owner = await accessTokenOf(server.baseUrl, 'apotheke', 'apotheke-demo-2026')
    expect((await callApi(server.baseUrl, path, { token: owner })).status).toBe(403)
    expect((await callApi(server.baseUrl, path)).status).toBe(401)
  })
})

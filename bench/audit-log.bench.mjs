// Benchmark of the platform admin's audit log viewer (issue 13: "server-side pagination over
// 100,000 rows staying fast"): the demo data plus 200,000 audit rows over a year, five
// organisations, their users and platform jobs, then the log exactly as `listAuditEvents` runs it
// — the first page, a page 100,000 rows deep reached by its cursor, the way back, each filter and
// some of them combined — called through the service itself, and the filters' choices and a CSV
// export of four months of one pharmacy (some 26,000 rows). Reports p50/p95 of database time per call (the page, the probe for
// the way back, the names) and of the whole call, on PGlite and, with BENCH_DATABASE_URL or
// TEST_DATABASE_URL, on a fresh database on that PostgreSQL server. Target: p95 database time
// ≤ 10 ms on PostgreSQL, for the deep page as for the first. BENCH_EXPLAIN=1 prints PostgreSQL's
// plan of each scenario.
//
// Run from the project root: npm run bench:audit-log (the services load through tsx).
import path from 'node:path'
import { register } from 'tsx/esm/api'
import { measureOnDatabases } from './databases.mjs'
import {
  businessActor,
  explain,
  machineNote,
  measure,
  measureRowLevelSecurity,
  rowLevelSecurityVariants,
  timedQueries,
} from './list-bench.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
register()

const { seedDemoData, demoIds } = await import('../src/server/db/seed.server.ts')
const { getActiveBusinessUser } = await import('../src/server/auth.server.ts')
const { listAuditEvents, listAuditLogFilterOptions, exportAuditEvents } = await import(
  '../src/server/admin/audit-log.server.ts'
)
const { parseAuditLogSearch } = await import('../src/lib/audit-log-lists.ts')
const { berlinIsoDate } = await import('../src/lib/format.ts')
const { sql } = await import('drizzle-orm')

const rowCount = Number(process.env.BENCH_ROWS ?? 200_000)
const warmUp = 20
const runs = Number(process.env.BENCH_RUNS ?? 200)

// ─── Data: a year of audit rows, the same on every run ───────────────────────────────────────

/** The actions of the areas, each with its entity type; the first ones are the frequent ones. */
const actions = [
  'customer_order.created',
  'customer_order.confirmed',
  'customer_order.ready',
  'customer_order.completed',
  'customer_order.payment_changed',
  'auth.login',
  'batch.received',
  'batch.released',
  'document.issued',
  'organisation_product.updated',
  'customer.created',
  'customer.updated',
  'purchase_order.ordered',
  'purchase_order.received',
  'customer_order.cancelled',
  'batch.corrected',
  'master_product.updated',
  'supplier.updated',
  'customer.exported',
]
/** One row in 5,000 (40 of 200,000): the kind of action an admin looks for. */
const rareAction = 'member.role_changed'
const entityOf = (action) => (action === 'auth.login' ? 'session' : action.split('.')[0])

/**
 * Fills `rowCount` rows in one statement: organisations weighted as the demo's sizes (a tenth of
 * no organisation), actors the demo users of the row's organisation (some platform jobs), actions
 * weighted towards the first of the list, a record per five rows, times over 365 days. PostgreSQL's
 * `setseed` makes `random()` repeat the same rows on every run.
 */
async function fill(db) {
  const organisationRows = [
    [demoIds.pharmacy, [demoIds.userPharmacyOwner, demoIds.userPharmacyStaff], 40],
    [demoIds.wholesaler, [demoIds.userWholesalerOwner], 25],
    [demoIds.marketPharmacy, [demoIds.userMarketPharmacyOwner], 15],
    [demoIds.club, [demoIds.userClubOwner], 10],
    [null, [demoIds.userAdmin], 10],
  ]
  let from = 0
  const organisationCases = organisationRows.map(([id, actors, share]) => {
    const upTo = from + share
    from = upTo
    return { id, actors, upTo }
  })
  const organisationSql = sql.join(
    organisationCases.map(
      ({ id, upTo }) => sql`when o < ${upTo} then ${id === null ? sql`null` : sql`${id}::uuid`}`,
    ),
    sql` `,
  )
  const actorSql = sql.join(
    organisationCases.map(
      ({ actors, upTo }) =>
        sql`when o < ${upTo} then (${sql.raw(`array['${actors.join("','")}']`)})[1 + (g % ${actors.length})]`,
    ),
    sql` `,
  )
  const actionArray = sql.raw(`(array['${actions.join("','")}'])`)
  const entityArray = sql.raw(`(array['${actions.map(entityOf).join("','")}'])`)
  await db.execute(sql`select setseed(0.42)`)
  await db.execute(sql`
    insert into audit_events
      (organisation_id, actor_kind, actor_id, action, entity_type, entity_id, before, after, created_at)
    select organisation_id,
      (case when job then 'system' else 'business_user' end)::audit_actor_kind,
      case when job then 'outbox-sender' else actor_id end,
      case when g % 5000 = 0 then ${rareAction} else ${actionArray}[a] end,
      case when g % 5000 = 0 then 'user' else ${entityArray}[a] end,
      md5((g / 5)::text)::uuid::text,
      case when a % 3 = 0 then null else jsonb_build_object('status', 'new', 'priceCents', g % 10000) end,
      jsonb_build_object('status', 'confirmed', 'priceCents', g % 10000 + a),
      now() - interval '365 days' * r
    from (
      select g, o, r, a, g % 17 = 0 as job,
        case ${organisationSql} end as organisation_id,
        case ${actorSql} end as actor_id
      from (
        select g, floor(random() * 100)::int as o, random() as r,
          -- the earlier actions of the list are the frequent ones
          1 + floor(power(random(), 2) * ${actions.length})::int as a
        from generate_series(1, ${rowCount}) g
      ) drawn
    ) rows`)
  await db.execute(sql`vacuum analyze audit_events`)
  const [counts] = (
    await db.execute(sql`
      select count(*)::int as rows,
        count(*) filter (where organisation_id = ${demoIds.pharmacy})::int as pharmacy,
        count(*) filter (where action = ${rareAction})::int as rare
      from audit_events`)
  ).rows
  // A cursor 100,000 rows deep (found once with OFFSET here, which the viewer never does), one
  // deep in Sonnen-Apotheke's history, and one record with its history.
  const cursorAt = async (where, offset) =>
    (
      await db.execute(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id
          as cursor
        from audit_events ${where} order by created_at desc, id desc offset ${offset} limit 1`)
    ).rows[0]?.cursor
  const deep = await cursorAt(sql``, Math.min(100_000, counts.rows - 1))
  const deepInPharmacy = await cursorAt(
    sql`where organisation_id = ${demoIds.pharmacy}`,
    Math.floor(counts.pharmacy * 0.8),
  )
  const [record] = (
    await db.execute(
      sql`select entity_type, entity_id from audit_events where action = 'customer_order.created' limit 1`,
    )
  ).rows
  return { counts, deep, deepInPharmacy, record }
}

// ─── The views an admin asks for ─────────────────────────────────────────────────────────────

const day = 86_400_000
const daysAgo = (days) => berlinIsoDate(new Date(Date.now() - days * day))

function scenarios({ deep, deepInPharmacy, record }) {
  return [
    ['first page', {}],
    ['first page, 100 per page', { pageSize: 100 }],
    ['page 100,000 rows deep (cursor)', { older: deep }],
    ['back from there (newer cursor)', { newer: deep }],
    ['organisation Sonnen-Apotheke', { organisation: demoIds.pharmacy }],
    ['  … 80 % deep in its history', { organisation: demoIds.pharmacy, older: deepInPharmacy }],
    ['no organisation (platform)', { organisation: 'none' }],
    ['actor (pharmacy staff)', { actor: demoIds.userPharmacyStaff }],
    ['actor (platform job)', { actor: 'outbox-sender' }],
    ['action customer_order.confirmed', { action: 'customer_order.confirmed' }],
    ['action member.role_changed (rare)', { action: rareAction }],
    ['entity type batch', { entity: 'batch' }],
    ['one record (type + id)', { entity: record.entity_type, entityId: record.entity_id }],
    ['one week, 90 days ago', { from: daysAgo(97), to: daysAgo(91) }],
    ['organisation + rare action', { organisation: demoIds.marketPharmacy, action: rareAction }],
    [
      'organisation + action + one month',
      {
        organisation: demoIds.pharmacy,
        action: 'batch.released',
        from: daysAgo(60),
        to: daysAgo(30),
      },
    ],
  ].map(([name, search]) => [name, parseAuditLogSearch(search)])
}

// ─── Measuring ───────────────────────────────────────────────────────────────────────────────

/** The page as `measure` counts it: the rows shown. */
const listFor = (actor, db) => async (search) => {
  const page = await listAuditEvents(actor, search, db)
  return { total: page.items.length }
}

async function measureAll(database, db, clock, actor, data) {
  const results = await measure({
    database,
    scenarios: scenarios(data),
    list: listFor(actor, db),
    clock,
    warmUp,
    runs,
    targetMs: 10,
  })
  // The filters' choices: organisations, the skip scans of actions and entity types, a user list.
  results.push(
    ...(await measure({
      database,
      scenarios: [['filter choices (skip scans)', { organisation: demoIds.pharmacy }]],
      list: async (search) => {
        const options = await listAuditLogFilterOptions(actor, search, db)
        return { total: options.actions.length + options.entityTypes.length }
      },
      clock,
      warmUp,
      runs: Math.min(runs, 50),
      targetMs: 10,
    })),
  )
  // One CSV export, read to its end: four months of Sonnen-Apotheke.
  clock.total = 0
  const startedAt = performance.now()
  const file = await exportAuditEvents(
    actor,
    parseAuditLogSearch({ organisation: demoIds.pharmacy, from: daysAgo(120), to: daysAgo(1) }),
    db,
  )
  let bytes = 0
  for await (const chunk of file.chunks) bytes += chunk.length
  const exportMs = performance.now() - startedAt
  return {
    results,
    export: {
      database,
      rows: file.rows,
      'MB (chars)': Number((bytes / 1e6).toFixed(1)),
      'db ms': Number(clock.total.toFixed(0)),
      'call ms': Number(exportMs.toFixed(0)),
    },
  }
}

const adminActor = (db) => businessActor(getActiveBusinessUser, db, demoIds.userAdmin)

const runsOf = await measureOnDatabases({
  fill: async (db) => {
    await seedDemoData(db)
    return fill(db)
  },
  measure: async ({ database, db, client, pool, filled: data }) => {
    const actor = await adminActor(db)
    if (pool && process.env.BENCH_EXPLAIN) {
      await explain(pool, scenarios(data), listFor(actor, db))
    }
    const clock = timedQueries(client)
    const measured = await measureAll(database, db, clock, actor, data)
    if (pool) {
      // Row-level security's cost (ADR 050): Sonnen-Apotheke's log, read in its own scope as a
      // role the policies bind, against the same reads past them.
      const variants = await rowLevelSecurityVariants(
        pool,
        db,
        () => demoIds.pharmacy,
        (search, tx) => listFor(actor, tx)({ ...search, organisation: demoIds.pharmacy }),
      )
      measured.results.push(
        ...(await measureRowLevelSecurity(variants, {
          scenarios: scenarios(data),
          clock,
          warmUp,
          runs,
          targetMs: 10,
        })),
      )
    }
    return { data, ...measured }
  },
})
const { counts } = runsOf[0].data

console.log(
  `\nAudit log viewer over ${counts.rows.toLocaleString('en')} audit rows ` +
    `(${counts.pharmacy.toLocaleString('en')} of Sonnen-Apotheke, ${counts.rare} of the rare action): ` +
    `${runs} calls per scenario after ${warmUp} warm-up calls (50 for the filter choices), page size 25 ` +
    `unless given, Node ${process.version}, after vacuum analyze. "matches" = rows on the page; ` +
    `"db" = time inside the driver's queries (page, probe for the way back, names). ${machineNote()}`,
)
console.table(runsOf.flatMap((run) => run.results))
console.log('CSV export of four months of Sonnen-Apotheke, read to its end:')
console.table(runsOf.map((run) => run.export))

// Benchmark of the platform admin's product database list (issue 8): 10,000 master products, then
// the list exactly as `listMasterProducts` runs it — search, filters, sort, one page and the total
// — called through the service itself. Reports p50/p95 of database time per list call (the time
// spent inside the driver's queries: the count and the page) and of the whole call, on PGlite and,
// with BENCH_DATABASE_URL or TEST_DATABASE_URL, on a fresh database on that PostgreSQL server.
// Target: p95 database time ≤ 10 ms. BENCH_EXPLAIN=1 prints PostgreSQL's plan of each scenario.
//
// Run from the project root: node bench/product-db.bench.mjs (the TypeScript services load
// through tsx, as the db scripts do).
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { register } from 'tsx/esm/api'
import { withClient } from './server.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
register()

const { openDatabase } = await import('../src/server/db/client.server.ts')
const schema = await import('../src/server/db/schema.ts')
const { seedDemoData, demoIds } = await import('../src/server/db/seed.server.ts')
const { getActiveBusinessUser } = await import('../src/server/auth.server.ts')
const { listMasterProducts } = await import('../src/server/products/master-products.server.ts')
const { masterProductListSearch, pznCheckDigit } = await import('../src/lib/products.ts')
const { drizzle } = await import('drizzle-orm/node-postgres')
const { sql } = await import('drizzle-orm')

const productCount = 10_000
const warmUp = 20
const runs = Number(process.env.BENCH_RUNS ?? 200)

// ─── Data: 10,000 plausible master products, the same on every run ───────────────────────────

/** A small deterministic PRNG (mulberry32), so every run fills the same products. */
function prng(seed) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
let random = prng(8)
const pick = (list) => list[Math.floor(random() * list.length)]

const words = [
  'Grüne',
  'Nordlicht',
  'Sonnen',
  'Haze',
  'Kush',
  'Zitrone',
  'Mango',
  'Wald',
  'Berg',
  'Tal',
  'Blüte',
  'Öl',
  'Perle',
  'Süß',
  'Fuchs',
  'Eiche',
  'Moos',
  'Kiefer',
  'Lotus',
  'Nebel',
  'Stern',
  'Morgen',
  'Abend',
  'Kristall',
  'Gold',
  'Silber',
  'Himmel',
  'Quelle',
  'Aurora',
  'Atlas',
]
const cultivarStems = [
  'Lemon',
  'Northern',
  'Purple',
  'Ghost',
  'Pink',
  'Blue',
  'Sour',
  'Super',
  'Golden',
  'Wedding',
  'Amnesia',
  'Bubba',
  'Gelato',
  'Cherry',
  'Tangie',
  'Jack',
  'Critical',
  'Durban',
  'Mandarin',
]
const cultivarEnds = ['Haze', 'Kush', 'Diesel', 'Cake', 'Dream', 'Skunk', 'Cookies', 'Poison']
const manufacturers = Array.from(
  { length: 48 },
  (_, index) =>
    `${['Aurum', 'Grünfeld', 'Nordhanf', 'Sanaflor', 'Vitalis', 'Ölmühle', 'Bergblüte', 'Medicann'][index % 8]} ${index + 1} ${['GmbH', 'AG', 'KG', 'Ltd.', 'B.V.'][index % 5]}`,
)
const categories = [
  ...Array(6).fill('flower'),
  ...Array(2).fill('extract'),
  'cbd_solution',
  'dronabinol',
  'accessory',
]

function pznFor(index) {
  // From 3…: the demo master products take 1…, the import demo 2… (seed-products.server.ts).
  for (let number = 3_000_000 + index * 7; ; number++) {
    const firstSeven = String(number).padStart(7, '0')
    const check = pznCheckDigit(firstSeven)
    if (check !== null) return `${firstSeven}${check}`
  }
}

function productRow(index) {
  const category = pick(categories)
  const cannabis = category !== 'accessory'
  const cultivar = cannabis ? `${pick(cultivarStems)} ${pick(cultivarEnds)}` : null
  const percent = category === 'flower'
  const thc = cannabis ? Math.round(random() * (percent ? 30 : 100) * 10) / 10 : null
  return {
    organisationId: null,
    pzn: pznFor(index),
    name: `${pick(words)} ${pick(words)} ${cultivar ?? pick(['Vaporisator', 'Mühle', 'Dosierlöffel'])} ${index}`,
    manufacturer: pick(manufacturers),
    brand: random() < 0.5 ? `${pick(words)} Select` : null,
    category,
    cultivar,
    genetics: cannabis ? pick(['indica', 'sativa', 'hybrid']) : null,
    thcContent: thc,
    cbdContent: cannabis ? Math.round(random() * (percent ? 12 : 60) * 10) / 10 : null,
    cannabinoidUnit: cannabis ? (percent ? 'percent' : 'mg_per_ml') : null,
    terpenes: cannabis ? [pick(['Myrcen', 'Limonen', 'Caryophyllen', 'Pinen'])] : [],
    irradiated: cannabis && random() < 0.4,
    countryOfCultivation: cannabis ? pick(['CA', 'DE', 'NL', 'PT', 'DK']) : null,
    packBaseUnits: percent ? pick([5_000, 10_000, 15_000]) : pick([10_000, 30_000, 1]),
    packUnit: percent ? 'g' : category === 'accessory' ? 'piece' : 'ml',
    status: random() < 0.05 ? 'withdrawn' : 'active',
  }
}

/**
 * Indexes the migrations do not have, to try what they would bring (BENCH_INDEXES=1): the
 * manufacturer filter and sort, the THC range and sort, the "last changed" sort — all on master
 * products only — and a trigram index that takes new rows straight in (no pending list, which
 * PGlite, without autovacuum, would otherwise never merge).
 */
const candidateIndexes = [
  sql`create index products_master_manufacturer_idx on products (manufacturer) where organisation_id is null`,
  sql`create index products_master_thc_idx on products (thc_content) where organisation_id is null`,
  sql`create index products_master_updated_idx on products (updated_at) where organisation_id is null`,
  sql`alter index products_search_trgm_idx set (fastupdate = off)`,
]

async function fill(db) {
  random = prng(8)
  const rows = Array.from({ length: productCount }, (_, index) => productRow(index))
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(schema.products).values(rows.slice(start, start + 500))
  }
  if (process.env.BENCH_INDEXES === '1')
    for (const statement of candidateIndexes) await db.execute(statement)
  // What autovacuum reaches after a bulk load on PostgreSQL: fresh statistics, and the trigram
  // index's pending list merged (until then the planner prices the index too high and scans the
  // table). PGlite runs no autovacuum; BENCH_VACUUM=0 measures the state right after the load.
  await db.execute(
    process.env.BENCH_VACUUM === '0' ? sql`analyze products` : sql`vacuum analyze products`,
  )
  return rows
}

// ─── The lists an admin asks for ─────────────────────────────────────────────────────────────

function scenarios(rows) {
  const sample = rows[4321]
  return [
    ['first page, by name', {}],
    ['search "haze" (many hits)', { q: 'haze' }],
    ['search "grün" (umlaut)', { q: 'grün' }],
    ['search a full PZN', { q: sample.pzn }],
    ['search a rare name part', { q: 'mühle 4' }],
    [
      'search + category + status + THC ≥ 18, by THC desc',
      { q: 'kush', category: 'flower', status: 'active', thcMin: 18, sort: 'thc', dir: 'desc' },
    ],
    [
      'manufacturer + not irradiated, by last change',
      { manufacturer: sample.manufacturer, irradiated: 'no', sort: 'updatedAt', dir: 'desc' },
    ],
    [
      'THC 20–25, by manufacturer, 100 per page',
      { thcMin: 20, thcMax: 25, sort: 'manufacturer', pageSize: 100 },
    ],
    ['page 200 of all, by name', { page: 200 }],
    ['withdrawn, by PZN', { status: 'withdrawn', sort: 'pzn' }],
  ].map(([name, search]) => [name, masterProductListSearch.parse(search)])
}

// ─── Measuring ───────────────────────────────────────────────────────────────────────────────

/** Wraps a driver's `query` so the time spent inside it adds up per list call. */
function timedQueries(client) {
  const clock = { total: 0 }
  const query = client.query.bind(client)
  client.query = async (...args) => {
    const startedAt = performance.now()
    try {
      return await query(...args)
    } finally {
      clock.total += performance.now() - startedAt
    }
  }
  return clock
}

const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]
const ms = (value) => Number(value.toFixed(2))

async function measure(database, db, clock, actor, rows) {
  const results = []
  for (const [scenario, search] of scenarios(rows)) {
    const dbTimes = []
    const callTimes = []
    let total = 0
    for (let run = 0; run < warmUp + runs; run++) {
      clock.total = 0
      const startedAt = performance.now()
      const page = await listMasterProducts(actor, search, db)
      const callTime = performance.now() - startedAt
      total = page.total
      if (run >= warmUp) {
        dbTimes.push(clock.total)
        callTimes.push(callTime)
      }
    }
    dbTimes.sort((a, b) => a - b)
    callTimes.sort((a, b) => a - b)
    results.push({
      database,
      scenario,
      matches: total,
      'db p50 ms': ms(percentile(dbTimes, 0.5)),
      'db p95 ms': ms(percentile(dbTimes, 0.95)),
      'call p95 ms': ms(percentile(callTimes, 0.95)),
      '≤ 10 ms': percentile(dbTimes, 0.95) <= 10 ? 'yes' : 'NO',
    })
  }
  return results
}

/** PostgreSQL's plans of the scenarios' page queries (BENCH_EXPLAIN=1). */
async function explain(pool, db, actor, rows) {
  const query = pool.query.bind(pool)
  for (const [scenario, search] of scenarios(rows)) {
    const statements = []
    pool.query = (text, ...rest) => {
      // drizzle passes (text, values) or (config, values).
      const config = typeof text === 'string' ? { text } : text
      statements.push({ text: config.text, values: rest[0] ?? config.values })
      return query(text, ...rest)
    }
    await listMasterProducts(actor, search, db)
    pool.query = query
    for (const statement of statements) {
      const plan = await query({
        text: `explain (analyze, buffers) ${statement.text}`,
        values: statement.values,
      })
      console.log(`\n── ${scenario}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`)
    }
  }
}

async function adminActor(db) {
  const user = await getActiveBusinessUser(db, demoIds.userAdmin)
  return {
    kind: 'business',
    user,
    organisation: user.organisation,
    sessionId: 'bench',
    requestId: null,
  }
}

async function benchPglite() {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } })
  const handle = await openDatabase({ driver: 'pglite', dataDir: null, client })
  try {
    await handle.migrate()
    await seedDemoData(handle.db)
    const rows = await fill(handle.db)
    const clock = timedQueries(client)
    return await measure('PGlite', handle.db, clock, await adminActor(handle.db), rows)
  } finally {
    await handle.close()
  }
}

async function benchPostgres(serverUrl) {
  const name = `blattwerk_bench_${randomBytes(6).toString('hex')}`
  await withClient(serverUrl, (client) => client.query(`create database "${name}"`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  try {
    const setup = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 2 })
    let rows
    try {
      await setup.migrate()
      await seedDemoData(setup.db)
      rows = await fill(setup.db)
    } finally {
      await setup.close()
    }
    // One connection, as one request of the app uses; its queries are timed.
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 })
    pool.on('error', () => {})
    try {
      const db = drizzle({ client: pool, schema })
      const actor = await adminActor(db)
      if (process.env.BENCH_EXPLAIN) await explain(pool, db, actor, rows)
      const clock = timedQueries(pool)
      return await measure('PostgreSQL', db, clock, actor, rows)
    } finally {
      await pool.end()
    }
  } finally {
    await withClient(serverUrl, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    )
  }
}

const results = await benchPglite()
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
if (postgresUrl) results.push(...(await benchPostgres(postgresUrl)))

console.log(
  `\nProduct database list over ${productCount.toLocaleString('en')} master products: ` +
    `${runs} calls per scenario after ${warmUp} warm-up calls, page size 25 unless given, ` +
    `Node ${process.version}, ${process.env.BENCH_VACUUM === '0' ? 'right after the load (analyze only)' : 'after vacuum analyze'}` +
    `${process.env.BENCH_INDEXES === '1' ? ', with the candidate indexes' : ''}. ` +
    `"db" = time inside the driver's queries (count + page). ` +
    `${cpus().length} CPUs, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' / ')} at the end ` +
    '(other work on the machine inflates every figure).',
)
console.table(results)

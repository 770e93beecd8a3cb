// Benchmark of the platform admin's product database list (issue 8): 10,000 master products, then
// the list exactly as `listMasterProducts` runs it — search, filters, sort, one page and the total
// — called through the service itself. Reports p50/p95 of database time per list call (the time
// spent inside the driver's queries: the count and the page) and of the whole call, on PGlite and,
// with BENCH_DATABASE_URL or TEST_DATABASE_URL, on a fresh database on that PostgreSQL server.
// Target: p95 database time ≤ 10 ms. BENCH_EXPLAIN=1 prints PostgreSQL's plan of each scenario.
//
// Run from the project root: node bench/product-db.bench.mjs (the TypeScript services load
// through tsx, as the db scripts do).
import path from 'node:path'
import { register } from 'tsx/esm/api'
import { measureOnDatabases } from './databases.mjs'
import { businessActor, explain, machineNote, measure, prng, timedQueries } from './list-bench.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
register()

const schema = await import('../src/server/db/schema.ts')
const { seedDemoData, demoIds } = await import('../src/server/db/seed.server.ts')
const { getActiveBusinessUser } = await import('../src/server/auth.server.ts')
const { listMasterProducts } = await import('../src/server/products/master-products.server.ts')
const { masterProductListSearch, pznCheckDigit } = await import('../src/lib/products.ts')
const { sql } = await import('drizzle-orm')

const productCount = 10_000
const warmUp = 20
const runs = Number(process.env.BENCH_RUNS ?? 200)

// ─── Data: 10,000 plausible master products, the same on every run ───────────────────────────

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
  // From 3…: the demo master products take 1…, the import demo 2… (seed-data/products.ts).
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

const measureList = (database, db, clock, actor, rows) =>
  measure({
    database,
    scenarios: scenarios(rows),
    list: (search) => listMasterProducts(actor, search, db),
    clock,
    warmUp,
    runs,
    targetMs: 10,
  })

const adminActor = (db) => businessActor(getActiveBusinessUser, db, demoIds.userAdmin)

const results = (
  await measureOnDatabases({
    fill: async (db) => {
      await seedDemoData(db)
      return fill(db)
    },
    measure: async ({ database, db, client, pool, filled: rows }) => {
      const actor = await adminActor(db)
      if (pool && process.env.BENCH_EXPLAIN) {
        await explain(pool, scenarios(rows), (search) => listMasterProducts(actor, search, db))
      }
      const clock = timedQueries(client)
      return measureList(database, db, clock, actor, rows)
    },
  })
).flat()

console.log(
  `\nProduct database list over ${productCount.toLocaleString('en')} master products: ` +
    `${runs} calls per scenario after ${warmUp} warm-up calls, page size 25 unless given, ` +
    `Node ${process.version}, ${process.env.BENCH_VACUUM === '0' ? 'right after the load (analyze only)' : 'after vacuum analyze'}` +
    `${process.env.BENCH_INDEXES === '1' ? ', with the candidate indexes' : ''}. ` +
    `"db" = time inside the driver's queries (count + page). ` +
    machineNote(),
)
console.table(results)

// Benchmark of the shop catalogue's queries (`/blueten` and its product pages, issue 11): one
// pharmacy with 2,000 visible flower listings, 20,000 batches (most used up, some in quarantine,
// blocked or expired) and active and finished reservations, then the catalogue exactly as
// `listCatalogue` / `getCatalogueProduct` run it — filters, facet counts, sort, one page of 48 —
// called through the service itself, without the per-process cache. Reports p50/p95 of database
// time per call and of the whole call, on PGlite and, with BENCH_DATABASE_URL or
// TEST_DATABASE_URL, on a fresh database on that PostgreSQL server. Target: p95 database time
// ≤ 10 ms. BENCH_EXPLAIN=1 prints PostgreSQL's plan of each query.
//
// Run from the project root: npm run bench:catalogue (the services load through tsx).
import path from 'node:path'
import { register } from 'tsx/esm/api'
import { measureOnDatabases } from './databases.mjs'
import { explain, machineNote, measure, prng, timedQueries } from './list-bench.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
register()

const schema = await import('../src/server/db/schema.ts')
const { listCatalogue, getCatalogueProduct } = await import(
  '../src/server/shop/catalogue.server.ts'
)
const { parseCatalogueSearch } = await import('../src/lib/shop-catalogue.ts')
const { berlinIsoDate } = await import('../src/lib/format.ts')
const { sql } = await import('drizzle-orm')

const productCount = 2_000
const batchesPerProduct = 10
const warmUp = 20
const runs = Number(process.env.BENCH_RUNS ?? 200)

const organisationId = '00000000-0000-4000-8000-00000000c001'
const ownerId = '00000000-0000-4000-8000-00000000c002'
/** What `shopOfRequest` would answer for the bench pharmacy's host. */
const shop = {
  id: '00000000-0000-4000-8000-00000000c003',
  slug: 'bench-apotheke',
  organisationId,
  organisationCategory: 'pharmacy',
  hasShop: true,
  config: { showPricesPublicly: true, showStockAmounts: false },
}
const view = { pricesShown: true, stockAmountsShown: false }

// ─── Data ────────────────────────────────────────────────────────────────────────────────────

const cultivars = ['Kush', 'Haze', 'Diesel', 'Cake', 'Dream', 'Skunk', 'Cookies', 'Gelato']
const places = ['Nord', 'Süd', 'Wald', 'Berg', 'Tal', 'Grün', 'Fluss', 'Stern', 'Moos', 'Eiche']
const terpenes = [
  'Myrcen',
  'Limonen',
  'Caryophyllen',
  'Pinen',
  'Linalool',
  'Terpinolen',
  'Humulen',
  'Ocimen',
]
const day = 86_400_000
const dateIn = (days) => berlinIsoDate(new Date(Date.now() + days * day))
const id = (prefix, index) => `00000000-0000-4000-8000-${String(prefix + index).padStart(12, '0')}`

async function fill(db) {
  const random = prng(11)
  const pick = (list) => list[Math.floor(random() * list.length)]
  await db
    .insert(schema.organisations)
    .values({ id: organisationId, name: 'Bench-Apotheke', category: 'pharmacy' })
  await db.insert(schema.users).values({
    id: ownerId,
    organisationId,
    username: 'bench-catalogue',
    email: 'catalogue@example.com',
    name: 'Bench Owner',
    role: 'owner',
    passwordHash: 'not-used',
  })
  const productRows = []
  const listingRows = []
  for (let index = 0; index < productCount; index++) {
    const loose = random() < 0.5
    const productId = id(0xe0000, index)
    const picked = [...terpenes].sort(() => random() - 0.5).slice(0, 2 + Math.floor(random() * 2))
    productRows.push({
      id: productId,
      organisationId,
      name: `${pick(places)}${pick(places).toLowerCase()} ${pick(cultivars)} ${index}`,
      manufacturer: `Hersteller ${index % 40}`,
      category: 'flower',
      cultivar: `${pick(places)} ${pick(cultivars)}`,
      genetics: pick(['indica', 'sativa', 'hybrid']),
      thcContent: Math.round((0.5 + random() * 29.5) * 10) / 10,
      cbdContent: Math.round(random() * (random() < 0.2 ? 15 : 1) * 10) / 10,
      cannabinoidUnit: 'percent',
      terpenes: picked,
      irradiated: random() < 0.2,
      packBaseUnits: loose ? 100_000 : 10_000,
      packUnit: 'g',
    })
    listingRows.push({
      id: id(0xf0000, index),
      organisationId,
      productId,
      salesUnit: loose ? 'gram' : 'pack',
      baseUnitsPerSalesUnit: loose ? 1000 : 10_000,
      priceCents: loose ? 600 + Math.floor(random() * 1000) : 6_000 + Math.floor(random() * 10_000),
      visibleInShop: random() < 0.97,
      lowStockThreshold: random() < 0.6 ? Math.floor(random() * 50) : null,
      productRevisionSeen: 1,
      archivedAt: random() < 0.02 ? new Date() : null,
      createdAt: new Date(Date.now() - Math.floor(random() * 400) * day),
    })
  }
  for (let start = 0; start < productCount; start += 500) {
    await db.insert(schema.products).values(productRows.slice(start, start + 500))
    await db.insert(schema.organisationProducts).values(listingRows.slice(start, start + 500))
  }
  const batchRows = []
  listingRows.forEach((listing, productIndex) => {
    for (let serial = 0; serial < batchesPerProduct; serial++) {
      const roll = random()
      const status = roll < 0.85 ? 'released' : roll < 0.95 ? 'quarantine' : 'blocked'
      // Older batches are mostly used up; a few have expired with stock left.
      const balance =
        serial < 8
          ? random() < 0.9
            ? 0
            : Math.floor(random() * 5000)
          : Math.floor(random() * 200_000)
      batchRows.push({
        organisationId,
        organisationProductId: listing.id,
        batchNumber: `C-${productIndex}-${serial}`,
        expiryDate: dateIn(-200 + serial * 60 + Math.floor(random() * 60)),
        thcContent: Math.round((0.5 + random() * 29.5) * 10) / 10,
        cbdContent: Math.round(random() * 10) / 10,
        status,
        releasedAt: status === 'quarantine' ? null : new Date(),
        releasedBy: status === 'quarantine' ? null : ownerId,
        blockedReason: status === 'blocked' ? 'Rückruf' : null,
        balance,
        createdBy: ownerId,
      })
    }
  })
  for (let start = 0; start < batchRows.length; start += 1000) {
    await db.insert(schema.batches).values(batchRows.slice(start, start + 1000))
  }
  // Reservations of open orders and shop holds (active), and of finished ones.
  await db.execute(sql`
    insert into stock_reservations
      (organisation_id, batch_id, quantity, source_type, source_id, expires_at, released_at, consumed_at)
    select b.organisation_id, b.id, least(b.balance, 3000), 'customer_order', gen_random_uuid(),
      case when n % 5 = 0 then now() + interval '72 hours' end,
      case when n % 3 = 1 then now() end, case when n % 3 = 2 then now() end
    from (select b.*, row_number() over (order by b.id) n from batches b
          where b.organisation_id = ${organisationId} and b.status = 'released' and b.balance > 0) b
    where n % 2 = 0`)
  await db.execute(sql`vacuum analyze`)
  const [counts] = (
    await db.execute(sql`
      select (select count(*) from batches where organisation_id = ${organisationId})::int batches,
        (select count(*) from stock_reservations where organisation_id = ${organisationId})::int reservations`)
  ).rows
  return counts
}

// ─── What visitors ask for ───────────────────────────────────────────────────────────────────

const listScenarios = [
  ['first page, by name', {}],
  ['THC 20–25 %, hybrid', { thcMin: 20, thcMax: 25, genetics: ['hybrid'] }],
  ['producer and terpene', { producer: 'Hersteller 7', terpene: 'Limonen' }],
  ['9–12 €/g, by price', { priceMin: 9, priceMax: 12, sort: 'price-asc' }],
  ['only available, by THC desc', { available: true, sort: 'thc-desc' }],
  ['irradiated, CBD ≥ 5 %', { irradiated: 'yes', cbdMin: 5 }],
  ['page 30, newest first', { page: 30, sort: 'newest' }],
].map(([name, search]) => [name, { category: 'flower', search: parseCatalogueSearch(search) }])
const productPage = ['product page with alternatives', id(0xf0000, 42)]

async function measureCatalogue(database, db, clock) {
  const lists = await measure({
    database,
    scenarios: listScenarios,
    list: async (input) => (await listCatalogue(db, shop, view, input)).page,
    clock,
    warmUp,
    runs,
    targetMs: 10,
  })
  const detail = await measure({
    database,
    scenarios: [productPage],
    list: async (listingId) => {
      await getCatalogueProduct(db, shop, view, 'flower', listingId)
      return { total: 1 }
    },
    clock,
    warmUp,
    runs,
    targetMs: 10,
  })
  return [...lists, ...detail]
}

const runsOf = await measureOnDatabases({
  fill,
  measure: async ({ database, db, client, pool, filled: counts }) => {
    if (pool && process.env.BENCH_EXPLAIN) {
      await explain(pool, listScenarios, (input) => listCatalogue(db, shop, view, input))
    }
    const clock = timedQueries(client)
    return { counts, results: await measureCatalogue(database, db, clock) }
  },
})
const { counts } = runsOf[0]

console.log(
  `\nShop catalogue of one pharmacy with ${productCount.toLocaleString('en')} flower listings, ` +
    `${counts.batches.toLocaleString('en')} batches and ${counts.reservations.toLocaleString('en')} reservations: ` +
    `${runs} calls per scenario after ${warmUp} warm-up calls, 48 per page, Node ${process.version}, ` +
    `after vacuum analyze, without the per-process cache. "db" = time inside the driver's queries. ${machineNote()}`,
)
console.table(runsOf.flatMap((run) => run.results))

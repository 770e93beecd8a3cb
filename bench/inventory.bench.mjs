// Benchmark of the inventory list (`/inventory`, issue 9): one pharmacy with 500 products, 5,000
// batches and 200,000 stock movements (plus active and finished reservations), then the list
// exactly as `listStock` runs it — filters, warnings, search, sort, one page with its batches
// and the total — called through the service itself. Reports p50/p95 of database time per list
// call and of the whole call, on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on a
// fresh database on that PostgreSQL server. Target: p95 database time ≤ 20 ms on PostgreSQL.
// BENCH_EXPLAIN=1 prints PostgreSQL's plan of each query.
//
// Run from the project root: npm run bench:inventory (the services load through tsx).
import path from 'node:path'
import { register } from 'tsx/esm/api'
import { measureOnDatabases } from './databases.mjs'
import {
  businessActor,
  explain,
  machineNote,
  measure,
  measureRowLevelSecurity,
  prng,
  rowLevelSecurityVariants,
  timedQueries,
} from './list-bench.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
register()

const schema = await import('../src/server/db/schema.ts')
const { getActiveBusinessUser } = await import('../src/server/auth.server.ts')
const { listStock } = await import('../src/server/stock/stock-lists.server.ts')
const { stockListSearch } = await import('../src/lib/inventory.ts')
const { berlinIsoDate } = await import('../src/lib/format.ts')
const { sql } = await import('drizzle-orm')

const productCount = 500
const batchesPerProduct = 10
const movementsPerBatch = 40
const warmUp = 20
const runs = Number(process.env.BENCH_RUNS ?? 200)

const organisationId = '00000000-0000-4000-8000-00000000b001'
const ownerId = '00000000-0000-4000-8000-00000000b002'

// ─── Data ────────────────────────────────────────────────────────────────────────────────────

const cultivars = ['Kush', 'Haze', 'Diesel', 'Cake', 'Dream', 'Skunk', 'Cookies', 'Gelato']
const places = ['Nord', 'Süd', 'Wald', 'Berg', 'Tal', 'Grün', 'Fluss', 'Stern', 'Moos', 'Eiche']
const day = 86_400_000
const dateIn = (days) => berlinIsoDate(new Date(Date.now() + days * day))

async function fill(db) {
  const random = prng(9)
  const pick = (list) => list[Math.floor(random() * list.length)]
  await db.insert(schema.organisations).values({
    id: organisationId,
    name: 'Bench-Apotheke',
    category: 'pharmacy',
  })
  await db.insert(schema.users).values({
    id: ownerId,
    organisationId,
    username: 'bench-owner',
    email: 'bench@example.com',
    name: 'Bench Owner',
    role: 'owner',
    passwordHash: 'not-used',
  })

  const productRows = []
  const listingRows = []
  for (let index = 0; index < productCount; index++) {
    const flower = random() < 0.7
    const id = `00000000-0000-4000-8000-${String(0xc0000 + index).padStart(12, '0')}`
    productRows.push({
      id,
      organisationId,
      name: `${pick(places)}${pick(places).toLowerCase()} ${pick(cultivars)} ${index}`,
      manufacturer: `Hersteller ${index % 40}`,
      category: flower ? 'flower' : pick(['extract', 'cbd_solution', 'dronabinol', 'accessory']),
      packBaseUnits: flower ? 10_000 : 30,
      packUnit: flower ? 'g' : 'piece',
    })
    listingRows.push({
      id: `00000000-0000-4000-8000-${String(0xd0000 + index).padStart(12, '0')}`,
      organisationId,
      productId: id,
      salesUnit: flower ? 'gram' : 'pack',
      baseUnitsPerSalesUnit: flower ? 1000 : 30,
      priceCents: 900,
      lowStockThreshold: random() < 0.6 ? Math.floor(random() * 200) : null,
      productRevisionSeen: 1,
      archivedAt: random() < 0.03 ? new Date() : null,
    })
  }
  await db.insert(schema.products).values(productRows)
  await db.insert(schema.organisationProducts).values(listingRows)

  const batchRows = []
  listingRows.forEach((listing, productIndex) => {
    for (let serial = 0; serial < batchesPerProduct; serial++) {
      const roll = random()
      const status = roll < 0.8 ? 'released' : roll < 0.95 ? 'quarantine' : 'blocked'
      // Older batches are mostly used up; a few have expired with stock left.
      const balance =
        serial < 6
          ? random() < 0.85
            ? 0
            : Math.floor(random() * 5000)
          : Math.floor(random() * 200_000)
      batchRows.push({
        organisationId,
        organisationProductId: listing.id,
        batchNumber: `B-${productIndex}-${serial}`,
        expiryDate: dateIn(-120 + serial * 80 + Math.floor(random() * 60)),
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
  // Each batch: one receipt, then sales of 100 mg each down to its balance (the ledger's sums
  // and running balances hold, as the services would have written them).
  const step = sql.raw('100')
  const perBatch = sql.raw(String(movementsPerBatch))
  await db.execute(sql`
    insert into stock_movements
      (organisation_id, batch_id, kind, quantity, balance_after, actor_kind, actor_id, created_at)
    select b.organisation_id, b.id,
      (case when g = 1 then 'receipt' else 'sale' end)::stock_movement_kind,
      case when g = 1 then b.balance + (${perBatch} - 1) * ${step} else -${step} end,
      b.balance + (${perBatch} - g) * ${step},
      'business_user', ${ownerId}, now() - (${perBatch} - g) * interval '1 day'
    from batches b cross join generate_series(1, ${perBatch}) g
    where b.organisation_id = ${organisationId}`)
  // Reservations of open orders (active) and of finished ones (consumed or released).
  await db.execute(sql`
    insert into stock_reservations
      (organisation_id, batch_id, quantity, source_type, source_id, released_at, consumed_at)
    select b.organisation_id, b.id, least(b.balance, 2000), 'customer_order', gen_random_uuid(),
      case when n % 3 = 1 then now() end, case when n % 3 = 2 then now() end
    from (select b.*, row_number() over (order by b.id) n from batches b
          where b.organisation_id = ${organisationId} and b.status = 'released'
            and b.balance > 2000) b
    where n % 2 = 0`)
  await db.execute(sql`vacuum analyze`)
  const [counts] = (
    await db.execute(sql`
      select (select count(*) from batches where organisation_id = ${organisationId})::int batches,
        (select count(*) from stock_movements where organisation_id = ${organisationId})::int movements,
        (select count(*) from stock_reservations where organisation_id = ${organisationId})::int reservations`)
  ).rows
  return counts
}

// ─── The lists a pharmacist asks for ─────────────────────────────────────────────────────────

const scenarios = [
  ['first page, by name', {}],
  ['search "kush"', { q: 'kush' }],
  ['flowers, by available desc', { category: 'flower', sort: 'available', dir: 'desc' }],
  ['low-stock warning', { warning: 'low' }],
  ['expiring within 60 days, by next expiry', { warning: 'expiring', sort: 'nextExpiry' }],
  ['with stock only, 100 per page', { inStock: 'yes', pageSize: 100 }],
  ['page 10, by category', { page: 10, sort: 'category' }],
].map(([name, search]) => [name, stockListSearch.parse(search)])

const measureList = (database, db, clock, actor) =>
  measure({
    database,
    scenarios,
    list: (search) => listStock(actor, search, db),
    clock,
    warmUp,
    runs,
    targetMs: 20,
  })

const ownerActor = (db) => businessActor(getActiveBusinessUser, db, ownerId)

const runsOf = await measureOnDatabases({
  fill,
  measure: async ({ database, db, client, pool, filled: counts }) => {
    const actor = await ownerActor(db)
    if (pool && process.env.BENCH_EXPLAIN) {
      await explain(pool, scenarios, (search) => listStock(actor, search, db))
    }
    const clock = timedQueries(client)
    const results = await measureList(database, db, clock, actor)
    if (pool) {
      const variants = await rowLevelSecurityVariants(
        pool,
        db,
        () => actor.organisation.id,
        (search, tx) => listStock(actor, search, tx),
      )
      results.push(
        ...(await measureRowLevelSecurity(variants, {
          scenarios,
          clock,
          warmUp,
          runs,
          targetMs: 20,
        })),
      )
    }
    return { counts, results }
  },
})
const { counts } = runsOf[0]

console.log(
  `\nInventory list of one organisation with ${productCount} products, ${counts.batches.toLocaleString('en')} batches, ` +
    `${counts.movements.toLocaleString('en')} movements and ${counts.reservations.toLocaleString('en')} reservations: ` +
    `${runs} calls per scenario after ${warmUp} warm-up calls, page size 25 unless given, Node ${process.version}, ` +
    `after vacuum analyze. "db" = time inside the driver's queries (page, its batches, count). ${machineNote()}`,
)
console.table(runsOf.flatMap((run) => run.results))

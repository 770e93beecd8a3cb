// Benchmark of `/analyse` (issue 14: "≤ 100 ms per chart on PostgreSQL for an organisation with
// 500 products and one year of history"): the demo data plus a pharmacy with 500 products and a
// year of generated history at 60 orders a working day, and a club of 500 members with 30
// varieties (bench/analysis-data.mjs), then each chart's query exactly as `getAnalysis` runs it
// (`analysisChartRows`) — the default period (the current month and the eleven before), one
// product category, one quarter — and the whole page's service call. Reports p50/p95 of database
// time per call and of the whole call, on PGlite and, with BENCH_DATABASE_URL or
// TEST_DATABASE_URL, on a fresh database on that PostgreSQL server. BENCH_EXPLAIN=1 prints
// PostgreSQL's plan of each scenario; BENCH_PGLITE=0 skips PGlite.
//
// Run from the project root: npm run bench:analysis (the services load through tsx).
import path from 'node:path'
import { register } from 'tsx/esm/api'
import { measureOnDatabases } from './databases.mjs'
import { businessActor, explain, machineNote, measure, timedQueries } from './list-bench.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
register()

const { getActiveBusinessUser } = await import('../src/server/auth.server.ts')
const { analysisChartRows, analysisScope, getAnalysis } = await import(
  '../src/server/analysis/analysis.server.ts'
)
const { analysisChartsOf } = await import('../src/lib/analysis.ts')
const { addCalendarDays, berlinIsoDate } = await import('../src/lib/format.ts')
const { benchIds, fillAnalysisData, ordersPerDay, productCount } = await import(
  './analysis-data.mjs'
)

const warmUp = 10
const runs = Number(process.env.BENCH_RUNS ?? 100)
const targetMs = 100

// ─── The views an owner asks for ─────────────────────────────────────────────────────────────

const today = berlinIsoDate()
const quarter = { from: addCalendarDays(today, -91), to: today }

function scenarios() {
  const list = []
  for (const [who, category] of [
    ['pharmacy', 'pharmacy'],
    ['club', 'club'],
  ]) {
    for (const key of analysisChartsOf[category]) {
      list.push([`${who}: ${key}`, { who, key, search: {} }])
    }
    list.push([`${who}: whole page (getAnalysis)`, { who, key: null, search: {} }])
  }
  for (const key of analysisChartsOf.pharmacy) {
    list.push([
      `pharmacy: ${key}, flowers only`,
      { who: 'pharmacy', key, search: { category: 'flower' } },
    ])
    list.push([`pharmacy: ${key}, last 91 days`, { who: 'pharmacy', key, search: quarter }])
  }
  return list
}

/** One call as the page's server function makes it: a chart's query, or the whole page. */
const callFor =
  (actors, db) =>
  async ({ who, key, search }) => {
    const actor = actors[who]
    if (key === null) {
      const analysis = await getAnalysis(actor, search, db)
      return { total: analysis.charts.reduce((sum, chart) => sum + chart.rows.length, 0) }
    }
    const scope = await analysisScope(actor, search, db)
    return { total: (await analysisChartRows(db, scope, key)).rows.length }
  }

async function actorsOf(db) {
  return {
    pharmacy: await businessActor(getActiveBusinessUser, db, benchIds.pharmacyOwner),
    club: await businessActor(getActiveBusinessUser, db, benchIds.clubOwner),
  }
}

const measureAll = async (database, db, clock) =>
  measure({
    database,
    scenarios: scenarios(),
    list: callFor(await actorsOf(db), db),
    clock,
    warmUp,
    runs,
    targetMs,
  })

const runsOf = await measureOnDatabases({
  fill: fillAnalysisData,
  measure: async ({ database, db, client, pool, filled: counts }) => {
    if (pool && process.env.BENCH_EXPLAIN) {
      await explain(pool, scenarios(), callFor(await actorsOf(db), db))
    }
    const clock = timedQueries(client, { serial: true })
    return { counts, results: await measureAll(database, db, clock) }
  },
})
const { sales, handouts } = runsOf[0].counts

console.log(
  `\nAnalysis of a pharmacy with ${productCount} products and a year of history at ${ordersPerDay} orders a ` +
    `working day (${sales.orders.toLocaleString('en')} orders, ${sales.items.toLocaleString('en')} items, ` +
    `${sales.batches.toLocaleString('en')} batches, ${sales.movements.toLocaleString('en')} movements) and of a ` +
    `club with 500 members (${handouts.handouts.toLocaleString('en')} hand-outs, ${handouts.harvests} harvests), ` +
    `beside the demo data: ${runs} calls per scenario after ${warmUp} warm-up calls, default period unless ` +
    `given, Node ${process.version}, after vacuum analyze. "matches" = rows the chart shows; "db" = time ` +
    `inside the driver's queries, each timed on its own. The target is per chart; the whole page's ` +
    `figure is the sum of its charts' queries, which the app runs in parallel. ${machineNote()}`,
)
console.table(runsOf.flatMap((run) => run.results))

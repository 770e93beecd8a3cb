// Benchmark of the dashboard's first render (issue 14: "at most 50 ms of database time on the
// demo data plus one year of generated history"): the demo data with its generated year, plus a
// pharmacy with 500 products and a year at 60 orders a working day and a club of 500 members
// (bench/analysis-data.mjs), then `getDashboard` exactly as the page's loader calls it, for the
// demo's Sonnen-Apotheke and Grüne Ecke and for the two larger organisations. Reports p50/p95 of
// database time per call and of the whole call, on PGlite and, with BENCH_DATABASE_URL or
// TEST_DATABASE_URL, on a fresh database on that PostgreSQL server. BENCH_EXPLAIN=1 prints
// PostgreSQL's plans; BENCH_PGLITE=0 skips PGlite.
//
// Run from the project root: npm run bench:dashboard (the services load through tsx).
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

const { getActiveBusinessUser } = await import('../src/server/auth.server.ts')
const { getDashboard } = await import('../src/server/dashboard/dashboard.server.ts')
const { demoIds } = await import('../src/server/db/seed.server.ts')
const { benchIds, fillAnalysisData } = await import('./analysis-data.mjs')

const warmUp = 20
const runs = Number(process.env.BENCH_RUNS ?? 200)
const targetMs = 50

const scenarios = [
  ['Sonnen-Apotheke (demo + its year)', demoIds.userPharmacyOwner],
  ['Grüne Ecke (demo + its year)', demoIds.userClubOwner],
  ['pharmacy, 500 products, 60 orders a day', benchIds.pharmacyOwner],
  ['club, 500 members', benchIds.clubOwner],
]

/** The dashboard as its loader gets it (on `db`, or the transaction given); "matches" = the figures shown. */
async function callFor(db) {
  const actors = new Map()
  for (const [, userId] of scenarios) {
    actors.set(userId, await businessActor(getActiveBusinessUser, db, userId))
  }
  const call = async (userId, executor = db) => {
    const dashboard = await getDashboard(actors.get(userId), executor)
    return { total: dashboard.figures.length }
  }
  call.organisationOf = (userId) => actors.get(userId).organisation.id
  return call
}

const results = (
  await measureOnDatabases({
    fill: fillAnalysisData,
    measure: async ({ database, db, client, pool }) => {
      const list = await callFor(db)
      if (pool && process.env.BENCH_EXPLAIN) await explain(pool, scenarios, list)
      const clock = timedQueries(client, { serial: true })
      const options = { scenarios, clock, warmUp, runs, targetMs }
      const measured = await measure({ ...options, database, list })
      if (!pool) return measured
      return [
        ...measured,
        ...(await measureRowLevelSecurity(
          await rowLevelSecurityVariants(pool, db, list.organisationOf, list),
          options,
        )),
      ]
    },
  })
).flat()

console.log(
  `\nDashboard first render (getDashboard): ${runs} calls per organisation after ${warmUp} warm-up calls, ` +
    `Node ${process.version}, after vacuum analyze. "matches" = figures shown; "db" = time inside the ` +
    `driver's queries, each timed on its own (they run in parallel in the app). ${machineNote()}`,
)
console.table(results)

// Load benchmark of the production build (`npm run bench`): the auth and tenant API and the
// server-rendered pages, on the embedded PGlite store and, when DATABASE_URL points at a
// PostgreSQL server, on a fresh database there too. The server runs as `npm start` runs it
// (see server.mjs); autocannon drives each endpoint and the results are printed as one table.
import { cpus, loadavg } from 'node:os'
import autocannon from 'autocannon'
import { withClient } from './databases.mjs'
import { demoBusinessLogin, logInDemoBusiness, shopHost, startServer } from './server.mjs'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
/** Connections per endpoint unless a scenario says otherwise. */
const connections = 10
/** The shop's anonymous pages are measured as issue 11 states its target: 50 connections. */
const shopConnections = 50

function measure(name, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, connections, ...options }, (error, result) => {
      if (error) return reject(error)
      resolve({
        endpoint: name,
        connections: options.connections ?? connections,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        requests: result.requests.total,
        // A page that redirects (e.g. to the login) counts here: its figures are not the page's.
        'non-2xx/errors': result.non2xx + result.errors,
        statuses: Object.entries(result.statusCodeStats)
          .map(([status, { count }]) => `${status}×${count}`)
          .join(' '),
      })
    })
  })
}

/**
 * Transactions that wrote while `run` ran, on PostgreSQL: only a writing transaction takes a
 * transaction id, so the distance of the next id before and after counts them. Null on PGlite,
 * whose store lives inside the server process.
 */
async function countWrites(databaseUrl, run) {
  if (!databaseUrl) return { result: await run(), writes: null }
  const nextId = () =>
    withClient(databaseUrl, async (client) => {
      const { rows } = await client.query(
        'select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as next',
      )
      return Number(rows[0].next)
    })
  const before = await nextId()
  const result = await run()
  return { result, writes: (await nextId()) - before }
}

async function benchmark(database, postgresUrl) {
  const server = await startServer({ postgresUrl })
  try {
    const base = server.url
    const shop = `${shopHost}:${server.port}`
    const { accessToken, refreshToken } = await logInDemoBusiness(base)
    const scenarios = [
      ['GET /api/tenant', { url: `${base}/api/tenant?host=${shop}` }],
      [
        'GET /api/users/me',
        { url: `${base}/api/users/me`, headers: { authorization: `Bearer ${accessToken}` } },
      ],
      [
        'POST /api/auth/b2b/login',
        {
          url: `${base}/api/auth/b2b/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(demoBusinessLogin),
        },
      ],
      [
        'GET /shop (shop host)',
        { url: `${base}/shop`, headers: { host: shop }, connections: shopConnections },
      ],
      [
        'GET /blueten (shop host)',
        { url: `${base}/blueten`, headers: { host: shop }, connections: shopConnections },
      ],
      ['GET /login', { url: `${base}/login` }],
      [
        'GET /dashboard (logged in)',
        { url: `${base}/dashboard`, headers: { cookie: `token=${refreshToken}` } },
      ],
    ]
    const results = []
    for (const [name, options] of scenarios) {
      const { result, writes } = await countWrites(server.databaseUrl, () => measure(name, options))
      results.push({ database, ...result, 'writing transactions': writes ?? 'n/a' })
    }
    return results
  } finally {
    await server.stop()
  }
}

// Other work on the machine skews the figures: the load average is printed with them.
const loadBefore = loadavg()[0]
const databases = [['PGlite', null]]
if (process.env.DATABASE_URL) databases.push(['PostgreSQL', process.env.DATABASE_URL])

const results = []
for (const [database, postgresUrl] of databases) {
  results.push(...(await benchmark(database, postgresUrl)))
}
console.log(
  `\n${seconds} s per endpoint, Node ${process.version}, ${cpus().length} cores, ` +
    `load average ${loadBefore.toFixed(2)} before / ${loadavg()[0].toFixed(2)} after, ` +
    `NODE_ENV ${process.env.NODE_ENV ? `"${process.env.NODE_ENV}"` : 'unset'} (as npm start gets it)`,
)
console.table(results)

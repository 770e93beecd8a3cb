// Load benchmark of the shop's /blueten against a Next.js page that renders per request (issue 36:
// /blueten with 48 products ≥ 3,000 req/s at p99 ≤ 50 ms and ≥ 10× the Next.js page, measured in
// the same run; an uncached render no slower than before). `npm run bench:pages` builds, then on a
// fresh seeded PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL) and on the embedded
// PGlite store starts the server as `npm start` runs it (server.mjs) and drives at 50 connections
// for BENCH_SECONDS (default 10), after BENCH_WARMUP_SECONDS (default 3) of the same load:
//   - /blueten anonymous: what the page cache may answer;
//   - /blueten with a cookie: every request bypasses the cache and renders;
//   - on PostgreSQL, the same page in Next.js 16 (bench/peers/next, reading the same database).
// The demo shop lists 20 flowers; bench/peers/listings.mjs copies listings up to 48 first, so both
// pages show one full page of 48 cards, which each page's body is checked for before it is driven.
// Per page: req/s, p50/p99, non-2xx, the `x-page-cache` values of responses sampled meanwhile
// ("–": no such header), and the CPU time of the serving process (and its children) per request,
// from /proc — which other work on the machine inflates less than the latencies. Prints a table
// with the machine's cores and load, and writes bench/results/pages-<date>.json and .md.
import { request } from 'node:http'
import { cpus, loadavg } from 'node:os'
import autocannon from 'autocannon'
import { fillBlueten } from './peers/listings.mjs'
import { startNextPage } from './peers/next-page.mjs'
import { writeResults } from './results.mjs'
import { cpuSeconds, shopHost, startServer } from './server.mjs'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const connections = 50
/** One full catalogue page (cataloguePageSize). */
const cards = 48
/** Any cookie bypasses the page cache: the uncached render, as a logged-in visitor gets it. */
const bypassCookie = 'bench-uncached=1'
const targets = { requestsPerSecond: 3000, p99Ms: 50, timesNext: 10 }

/** One GET through node:http (fetch would not send the shop's Host header). */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

/** The page's size; throws unless it answers 200 with exactly `cards` product cards. */
async function checkPage(name, url, headers) {
  const { status, body } = await get(url, headers)
  const found = body.match(/<article\b/g)?.length ?? 0
  if (status !== 200 || found !== cards) {
    throw new Error(`${name}: ${status} with ${found} cards, expected 200 with ${cards}`)
  }
  return Buffer.byteLength(body)
}

/** Asks the page once every 200 ms until stopped; answers the `x-page-cache` values seen. */
function sampleCacheHeader(url, headers) {
  let stopped = false
  const values = []
  const loop = (async () => {
    while (!stopped) {
      const { headers: answer } = await get(url, headers)
      values.push(answer['x-page-cache'] ?? '–')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()
  return async () => {
    stopped = true
    await loop
    return values
  }
}

/** "hit 98 % · miss 2 %" of the values seen, most frequent first; "–" when none had one. */
function shares(values) {
  if (values.every((value) => value === '–')) return '–'
  const counts = Map.groupBy(values, (value) => value)
  return [...counts]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([value, seen]) => `${value} ${Math.round((seen.length / values.length) * 100)} %`)
    .join(' · ')
}

const load = (options) =>
  new Promise((resolve, reject) =>
    autocannon({ connections, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  )

async function measurePage({ database, page, url, headers, pid }) {
  const htmlBytes = await checkPage(`${database} ${page}`, url, headers)
  await load({ url, headers, duration: warmUpSeconds })
  const cpuBefore = await cpuSeconds(pid)
  const stopSampling = sampleCacheHeader(url, headers)
  const result = await load({ url, headers, duration: seconds })
  const samples = await stopSampling()
  const cpu = (await cpuSeconds(pid)) - cpuBefore
  const requests = result.requests.total + samples.length
  return {
    database,
    page,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx/errors': result.non2xx + result.errors,
    // Of the errors: no answer within autocannon's 10 s. The server may still have rendered them,
    // so under such overload the CPU time per (answered) request reads high.
    timeouts: result.timeouts,
    'x-page-cache': shares(samples),
    'CPU ms/req': Number(((cpu * 1000) / requests).toFixed(2)),
    'HTML KB': Number((htmlBytes / 1024).toFixed(1)),
  }
}

async function benchmark(database, postgresUrl) {
  const server = await startServer({ postgresUrl, fill: (client) => fillBlueten(client, cards) })
  const rows = []
  try {
    const blueten = { url: `${server.url}/blueten`, pid: server.pid, database }
    const host = `${shopHost}:${server.port}`
    rows.push(await measurePage({ ...blueten, page: '/blueten cached', headers: { host } }))
    rows.push(
      await measurePage({
        ...blueten,
        page: '/blueten uncached',
        headers: { host, cookie: bypassCookie },
      }),
    )
    if (server.databaseUrl) {
      const next = await startNextPage(server.databaseUrl)
      try {
        rows.push(
          await measurePage({
            database,
            page: 'Next.js 16 page',
            url: `${next.url}/blueten`,
            headers: { host: `${shopHost}:${next.port}` },
            pid: next.pid,
          }),
        )
      } finally {
        await next.stop()
      }
    }
  } finally {
    await server.stop()
  }
  return rows
}

/** The targets against one database's rows (a page that answered nothing misses them). */
function verdict(rows) {
  const [cached] = rows
  const next = rows.find((row) => row.page.startsWith('Next.js'))
  const answered = cached.requests > 0
  const mark = (ok) => (ok ? 'met' : 'MISSED')
  const timesNext = () => {
    if (!next) return 'no Next.js page on PGlite'
    if (next.requests === 0) return 'the Next.js page answered nothing'
    // Both ran for BENCH_SECONDS: the answers' ratio is the throughputs'.
    const times = cached.requests / next.requests
    return `${times.toFixed(1)}× Next.js (≥ ${targets.timesNext}×: ${mark(times >= targets.timesNext)})`
  }
  return [
    `${cached.database}: cached ${cached['req/s']} req/s (≥ ${targets.requestsPerSecond}: ${mark(cached['req/s'] >= targets.requestsPerSecond)})`,
    `p99 ${cached['p99 ms']} ms (≤ ${targets.p99Ms}: ${mark(answered && cached['p99 ms'] <= targets.p99Ms)})`,
    timesNext(),
  ].join(', ')
}

const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
if (!postgresUrl) {
  console.log('No BENCH_DATABASE_URL or TEST_DATABASE_URL: PGlite only, without the Next.js page.')
}
const loadBefore = loadavg()
const rows = []
const verdicts = []
for (const [database, url] of [
  ...(postgresUrl ? [['PostgreSQL', postgresUrl]] : []),
  ['PGlite', null],
]) {
  const measured = await benchmark(database, url)
  rows.push(...measured)
  verdicts.push(verdict(measured))
}
const loadAfter = loadavg()

const machine =
  `${seconds} s per page at ${connections} connections after ${warmUpSeconds} s warm-up, ` +
  `Node ${process.version}, ${cpus().length} cores, load average ` +
  `${loadBefore[0].toFixed(2)} before / ${loadAfter[0].toFixed(2)} after ` +
  '(other work on the machine inflates every figure but the CPU time least)'
console.log(`\n${machine}`)
console.table(rows)
for (const line of verdicts) console.log(line)

writeResults({
  name: 'pages',
  title: '/blueten vs. Next.js',
  machine,
  rows,
  verdicts,
  details: {
    seconds,
    warmUpSeconds,
    connections,
    cards,
    node: process.version,
    cores: cpus().length,
    loadAverage: { before: loadBefore, after: loadAfter },
  },
})

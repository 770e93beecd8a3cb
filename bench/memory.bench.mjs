// Memory of the production server (`npm run bench:memory`, issue 36, ADR 079): starts it as
// `npm start` runs it (see server.mjs) on the embedded PGlite store and, with DATABASE_URL (or
// BENCH_DATABASE_URL), on a fresh PostgreSQL database (BENCH_PGLITE=0: only there); records its resident memory idle (right
// after start and 30 s later), then under a mix of public and logged-in pages for `--minutes`
// (default 2; `--minutes 60` for the hour, `--minutes 0` for the idle figures only), sampling every
// few seconds, and once more idle after the load. Prints the samples' summary and whether the
// memory stayed flat; `--out file.json` saves every sample.
import { readFileSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { logInDemoBusiness, shopHost, startServer } from './server.mjs'

const { values: options } = parseArgs({
  options: {
    minutes: { type: 'string', default: '2' },
    'idle-seconds': { type: 'string', default: '30' },
    'sample-seconds': { type: 'string', default: '5' },
    connections: { type: 'string', default: '4' },
    out: { type: 'string' },
  },
})
const loadMinutes = Number(options.minutes)
const idleSeconds = Number(options['idle-seconds'])
const sampleSeconds = Number(options['sample-seconds'])
const connections = Number(options.connections)
/** Samples at the start of the load belong to its warm-up (caches filling, code compiled). */
const warmUpShare = 0.2
/** Growth beyond this between the first samples after the warm-up and the last ones: not flat. */
const flatTolerance = { megabytes: 15, share: 0.05 }

/** Well inside the access token's 15 minutes. */
const tokenRenewalMs = 10 * 60 * 1000

const megabytes = (kilobytes) => Math.round(kilobytes / 1024)

/** The process's resident memory (MB) in total, anonymous (heaps, WASM memory) and file-backed. */
function residentMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1] ?? 0)
  return {
    rss: megabytes(field('VmRSS')),
    anon: megabytes(field('RssAnon')),
    file: megabytes(field('RssFile')),
  }
}

/**
 * The requests one connection cycles through: the shop's and back office's public pages, logged-in
 * pages and API. The API call takes `tokens.accessToken` as it is when the request is sent: the
 * caller renews it before it expires (15 minutes), as a client does.
 */
function requestMix(port, tokens) {
  const shop = { host: `${shopHost}:${port}` }
  const session = { cookie: `token=${tokens.refreshToken}` }
  const withAccessToken = (request) => ({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${tokens.accessToken}` },
  })
  return [
    { path: '/shop', headers: shop },
    { path: '/blueten', headers: shop },
    { path: `/api/tenant?host=${shopHost}:${port}` },
    { path: '/login' },
    { path: '/dashboard', headers: session },
    { path: '/customers', headers: session },
    { path: '/products', headers: session },
    { path: '/customer_orders', headers: session },
    { path: '/inventory', headers: session },
    { path: '/api/users/me', setupRequest: withAccessToken },
  ].map((request) => ({ method: 'GET', ...request }))
}

function drive(base, requests, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, requests, connections, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length

async function measure(database, postgresUrl) {
  const server = await startServer({ postgresUrl })
  try {
    const afterStart = residentMemory(server.pid)
    await sleep(idleSeconds * 1000)
    const idle = residentMemory(server.pid)
    const samples = []
    let load = null
    if (loadMinutes > 0) {
      const tokens = await logInDemoBusiness(server.url)
      // A failed renewal shows as the API call's 401s in the non-2xx count.
      const renewal = setInterval(() => {
        logInDemoBusiness(server.url).then(
          (renewed) => {
            tokens.accessToken = renewed.accessToken
          },
          () => {},
        )
      }, tokenRenewalMs).unref()
      const started = Date.now()
      const running = drive(server.url, requestMix(server.port, tokens), loadMinutes * 60)
      let done = false
      running.finally(() => {
        done = true
      })
      while (!done) {
        samples.push({
          seconds: Math.round((Date.now() - started) / 1000),
          ...residentMemory(server.pid),
        })
        await Promise.race([sleep(sampleSeconds * 1000), running.catch(() => {})])
      }
      load = await running
      clearInterval(renewal)
    }
    await sleep(idleSeconds * 1000)
    const idleAfterLoad = residentMemory(server.pid)

    const summary = {
      database,
      'idle after start MB': afterStart.rss,
      [`idle +${idleSeconds} s MB`]: idle.rss,
      'idle anon / file MB': `${idle.anon} / ${idle.file}`,
    }
    if (load) {
      const rss = samples.map((sample) => sample.rss)
      const afterWarmUp = rss.slice(Math.floor(rss.length * warmUpShare))
      const slice = Math.max(1, Math.floor(afterWarmUp.length * 0.1))
      const first = mean(afterWarmUp.slice(0, slice))
      const last = mean(afterWarmUp.slice(-slice))
      const growth = last - first
      Object.assign(summary, {
        'load peak MB': Math.max(...rss),
        'first 10% after warm-up MB': Math.round(first),
        'last 10% MB': Math.round(last),
        flat:
          growth <= Math.max(flatTolerance.megabytes, first * flatTolerance.share) ? 'yes' : 'no',
        requests: load.requests.total,
        'non-2xx/errors': load.non2xx + load.errors,
      })
    }
    summary[`idle after load +${idleSeconds} s MB`] = idleAfterLoad.rss
    return { summary, samples, afterStart, idle, idleAfterLoad }
  } finally {
    await server.stop()
  }
}

const databases = process.env.BENCH_PGLITE === '0' ? [] : [['PGlite', null]]
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL
if (postgresUrl) databases.push(['PostgreSQL', postgresUrl])

const results = []
for (const [database, url] of databases) results.push(await measure(database, url))

console.log(
  `\nNode ${process.version}; ${loadMinutes} min of load over ${connections} connections, ` +
    `sampled every ${sampleSeconds} s; flat: the last 10% of the samples within ` +
    `${flatTolerance.megabytes} MB or ${flatTolerance.share * 100}% of the first 10% after the ` +
    `warm-up (${warmUpShare * 100}% of the samples)`,
)
console.table(results.map((result) => result.summary))
if (options.out) {
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`)
  console.log(`samples saved to ${options.out}`)
}

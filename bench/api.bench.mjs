// Load benchmark of the auth and tenant API against the production build (`npm run bench`).
// Starts the built server on a free port with a throw-away embedded store and demo data,
// then drives each endpoint with autocannon and prints requests per second and p99 latency.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'

const root = path.resolve(import.meta.dirname, '..')
const seconds = Number(process.env.BENCH_SECONDS ?? 10)

async function startServer() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'blattwerk-bench-'))
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = line.match(/^Back-Office: (http:\/\/localhost:\d+)/)
      if (match) resolve(match[1])
    })
  })
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

function run(name, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, connections: 10, ...options }, (error, result) => {
      if (error) return reject(error)
      const failed = result.non2xx + result.errors
      resolve({
        endpoint: name,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        requests: result.requests.total,
        'non-2xx/errors': failed,
      })
    })
  })
}

const server = await startServer()
try {
  const base = server.url
  const login = await fetch(`${base}/api/auth/b2b/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'apotheke', password: 'apotheke-demo-2026' }),
  }).then((response) => response.json())

  const results = []
  results.push(
    await run('GET /api/tenant', { url: `${base}/api/tenant?host=sonnen-apotheke.blattwerk.de` }),
  )
  results.push(
    await run('GET /api/users/me', {
      url: `${base}/api/users/me`,
      headers: { authorization: `Bearer ${login.accessToken}` },
    }),
  )
  results.push(
    await run('POST /api/auth/b2b/login', {
      url: `${base}/api/auth/b2b/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'apotheke', password: 'apotheke-demo-2026' }),
    }),
  )
  console.log(
    `\n${seconds} s per endpoint, 10 connections, embedded PGlite, Node ${process.version}`,
  )
  console.table(results)
} finally {
  await server.stop()
}

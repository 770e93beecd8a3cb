// Starts the production build for a benchmark exactly as `npm start` runs it, in the environment
// of the person running the benchmark: only the port, the data directory and the database are set
// here — never NODE_ENV or LOG_LEVEL, so the benchmark measures what `npm start` really runs.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { createPostgresDatabase, withClient } from './databases.mjs'

export const root = path.resolve(import.meta.dirname, '..')

/** The arguments `npm start` gives node (its V8 flags and the script), read from package.json. */
const startArguments = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .slice(1)

/** The demo tenant's shop, as a browser on this machine reaches it. */
export const shopHost = 'sonnen-apotheke.localhost'
export const demoBusinessLogin = { username: 'apotheke', password: 'apotheke-demo-2026' }

/** The demo pharmacy owner's tokens from the server at `base`, logged in through the REST API. */
export async function logInDemoBusiness(base) {
  const response = await fetch(`${base}/api/auth/b2b/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoBusinessLogin),
  })
  if (!response.ok) throw new Error(`demo login answered ${response.status}`)
  return response.json()
}

/** The demo platform admin's access token from the server at `base`. */
export async function logInAdmin(base) {
  const response = await fetch(`${base}/api/auth/b2b/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin-demo-2026' }),
  })
  if (!response.ok) throw new Error(`admin login answered ${response.status}`)
  return (await response.json()).accessToken
}

/** Runs `scripts/db.ts <command>` (through tsx) with `env`; throws when it fails. */
function runDbScript(command, env) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/db.ts', command],
    { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error(`scripts/db.ts ${command} failed`)
}

/** A fresh database on the server of `serverUrl`, migrated and seeded with the demo data. */
export async function createSeededPostgres(serverUrl) {
  const database = await createPostgresDatabase(serverUrl)
  try {
    runDbScript('seed', { DATABASE_URL: database.url })
  } catch (error) {
    await database.drop()
    throw error
  }
  return database
}

/**
 * Adds a benchmark's own rows to the demo data before the server starts: `fill(client)` gets a
 * pg client on `databaseUrl`, or without one PGlite on the embedded store under `dataDir`, which
 * is seeded first as `npm start` would (the server holds the store alone once it runs).
 */
async function fillDatabase({ dataDir, databaseUrl, fill }) {
  if (databaseUrl) return withClient(databaseUrl, fill)
  runDbScript('seed-empty-store', { DATA_DIR: dataDir, DATABASE_URL: '' })
  const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } })
  try {
    return await fill(client)
  } finally {
    await client.close()
  }
}

/**
 * CPU seconds (user + system) the process `pid` and its descendants have used: on a machine shared
 * with other work the wall time waits for the CPU as well, this does not. Linux only (/proc).
 */
export async function cpuSeconds(pid) {
  const ticksPerSecond = 100
  const processes = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    // A process may end between the listing and the read.
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null)
    if (!stat) continue
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    processes.push({
      pid: Number(entry),
      parent: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
    })
  }
  const tree = new Set([pid])
  for (let grew = true; grew; ) {
    grew = false
    for (const { pid: id, parent } of processes) {
      if (tree.has(parent) && !tree.has(id)) {
        tree.add(id)
        grew = true
      }
    }
  }
  const ticks = processes
    .filter(({ pid: id }) => tree.has(id))
    .reduce((sum, { ticks: used }) => sum + used, 0)
  return ticks / ticksPerSecond
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** Resolves once the server answers its health check (whatever its log level prints). */
async function waitForHealth(url) {
  for (;;) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return
    await sleep(200)
  }
}

/**
 * Starts the server as `npm start` does, with `--no-build` (run `npm run build` first) on a free port. `postgresUrl`
 * null: a throw-away embedded PGlite store with demo data; otherwise a fresh database on that
 * PostgreSQL server, dropped again by `stop`. `fill`, when given, adds rows to the demo data
 * before the server starts (see `fillDatabase`).
 */
export async function startServer({ postgresUrl = null, fill = null } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'blattwerk-bench-'))
  const postgres = postgresUrl ? await createSeededPostgres(postgresUrl) : null
  let server
  try {
    if (fill) await fillDatabase({ dataDir, databaseUrl: postgres?.url, fill })
    server = await startProcess({ dataDir, databaseUrl: postgres?.url ?? '' })
  } catch (error) {
    await postgres?.drop()
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    ...server,
    /** The server's PostgreSQL database, or null on the embedded store. */
    databaseUrl: postgres?.url ?? null,
    stop: async () => {
      await server.stop()
      await postgres?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * One server process as `npm start` runs it, on `port` (a free one when not given) with the data
 * directory and database given, plus `env` (the settings several processes must share). Answers
 * its url, pid, `exited` and `stop` (SIGTERM, then waits); killing it another way is the caller's.
 */
export async function startProcess({ dataDir, databaseUrl, port = null, env = {} }) {
  const listenOn = port ?? (await freePort())
  const child = spawn(process.execPath, [...startArguments, '--no-build'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(listenOn),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    },
    // The request log would interleave with the results; errors still show.
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://localhost:${listenOn}`
  await Promise.race([
    waitForHealth(url),
    exited.then((code) => Promise.reject(new Error(`server exited with ${code}`))),
  ])
  return {
    port: listenOn,
    url,
    /** The server process (scripts/start.mjs serves in it), for its memory. */
    pid: child.pid,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

// The Next.js peer of /blueten (bench/peers/next/): installed from the npm registry on first use,
// built when its build is missing or older than its sources, served by `next start` on the
// project's Node 24 (the `node` devDependency), whatever node runs the benchmark.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort, root } from '../server.mjs'

const app = path.join(import.meta.dirname, 'next')
const node = path.join(root, 'node_modules/node/bin/node')
const next = path.join(app, 'node_modules/next/dist/bin/next')
const buildId = path.join(app, '.next/BUILD_ID')
const sources = ['app', 'next.config.mjs', 'package.json']
// No usage reports from the benchmark's runs.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

function newestModification(target) {
  const stats = statSync(target)
  if (!stats.isDirectory()) return stats.mtimeMs
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(target).map((entry) => newestModification(path.join(target, entry))),
  )
}

function run(command, args, what) {
  console.log(`Next.js peer: ${what} …`)
  const result = spawnSync(command, args, { cwd: app, env, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`Next.js peer: ${what} failed`)
}

function ensureBuilt() {
  if (!existsSync(next)) {
    run('npm', ['install', '--prefix', app, '--no-audit', '--no-fund'], 'npm install')
  }
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0
  const changedAt = Math.max(...sources.map((source) => newestModification(path.join(app, source))))
  if (builtAt < changedAt) run(node, [next, 'build'], 'next build')
}

/**
 * The peer on a free port, reading from `databaseUrl`: its url, port, pid (for its CPU time) and
 * `stop`.
 */
export async function startNextPage(databaseUrl) {
  ensureBuilt()
  const port = await freePort()
  const child = spawn(node, [next, 'start', '--port', String(port)], {
    cwd: app,
    env: { ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://localhost:${port}`
  // Ready once it answers at all (its root is a 404: the peer has only /blueten).
  const answers = () =>
    fetch(url).then(
      () => true,
      () => false,
    )
  const ready = async () => {
    while (!(await answers())) await sleep(200)
  }
  await Promise.race([
    ready(),
    exited.then((code) => Promise.reject(new Error(`next start exited with ${code}`))),
  ])
  return {
    url,
    port,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

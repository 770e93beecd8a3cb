// Production entry point behind `npm start`: builds when the sources are newer than the build,
// seeds the embedded demo store when it is empty (a step of its own: the server bundle holds no
// demo data, ADR 059), then migrates and serves on PORT.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'

// The production build runs in production mode, whatever the shell says: React, the build and
// other libraries pick their development code paths (several times slower) from NODE_ENV. Set
// before the build runs and before the server bundle (and with it react-dom) is imported.
process.env.NODE_ENV = 'production'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverEntry = path.join(root, 'dist/server/server.js')
const clientDir = path.join(root, 'dist/client')
const buildInputs = [
  'src',
  'public',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
]

function newestModification(target) {
  if (!existsSync(target)) return 0
  const stats = statSync(target)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestModification(path.join(target, entry)))
  return newest
}

function buildIfNeeded() {
  const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0
  const changedAt = Math.max(
    ...buildInputs.map((input) => newestModification(path.join(root, input))),
  )
  if (builtAt >= changedAt) return
  console.log(
    builtAt ? 'Sources changed since the last build; building …' : 'No build found; building …',
  )
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const compressibleType =
  /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/

/**
 * Gzip for dynamic responses (pages, API); static files are compressed by the static middleware.
 * `response.body` is read last: on srvx's FastResponse (a page from the page cache) reading it
 * turns the buffer into a web stream, which costs more than the rest of such a request.
 */
async function compressResponses(request, next) {
  const response = await next()
  if (!/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) return response
  const type = response.headers.get('content-type') ?? ''
  if (
    response.headers.has('content-encoding') ||
    !compressibleType.test(type) ||
    // A stream of events must reach the client as each is written; gzip would hold them back.
    type.startsWith('text/event-stream') ||
    !response.body
  ) {
    return response
  }
  const headers = new Headers(response.headers)
  headers.set('content-encoding', 'gzip')
  headers.append('vary', 'Accept-Encoding')
  headers.delete('content-length')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/** URL paths of the files in the client build (hashed assets and the copied public files). */
function builtFilePaths(dir, prefix = '/') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? builtFilePaths(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  )
}

/**
 * Serves the files of the client build, known once at start, so pages and API requests go to
 * the app without touching the disk. Hashed build assets never change under their name: cached
 * for a year; other files for an hour. They carry the app's security headers too.
 */
function staticFiles(applySecurityHeaders) {
  const files = new Set(builtFilePaths(clientDir))
  const hashedAssets = staticMiddleware({ dir: clientDir, maxAge: 31_536_000, immutable: true })
  const otherFiles = staticMiddleware({ dir: clientDir, maxAge: 3_600 })
  return async (request, next) => {
    const { pathname } = new URL(request.url)
    if (!files.has(pathname)) return next()
    const serveFile = pathname.startsWith('/assets/') ? hashedAssets : otherFiles
    const response = await serveFile(request, next)
    // srvx's file responses keep mutable headers; editing them keeps the file streaming natively.
    applySecurityHeaders(response.headers, request)
    return response
  }
}

/** Which build of react-dom the server bundle loaded: the proof that NODE_ENV took effect. */
function loadedReactDomBuild() {
  const loaded = Object.keys(createRequire(import.meta.url).cache)
  const build = (name) =>
    loaded.some(
      (file) =>
        file.includes(`${path.sep}react-dom${path.sep}cjs${path.sep}`) &&
        file.endsWith(`.${name}.js`),
    )
  return build('production') ? 'production' : build('development') ? 'development' : 'not loaded'
}

/**
 * Fills an empty embedded store with the demo data (scripts/db.ts, run with tsx: the seed stays
 * out of the build). Answers the demo logins when it did, null when the store held data or the
 * database is a real PostgreSQL.
 */
function seedEmptyStore() {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/db.ts'), 'seed-empty-store', '--json'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
  const report = JSON.parse(result.stdout.trim().split('\n').at(-1))
  return report.seeded ? report : null
}

function printDemoLogins(demoLogins, port) {
  const lines = [
    '',
    'Demo-Daten angelegt. Anmeldungen (Benutzername / Passwort):',
    ...demoLogins.demoBusinessLogins.map(
      (login) => `  ${login.username.padEnd(12)} / ${login.password}  (${login.role})`,
    ),
    'Shop-Kundin auf sonnen-apotheke (E-Mail / Passwort):',
    ...demoLogins.demoShopLogins.map((login) => `  ${login.email} / ${login.password}`),
    `Back-Office: http://localhost:${port}/login`,
    `Shop:        http://sonnen-apotheke.localhost:${port}`,
    '',
  ]
  console.log(lines.join('\n'))
}

async function main() {
  if (!process.argv.includes('--no-build')) buildIfNeeded()
  const demoLogins = seedEmptyStore()
  const entry = await import(pathToFileURL(serverEntry).href)
  let app
  try {
    app = await entry.startApp(process.env)
  } catch (error) {
    console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error)
    process.exit(1)
  }

  const server = serve({
    fetch: entry.default.fetch,
    port: app.config.PORT,
    // srvx's own trustProxy stays off: the app resolves TRUST_PROXY first, for every response.
    middleware: [
      entry.trustedProxyMiddleware(app.config.TRUST_PROXY),
      staticFiles(entry.applySecurityHeaders),
      compressResponses,
    ],
    gracefulShutdown: false,
    silent: true,
  })
  await server.ready()
  const port = Number(new URL(server.url).port || app.config.PORT)
  entry.setListeningPort(app, port)
  app.logger.info(
    { url: server.url, nodeEnv: process.env.NODE_ENV, reactDom: loadedReactDomBuild() },
    'listening',
  )
  if (demoLogins) printDemoLogins(demoLogins, port)

  let stopping = false
  const shutdown = async (signal) => {
    if (stopping) return
    stopping = true
    app.logger.info({ signal }, 'shutting down: no new connections, finishing open requests')
    const force = setTimeout(() => {
      app.logger.error('requests still open after 15 s; exiting')
      process.exit(1)
    }, 15_000)
    force.unref()
    await entry.endOpenStreams()
    await server.close()
    await entry.stopApp()
    app.logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

await main()

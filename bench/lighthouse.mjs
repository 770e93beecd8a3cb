// Lighthouse of the shop's pages (/shop, /blueten, a product page on the shop host) and /login
// against the production build as `npm start` runs it (`npm run bench:lighthouse`). Runs offline
// in the system Chromium, each page LIGHTHOUSE_RUNS times (default 5) on Lighthouse's mobile and
// desktop settings, and prints the median performance score with the metrics of that run and the
// accessibility, best-practices and SEO scores; writes them to bench/results/lighthouse-<date>.
// Issue 36 asks for mobile ≥ 98 on each page with LCP ≤ 1.5 s, or, where hydration's blocking
// time makes that impossible on the machine, within 2 points of the floor: an empty Start page
// (bench/peers/empty-start), built and measured in the same run.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { writeResults } from './results.mjs'
import { root, shopHost, startServer } from './server.mjs'

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5)
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
// A closed network: nothing but the page under test may reach out.
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const formFactors = [
  ['mobile', []],
  ['desktop', ['--preset=desktop']],
]

function lighthouse(url, extraArgs) {
  const args = [
    url,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${chromeFlags.join(' ')}`,
    ...extraArgs,
  ]
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/lighthouse/cli/index.js'), ...args],
      {
        env: { ...process.env, CHROME_PATH: chromePath },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let report = ''
    child.stdout.on('data', (chunk) => {
      report += chunk
    })
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(report))
        : reject(new Error(`lighthouse exited with ${code}`)),
    )
  })
}

/** Lighthouse itself asks to run again after a broken trace; on a busy machine that happens. */
async function lighthouseWithRetries(url, extraArgs, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(url, extraArgs)
    } catch (error) {
      if (attempt === attempts) throw error
      console.error(`${error.message}; running again (${attempt + 1}/${attempts})`)
    }
  }
}

function summary(report) {
  const metric = (id) => report.audits[id].numericValue
  const score = (category) => Math.round(report.categories[category].score * 100)
  return {
    benchmarkIndex: report.environment.benchmarkIndex,
    score: score('performance'),
    a11y: score('accessibility'),
    'best pr.': score('best-practices'),
    seo: score('seo'),
    'FCP ms': Math.round(metric('first-contentful-paint')),
    'LCP ms': Math.round(metric('largest-contentful-paint')),
    'TBT ms': Math.round(metric('total-blocking-time')),
    CLS: Number(metric('cumulative-layout-shift').toFixed(3)),
    'SI ms': Math.round(metric('speed-index')),
  }
}

const floorDir = path.join(root, 'bench/peers/empty-start')

/** Builds the empty Start page and serves it; answers its URL and a stop function. */
async function startFloorPage() {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: floorDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  if (build.status !== 0) throw new Error('building the empty Start page failed')
  const child = spawn(process.execPath, [path.join(floorDir, 'serve.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(String(chunk).trim()))
    child.once('exit', (code) => reject(new Error(`the empty Start page exited with ${code}`)))
  })
  return { url, stop: () => child.kill() }
}

const lighthouseVersion = JSON.parse(
  readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
).version
const loadBefore = loadavg()
const server = await startServer()
const floor = await startFloorPage()
const floorPage = 'empty Start page (floor)'
try {
  const pages = [
    [floorPage, floor.url],
    ['/shop (shop host)', `http://${shopHost}:${server.port}/shop`],
    ['/blueten (shop host)', `http://${shopHost}:${server.port}/blueten`],
    // Nordstern, loose by the gram (demoProductIds.pharmacyLooseFlower).
    [
      '/blueten/$id (shop host)',
      `http://${shopHost}:${server.port}/blueten/00000000-0000-4000-8000-000000003001`,
    ],
    ['/login', `${server.url}/login`],
  ]
  const results = []
  // Lighthouse's own measure of the machine's CPU speed at each run: scores are comparable only
  // between machines of similar index (ADR 083).
  const benchmarkIndexes = []
  for (const [page, url] of pages) {
    for (const [formFactor, extraArgs] of formFactors) {
      const scored = []
      for (let run = 0; run < runs; run += 1)
        scored.push(summary(await lighthouseWithRetries(url, extraArgs)))
      scored.sort((a, b) => a.score - b.score)
      const { benchmarkIndex, ...median } = scored[Math.floor(scored.length / 2)]
      benchmarkIndexes.push(...scored.map((s) => s.benchmarkIndex))
      results.push({ page, formFactor, ...median, scores: scored.map((s) => s.score).join(' ') })
    }
  }
  const machine =
    `Lighthouse ${lighthouseVersion}, median performance of ${runs} runs, ${chromePath}, ` +
    `${cpus().length} cores, load average ${loadBefore[0].toFixed(2)} before / ` +
    `${loadavg()[0].toFixed(2)} after, benchmarkIndex ${Math.min(...benchmarkIndexes)}–` +
    `${Math.max(...benchmarkIndexes)}`
  console.log(`\n${machine}`)
  console.table(results)
  const mobile = results.filter((row) => row.formFactor === 'mobile')
  const floorScore = mobile.find((row) => row.page === floorPage)?.score ?? 100
  const verdicts = mobile
    .filter((row) => row.page !== floorPage)
    .map((row) => {
      const scoreMet = row.score >= 98 || row.score >= floorScore - 2
      return (
        `${row.page} mobile: score ${row.score} (≥ 98 or ≥ floor ${floorScore} − 2: ` +
        `${scoreMet ? 'met' : 'MISSED'}), ` +
        `LCP ${row['LCP ms']} ms (≤ 1500: ${row['LCP ms'] <= 1500 ? 'met' : 'MISSED'})`
      )
    })
  for (const line of verdicts) console.log(line)
  writeResults({ name: 'lighthouse', title: 'Lighthouse', machine, rows: results, verdicts })
} finally {
  floor.stop()
  await server.stop()
}

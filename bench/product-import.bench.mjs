// Benchmark of the master product import (issue 8): 10,000 valid rows end to end against the
// production build, started exactly as `npm start` runs it (bench/server.mjs) — upload of the
// CSV (parse and preview happen on upload), reading the preview's state, confirm, and asking for
// the state until the import is done, as the page does. Target: ≤ 15 s on PGlite. With
// BENCH_DATABASE_URL (or DATABASE_URL) also on a fresh database on that PostgreSQL server.
// BENCH_TRACE=1 prints every state the bench reads while the import runs (the page's progress).
//
// Run from the project root after `npm run build`: npm run bench:import
import { cpus, loadavg } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { logInAdmin, startServer } from './server.mjs'

const rowCount = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000)
const targetSeconds = 15

/** The PZN check digit (weights 1…7, modulo 11; a remainder of 10 is never issued). */
function pznCheckDigit(firstSeven) {
  let sum = 0
  for (let index = 0; index < 7; index++) sum += Number(firstSeven[index]) * (index + 1)
  const remainder = sum % 11
  return remainder === 10 ? null : remainder
}

/** `rowCount` valid German rows; PZNs from 28… which the demo data does not use. */
function importFile() {
  const lines = [
    'PZN;Bezeichnung;Hersteller;Marke;Kategorie;Sorte;Genetik;THC (%);CBD (%);Terpene;Bestrahlt;Herkunftsland;Packungsgröße;Status',
  ]
  const cultivars = ['Morgentau', 'Leuchtturm', 'Gipfelstern', 'Dünengras', 'Heidekraut']
  for (let number = 2_800_000; lines.length <= rowCount; number++) {
    const firstSeven = String(number)
    const check = pznCheckDigit(firstSeven)
    if (check === null) continue
    const index = lines.length
    const cultivar = cultivars[index % cultivars.length]
    lines.push(
      [
        `${firstSeven}${check}`,
        `Bench ${cultivar} ${index}`,
        `Benchwerk ${index % 40} GmbH`,
        'Benchwerk',
        'Blüte',
        cultivar,
        ['Indica', 'Sativa', 'Hybrid'][index % 3],
        `${15 + (index % 15)},${index % 10}`,
        `0,${index % 10}`,
        'Myrcen, Limonen',
        index % 4 === 0 ? 'ja' : 'nein',
        ['Kanada', 'Deutschland', 'Portugal', 'Dänemark'][index % 4],
        `${[5, 10, 15][index % 3]} g`,
        'aktiv',
      ].join(';'),
    )
  }
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`)
}

async function call(base, token, path, init = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  })
  const body = await response.json()
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.message}`)
  return body
}

async function run(label, postgresUrl) {
  const server = await startServer({ postgresUrl })
  try {
    const token = await logInAdmin(server.url)
    const bytes = importFile()
    const form = new FormData()
    form.append('file', new Blob([bytes], { type: 'text/csv' }), 'bench.csv')

    const started = performance.now()
    const { id } = await call(server.url, token, '/api/admin/product-imports', {
      method: 'POST',
      body: form,
    })
    const uploaded = performance.now()
    const preview = await call(server.url, token, `/api/admin/product-imports/${id}`)
    if (preview.counts.new !== rowCount) {
      throw new Error(`preview: ${JSON.stringify(preview.counts)}, expected ${rowCount} new rows`)
    }
    await call(server.url, token, `/api/admin/product-imports/${id}/confirm`, { method: 'POST' })
    let state = preview
    let polls = 0
    // The page asks once a second; the bench asks more often, so the end is seen promptly.
    while (state.status === 'previewed' || state.status === 'running') {
      await sleep(100)
      state = await call(server.url, token, `/api/admin/product-imports/${id}`)
      polls++
      if (process.env.BENCH_TRACE)
        console.log(
          ((performance.now() - uploaded) / 1000).toFixed(2),
          state.status,
          state.processedRows,
        )
    }
    const done = performance.now()
    if (state.status !== 'completed' || state.createdCount !== rowCount) {
      throw new Error(`import ended ${state.status}: ${JSON.stringify(state)}`)
    }
    const total = (done - started) / 1000
    console.log(
      [
        `${label}: ${rowCount.toLocaleString('de-DE')} rows`,
        `  upload + parse + preview: ${((uploaded - started) / 1000).toFixed(2)} s (${(bytes.byteLength / 1024).toFixed(0)} KiB)`,
        `  confirm → completed:      ${((done - uploaded) / 1000).toFixed(2)} s (${polls} state polls)`,
        `  end to end:               ${total.toFixed(2)} s (target ≤ ${targetSeconds} s) ${total <= targetSeconds ? 'OK' : 'TOO SLOW'}`,
      ].join('\n'),
    )
    return total <= targetSeconds
  } finally {
    await server.stop()
  }
}

console.log(
  `${cpus().length} cores, load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
)
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
const results = [await run('PGlite', null)]
if (postgresUrl) results.push(await run('PostgreSQL', postgresUrl))
if (results.includes(false)) process.exitCode = 1

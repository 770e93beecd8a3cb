// Benchmark of the master product import against XLSX decompression bombs (security issue,
// defect 4: a 5 MB workbook of 1,000,000 rows took 11.8 s, the server's memory grew from 427 MB
// to 1.7 GB and /api/health waited 10 s meanwhile). Against the production build, started
// exactly as `npm start` runs it (bench/server.mjs), a platform admin uploads three bombs of a
// million rows each:
//   - packed to 5 MB and unpacking to 79 MB: within the zip's limit, refused at the row limit
//     while the rows are read as they unpack;
//   - unpacking to 211 MB: refused by the zip's central directory before anything is unpacked;
//   - the same, its directory declaring 1 KB for the worksheet: refused as it unpacks past that;
// and 50,000 rows whose only cell is in the sheet's last column (XFD), which would pad every row
// to 16,384 cells: refused by the column limit.
// For each: the time to the refusal (and the server's CPU time for it, which other work on the
// machine does not inflate), the growth of the server process's resident memory (peak
// while the upload runs, sampled every 10 ms from /proc, so Linux only, against just before the
// upload) and the slowest /api/health answer meanwhile (asked one after the other). Targets:
// refused within 1 s, memory + < 100 MB. A small valid workbook is imported first, so the server
// has run the import's code once, as a server in use has.
//
// Run from the project root: npm run bench:xlsx-bomb (builds first; the bombs load through tsx).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { register } from 'tsx/esm/api'
import { machineNote } from './list-bench.mjs'
import { cpuSeconds, logInAdmin, startServer } from './server.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
register()
const { declaringUnpackedSize, sheetPath, workbookOf, worksheetOfRows } = await import(
  '../tests/support/xlsx-bombs.ts'
)

const targetSeconds = 1
const targetGrowthMegabytes = 100

const megabytes = (bytes) => bytes / 1024 / 1024

/** Resident memory of the process `pid` in bytes. */
async function residentBytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  // A process that is gone holds no memory.
  return Number(kilobytes ?? 0) * 1024
}

async function upload(base, token, bytes) {
  const form = new FormData()
  form.append('file', new Blob([bytes]), 'produkte.xlsx')
  const response = await fetch(`${base}/api/admin/product-imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  return { status: response.status, body: await response.json() }
}

/** Runs `probe` over and over until `stop()`; answers the results. */
function repeatUntilStopped(probe) {
  let stopped = false
  const results = []
  const loop = (async () => {
    while (!stopped) results.push(await probe())
  })()
  return async () => {
    stopped = true
    await loop
    return results
  }
}

async function measureUpload(server, token, label, bytes) {
  const before = await residentBytes(server.pid)
  const cpuBefore = await cpuSeconds(server.pid)
  const stopSampling = repeatUntilStopped(async () => {
    const resident = await residentBytes(server.pid)
    await sleep(10)
    return resident
  })
  // A server that falls over under the bomb answers nothing: counted, not thrown.
  const stopHealth = repeatUntilStopped(async () => {
    const asked = performance.now()
    const answered = await fetch(`${server.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    return answered ? performance.now() - asked : Number.NaN
  })
  const started = performance.now()
  const answer = await upload(server.url, token, bytes).catch((error) => ({
    status: 0,
    body: { message: `no answer (${error.cause?.code ?? error.message})` },
  }))
  const seconds = (performance.now() - started) / 1000
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore
  const [samples, healthProbes] = await Promise.all([stopSampling(), stopHealth()])
  const healthTimes = healthProbes.filter((time) => !Number.isNaN(time))
  const growth = megabytes(Math.max(before, ...samples) - before)
  const ok = answer.status === 413 && seconds <= targetSeconds && growth < targetGrowthMegabytes
  console.log(
    [
      `${label} (${megabytes(bytes.byteLength).toFixed(1)} MB file)`,
      `  answer:          ${answer.status} ${answer.body.message}`,
      `  refused after:   ${seconds.toFixed(2)} s (target ≤ ${targetSeconds} s), server CPU ${cpu.toFixed(2)} s`,
      `  memory growth:   ${growth.toFixed(0)} MB (from ${megabytes(before).toFixed(0)} MB; target < ${targetGrowthMegabytes} MB)`,
      `  /api/health:     slowest ${Math.max(...healthTimes).toFixed(0)} ms of ${healthTimes.length} answers meanwhile, ${healthProbes.length - healthTimes.length} unanswered`,
      `  ${ok ? 'OK' : 'MISSED'}`,
    ].join('\n'),
  )
  return ok
}

const withinLimit = await workbookOf(worksheetOfRows(1_000_000, '20001007'))
const beyondLimit = await workbookOf(worksheetOfRows(1_000_000, 'Blüte '.repeat(20)))
const lying = declaringUnpackedSize(beyondLimit, sheetPath, 1024)
const farRight = await workbookOf(worksheetOfRows(50_000, 'x', 'XFD'))

const server = await startServer()
const results = []
try {
  const token = await logInAdmin(server.url)
  const warmUp = await upload(server.url, token, await workbookOf(worksheetOfRows(10, 'x')))
  if (warmUp.status !== 201) throw new Error(`the valid workbook answered ${warmUp.status}`)
  results.push(
    await measureUpload(server, token, '1,000,000 rows unpacking to 79 MB', withinLimit),
    await measureUpload(server, token, '1,000,000 rows unpacking to 211 MB', beyondLimit),
    await measureUpload(server, token, 'the same, declaring 1 KB for its worksheet', lying),
    await measureUpload(server, token, '50,000 rows with a cell in column XFD', farRight),
  )
} finally {
  await server.stop()
}
console.log(machineNote())
if (results.includes(false)) process.exitCode = 1

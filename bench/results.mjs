// Where a benchmark leaves its figures: bench/results/<name>-<date>.json (everything measured) and
// .md (the table a person reads), stamped with the moment of the run. git keeps the ones quoted in
// the ADRs under bench/recorded/.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { root } from './server.mjs'

/**
 * Writes `rows` (objects with the same keys) as a JSON record with `details` and a Markdown table
 * under `title`, the `machine` line and the `verdicts`; answers the two files' common path.
 */
export function writeResults({ name, title, machine, rows, verdicts = [], details = {} }) {
  const date = new Date().toISOString()
  const stamp = date.replace(/[:.]/g, '-')
  const resultsDir = path.join(root, 'bench/results')
  mkdirSync(resultsDir, { recursive: true })
  const base = path.join(resultsDir, `${name}-${stamp}`)
  writeFileSync(
    `${base}.json`,
    `${JSON.stringify({ date, machine, ...details, rows, verdicts }, null, 2)}\n`,
  )
  const columns = Object.keys(rows[0] ?? {})
  writeFileSync(
    `${base}.md`,
    [
      `# ${title}, ${date}`,
      '',
      machine,
      '',
      `| ${columns.join(' | ')} |`,
      `| ${columns.map(() => '---').join(' | ')} |`,
      ...rows.map((row) => `| ${columns.map((column) => row[column]).join(' | ')} |`),
      '',
      ...verdicts.map((line) => `- ${line}`),
      '',
    ].join('\n'),
  )
  const written = path.relative(root, base)
  console.log(`Written: ${written}.json and .md`)
  return written
}

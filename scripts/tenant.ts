// `npm run tenant:set-mollie-key -- <slug> [--remove]`: stores a tenant's Mollie API key, sealed
// with the app secret, until the shop-settings screen exists. The key is read from standard input
// (piped, or typed at the prompt), never from the command line, so it stays out of shell history.
import { createInterface } from 'node:readline/promises'
import { parseConfig } from '../src/server/config.server'
import { databaseTargetFromConfig, openDatabase } from '../src/server/db/client.server'
import { DomainError } from '../src/server/errors.server'
import { setTenantMollieKey } from '../src/server/payments/mollie-keys.server'
import { checkAppSecret, createSecretBox, loadAppSecret } from '../src/server/secrets.server'

const [command, slug, ...flags] = process.argv.slice(2)
if (command !== 'set-mollie-key' || !slug || flags.some((flag) => flag !== '--remove')) {
  console.error('Usage: npm run tenant:set-mollie-key -- <tenant-slug> [--remove]')
  process.exit(2)
}
const remove = flags.includes('--remove')

async function readKey(): Promise<string> {
  const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: false })
  if (process.stdin.isTTY) process.stdout.write(`Mollie API key for ${slug}: `)
  for await (const line of lines) {
    lines.close()
    return line
  }
  return ''
}

let exitCode = 0
try {
  const config = parseConfig(process.env)
  const database = await openDatabase(databaseTargetFromConfig(config))
  try {
    await database.migrate()
    const secret = await loadAppSecret({ appSecret: config.APP_SECRET, dataDir: config.DATA_DIR })
    await checkAppSecret(database.db, secret)
    const key = remove ? null : await readKey()
    const { mode } = await setTenantMollieKey(
      database.db,
      createSecretBox(secret),
      slug,
      key,
      'cli:tenant:set-mollie-key',
    )
    console.log(
      mode
        ? `Stored the ${mode} Mollie API key of ${slug}.`
        : `Removed the Mollie API key of ${slug}.`,
    )
  } finally {
    await database.close()
  }
} catch (error) {
  // A refused key names its problem (the schema's message per field); anything else as it is.
  const problems = error instanceof DomainError ? Object.values(error.extra.errors ?? {}) : []
  console.error(
    problems.length > 0 ? problems.join(' ') : error instanceof Error ? error.message : error,
  )
  exitCode = 1
}
process.exit(exitCode)

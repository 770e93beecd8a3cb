import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createPgliteClient } from './database-clients'
import { createPostgresDatabase, pgliteDump, type TestDatabaseKind } from './databases'

export interface TestServer {
  baseUrl: string
  kind: TestDatabaseKind
  /**
   * Connection URL when the server runs on PostgreSQL: the app's role in the system scope, for the
   * test's own checks (the server itself runs without a default scope).
   */
  databaseUrl: string | null
  /** The owner's connection URL on PostgreSQL: for a test that breaks the schema on purpose. */
  ownerDatabaseUrl: string | null
  /** Log lines the server printed so far (JSON lines from pino). */
  logs: string[]
  stop(): Promise<void>
}

const projectRoot = path.resolve(import.meta.dirname, '../..')

/** What pg's deprecation warning says when a connection is sent a query while it runs others. */
export const overlappingQueriesWarning = 'when the client is already executing a query'

/**
 * Starts the production build (`npm run build` must have run) on a free port with its own data
 * directory; on PGlite or PostgreSQL with a copy of the migrated and seeded test database.
 */
export async function startTestServer(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'blattwerk-test-'))
  const postgres = kind === 'postgres' ? await createPostgresDatabase({ seeded: true }) : null
  if (!postgres) await placeSeededPglite(path.join(dataDir, 'pglite'))

  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: postgres?.appUrl ?? '',
      MIGRATION_DATABASE_URL: postgres?.ownerUrl ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const baseUrl = await waitForListening(child, logs)

  return {
    baseUrl,
    kind,
    databaseUrl: postgres?.url ?? null,
    ownerDatabaseUrl: postgres?.ownerUrl ?? null,
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await postgres?.drop()
      await rm(dataDir, { recursive: true, force: true })
      // As in the tests' own process (queries-one-at-a-time.ts): the server's queries of one
      // transaction must not be sent side by side.
      const overlapping = logs.filter((line) => line.includes(overlappingQueriesWarning))
      if (overlapping.length > 0) {
        throw new Error(
          `the server sent queries side by side on one connection:\n${logs.join('\n')}`,
        )
      }
    },
  }
}

/** The server's PGlite data directory, filled from the seeded dump: the server finds it ready. */
async function placeSeededPglite(pgliteDir: string): Promise<void> {
  const client = await createPgliteClient({ dump: await pgliteDump('seeded'), dataDir: pgliteDir })
  await client.close()
}

function waitForListening(child: ChildProcess, logs: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${logs.join('\n')}`)),
      60_000,
    )
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`))
    })
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue
      createInterface({ input: stream }).on('line', (line) => {
        logs.push(line)
        if (!line.startsWith('{')) return
        const entry = JSON.parse(line) as { msg?: string; url?: string }
        if (entry.msg === 'listening' && entry.url) {
          clearTimeout(timer)
          const port = new URL(entry.url).port
          resolve(`http://localhost:${port}`)
        }
      })
    }
  })
}

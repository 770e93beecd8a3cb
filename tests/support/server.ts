import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createPostgresDatabase, type TestDatabaseKind } from './databases'

export interface TestServer {
  baseUrl: string
  kind: TestDatabaseKind
  /** Connection URL when the server runs on PostgreSQL. */
  databaseUrl: string | null
  /** Log lines the server printed so far (JSON lines from pino). */
  logs: string[]
  stop(): Promise<void>
}

const projectRoot = path.resolve(import.meta.dirname, '../..')

/**
 * Starts the production build (`npm run build` must have run) on a free port with its own data
 * directory; on PostgreSQL with a fresh database that is migrated and seeded first.
 */
export async function startTestServer(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'blattwerk-test-'))
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null
  if (postgres) await seedPostgres(postgres.url)

  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: postgres?.url ?? '',
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
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await postgres?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

async function seedPostgres(url: string): Promise<void> {
  const { openDatabase } = await import('~/server/db/client.server')
  const { seedDemoData } = await import('~/server/db/seed.server')
  const handle = await openDatabase({ driver: 'postgres', url, poolSize: 2 })
  try {
    await handle.migrate()
    await seedDemoData(handle.db)
  } finally {
    await handle.close()
  }
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

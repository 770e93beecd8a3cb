import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '~/server/db/client.server'
import { seedDemoData } from '~/server/db/seed.server'
import {
  checkAppRole,
  createPgliteClient,
  harnessTarget,
  postgresUrls,
  withAdminClient,
} from './database-clients'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Data-directory dumps of PGlite: freshly initialised, and migrated + seeded. */
    pgliteDumps: { empty: string; seeded: string }
    /** A PostgreSQL database, migrated and seeded, that test databases are copied from. */
    postgresTemplate: string | null
  }
}

/**
 * Builds the test databases once per run, so that each test file copies a seeded database
 * instead of initialising, migrating and seeding its own (ADR 023): a fresh PGlite costs
 * seconds of initdb, loading a dump well under one; PostgreSQL copies a template database.
 */
export default async function setup(project: TestProject) {
  const dumpDir = await mkdtemp(path.join(tmpdir(), 'blattwerk-dumps-'))
  const pglite = await createPgliteClient()
  const emptyDump = path.join(dumpDir, 'empty.tar')
  await writeFile(emptyDump, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()))
  const handle = await openDatabase({ driver: 'pglite', dataDir: null, client: pglite })
  await handle.migrate()
  await seedDemoData(handle.db)
  const seededDump = path.join(dumpDir, 'seeded.tar')
  await writeFile(seededDump, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()))
  await handle.close()
  project.provide('pgliteDumps', { empty: emptyDump, seeded: seededDump })

  let template: string | null = null
  if (process.env.TEST_DATABASE_URL) {
    await checkAppRole()
    template = `blattwerk_template_${randomBytes(6).toString('hex')}`
    await withAdminClient((client) => client.query(`create database "${template}"`))
    // The owner migrates and grants; the app's role seeds, in the system scope.
    const postgres = await openDatabase(harnessTarget(postgresUrls(template), 2))
    await postgres.migrate()
    await seedDemoData(postgres.db)
    await postgres.close()
  }
  project.provide('postgresTemplate', template)

  return async () => {
    await rm(dumpDir, { recursive: true, force: true })
    if (template) {
      await withAdminClient((client) =>
        client.query(`drop database if exists "${template}" with (force)`),
      )
    }
  }
}

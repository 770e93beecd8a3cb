// `npm run db:migrate` and `npm run db:seed`: against DATABASE_URL when set, else the embedded store.
// `seed-empty-store` is the step `npm start` (and `npm run dev`) runs before the server: it fills an
// empty embedded store with the demo data, so that the server itself never imports the seed
// (ADR 059). With `--json` it reports on stdout whether it did, with the demo logins to print.
import { parseConfig } from '../src/server/config.server'
import { databaseTargetFromConfig, openDatabase } from '../src/server/db/client.server'
import {
  demoBusinessLogins,
  demoShopLogins,
  isDatabaseEmpty,
  seedDemoData,
} from '../src/server/db/seed.server'

const commands = ['migrate', 'seed', 'seed-empty-store'] as const
const command = commands.find((name) => name === process.argv[2])
if (!command) {
  console.error(`Usage: tsx scripts/db.ts ${commands.join('|')} [--json]`)
  process.exit(2)
}

let config: ReturnType<typeof parseConfig>
try {
  config = parseConfig(process.env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

const target = databaseTargetFromConfig(config)
if (command === 'seed-empty-store') {
  // Demo data only ever lands in the embedded store by itself; a real PostgreSQL is seeded on request.
  const seeded = target.driver === 'pglite' && (await seedEmptyStore())
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(seeded ? { seeded, demoBusinessLogins, demoShopLogins } : { seeded }),
    )
  } else if (seeded) {
    console.log('Empty embedded store filled with the demo data.')
  }
} else {
  const database = await openDatabase(target)
  try {
    await database.migrate()
    console.log(`Migrations applied (${database.driver}).`)
    if (command === 'seed') {
      await seedDemoData(database.db)
      console.log('Demo data present (existing rows left unchanged).')
    }
  } finally {
    await database.close()
  }
}

/** Migrates the embedded store and seeds it when it holds no organisation yet. */
async function seedEmptyStore(): Promise<boolean> {
  const database = await openDatabase(target)
  try {
    await database.migrate()
    const empty = await isDatabaseEmpty(database.systemDb)
    if (empty) await seedDemoData(database.systemDb)
    return empty
  } finally {
    await database.close()
  }
}

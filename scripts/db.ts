// `npm run db:migrate` and `npm run db:seed`: against DATABASE_URL when set, else the embedded store.
import { parseConfig } from '../src/server/config.server'
import { databaseTargetFromConfig, openDatabase } from '../src/server/db/client.server'
import { seedDemoData } from '../src/server/db/seed.server'

const command = process.argv[2]
if (command !== 'migrate' && command !== 'seed') {
  console.error('Usage: tsx scripts/db.ts migrate|seed')
  process.exit(2)
}

let config: ReturnType<typeof parseConfig>
try {
  config = parseConfig(process.env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

const database = await openDatabase(databaseTargetFromConfig(config))
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

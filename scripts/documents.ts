// `npm run documents:reissue`: re-issues every stored document whose PDF carries the unreadable
// font of the renderer before ADR 053 — same number and content, drawn again with a note saying
// so, the old file kept, an audit event per document. Against DATABASE_URL when set, else the
// embedded store. Safe to run again: re-issued documents are not touched twice.

import { systemActor } from '../src/server/actor.server'
import { parseConfig } from '../src/server/config.server'
import { databaseTargetFromConfig, openDatabase } from '../src/server/db/client.server'
import { reissueDocumentsWithBrokenFont } from '../src/server/documents/document-reissue.server'

if (process.argv[2] !== 'reissue') {
  console.error('Usage: tsx scripts/documents.ts reissue')
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
  const { checked, reissued } = await reissueDocumentsWithBrokenFont(
    database.db,
    systemActor('cli:documents:reissue'),
  )
  for (const document of reissued) {
    console.log(`Re-issued ${document.number} (organisation ${document.organisationId}).`)
  }
  console.log(`Checked ${checked} documents, re-issued ${reissued.length}.`)
} finally {
  await database.close()
}

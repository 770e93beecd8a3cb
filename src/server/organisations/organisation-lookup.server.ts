import { eq } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import { isUuid } from '../../lib/ids'
import type { Executor } from '../db/client.server'
import { organisations } from '../db/schema'

/**
 * Organisation `id` with the chosen columns, or undefined when there is none. An id from outside
 * (a URL, a search, a form) may be no uuid at all; PostgreSQL would refuse it with an error, so
 * such an id finds nothing, and the caller answers "not found" as for any unknown id. `lock`
 * holds the row until the transaction ends.
 */
export async function findOrganisation<TColumns extends SelectedFields>(
  executor: Executor,
  id: string,
  columns: TColumns,
  { lock }: { lock?: 'update' | 'no key update' } = {},
): Promise<SelectResultFields<TColumns> | undefined> {
  if (!isUuid(id)) return undefined
  const select = executor
    .select(columns)
    .from(organisations)
    .where(eq(organisations.id, id))
    .$dynamic()
  const [row] = await (lock ? select.for(lock) : select)
  return row
}

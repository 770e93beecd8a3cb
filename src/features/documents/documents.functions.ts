import { createServerFn } from '@tanstack/react-start'
import { documentListSearch } from '~/lib/document-lists'
import { listDocuments } from '~/server/documents/documents.server'
import { authenticated } from '../server-fn/auth.middleware'
import { readBy } from '../server-fn/inputs'

/**
 * What `/documents` reads; its loader calls this. The order's and the
 * customer's cards read through `document-cards.functions.ts`, so this route's first load stays small.
 */

export const fetchDocuments = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(documentListSearch.parse))
  .handler(async ({ data, context }) => listDocuments(context.actor, data, context.db))

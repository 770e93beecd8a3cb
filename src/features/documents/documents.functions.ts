import { createServerFn } from '@tanstack/react-start'
import { documentListSearch } from '~/lib/document-lists'
import { getApp } from '~/server/app.server'
import { listDocuments } from '~/server/documents/documents.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * What `/documents` reads; its loader calls this (zod-free validator). The order's and the
 * customer's cards read through `document-cards.functions.ts`, so this route's first load stays small.
 */

export const fetchDocuments = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(documentListSearch.parse)
  .handler(async ({ data, context }) => listDocuments(context.actor, data, (await getApp()).db))

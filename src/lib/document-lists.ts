import { documentKinds } from './customer-enums'
import { listSearchSchema, oneOf } from './list-query'

/**
 * The `/documents` list's search params. Apart from `documents.ts` because the list route parses
 * its search on first paint (ADR 012, 013): this stays small and zod-free.
 */

/** What `/documents` lists: issued documents, and uploads (CoAs of batches, prescription scans). */
export const documentListTypes = [...documentKinds, 'certificate', 'prescription_scan'] as const
export type DocumentListType = (typeof documentListTypes)[number]

export const documentSortKeys = ['date', 'number', 'type', 'party'] as const
export const documentListSearch = listSearchSchema({
  sort: documentSortKeys,
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: { type: oneOf(documentListTypes) },
})
export type DocumentListSearch = ReturnType<typeof documentListSearch.parse>

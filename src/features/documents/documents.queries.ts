import { queryOptions } from '@tanstack/react-query'
import type { DocumentListSearch } from '~/lib/document-lists'
import { fetchDocuments } from './documents.functions'

/** Every document query starts with this key: issuing one invalidates them all. */
export const documentsKey = ['documents'] as const

export const documentsQuery = (search: DocumentListSearch) =>
  queryOptions({
    queryKey: [...documentsKey, 'list', search],
    queryFn: () => fetchDocuments({ data: search }),
  })

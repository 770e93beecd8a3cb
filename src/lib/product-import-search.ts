import { isUuid } from './ids'

/**
 * The import page's search params: the route reads them on first load, so they stay apart from
 * everything else of the import (ADR 012, 013).
 */

export const importRowStatuses = ['new', 'changed', 'unchanged', 'invalid'] as const
export type ImportRowStatus = (typeof importRowStatuses)[number]

/** The import page's search params: which upload, which rows of its preview. */
export interface ProductImportSearch {
  import?: string
  rows?: ImportRowStatus
  page?: number
}

/** The row status a param names, or undefined. */
export const rowStatusOf = (value: unknown): ImportRowStatus | undefined =>
  importRowStatuses.includes(value as ImportRowStatus) ? (value as ImportRowStatus) : undefined

/** Reads the page's search params; whatever does not parse is left out (a stale link still opens). */
export function parseProductImportSearch(input: Record<string, unknown>): ProductImportSearch {
  const search: ProductImportSearch = {}
  if (isUuid(input.import)) search.import = input.import
  const rows = rowStatusOf(input.rows)
  if (rows) search.rows = rows
  if (Number.isInteger(input.page) && (input.page as number) > 1) search.page = input.page as number
  return search
}

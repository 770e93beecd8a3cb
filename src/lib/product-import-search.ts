import { isUuid } from './ids'
import { oneOf } from './list-query'

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
export const rowStatusOf = oneOf(importRowStatuses)

/** Reads the page's search params; whatever does not parse is left out (a stale link still opens). */
export function parseProductImportSearch(input: Record<string, unknown>): ProductImportSearch {
  const { page } = input
  return {
    import: isUuid(input.import) ? input.import : undefined,
    rows: rowStatusOf(input.rows),
    page: Number.isInteger(page) && (page as number) > 1 ? (page as number) : undefined,
  }
}

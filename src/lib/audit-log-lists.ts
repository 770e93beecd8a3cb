import type { SearchSchemaInput } from '@tanstack/react-router'
import { type PageSize, pageSizes } from './list-query'

/**
 * The search params of the admin's audit log (`/admin/audit`): filters, the page size and a
 * keyset cursor instead of a page number (ADR 042). Apart from `audit-log.ts` because the route
 * parses its search on first paint (ADR 012, 013). This parser checks only the shape of each
 * value; what a value means (an id, a day, a cursor) the service checks, which ignores a filter
 * that is none (audit-log.server.ts) — every byte here is on every page's first load.
 */

export interface AuditLogSearch {
  pageSize: PageSize
  /** An organisation's id, or `none` (events of no organisation: the platform's, master products). */
  organisation?: string
  /** The acting user's or shop customer's id, or a platform job's name. */
  actor?: string
  /** `<area>.<verb>`, e.g. `customer_order.confirmed`. */
  action?: string
  /** The audited record's type, e.g. `batch`. */
  entity?: string
  /** One record of `entity` (only together with it: the index is (entity_type, entity_id)). */
  entityId?: string
  /** First and last calendar day in Berlin, `YYYY-MM-DD`, both included. */
  from?: string
  to?: string
  /** Cursor of the next (older) page: the last row shown. */
  older?: string
  /** Cursor of the previous (newer) page: the first row shown. */
  newer?: string
  /** The event whose before/after the dialog shows. */
  event?: string
}

/** What a link or a caller may give: any param, or none (typed for callers; checked at run time). */
export type AuditLogSearchInput = { [K in keyof AuditLogSearch]?: AuditLogSearch[K] }

const textKeys = [
  'organisation',
  'actor',
  'action',
  'entity',
  'entityId',
  'from',
  'to',
  'older',
  'newer',
  'event',
] as const

/** Ids, codes, days and cursors are made of letters, digits and `_ . : -`, up to 100 of them. */
const textShape = /^[\w.:-]{1,100}$/

/** Keeps the params of the right shape; a broken or outdated link shows the log. */
export function parseAuditLogSearch(input: AuditLogSearchInput): AuditLogSearch {
  const search = (input ?? {}) as Record<string, unknown>
  const parsed: AuditLogSearch = {
    pageSize: pageSizes.includes(search.pageSize as PageSize)
      ? (search.pageSize as PageSize)
      : pageSizes[0],
  }
  for (const key of textKeys) {
    const value = String(search[key] ?? '')
    if (textShape.test(value)) parsed[key] = value
  }
  return parsed
}

export const auditLogSearch = {
  /** The server functions' validator. */
  parse: parseAuditLogSearch,
  /** The route's `validateSearch`. */
  validateSearch: (search: AuditLogSearchInput & SearchSchemaInput): AuditLogSearch =>
    parseAuditLogSearch(search),
}

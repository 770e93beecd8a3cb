import { type AnyColumn, asc, desc, ilike, or, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { type ListQuery, type ListResult, pageCount } from '../lib/list-query'
import type { Database } from './db/client.server'

export interface ListOrder<TSort extends string> {
  /**
   * What each sort key of the list's search schema sorts by. The URL only ever picks a key of
   * this map, never a column name of its own.
   */
  sortColumns: Record<TSort, SQLWrapper>
  /** A unique column (usually the id) that orders equal values, so no row shows on two pages. */
  tiebreaker: AnyColumn
}

/**
 * One page of a list plus the total it belongs to, in two cheap queries: a count over the
 * filtered selection, then the page itself (skipped when nothing matches). A page past the end
 * (an old link, a list that shrank) is clamped to the last page.
 *
 * @param select the list's query with its columns, joins and `where`, made `.$dynamic()`;
 *   this helper adds `orderBy`, `limit` and `offset`, so it must not have them yet.
 */
export async function listPage<TSelect extends PgSelect, TSort extends string>(
  db: Database,
  select: TSelect,
  query: ListQuery<TSort>,
  order: ListOrder<TSort>,
): Promise<ListResult<Awaited<TSelect>[number]>> {
  const { pageSize } = query
  // The subquery is built now, before the order and page below are added to `select`.
  const total = await db.$count(select.as('list_selection'))
  const page = Math.min(query.page, pageCount(total, pageSize))
  if (total === 0) return { items: [], total, page, pageSize }

  const items: Awaited<TSelect>[number][] = await select
    .orderBy(...listOrderBy(query, order))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return { items, total, page, pageSize }
}

/** The `orderBy` terms of a list's sort: its key's column, then the tiebreaker, both one way. */
export function listOrderBy<TSort extends string>(
  query: Pick<ListQuery<TSort>, 'sort' | 'dir'>,
  order: ListOrder<TSort>,
): [SQL, SQL] {
  const direction = query.dir === 'desc' ? desc : asc
  return [direction(order.sortColumns[query.sort]), direction(order.tiebreaker)]
}

/** `%`, `_` and `\` in a search are the characters themselves, not LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * The `where` part of a list search: any of `columns` contains the text, case-insensitively.
 * Undefined for an empty search, so it can go straight into `and(...)`.
 */
export function searchCondition(search: string, columns: SQLWrapper[]): SQL | undefined {
  if (!search) return undefined
  const pattern = likePattern(search)
  return or(...columns.map((column) => ilike(column as AnyColumn, pattern)))
}

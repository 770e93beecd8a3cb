import type { SearchSchemaInput } from '@tanstack/react-router'

/**
 * The contract of every server-side list (table screens): which page, how sorted, what searched
 * and filtered. It lives in the URL's search params, so a filtered list is a link; the same schema
 * validates the route's search and the server function's input.
 */

export const pageSizes = [25, 50, 100] as const
export type PageSize = (typeof pageSizes)[number]

export type SortDirection = 'asc' | 'desc'

/** Longer search text is cut, not refused: a pasted paragraph still finds something. */
export const maxSearchLength = 100

/** The params every list has; a route's filters come on top under their own names. */
export interface ListQuery<TSort extends string = string> {
  /** 1-based. */
  page: number
  pageSize: PageSize
  sort: TSort
  dir: SortDirection
  /** Trimmed; empty means no search. */
  q: string
}

/** One page of a list as the server answers it. `page` is the page actually shown (clamped to the last). */
export interface ListResult<TItem> {
  items: TItem[]
  total: number
  page: number
  pageSize: PageSize
}

export const listQueryKeys = [
  'page',
  'pageSize',
  'sort',
  'dir',
  'q',
] as const satisfies readonly (keyof ListQuery)[]

/** Reads one filter param: its value when valid, undefined (filter not applied) otherwise. */
export type ListFilter<TValue> = (value: unknown) => TValue | undefined

/** A filter with a fixed set of values, e.g. `oneOf(organisationCategories)`. */
export const oneOf =
  <const TValue extends string>(values: readonly TValue[]): ListFilter<TValue> =>
  (value) =>
    values.includes(value as TValue) ? (value as TValue) : undefined

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controlCharacter = /[\u0000-\u001f]/

/**
 * The router reads `?q=123` as a number and `?q=true` as a boolean; a search is text either way.
 * Trimmed and cut at `maxSearchLength`; a search with control characters is not applied.
 */
export function searchTextOf(value: unknown): string {
  const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value
  if (typeof text !== 'string' || controlCharacter.test(text)) return ''
  return text.trim().slice(0, maxSearchLength).trimEnd()
}

const isOneOf = <TValue>(values: readonly TValue[], value: unknown): value is TValue =>
  values.includes(value as TValue)

export type ListSearch<
  TSort extends string,
  TFilters extends Record<string, ListFilter<unknown>>,
> = ListQuery<TSort> & { [K in keyof TFilters]?: Exclude<ReturnType<TFilters[K]>, undefined> }

/** What a link or a caller may give: any param, or none (the defaults apply). */
export type ListSearchInput<TSearch> = { [K in keyof TSearch]?: TSearch[K] }

/**
 * Builds the parser of a list's search params: the route's `validateSearch` and the list server
 * function's validator. Every param falls back to its default when missing or invalid, so a
 * broken or outdated link shows the list instead of an error; a filter that does not parse is
 * not applied. Deliberately without a schema library: every route's search parser is part of
 * the code each page loads first (ADR 012).
 *
 * @param options.sort the columns the list may be sorted by (the server maps each to a column)
 * @param options.filters one parser per filter param, e.g. `{ category: oneOf(categories) }`
 */
export function listSearchSchema<
  const TSort extends readonly [string, ...string[]],
  TFilters extends Record<string, ListFilter<unknown>> = Record<never, never>,
>(options: {
  sort: TSort
  defaultSort: TSort[number]
  defaultDir?: SortDirection
  filters?: TFilters
}) {
  const filters = options.filters ?? ({} as TFilters)
  for (const name of Object.keys(filters)) {
    if ((listQueryKeys as readonly string[]).includes(name)) {
      throw new Error(`List filter "${name}" would shadow a list param of the same name`)
    }
  }
  const defaultDir = options.defaultDir ?? 'asc'
  type Search = ListSearch<TSort[number], TFilters>
  /** Typed for callers; any value is accepted at run time and checked here. */
  function parse(input: ListSearchInput<Search>): Search {
    const search = (typeof input === 'object' && input !== null ? input : {}) as Record<
      string,
      unknown
    >
    const { page, pageSize, sort, dir } = search
    const parsed: Record<string, unknown> = {
      page: Number.isInteger(page) && (page as number) >= 1 ? page : 1,
      pageSize: isOneOf(pageSizes, pageSize) ? pageSize : pageSizes[0],
      sort: isOneOf(options.sort, sort) ? sort : options.defaultSort,
      dir: dir === 'asc' || dir === 'desc' ? dir : defaultDir,
      q: searchTextOf(search.q),
    }
    for (const [name, filter] of Object.entries(filters)) {
      const value = filter(search[name])
      if (value !== undefined) parsed[name] = value
    }
    return parsed as Search
  }
  return {
    /** The server function's validator. */
    parse,
    /** The route's `validateSearch`: links may leave out any param (the router's input marker). */
    validateSearch: (search: ListSearchInput<Search> & SearchSchemaInput): Search => parse(search),
  }
}

/** Whether the list is narrowed by a search or a filter (an empty result then means "no match"). */
export function isListNarrowed(search: object): boolean {
  return Object.entries(search).some(([key, value]) =>
    key === 'q'
      ? value !== ''
      : !(listQueryKeys as readonly string[]).includes(key) && value !== undefined,
  )
}

/** A page number from a URL or a call: a whole number from 1, else 1. */
export function pageNumberOf(value: unknown): number {
  const page = Number(value)
  return Number.isInteger(page) && page > 0 ? page : 1
}

/** Pages needed for `total` items (at least one, so "Seite 1 von 1" for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * What a list shows without params. For the route's `search.middlewares`:
 * `[stripSearchParams(listSearchDefaults(schema))]` keeps defaults out of the URL. Without it
 * the server's canonical URL of `/list` carries every default and a page load redirects there.
 */
export function listSearchDefaults<TSearch>(schema: { parse(input: unknown): TSearch }): TSearch {
  return schema.parse({})
}

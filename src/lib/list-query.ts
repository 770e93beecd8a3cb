import { z } from 'zod'
import { text } from './text-schema'

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

/**
 * The router reads `?q=123` as a number and `?q=true` as a boolean; a search is text either way.
 * A search with control characters is not applied (the list shows unsearched).
 */
const searchText = z.preprocess(
  (value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
  text({ trim: true }).transform((search) => search.slice(0, maxSearchLength).trimEnd()),
)

type OptionalFilters<TFilters extends Record<string, z.ZodType>> = {
  [K in keyof TFilters]: z.ZodCatch<z.ZodOptional<TFilters[K]>>
}

/**
 * Builds a list route's `validateSearch` schema (also the list server function's validator).
 * Every param falls back to its default when missing or invalid, so a broken or outdated link
 * shows the list instead of an error; a filter that does not parse is simply not applied.
 *
 * @param options.sort the columns the list may be sorted by (the server maps each to a column)
 * @param options.filters one schema per filter param, e.g. `{ category: z.enum([...]) }`
 */
export function listSearchSchema<
  const TSort extends readonly [string, ...string[]],
  TFilters extends Record<string, z.ZodType> = Record<never, never>,
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
  const optionalFilters = Object.fromEntries(
    Object.entries(filters).map(([name, schema]) => [name, schema.optional().catch(undefined)]),
  ) as OptionalFilters<TFilters>
  return z.object({
    page: z.number().int().min(1).default(1).catch(1),
    pageSize: z.literal(pageSizes).default(pageSizes[0]).catch(pageSizes[0]),
    sort: z.enum(options.sort).default(options.defaultSort).catch(options.defaultSort),
    dir: z.enum(['asc', 'desc']).default(defaultDir).catch(defaultDir),
    q: searchText.default('').catch(''),
    ...optionalFilters,
  })
}

/** Whether the list is narrowed by a search or a filter (an empty result then means "no match"). */
export function isListNarrowed(search: object): boolean {
  return Object.entries(search).some(([key, value]) =>
    key === 'q'
      ? value !== ''
      : !(listQueryKeys as readonly string[]).includes(key) && value !== undefined,
  )
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
export function listSearchDefaults<TSchema extends z.ZodType>(schema: TSchema): z.output<TSchema> {
  return schema.parse({})
}

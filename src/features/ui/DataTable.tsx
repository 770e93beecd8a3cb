import { createLink, useNavigate } from '@tanstack/react-router'
import {
  type CellData,
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ChevronsUpDown, SearchX } from 'lucide-react'
import {
  type ComponentPropsWithRef,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react'
import { formatCount } from '~/lib/format'
import {
  isListNarrowed,
  type ListQuery,
  type ListResult,
  listQueryKeys,
  pageCount,
  pageSizes,
} from '~/lib/list-query'
import { Button, buttonClass } from './buttons'
import { EmptyState } from './EmptyState'
import { ListFilters } from './FilterDrawer'
import { SearchBox } from './SearchBox'

export interface DataColumnMeta {
  /** `end` for numbers and amounts, so digits line up. */
  align?: 'start' | 'end'
  /**
   * The column's priority: below this breakpoint (and in the phone's cards) the column is left
   * out, its value staying on the row's detail. Leave it unset for what the list is for.
   */
  hideBelow?: 'lg' | 'xl' | '2xl'
  /** The column's name in a phone's card where its header is not plain text. */
  label?: string
}

/** Whole class names, so Tailwind finds them; important, as a phone's card sets its cells' display. */
const hiddenBelow = {
  lg: 'max-lg:hidden!',
  xl: 'max-xl:hidden!',
  '2xl': 'max-2xl:hidden!',
} as const

/** A cell in a phone's card: the column's name on the left, the value on the right. */
const cardLineClass =
  'max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:wrap-anywhere max-md:before:shrink-0 max-md:before:text-ink-muted max-md:before:content-[attr(data-label)] max-md:*:min-w-0'

/** Whether a list's filter param is set; "Alle" leaves it out. */
export function isSet(value: unknown) {
  return value !== undefined && value !== null && value !== ''
}

/**
 * The search form's id, so a filter's field belongs to it wherever it is rendered: without
 * JavaScript the form's GET request carries the search and every filter.
 */
const ListFormContext = createContext<string | undefined>(undefined)

export const dataTableFeatures = tableFeatures({ columnMeta: metaHelper<DataColumnMeta>() })
export type DataTableFeatures = typeof dataTableFeatures

/** Column definitions for a `DataTable` of `TData` rows: `const columns = dataColumns<Row>()`. */
export function dataColumns<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>()
}

/**
 * Changes the current list's search params. Paging, sorting and filtering push a history entry
 * (Back returns to the previous page of the list); typing a search replaces it.
 */
export function useListNavigation() {
  const navigate = useNavigate()
  return useCallback(
    (patch: Record<string, unknown>, { replace = false } = {}) =>
      navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, ...patch }),
        replace,
        resetScroll: false,
      }),
    [navigate],
  )
}

function RowAnchor({ className = '', ...props }: ComponentPropsWithRef<'a'>) {
  return (
    <a
      data-row-link=""
      className={`font-medium text-brand-900 hover:underline ${className}`}
      {...props}
    />
  )
}

/**
 * The link to a row's detail, in the row's first cell. Keyboard and screen-reader users reach
 * the detail through it; a click anywhere else on the row follows it too.
 */
export const RowLink = createLink(RowAnchor)

/**
 * A click on the row follows its `RowLink` (keyboard users focus the link itself). Clicks on the
 * row's own controls, modified clicks, or ending a text selection are not meant as "open".
 */
function followRowLink(event: React.MouseEvent<HTMLTableRowElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  if ((event.target as Element).closest('a, button, input, select, textarea, label')) return
  if (window.getSelection()?.toString()) return
  event.currentTarget.querySelector<HTMLAnchorElement>('a[data-row-link]')?.click()
}

export interface DataTableProps<TData extends { id: string }, TSort extends string> {
  /** Names the table for screen readers, e.g. "Organisationen". */
  label: string
  columns: ColumnDef<DataTableFeatures, TData, CellData>[]
  /** The route's validated search (`Route.useSearch()`). */
  search: ListQuery<TSort>
  /** The page the server answered for `search`. */
  result: ListResult<TData>
  /** Column ids that may be sorted by: the `sort` list of the route's `listSearchSchema`. */
  sortable: readonly TSort[]
  /** While the next page loads, the current rows stay and are marked busy. */
  pending?: boolean
  searchLabel?: string
  /** Filter controls (e.g. `SelectFilter`) beside the search box. */
  filters?: ReactNode
  /** Shown instead of the table when the list has no rows at all (an `EmptyState` with the main action). */
  empty: ReactNode
}

/**
 * A list over server-side paging, sorting, search and filters. All of its state lives in the
 * URL's search params; the route's loader fetches `result` for them.
 */
export function DataTable<TData extends { id: string }, TSort extends string>({
  label,
  columns,
  search,
  result,
  sortable,
  pending = false,
  searchLabel = 'Suchen',
  filters,
  empty,
}: DataTableProps<TData, TSort>) {
  const updateSearch = useListNavigation()
  const formId = useId()
  const narrowed = isListNarrowed(search)
  if (result.total === 0 && !narrowed) return empty
  const activeFilters = Object.entries(search).filter(
    ([key, value]) => !(listQueryKeys as readonly string[]).includes(key) && isSet(value),
  ).length

  function sortBy(column: TSort) {
    const dir = column === search.sort && search.dir === 'asc' ? 'desc' : 'asc'
    updateSearch({ sort: column, dir, page: 1 })
  }

  function resetNarrowing() {
    const filterKeys = Object.keys(search).filter(
      (key) => !(listQueryKeys as readonly string[]).includes(key),
    )
    updateSearch({
      q: '',
      page: 1,
      ...Object.fromEntries(filterKeys.map((key) => [key, undefined])),
    })
  }

  return (
    <div className="space-y-4">
      <ListFormContext value={formId}>
        <div className="flex flex-wrap items-end gap-3">
          <SearchBox
            formId={formId}
            label={searchLabel}
            value={search.q}
            onSearch={(q) => updateSearch({ q, page: 1 }, { replace: true })}
          />
          {filters && (
            <>
              <ListFilters active={activeFilters}>{filters}</ListFilters>
              <div className="hidden noscript:block">
                <button type="submit" form={formId} className={buttonClass('secondary')}>
                  Anwenden
                </button>
              </div>
            </>
          )}
        </div>
      </ListFormContext>

      {result.total === 0 ? (
        <NoMatches onReset={resetNarrowing} />
      ) : (
        <DataGrid
          label={label}
          columns={columns}
          rows={result.items}
          pending={pending}
          sorting={{ sortable, sort: search.sort, dir: search.dir, onSort: sortBy }}
        />
      )}

      <Pagination
        result={result}
        onPage={(page) => updateSearch({ page })}
        onPageSize={(pageSize) => updateSearch({ pageSize, page: 1 })}
      />
    </div>
  )
}

/** What a narrowed list shows when nothing matches, with the way back to all rows. */
export function NoMatches({ onReset }: { onReset: () => void }) {
  return (
    <EmptyState
      icon={SearchX}
      title="Keine Treffer"
      action={
        <Button variant="secondary" onClick={onReset}>
          Suche und Filter zurücksetzen
        </Button>
      }
    >
      Nichts passt zu dieser Suche.
    </EmptyState>
  )
}

/**
 * The table of a list: its caption, the head (sortable columns as buttons when `sorting` is
 * given) and one row per item, a click on a row following its `RowLink`. `DataTable` frames it
 * with search, filters and numbered pages; a list paged otherwise (the audit log's cursors)
 * frames it itself.
 */
export function DataGrid<TData extends { id: string }, TSort extends string = string>({
  label,
  columns,
  rows,
  pending = false,
  sorting,
}: {
  label: string
  columns: ColumnDef<DataTableFeatures, TData, CellData>[]
  rows: TData[]
  pending?: boolean
  sorting?: {
    sortable: readonly TSort[]
    sort: TSort
    dir: 'asc' | 'desc'
    onSort: (column: TSort) => void
  }
}) {
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => row.id,
  })
  return (
    <div
      className={`overflow-x-auto rounded-card border border-border bg-surface transition-opacity ${pending ? 'opacity-60' : ''}`}
    >
      {/* Below md each row is a card: its first cell on top, the others as "name value" lines. */}
      <table aria-busy={pending || undefined} className="w-full text-left text-sm max-md:block">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-border bg-surface-muted text-ink-muted max-md:hidden">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id as TSort
                const isSortable = sorting?.sortable.includes(id) ?? false
                const sorted = sorting?.sort === id ? sorting.dir : null
                const meta = header.column.columnDef.meta
                const alignEnd = meta?.align === 'end'
                const SortIcon =
                  sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={`px-4 py-3 font-medium ${alignEnd ? 'text-right' : ''} ${meta?.hideBelow ? hiddenBelow[meta.hideBelow] : ''}`}
                  >
                    {header.isPlaceholder ? null : isSortable ? (
                      <button
                        type="button"
                        onClick={() => sorting?.onSort(id)}
                        className={`inline-flex items-center gap-1 rounded hover:text-ink ${sorted ? 'text-ink' : ''}`}
                      >
                        <table.FlexRender header={header} />
                        <SortIcon
                          className={`size-3.5 ${sorted ? '' : 'opacity-50'}`}
                          aria-hidden="true"
                        />
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-border max-md:block">
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              onClick={followRowLink}
              className="hover:bg-brand-50/60 has-[a[data-row-link]]:cursor-pointer max-md:block max-md:px-4 max-md:py-3"
            >
              {row.getAllCells().map((cell, index) => {
                const { header, meta } = cell.column.columnDef
                const name = meta?.label ?? (typeof header === 'string' ? header : undefined)
                const labelled = index > 0 && name !== undefined
                return (
                  <td
                    key={cell.id}
                    data-label={labelled ? name : undefined}
                    className={`px-4 py-3 text-ink max-md:px-0 max-md:py-1 ${labelled ? cardLineClass : 'max-md:block'} ${meta?.align === 'end' ? 'text-right tabular-nums' : ''} ${meta?.hideBelow ? hiddenBelow[meta.hideBelow] : ''}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Pagination({
  result,
  onPage,
  onPageSize,
}: {
  result: ListResult<unknown>
  onPage: (page: number) => void
  onPageSize: (pageSize: number) => void
}) {
  const sizeId = useId()
  const pages = pageCount(result.total, result.pageSize)
  return (
    <nav
      aria-label="Seiten"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted"
    >
      <p aria-live="polite">
        {formatCount(result.total)} {result.total === 1 ? 'Eintrag' : 'Einträge'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={sizeId} className="flex items-center gap-2">
          Pro Seite
          <select
            id={sizeId}
            value={result.pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className="rounded-lg border border-border bg-surface px-2 py-1.5 text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="secondary"
          disabled={result.page <= 1}
          onClick={() => onPage(result.page - 1)}
        >
          Zurück
        </Button>
        <span>
          Seite {formatCount(result.page)} von {formatCount(pages)}
        </span>
        <Button
          variant="secondary"
          disabled={result.page >= pages}
          onClick={() => onPage(result.page + 1)}
        >
          Weiter
        </Button>
      </div>
    </nav>
  )
}

/** The field of a list filter (select, date, text), under its label. */
export const filterControlClass =
  'mt-1 block max-w-full rounded-lg border border-border bg-surface px-3 py-2 text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200'

/**
 * A filter of a `DataTable` with a fixed set of values; "Alle" removes the filter.
 * `param` is the filter's name in the route's `listSearchSchema`.
 */
export function SelectFilter<TValue extends string>({
  param,
  label,
  value,
  options,
  restart = { page: 1 },
  emptyLabel = 'Alle',
}: {
  param: string
  label: string
  value: TValue | undefined
  options: readonly { value: TValue; label: string }[]
  /** What the choice of no value reads. */
  emptyLabel?: string
  /** What else a change sets, so the list starts over: page 1 unless the list pages otherwise. */
  restart?: Record<string, unknown>
}) {
  const updateSearch = useListNavigation()
  const id = useId()
  const form = useContext(ListFormContext)
  // The choice shows at once, not only when the list for it has loaded: a second arrow key
  // pressed meanwhile steps on from the new value instead of from the old one.
  const [chosen, setChosen] = useState(value ?? '')
  useEffect(() => setChosen(value ?? ''), [value])
  return (
    <div className="max-w-full min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        name={param}
        form={form}
        value={chosen}
        onChange={(event) => {
          setChosen(event.target.value)
          updateSearch({ [param]: event.target.value || undefined, ...restart })
        }}
        className={filterControlClass}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

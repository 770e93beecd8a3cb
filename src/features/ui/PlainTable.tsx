import type { ReactNode } from 'react'

export interface PlainColumn {
  header: ReactNode
  /** Amounts and counts line up on the right. */
  numeric?: boolean
  /** Left out on a phone (the row's detail has it); its cells take `phoneHiddenClass`. */
  hideOnPhone?: boolean
}

/** The class of a cell whose column is left out on a phone. */
export const phoneHiddenClass = 'max-sm:hidden'

/**
 * A short table inside a detail page (an order's lines, a customer's orders, its documents): no
 * sorting or paging — that is `DataTable`'s job — just the frame, the caption and the head.
 * `children` are the body's rows.
 */
export function PlainTable({
  caption,
  columns,
  scrolls = false,
  children,
}: {
  /** Read by screen readers; the card's heading already shows it. */
  caption?: string
  columns: readonly PlainColumn[]
  /**
   * A table wider than its narrow card (many figures side by side) scrolls sideways in a region
   * the keyboard can focus, named by the caption.
   */
  scrolls?: boolean
  children: ReactNode
}) {
  return (
    <div
      className="overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
      {...(scrolls && { role: 'region', 'aria-label': caption, tabIndex: 0 })}
    >
      <table className="w-full text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="border-b border-border text-ink-muted">
          <tr>
            {columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns never move
                key={index}
                scope="col"
                className={`py-2 pr-4 font-medium ${column.numeric ? 'text-right' : ''} ${column.hideOnPhone ? phoneHiddenClass : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** The row class of a `PlainTable`: a line between rows, none after the last. */
export const plainRowClass = 'border-b border-border last:border-0'

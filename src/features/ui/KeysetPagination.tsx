import { useId } from 'react'
import { type PageSize, pageSizes } from '~/lib/list-query'
import { Button } from './buttons'

/**
 * The pager of a list paged by cursor instead of by number (the audit log, ADR 042): newest
 * page, the next newer and the next older one. There is no "page 7 of 4,000": that would need
 * the count a cursor list avoids. `onNavigate` gets the search params to set.
 */
export function KeysetPagination({
  newer,
  older,
  atNewest,
  shown,
  pageSize,
  onNavigate,
}: {
  /** Cursor of the newer page, or null. */
  newer: string | null
  /** Cursor of the older page, or null. */
  older: string | null
  /** Whether this is the first page (no cursor in the URL). */
  atNewest: boolean
  /** Rows on this page. */
  shown: number
  pageSize: PageSize
  onNavigate: (patch: { older?: string; newer?: string; pageSize?: PageSize }) => void
}) {
  const sizeId = useId()
  return (
    <nav
      aria-label="Seiten"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted"
    >
      <p aria-live="polite">
        {shown === 1 ? '1 Eintrag' : `${shown} Einträge`} auf dieser Seite
        {older ? ', ältere folgen' : ''}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={sizeId} className="flex items-center gap-2">
          Pro Seite
          <select
            id={sizeId}
            value={pageSize}
            onChange={(event) =>
              onNavigate({
                pageSize: Number(event.target.value) as PageSize,
                older: undefined,
                newer: undefined,
              })
            }
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
          disabled={atNewest}
          onClick={() => onNavigate({ older: undefined, newer: undefined })}
        >
          Neueste
        </Button>
        <Button
          variant="secondary"
          disabled={!newer}
          onClick={() => newer && onNavigate({ newer, older: undefined })}
        >
          Neuere
        </Button>
        <Button
          variant="secondary"
          disabled={!older}
          onClick={() => older && onNavigate({ older, newer: undefined })}
        >
          Ältere
        </Button>
      </div>
    </nav>
  )
}

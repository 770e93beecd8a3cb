import { Link } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { formatCount } from '~/lib/format'
import { pageCount } from '~/lib/list-query'

const linkClass =
  'flex items-center gap-1 rounded-lg border border-border bg-white px-3 py-2 text-sm font-medium hover:bg-surface-muted'

/**
 * Previous / next as real links (`?page=2`), for the public lists that must work without
 * JavaScript (shop finder, catalogue); the back-office tables page with buttons (DataTable).
 */
export function PageLinks({
  page,
  total,
  pageSize,
  label = 'Seiten',
}: {
  page: number
  total: number
  pageSize: number
  label?: string
}) {
  const pages = pageCount(total, pageSize)
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to="." search={(previous) => ({ ...previous, page: page - 1 })} className={linkClass}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Vorherige Seite
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-ink-muted">
        Seite {formatCount(page)} von {formatCount(pages)}
      </span>
      {page < pages ? (
        <Link to="." search={(previous) => ({ ...previous, page: page + 1 })} className={linkClass}>
          Nächste Seite
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

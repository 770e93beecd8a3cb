import { Link } from '@tanstack/react-router'
import { formatCount } from '~/lib/format'
import { pageCount } from '~/lib/list-query'
import { shellIcon } from '../shell/icons'

// Drawn here, not in page-icons.tsx: that chunk would carry them onto every shop page (ADR 029).
const ChevronLeftIcon = shellIcon(<path d="m15 18-6-6 6-6" />)
const ChevronRightIcon = shellIcon(<path d="m9 18 6-6-6-6" />)

const linkClass =
  'flex items-center gap-1 rounded-lg border border-border bg-white px-3 py-2 text-sm font-medium hover:bg-surface-muted'

/**
 * Previous / next as real links (`?page=2`), for the public lists that must work without
 * JavaScript (shop finder, catalogue), and the bank statements; the back-office tables page with
 * buttons (DataTable).
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
          <ChevronLeftIcon className="size-4" />
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
          <ChevronRightIcon className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

import { Search } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { maxSearchLength } from '~/lib/list-query'

/** Typing pauses shorter than this are one search, not a request per key. */
const searchDelayMs = 300

/**
 * The search field of a list. It keeps the text being typed while the URL catches up, and follows
 * the URL when that changes otherwise (Back, a reset).
 */
export function SearchBox({
  formId,
  label,
  value,
  onSearch,
}: {
  /** The form's id, for the list's filters to join it (see `DataTable`). */
  formId?: string
  label: string
  value: string
  onSearch: (text: string) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState(value)
  const sent = useRef(value)
  const search = useRef(onSearch)
  search.current = onSearch

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setDraft(value)
    }
  }, [value])

  useEffect(() => {
    const text = draft.trim()
    if (text === sent.current) return
    const timer = setTimeout(() => {
      sent.current = text
      search.current(text)
    }, searchDelayMs)
    return () => clearTimeout(timer)
  }, [draft])

  return (
    <search className="min-w-48 flex-1 sm:max-w-sm">
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault()
          const text = draft.trim()
          if (text === sent.current) return
          sent.current = text
          search.current(text)
        }}
      >
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          {label}
        </label>
        <div className="relative mt-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
            aria-hidden="true"
          />
          <input
            id={id}
            type="search"
            name="q"
            value={draft}
            maxLength={maxSearchLength}
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
            className="block w-full rounded-lg border border-border bg-surface py-2 pr-3 pl-9 text-ink shadow-sm placeholder:text-ink-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </div>
      </form>
    </search>
  )
}

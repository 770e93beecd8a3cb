import {
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { inputClass } from '../forms/field-parts'

/** How long typing pauses before the search asks the server. */
const typingPause = 200

/**
 * A product search with a listbox of the server's matches (the ARIA combobox pattern): typing
 * searches after a short pause, arrow keys move, Enter chooses, Escape closes. The options never
 * take the focus; the input keeps it throughout. What an option shows is the caller's
 * (`renderOption`).
 */
export function ProductCombobox<T, Key extends QueryKey>({
  label,
  listLabel,
  hint,
  error,
  query,
  hidden,
  disabled,
  optionKey,
  renderOption,
  clearOnPick = false,
  placeholder = 'Name, PZN oder Sorte',
  noMatch = 'Kein passendes Produkt gefunden.',
  onPick,
}: {
  label: string
  /** The listbox's accessible name. */
  listLabel: string
  hint: ReactNode
  error: string | null
  /** The server search for the typed text. */
  query: (search: string) => UseQueryOptions<T[], Error, T[], Key>
  /** Matches left out of the list. */
  hidden?: (option: T) => boolean
  /** Matches shown but not to be chosen. */
  disabled?: (option: T) => boolean
  optionKey: (option: T) => string
  renderOption: (option: T) => ReactNode
  /** Empties the search after a choice, ready for the next one. */
  clearOnPick?: boolean
  /** What the empty input suggests to type (other lists than products say their own). */
  placeholder?: string
  /** What the list says when nothing matches. */
  noMatch?: string
  onPick: (option: T) => void
}) {
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState('')
  const [search, setSearch] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), typingPause)
    return () => clearTimeout(timer)
  }, [text])
  const {
    data = [],
    isFetching,
    isError,
  } = useQuery({
    ...query(search),
    enabled: open,
    // The previous matches stay while the next ones load, so the list does not flicker.
    placeholderData: keepPreviousData,
  })
  const options = hidden ? data.filter((option) => !hidden(option)) : data
  // A new search starts without an active option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the search changes
  useEffect(() => setActive(-1), [search])

  function choose(option: T | undefined) {
    if (!option || disabled?.(option)) return
    setOpen(false)
    if (clearOnPick) setText('')
    onPick(option)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return setOpen(true)
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + options.length) % options.length)
    } else if (event.key === 'Enter' && open) {
      // Enter in the search chooses; it never submits the form around it.
      event.preventDefault()
      if (active >= 0) choose(options[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-ink-muted"
          aria-hidden="true"
        />
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          placeholder={placeholder}
          className={`${inputClass} pl-9`}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {open && !isFetching && !isError ? `${options.length} Treffer` : ''}
      </p>
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={listLabel}
          className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-border bg-surface py-1 shadow-lg"
        >
          {options.length === 0 && (
            <p
              className={`px-3 py-2 text-sm ${isError && !isFetching ? 'text-danger' : 'text-ink-muted'}`}
            >
              {isFetching
                ? 'Suche läuft …'
                : isError
                  ? 'Die Suche ist fehlgeschlagen. Bitte versuche es erneut.'
                  : noMatch}
            </p>
          )}
          {options.map((option, index) => {
            const off = disabled?.(option) ?? false
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys; options never take the focus
              <div
                key={optionKey(option)}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                aria-disabled={off || undefined}
                // Keeps the focus in the input, so the click chooses before the blur closes.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={`px-3 py-2 text-sm ${index === active ? 'bg-brand-50' : ''} ${off ? 'cursor-not-allowed text-ink-muted' : 'cursor-pointer text-ink hover:bg-brand-50'}`}
              >
                {renderOption(option)}
              </div>
            )
          })}
        </div>
      )}
    </div>
  )
}

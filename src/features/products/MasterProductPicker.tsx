import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Check, Search } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import type { MasterProductPick } from '~/lib/organisation-products'
import { formatPackSize, productCategoryLabels } from '~/lib/products'
import { inputClass } from '../forms/field-parts'
import { masterProductPicksQuery } from './products.queries'

/** How long typing pauses before the search asks the server. */
const typingPause = 200

/**
 * The take-over typeahead: a combobox over the active master products (name, PZN, cultivar).
 * Products the organisation lists already are shown, marked, and cannot be chosen. Arrow keys
 * move, Enter chooses, Escape closes.
 */
export function MasterProductPicker({
  onPick,
  error,
}: {
  onPick: (pick: MasterProductPick) => void
  error: string | null
}) {
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), typingPause)
    return () => clearTimeout(timer)
  }, [text])
  const { data: picks = [], isFetching } = useQuery({
    ...masterProductPicksQuery(query),
    enabled: open,
    // The previous matches stay while the next ones load, so the list does not flicker.
    placeholderData: keepPreviousData,
  })
  // A new search starts without an active option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the search changes
  useEffect(() => setActive(-1), [query])

  function choose(pick: MasterProductPick | undefined) {
    if (!pick || pick.listed) return
    setOpen(false)
    onPick(pick)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return setOpen(true)
      if (picks.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + picks.length) % picks.length)
    } else if (event.key === 'Enter' && open) {
      // Enter in the search chooses; it never submits the form around it.
      event.preventDefault()
      if (active >= 0) choose(picks[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const errorId = `${id}-error`
  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Produkt aus der Produktdatenbank
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
          aria-describedby={error ? errorId : `${id}-hint`}
          placeholder="Name, PZN oder Sorte"
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
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          Zurückgezogene Produkte werden nicht angeboten; bereits geführte sind markiert.
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {open && !isFetching ? `${picks.length} Treffer` : ''}
      </p>
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Treffer in der Produktdatenbank"
          className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-border bg-surface py-1 shadow-lg"
        >
          {picks.length === 0 && (
            <p className="px-3 py-2 text-sm text-ink-muted">
              {isFetching ? 'Suche läuft …' : 'Kein passendes Produkt gefunden.'}
            </p>
          )}
          {picks.map((pick, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys; options never take the focus
            <div
              key={pick.id}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              aria-disabled={pick.listed || undefined}
              // Keeps the focus in the input, so the click chooses before the blur closes.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(pick)}
              className={`px-3 py-2 text-sm ${index === active ? 'bg-brand-50' : ''} ${pick.listed ? 'cursor-not-allowed text-ink-muted' : 'cursor-pointer text-ink hover:bg-brand-50'}`}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{pick.name}</span>
                {pick.listed && (
                  <span className="inline-flex items-center gap-1 text-xs">
                    <Check className="size-3.5" aria-hidden="true" />
                    bereits in Ihrer Liste
                  </span>
                )}
              </span>
              <span className="block text-xs text-ink-muted">
                {[
                  productCategoryLabels[pick.category],
                  pick.pzn && `PZN ${pick.pzn}`,
                  pick.cultivar,
                  pick.manufacturer,
                  formatPackSize(pick.packBaseUnits, pick.packUnit),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  )
}

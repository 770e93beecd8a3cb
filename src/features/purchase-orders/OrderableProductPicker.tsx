import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { formatMoney } from '~/lib/format'
import { formatPackSize, productCategoryLabels, salesUnitShortLabel } from '~/lib/products'
import type { OrderableProduct } from '~/lib/purchase-orders'
import { inputClass } from '../forms/field-parts'
import { orderableProductsQuery } from './purchasing-forms.queries'

/** How long typing pauses before the search asks the server. */
const typingPause = 200

/**
 * Adds a line: a combobox over what the chosen supplier offers (its price list, or for an
 * external supplier the organisation's own products). Lines already in the order are left out.
 * Arrow keys move, Enter adds, Escape closes.
 */
export function OrderableProductPicker({
  supplierId,
  platform,
  exclude,
  onPick,
  error,
}: {
  supplierId: string
  platform: boolean
  exclude: ReadonlySet<string>
  onPick: (product: OrderableProduct) => void
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
  const { data = [], isFetching } = useQuery({
    ...orderableProductsQuery(supplierId, query),
    enabled: open,
    placeholderData: keepPreviousData,
  })
  const picks = data.filter((product) => !exclude.has(product.listingId))
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the search changes
  useEffect(() => setActive(-1), [query])

  function choose(product: OrderableProduct | undefined) {
    if (!product) return
    setOpen(false)
    setText('')
    onPick(product)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return setOpen(true)
      if (picks.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + picks.length) % picks.length)
    } else if (event.key === 'Enter' && open) {
      // Enter in the search adds the line; it never submits the form around it.
      event.preventDefault()
      if (active >= 0) choose(picks[active])
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
        Produkt hinzufügen
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
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {platform
            ? 'Aus der Preisliste des Lieferanten, zu seinem Preis.'
            : 'Aus Ihren eigenen Produkten; den Preis vereinbaren Sie mit dem Lieferanten.'}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {open && !isFetching ? `${picks.length} Treffer` : ''}
      </p>
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Produkte des Lieferanten"
          className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-border bg-surface py-1 shadow-lg"
        >
          {picks.length === 0 && (
            <p className="px-3 py-2 text-sm text-ink-muted">
              {isFetching ? 'Suche läuft …' : 'Kein passendes Produkt gefunden.'}
            </p>
          )}
          {picks.map((product, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys; options never take the focus
            <div
              key={product.listingId}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(product)}
              className={`cursor-pointer px-3 py-2 text-sm text-ink hover:bg-brand-50 ${index === active ? 'bg-brand-50' : ''}`}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{product.name}</span>
                {platform && (
                  <span className="whitespace-nowrap text-xs">
                    {formatMoney(product.priceCents)} je {salesUnitShortLabel(product.salesUnit)}
                  </span>
                )}
              </span>
              <span className="block text-xs text-ink-muted">
                {[
                  productCategoryLabels[product.category],
                  product.pzn && `PZN ${product.pzn}`,
                  product.salesUnit === 'pack' &&
                    formatPackSize(product.baseUnitsPerSalesUnit, product.packUnit),
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

import { useEffect, useId, useState } from 'react'
import { decimalInputText, parseDecimal } from '~/lib/products'
import { useListNavigation } from '../ui/DataTable'

const inputClass =
  'mt-1 block w-24 rounded-lg border border-border bg-surface px-3 py-2 text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-danger'

/**
 * The THC range of the list: two numbers typed the German way ("18,5"), applied on Enter or when
 * the field is left. The values compare with the stored content in its own unit (% for flowers,
 * mg/ml or mg/g otherwise).
 */
export function ThcRangeFilter({ min, max }: { min?: number; max?: number }) {
  const updateSearch = useListNavigation()
  const id = useId()
  const [draft, setDraft] = useState({ min: decimalInputText(min), max: decimalInputText(max) })

  // The URL changed otherwise (Back, a reset): show what it says.
  useEffect(() => setDraft({ min: decimalInputText(min), max: decimalInputText(max) }), [min, max])

  const parsed = {
    min: parseDecimal(draft.min),
    max: parseDecimal(draft.max),
  }
  const invalid = {
    min: Number.isNaN(parsed.min) || (parsed.min ?? 0) < 0,
    max: Number.isNaN(parsed.max) || (parsed.max ?? 0) < 0,
  }

  function apply() {
    if (invalid.min || invalid.max) return
    const next = { thcMin: parsed.min ?? undefined, thcMax: parsed.max ?? undefined }
    if (next.thcMin === min && next.thcMax === max) return
    updateSearch({ ...next, page: 1 })
  }

  return (
    <fieldset>
      <legend className="block text-sm font-medium text-ink">THC-Gehalt</legend>
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          apply()
        }}
      >
        {(['min', 'max'] as const).map((bound) => (
          <div key={bound}>
            <label htmlFor={`${id}-${bound}`} className="sr-only">
              {bound === 'min' ? 'THC-Gehalt von' : 'THC-Gehalt bis'}
            </label>
            <input
              id={`${id}-${bound}`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={bound === 'min' ? 'von' : 'bis'}
              value={draft[bound]}
              aria-invalid={invalid[bound] || undefined}
              onChange={(event) => setDraft({ ...draft, [bound]: event.target.value })}
              onBlur={apply}
              className={inputClass}
            />
          </div>
        ))}
        {/* Enter in either field applies the range. */}
        <button type="submit" className="sr-only" tabIndex={-1}>
          THC-Bereich anwenden
        </button>
      </form>
    </fieldset>
  )
}

import type { AnyFieldApi } from '@tanstack/react-form'
import { Plus, X } from 'lucide-react'
import { useState } from 'react'
import { inputClass } from '../forms/field-parts'
import { changeFieldValue, fieldErrorOf } from '../forms/fields'
import { Button } from '../ui/buttons'

/** As many as the schema allows. */
const maxTerpenes = 10

/**
 * The main terpenes as a list: type one and add it (Enter or the button), remove any with its
 * own button. The same terpene twice is added once, whatever its case.
 */
export function TerpeneField({ field }: { field: AnyFieldApi }) {
  const terpenes = field.state.value as string[]
  const [draft, setDraft] = useState('')
  const id = `field-${field.name}`
  const error = fieldErrorOf(field)
  const full = terpenes.length >= maxTerpenes

  function add() {
    const terpene = draft.trim()
    if (!terpene || full) return
    const known = terpenes.some((existing) => existing.toLowerCase() === terpene.toLowerCase())
    if (!known) changeFieldValue(field, [...terpenes, terpene])
    setDraft('')
  }

  const hintId = `${id}-hint`
  const describedBy = [hintId, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Hauptterpene
      </label>
      {terpenes.length > 0 && (
        <ul aria-label="Eingetragene Terpene" className="mt-2 flex flex-wrap gap-2">
          {terpenes.map((terpene) => (
            <li
              key={terpene}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-muted py-0.5 pr-1 pl-3 text-sm text-ink"
            >
              {terpene}
              <button
                type="button"
                onClick={() =>
                  changeFieldValue(
                    field,
                    terpenes.filter((existing) => existing !== terpene),
                  )
                }
                className="rounded-full p-0.5 text-ink-muted hover:bg-surface hover:text-ink"
                aria-label={`${terpene} entfernen`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          autoComplete="off"
          value={draft}
          maxLength={60}
          disabled={full}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => {
            // A terpene typed but not yet added is not lost when the field is left.
            add()
            field.handleBlur()
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            // Enter adds the terpene instead of saving the whole form.
            event.preventDefault()
            add()
          }}
          className={`${inputClass} mt-0`}
        />
        <Button variant="secondary" onClick={add} disabled={full || !draft.trim()}>
          <Plus className="size-4" aria-hidden="true" />
          Hinzufügen
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-sm text-ink-muted">
        {full
          ? `Höchstens ${maxTerpenes} Terpene.`
          : 'Zum Beispiel Myrcen, Limonen, Caryophyllen – einzeln hinzufügen.'}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

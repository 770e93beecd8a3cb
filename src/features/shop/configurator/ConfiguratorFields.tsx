import { type ReactNode, useEffect, useState } from 'react'
import { type ControlProps, FieldView } from '~/features/forms/field-parts'
import { formatDecimal, parseDecimal } from '~/lib/product-display'

/**
 * The configurator's controls: plain inputs over the configuration (which lives in the URL), each
 * with its label, hint and error through the forms' `FieldView`.
 */

export function ConfiguratorField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: string
  error?: string | null
  children: (control: ControlProps) => ReactNode
}) {
  return <FieldView id={id} label={label} hint={hint} error={error ?? null} render={children} />
}

/**
 * A decimal typed the German way ("0,05"). What is typed stays as typed while it is being edited;
 * the configuration hears the number (or null when empty or not a number).
 */
export function DecimalInput({
  control,
  value,
  onChange,
  suffix,
}: {
  control: ControlProps
  value: number | null
  onChange: (value: number | null) => void
  suffix?: string
}) {
  const shown = value === null ? '' : formatDecimal(value)
  const [draft, setDraft] = useState(shown)
  useEffect(() => {
    // A change from elsewhere (a chosen product, a pasted link) replaces the draft.
    setDraft((current) => {
      const parsed = parseDecimal(current)
      return parsed === value || (parsed === null && value === null) ? current : shown
    })
  }, [value, shown])
  return (
    <div className="relative">
      <input
        {...control}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={draft}
        className={`${control.className} ${suffix ? 'pr-16' : ''}`}
        onChange={(event) => {
          setDraft(event.target.value)
          const parsed = parseDecimal(event.target.value)
          onChange(parsed === null || Number.isNaN(parsed) ? null : parsed)
        }}
      />
      {suffix && (
        <span className="pointer-events-none absolute inset-y-0 right-3 mt-1 flex items-center text-sm text-ink-muted">
          {suffix}
        </span>
      )}
    </div>
  )
}

/** A group of radio buttons as a fieldset with its legend. */
export function RadioGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  name: string
  legend: string
  options: readonly { value: T; label: string }[]
  value: T | null
  onChange: (value: T) => void
  error?: string | null
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-2 grid gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-surface px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 accent-brand-600"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}

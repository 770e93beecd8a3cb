import { useEffect, useId, useState } from 'react'
import { filterControlClass } from './DataTable'

/** A calendar day in Berlin; applied as soon as the field holds a whole date (or is emptied). */
export function DayFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string
  value: string | undefined
  min?: string
  max?: string
  onChange: (day: string | undefined) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState(value ?? '')
  useEffect(() => setDraft(value ?? ''), [value])
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={draft}
        min={min}
        max={max}
        onChange={(event) => {
          setDraft(event.target.value)
          if (event.target.value === '' || event.target.validity.valid) {
            onChange(event.target.value || undefined)
          }
        }}
        className={filterControlClass}
      />
    </div>
  )
}

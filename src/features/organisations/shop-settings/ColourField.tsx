import type { AnyFieldApi } from '@tanstack/react-form'
import { isHexColour } from '~/lib/colour-contrast'
import { FieldView, inputClass } from '../../forms/field-parts'
import { changeFieldValue, fieldErrorOf } from '../../forms/fields'

/** A colour picked with the browser's picker or typed as #RRGGBB, the two kept in step. */
export function ColourField({
  field,
  label,
  hint,
}: {
  field: AnyFieldApi
  label: string
  hint: string
}) {
  const value = field.state.value as string
  const valid = isHexColour(value)
  return (
    <FieldView
      id={`field-${field.name}`}
      label={label}
      hint={hint}
      error={fieldErrorOf(field)}
      render={(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${label} auswählen`}
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(event) => changeFieldValue(field, event.target.value)}
            className="mt-1 h-10 w-12 shrink-0 cursor-pointer rounded border border-border bg-white p-1"
          />
          <input
            {...control}
            name={field.name}
            type="text"
            value={value}
            spellCheck={false}
            autoComplete="off"
            onBlur={field.handleBlur}
            onChange={(event) => changeFieldValue(field, event.target.value.trim())}
            className={`${inputClass} font-mono`}
          />
        </div>
      )}
    />
  )
}

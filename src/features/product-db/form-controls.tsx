import type { AnyFieldApi } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { FieldView } from '../forms/field-parts'

/**
 * The master product form's controls on top of the shared field look (`FieldView`): text with a
 * keyboard hint, selects and a checkbox. Like `TextField`, a new value clears the server's
 * objection to the old one, and errors show once the field was touched or a submit was tried.
 */

export function fieldErrorOf(field: AnyFieldApi): string | null {
  if (!field.state.meta.isTouched && field.form.state.submissionAttempts === 0) return null
  for (const error of field.state.meta.errors) {
    if (typeof error === 'string' && error) return error
    if (error && typeof error === 'object' && 'message' in error) return String(error.message)
  }
  return null
}

export function changeFieldValue(field: AnyFieldApi, value: unknown) {
  field.handleChange(value)
  if (field.state.meta.errorMap.onServer) {
    field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }))
  }
}

export function InputField({
  field,
  label,
  hint,
  inputMode,
  multiline,
}: {
  field: AnyFieldApi
  label: string
  hint?: string
  /** `decimal` for numbers typed with a comma, `numeric` for digits only (PZN). */
  inputMode?: 'decimal' | 'numeric'
  multiline?: boolean
}) {
  return (
    <FieldView
      id={`field-${field.name}`}
      label={label}
      hint={hint}
      error={fieldErrorOf(field)}
      render={(control) => {
        const common = {
          ...control,
          name: field.name,
          value: field.state.value as string,
          onBlur: field.handleBlur,
        }
        return multiline ? (
          <textarea
            {...common}
            rows={5}
            onChange={(event) => changeFieldValue(field, event.target.value)}
          />
        ) : (
          <input
            {...common}
            type="text"
            inputMode={inputMode}
            autoComplete="off"
            onChange={(event) => changeFieldValue(field, event.target.value)}
          />
        )
      }}
    />
  )
}

export function SelectField({
  field,
  label,
  hint,
  options,
  emptyLabel,
  onSelect,
}: {
  field: AnyFieldApi
  label: string
  hint?: string
  /** `disabled`: shown but not to be chosen (e.g. a batch a member may not receive). */
  options: readonly { value: string; label: string; disabled?: boolean }[]
  /** The entry for "nothing chosen"; without it a value must be chosen. */
  emptyLabel?: string
  /** Instead of setting the value right away (e.g. to ask first). */
  onSelect?: (value: string) => void
}) {
  return (
    <FieldView
      id={`field-${field.name}`}
      label={label}
      hint={hint}
      error={fieldErrorOf(field)}
      render={(control) => (
        <select
          {...control}
          name={field.name}
          value={field.state.value as string}
          onBlur={field.handleBlur}
          onChange={(event) =>
            onSelect ? onSelect(event.target.value) : changeFieldValue(field, event.target.value)
          }
        >
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  )
}

export function CheckboxField({
  field,
  label,
  hint,
}: {
  field: AnyFieldApi
  label: string
  hint?: ReactNode
}) {
  const id = `field-${field.name}`
  const error = fieldErrorOf(field)
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={field.name}
          checked={field.state.value as boolean}
          onBlur={field.handleBlur}
          onChange={(event) => changeFieldValue(field, event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
          }
          className="mt-1 size-4 rounded border-border text-brand-600 focus:ring-2 focus:ring-brand-200"
        />
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 ml-6 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 ml-6 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

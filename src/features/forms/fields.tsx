import { type AnyFieldApi, type AnyFormApi, useStore } from '@tanstack/react-form'
import { type ReactNode, useContext, useEffect, useRef } from 'react'
import { UploadField, type UploadFieldProps } from '../files/UploadField'
import { FieldView, inputClass, SubmitButtonView } from './field-parts'
import { fieldContext, formContext } from './form-context'

/**
 * The field components of every back-office and shop form. Registered with `useAppForm`
 * (form-hook.ts) they find their field themselves (`<field.TextField label="…" />` inside
 * `form.AppField`); a form that still wires `form.Field` by hand passes `field`. Either way a new
 * value clears the server's objection to the old one, and errors show once the field was
 * touched or a submit was tried.
 */

/** The field passed, or the one of the `form.AppField` around the component. */
function useBoundField(field: AnyFieldApi | undefined): AnyFieldApi {
  const bound = useContext(fieldContext) as AnyFieldApi | null
  const chosen = field ?? bound
  if (!chosen) throw new Error('A form field component needs `field` or a surrounding AppField.')
  return chosen
}

/** Field errors come as zod issues (client validation) or as strings (the server's answer). */
export function fieldErrorOf(field: AnyFieldApi): string | null {
  if (!field.state.meta.isTouched && field.form.state.submissionAttempts === 0) return null
  for (const error of field.state.meta.errors) {
    if (typeof error === 'string' && error) return error
    if (error && typeof error === 'object' && 'message' in error) return String(error.message)
  }
  return null
}

/** A new value answers the server's objection to the old one; until then it would block submits. */
export function changeFieldValue(field: AnyFieldApi, value: unknown) {
  field.handleChange(value)
  if (field.state.meta.errorMap.onServer) {
    field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }))
  }
}

interface BaseProps {
  /** Only for forms wired by hand; inside `form.AppField` the field is found. */
  field?: AnyFieldApi
  label: string
  hint?: string
}

interface TextFieldProps extends BaseProps {
  type?: 'text' | 'email' | 'password' | 'tel'
  autoComplete?: string
  /** `decimal` for numbers typed with a comma, `numeric` for digits only (PZN, postal code). */
  inputMode?: 'decimal' | 'numeric'
  multiline?: boolean
  /** The height of a multiline field. */
  rows?: number
}

/** A labelled input (or textarea) with its hint and error announced to screen readers. */
export function TextField({
  field: passed,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  hint,
  multiline,
  rows = 6,
}: TextFieldProps) {
  const field = useBoundField(passed)
  const element = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  // What was typed before the page hydrated stands in the input but not in the form's state;
  // without this, the form would submit it as empty while showing it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = element.current?.value
    if (typed && typed !== field.state.value) changeFieldValue(field, typed)
  }, [])
  return (
    <FieldView
      id={`field-${field.name}`}
      label={label}
      hint={hint}
      error={fieldErrorOf(field)}
      render={(control) => {
        const common = {
          ...control,
          ref: element,
          name: field.name,
          value: field.state.value as string,
          onBlur: field.handleBlur,
        }
        return multiline ? (
          <textarea
            {...common}
            rows={rows}
            onChange={(event) => changeFieldValue(field, event.target.value)}
          />
        ) : (
          <input
            {...common}
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            onChange={(event) => changeFieldValue(field, event.target.value)}
          />
        )
      }}
    />
  )
}

/** A back-office entry the browser should not suggest values for (names, PZN, street). */
export function InputField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'rows'>) {
  return <TextField {...props} autoComplete="off" rows={5} />
}

/** A calendar date (`YYYY-MM-DD`) in the browser's date input. */
export function DateField({ field: passed, label, hint }: BaseProps) {
  const field = useBoundField(passed)
  return (
    <FieldView
      id={`field-${field.name}`}
      label={label}
      hint={hint}
      error={fieldErrorOf(field)}
      render={(control) => (
        <input
          {...control}
          type="date"
          name={field.name}
          value={field.state.value as string}
          onBlur={field.handleBlur}
          onChange={(event) => changeFieldValue(field, event.target.value)}
        />
      )}
    />
  )
}

export function SelectField({
  field: passed,
  label,
  hint,
  options,
  emptyLabel,
  onSelect,
}: BaseProps & {
  /** `disabled`: shown but not to be chosen (e.g. a batch a member may not receive). */
  options: readonly { value: string; label: string; disabled?: boolean }[]
  /** The entry for "nothing chosen"; without it a value must be chosen. */
  emptyLabel?: string
  /** Instead of setting the value right away (e.g. to ask first). */
  onSelect?: (value: string) => void
}) {
  const field = useBoundField(passed)
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
  field: passed,
  label,
  hint,
}: Omit<BaseProps, 'hint'> & { hint?: ReactNode }) {
  const field = useBoundField(passed)
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

const cellWidths = {
  narrow: 'block w-20',
  wide: 'block w-24',
  /** The width of its column, at least a weight's. */
  column: 'block w-full min-w-24',
  /** The width of its column, at least a short reason's. */
  text: 'block w-full min-w-48',
}

/**
 * An entry inside a table of lines (quantity, agreed price, a weighing and its reason): the
 * column names it for the eye, its label for a screen reader; a unit may stand after it.
 * Numbers (`inputMode`) stand right-aligned.
 */
export function CellField({
  field: passed,
  label,
  suffix,
  inputMode,
  width,
}: {
  field?: AnyFieldApi
  label: string
  suffix?: string
  inputMode?: 'numeric' | 'decimal'
  width: keyof typeof cellWidths
}) {
  const field = useBoundField(passed)
  const id = `field-${field.name}`
  const error = fieldErrorOf(field)
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex items-center gap-1">
        <input
          id={id}
          name={field.name}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass.replace('mt-1 block w-full', cellWidths[width])}${inputMode ? ' text-right tabular-nums' : ''}`}
          value={field.state.value as string}
          onBlur={field.handleBlur}
          onChange={(event) => changeFieldValue(field, event.target.value)}
        />
        {suffix && <span className="whitespace-nowrap text-sm text-ink-muted">{suffix}</span>}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 max-w-48 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

/** The form passed, or the one of the `form.AppForm` around the component. */
function useBoundForm(form: AnyFormApi | undefined): AnyFormApi {
  const bound = useContext(formContext) as AnyFormApi | null
  const chosen = form ?? bound
  if (!chosen) throw new Error('A form component needs `form` or a surrounding AppForm.')
  return chosen
}

/**
 * One of a few choices as radio buttons under a legend: `inline` side by side, or one below the
 * other, each with its hint.
 */
export function RadioGroupField<TValue extends string>({
  field: passed,
  label,
  options,
  inline = false,
}: Omit<BaseProps, 'hint'> & {
  options: readonly { value: TValue; label: string; hint?: string }[]
  inline?: boolean
}) {
  const field = useBoundField(passed)
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">{label}</legend>
      <div className={inline ? 'mt-1 flex flex-wrap gap-4' : 'mt-2 space-y-2'}>
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex gap-2 text-sm ${inline ? 'items-center' : 'items-start'}`}
          >
            <input
              type="radio"
              className={inline ? undefined : 'mt-1'}
              name={field.name}
              value={option.value}
              checked={field.state.value === option.value}
              onChange={() => changeFieldValue(field, option.value)}
            />
            {option.hint === undefined ? (
              option.label
            ) : (
              <span>
                <span className="font-medium text-ink">{option.label}</span>
                <span className="block text-ink-muted">{option.hint}</span>
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * A file the form keeps by reference (a logo, a picture): picked, uploaded with its progress,
 * checked on the server; the field holds what `toValue` makes of the stored file's id (the id
 * itself, or a URL), and `fileIdOf` reads it back. Removing sets the field to `''`.
 */
export function FileField({
  field: passed,
  label,
  hint = '',
  toValue = (fileId) => fileId,
  fileIdOf = (value) => value || null,
  preview,
  ...upload
}: BaseProps &
  Omit<
    UploadFieldProps,
    'id' | 'label' | 'hint' | 'fileId' | 'error' | 'onUploaded' | 'onRemove' | 'preview'
  > & {
    toValue?: (fileId: string) => string
    fileIdOf?: (value: string) => string | null
    /** The stored file, shown while the field holds one. */
    preview?: (value: string) => ReactNode
  }) {
  const field = useBoundField(passed)
  const value = (field.state.value as string | null) ?? ''
  return (
    <UploadField
      {...upload}
      id={`field-${field.name}`}
      label={label}
      hint={hint}
      fileId={fileIdOf(value)}
      error={fieldErrorOf(field)}
      onUploaded={(fileId) => changeFieldValue(field, toValue(fileId))}
      onRemove={() => changeFieldValue(field, '')}
      preview={value ? preview?.(value) : undefined}
    />
  )
}

/**
 * A form run by TanStack Form: its own validation messages instead of the browser's, and POST
 * rather than GET should it ever be submitted natively, so credentials never land in a URL.
 */
export function FormFrame({
  form: passed,
  className,
  children,
}: {
  form?: AnyFormApi
  className?: string
  children: ReactNode
}) {
  const form = useBoundForm(passed)
  return (
    <form
      noValidate
      method="post"
      className={className}
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      {children}
    </form>
  )
}

/** The submit button of a TanStack Form: busy while the form submits. */
export function SubmitButton({
  form: passed,
  children,
}: {
  form?: AnyFormApi
  children: ReactNode
}) {
  const form = useBoundForm(passed)
  const busy = useStore(form.store, (state) => state.isSubmitting)
  return <SubmitButtonView busy={busy}>{children}</SubmitButtonView>
}

import { type AnyFieldApi, type AnyFormApi, useStore } from '@tanstack/react-form'
import { useHydrated } from '@tanstack/react-router'
import { CircleAlert, LoaderCircle } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'

/** Field errors come as zod issues (client validation) or as strings (the server's answer). */
function errorText(errors: unknown[]): string | null {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error
    if (error && typeof error === 'object' && 'message' in error) return String(error.message)
  }
  return null
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-border bg-surface px-3 py-2 text-ink shadow-sm placeholder:text-ink-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-danger'

/** A new value answers the server's objection to the old one; until then it would block submits. */
function changeValue(field: AnyFieldApi, value: string) {
  field.handleChange(value)
  if (field.state.meta.errorMap.onServer) {
    field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }))
  }
}

interface TextFieldProps {
  field: AnyFieldApi
  label: string
  type?: 'text' | 'email' | 'password' | 'tel'
  autoComplete?: string
  hint?: string
  multiline?: boolean
}

/** A labelled input bound to a TanStack Form field, with its error announced to screen readers. */
export function TextField({
  field,
  label,
  type = 'text',
  autoComplete,
  hint,
  multiline,
}: TextFieldProps) {
  const id = `field-${field.name}`
  const element = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  // What was typed before the page hydrated stands in the input but not in the form's state;
  // without this, the form would submit it as empty while showing it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = element.current?.value
    if (typed && typed !== field.state.value) changeValue(field, typed)
  }, [])
  const error =
    field.state.meta.isTouched || field.form.state.submissionAttempts > 0
      ? errorText(field.state.meta.errors)
      : null
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  const common = {
    ref: element,
    id,
    name: field.name,
    value: field.state.value as string,
    onBlur: field.handleBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: inputClass,
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={6}
          onChange={(event) => changeValue(field, event.target.value)}
        />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => changeValue(field, event.target.value)}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  )
}

/**
 * A form run by TanStack Form: its own validation messages instead of the browser's, and POST
 * rather than GET should it ever be submitted natively, so credentials never land in a URL.
 */
export function FormFrame({
  form,
  className,
  children,
}: {
  form: AnyFormApi
  className?: string
  children: ReactNode
}) {
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

/** Disabled until the page is interactive (a native submit would bypass the handlers) and while the form submits. */
export function SubmitButton({ form, children }: { form: AnyFormApi; children: ReactNode }) {
  const hydrated = useHydrated()
  const busy = useStore(form.store, (state) => state.isSubmitting)
  return (
    <button
      type="submit"
      disabled={busy || !hydrated}
      aria-busy={busy}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-70 sm:w-auto"
    >
      {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
      {children}
    </button>
  )
}

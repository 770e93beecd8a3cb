import { type AnyFieldApi, type AnyFormApi, useStore } from '@tanstack/react-form'
import { type ReactNode, useEffect, useRef } from 'react'
import { FieldView, SubmitButtonView } from './field-parts'

/** Field errors come as zod issues (client validation) or as strings (the server's answer). */
function errorText(errors: unknown[]): string | null {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error
    if (error && typeof error === 'object' && 'message' in error) return String(error.message)
  }
  return null
}

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
  return (
    <FieldView
      id={`field-${field.name}`}
      label={label}
      hint={hint}
      error={error}
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
        )
      }}
    />
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

/** The submit button of a TanStack Form: busy while the form submits. */
export function SubmitButton({ form, children }: { form: AnyFormApi; children: ReactNode }) {
  const busy = useStore(form.store, (state) => state.isSubmitting)
  return <SubmitButtonView busy={busy}>{children}</SubmitButtonView>
}

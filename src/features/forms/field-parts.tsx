import { useHydrated } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { CircleAlertIcon, LoaderCircleIcon } from '../ui/page-icons'

/**
 * The look and the accessibility of form fields, without a form library: TanStack Form fields
 * (fields.tsx) and the plain login form render through these.
 */

export const inputClass =
  'mt-1 block w-full rounded-lg border border-border bg-surface px-3 py-2 text-ink shadow-sm placeholder:text-ink-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-danger'

/** What the control of a field needs so that its label, hint and error are announced with it. */
export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  className: string
}

/** A label, the control `render` draws, and the field's hint and error below it. */
export function FieldView({
  id,
  label,
  hint,
  error,
  render,
}: {
  id: string
  label: string
  hint?: string
  error: string | null
  render: (control: ControlProps) => ReactNode
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {render({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: inputClass,
      })}
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
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  )
}

/** Disabled until the page is interactive (a native submit would bypass the handlers) and while busy. */
export function SubmitButtonView({ busy, children }: { busy: boolean; children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <button
      type="submit"
      disabled={busy || !hydrated}
      aria-busy={busy}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-70 sm:w-auto"
    >
      {busy && <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />}
      {children}
    </button>
  )
}

import type { ReactNode } from 'react'

/** A titled part of a long form: a fieldset with its legend and a two-column grid of fields. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-card border border-border bg-surface p-6">
      <legend className="px-1 text-lg font-semibold text-ink">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  )
}

/** Focuses the first field the check refused, so keyboard and screen-reader users land there. */
export function focusFirstError() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus()
  })
}

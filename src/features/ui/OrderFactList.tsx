import type { ReactNode } from 'react'

/**
 * The facts at the head of an order page (a purchase order, a customer order): label and value
 * in a grid, then the note and the cancellation reason across the full width when there are any.
 */
export function OrderFactList({
  facts,
  note,
  cancelReason,
}: {
  facts: readonly (readonly [label: string, value: ReactNode])[]
  note: string | null
  cancelReason: string | null
}) {
  const wide = [
    ['Notiz', note],
    ['Stornogrund', cancelReason],
  ] as const
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-card border border-border bg-surface p-6 sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="font-medium text-ink">{value}</dd>
        </div>
      ))}
      {wide.map(
        ([label, text]) =>
          text && (
            <div key={label} className="sm:col-span-3">
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="whitespace-pre-line text-ink">{text}</dd>
            </div>
          ),
      )}
    </dl>
  )
}

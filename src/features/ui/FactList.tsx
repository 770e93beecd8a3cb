import type { ReactNode } from 'react'

export type Fact = readonly [label: string, value: ReactNode]

/** Labels and values side by side, e.g. a product's facts or its offer. */
export function FactList({ rows }: { rows: readonly Fact[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

const gridColumns = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const
const wideColumn = { 2: 'sm:col-span-2', 3: 'sm:col-span-3' } as const

/**
 * Each label above its value, in a grid: the head of a record (an order, a support message).
 * Empty values are left out; `wide` texts (a note, a cancellation reason) span the full width and
 * keep their line breaks.
 */
export function FactGrid({
  facts,
  wide = [],
  columns = 2,
  framed = false,
}: {
  facts: readonly Fact[]
  wide?: readonly (readonly [label: string, text: string | null])[]
  columns?: 2 | 3
  framed?: boolean
}) {
  const frame = framed ? 'rounded-card border border-border bg-surface p-6' : ''
  return (
    <dl className={`grid gap-x-6 gap-y-3 ${gridColumns[columns]} ${frame}`}>
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="font-medium break-words text-ink">{value}</dd>
          </div>
        ))}
      {wide.map(
        ([label, text]) =>
          text && (
            <div key={label} className={wideColumn[columns]}>
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="whitespace-pre-line text-ink">{text}</dd>
            </div>
          ),
      )}
    </dl>
  )
}

import type { ReactNode } from 'react'

export type StatusTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info'

const toneClasses: Record<StatusTone, { badge: string; dot: string }> = {
  neutral: { badge: 'border-border bg-surface-muted text-ink-muted', dot: 'bg-ink-muted' },
  success: { badge: 'border-success/30 bg-success-soft text-success', dot: 'bg-success' },
  warning: { badge: 'border-warning/30 bg-warning-soft text-warning', dot: 'bg-warning' },
  danger: { badge: 'border-danger/30 bg-danger-soft text-danger', dot: 'bg-danger' },
  info: { badge: 'border-info/30 bg-info-soft text-info', dot: 'bg-info' },
}

/**
 * A record's state, e.g. "Aktiv" or "Storniert". The text carries the meaning; the colour only
 * helps to scan, so the label is required.
 */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  const classes = toneClasses[tone]
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium ${classes.badge}`}
    >
      <span className={`size-1.5 rounded-full ${classes.dot}`} aria-hidden="true" />
      {children}
    </span>
  )
}

/** Whether a user or an organisation may work: "Aktiv" or "Deaktiviert". */
export function ActivityBadge({ active }: { active: boolean }) {
  return active ? (
    <StatusBadge tone="success">Aktiv</StatusBadge>
  ) : (
    <StatusBadge tone="neutral">Deaktiviert</StatusBadge>
  )
}

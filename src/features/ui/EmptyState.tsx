import type { ReactNode } from 'react'
import type { IconComponent } from '../shell/icons'

/**
 * What a screen is for while it has nothing to show, and the one action that changes that
 * (e.g. a `ButtonLink` "Ersten Kunden anlegen").
 */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: IconComponent
  title: string
  children: ReactNode
  action?: ReactNode
}) {
  return (
    <section className="rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
      <Icon className="mx-auto size-10 text-brand-500" aria-hidden="true" />
      <h2 className="mt-4 text-lg font-semibold text-ink">{title}</h2>
      <div className="mx-auto mt-2 max-w-xl text-ink-muted">{children}</div>
      {action && <div className="mt-6 flex justify-center">{action}</div>}
    </section>
  )
}

import { Link } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import { Sprout } from 'lucide-react'
import type { ReactNode } from 'react'

/** Lets keyboard users jump past the navigation; every layout renders a `<main id="main">`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-medium text-brand-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Zum Inhalt springen
    </a>
  )
}

export function BrandMark({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-semibold text-brand-900">
      <Sprout className="size-6 text-brand-600" aria-hidden="true" />
      Blattwerk
    </Link>
  )
}

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {description && <p className="mt-1 max-w-3xl text-ink-muted">{description}</p>}
      </div>
      {actions}
    </div>
  )
}

/** What an area is for, while it has nothing to show yet. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon
  title: string
  children: ReactNode
}) {
  return (
    <section className="rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
      <Icon className="mx-auto size-10 text-brand-500" aria-hidden="true" />
      <h2 className="mt-4 text-lg font-semibold text-ink">{title}</h2>
      <div className="mx-auto mt-2 max-w-xl text-ink-muted">{children}</div>
    </section>
  )
}

export function LegalLinks({ className = '' }: { className?: string }) {
  return (
    <nav aria-label="Rechtliches" className={className}>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to="/legal-notice" className="hover:underline">
            Impressum
          </Link>
        </li>
        <li>
          <Link to="/privacy-policy" className="hover:underline">
            Datenschutz
          </Link>
        </li>
        <li>
          <Link to="/contact" className="hover:underline">
            Kontakt
          </Link>
        </li>
      </ul>
    </nav>
  )
}

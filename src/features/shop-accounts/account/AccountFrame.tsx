import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageHeader } from '../../ui/PageHeader'

const accountNav = [
  { label: 'Übersicht', to: '/account', exact: true },
  { label: 'Meine Bestellungen', to: '/account/orders', exact: false },
  { label: 'Persönliche Daten', to: '/account/personal', exact: false },
  { label: 'Adressen', to: '/account/addresses', exact: false },
] as const

/** Every page of "Mein Konto": its title, the account's sections as tabs-like links, the content. */
export function AccountFrame({
  title,
  description,
  back,
  actions,
  children,
}: {
  title: string
  description?: ReactNode
  back?: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-4xl">
      <nav aria-label="Mein Konto" className="mb-6 border-b border-border">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {accountNav.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                activeOptions={{ exact: item.exact }}
                className="block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink"
                activeProps={{ className: 'border-brand-600 text-ink', 'aria-current': 'page' }}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PageHeader title={title} description={description} back={back} actions={actions} />
      <div className="space-y-6">{children}</div>
    </div>
  )
}

/** A titled section of an account page. */
export function AccountCard({
  title,
  id,
  children,
  actions,
}: {
  title: string
  id: string
  children: ReactNode
  actions?: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-card border border-border bg-surface p-4 sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  )
}

export const accountLinkClass = 'font-medium text-brand-700 underline hover:text-brand-900'

import { Link, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageHeader } from '../ui/PageHeader'

const sections = [
  { to: '/admin', label: 'Organisationen' },
  { to: '/admin/users', label: 'Benutzer' },
  { to: '/admin/product-db', label: 'Produktdatenbank' },
  { to: '/admin/audit', label: 'Audit-Log' },
  { to: '/admin/outbox', label: 'Postausgang' },
  { to: '/admin/contact-messages', label: 'Kontaktanfragen' },
] as const

/** The frame of the admin console: its title and the links between its sections. */
export function AdminConsole({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Administration"
        description="Organisationen, Benutzer, Produktdatenbank, Audit-Log, Postausgang und Kontaktanfragen der Plattform."
      />
      <nav aria-label="Bereiche der Administration" className="mb-6 border-b border-border">
        <ul className="-mb-px flex flex-wrap gap-1">
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                activeOptions={{ exact: section.to === '/admin', includeSearch: false }}
                className="inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink data-[status=active]:border-brand-600 data-[status=active]:text-ink"
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </>
  )
}

/** True while the router loads the next page of a list (the table keeps its rows meanwhile). */
export const useListPending = () =>
  useRouterState({ select: (state) => state.status === 'pending' })

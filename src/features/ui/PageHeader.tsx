import { createLink } from '@tanstack/react-router'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { ArrowLeftIcon } from '../shell/icons'

/**
 * The top of every screen: its title, what it is for, and the actions allowed here. `back`
 * takes a `BackLink` (or a breadcrumb) to the screen this one belongs to.
 */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  back?: ReactNode
}) {
  return (
    <div className="mb-6">
      {back && <div className="mb-2">{back}</div>}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-ink">{title}</h1>
          {description && <p className="mt-1 max-w-3xl text-ink-muted">{description}</p>}
        </div>
        {actions && (
          <div data-page-actions="" className="flex flex-wrap items-center gap-2">
            {actions}
          </div>
        )}
      </div>
    </div>
  )
}

function BackAnchor({ children, className = '', ...props }: ComponentPropsWithRef<'a'>) {
  return (
    <a
      className={`inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-brand-900 hover:underline ${className}`}
      {...props}
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {children}
    </a>
  )
}

/** "← Kunden": the way back from a detail to its list, for `PageHeader`'s `back`. */
export const BackLink = createLink(BackAnchor)

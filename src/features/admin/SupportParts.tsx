import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { mainSite } from '~/lib/admin-support'
import { failureOf } from '~/lib/failure'
import { Button } from '../ui/buttons'
import { SelectFilter, useListNavigation } from '../ui/DataTable'
import { tenantChoicesQuery } from './support.queries'

/** Building blocks the outbox and the contact messages share. */

/** "Shop": every tenant of the platform by name, and the rows without one first. */
export function TenantFilter({ value, noTenant }: { value: string | undefined; noTenant: string }) {
  const { data: tenants = [] } = useQuery(tenantChoicesQuery())
  const options = [
    { value: mainSite, label: noTenant },
    ...tenants.map((tenant) => ({ value: tenant.id, label: tenant.name })),
  ]
  return <SelectFilter param="tenant" label="Shop" value={value} options={options} />
}

/**
 * Closes the detail open over a list: takes its param out of the URL. Replaces the history entry,
 * so Back after closing leads to where the list was before, not into the detail again.
 */
export function useCloseDetail(param: 'mail' | 'message') {
  const updateSearch = useListNavigation()
  return () => updateSearch({ [param]: undefined }, { replace: true })
}

/**
 * A record's detail over its list (the list stays behind it): title, facts, content and the
 * actions its state allows. Escape, the cross and "Schließen" close it.
 */
export function DetailDialog({
  title,
  description,
  onClose,
  actions,
  children,
}: {
  title: string
  description: string
  onClose: () => void
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-40 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-surface p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="pr-8 text-lg font-semibold break-words text-ink">
            {title}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-ink-muted">{description}</Dialog.Description>
          <button
            type="button"
            onClick={onClose}
            className="absolute top-4 right-4 rounded-lg p-1 text-ink-muted hover:bg-surface-muted"
            aria-label="Schließen"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
          <div className="mt-4 space-y-4">{children}</div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Schließen
            </Button>
            {actions}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** Label and value pairs in a grid; empty values are left out. */
export function Facts({
  facts,
}: {
  facts: readonly (readonly [label: string, value: ReactNode])[]
}) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="font-medium break-words text-ink">{value}</dd>
          </div>
        ))}
    </dl>
  )
}

/** What the detail shows while it loads or when the record is gone. */
export function DetailState({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="text-danger">
      {failureOf(error).message}
    </p>
  ) : (
    <p className="text-ink-muted">Wird geladen …</p>
  )
}

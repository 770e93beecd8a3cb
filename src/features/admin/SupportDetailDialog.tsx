import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { failureOf } from '~/lib/failure'
import { Button } from '../ui/buttons'
import { useListNavigation } from '../ui/DataTable'

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

import { useBlocker } from '@tanstack/react-router'
import { ConfirmDialog } from '../ui/ConfirmDialog'

/**
 * Asks before a form with unsaved changes is left, by a link or by closing the tab. `unsaved`
 * is read at the moment of leaving (e.g. "changed and not just saved").
 */
export function UnsavedChangesDialog({ unsaved }: { unsaved: () => boolean }) {
  const leaving = useBlocker({
    shouldBlockFn: unsaved,
    enableBeforeUnload: unsaved,
    withResolver: true,
  })
  return (
    <ConfirmDialog
      open={leaving.status === 'blocked'}
      onOpenChange={(open) => {
        if (!open) leaving.reset?.()
      }}
      title="Änderungen verwerfen?"
      description="Deine Eingaben in diesem Formular sind noch nicht gespeichert und gehen verloren."
      confirmLabel="Verwerfen"
      cancelLabel="Weiter bearbeiten"
      onConfirm={() => leaving.proceed?.()}
    />
  )
}

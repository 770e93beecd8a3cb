import { type AnyFormApi, useStore } from '@tanstack/react-form'
import { useBlocker } from '@tanstack/react-router'
import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { type ReactNode, useState } from 'react'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { SubmitButton } from '../forms/fields'
import { Button } from './buttons'
import { ConfirmDialog } from './ConfirmDialog'

const blockEveryNavigation = () => true

/**
 * A TanStack Form in a modal dialog (create or edit a record without leaving the list).
 *
 * The form's `onSubmit` does the work and throws when the server refuses: the dialog then shows
 * field errors under their fields and anything else above the form. When it succeeds the dialog
 * closes and the form starts over. Closing a changed form (Escape, outside click, "Abbrechen",
 * leaving the page) asks first.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  form,
  submitLabel,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  form: AnyFormApi
  submitLabel: string
  /** The fields: `<form.AppField>` with the registered field components. */
  children: ReactNode
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const [askingToDiscard, setAskingToDiscard] = useState(false)
  const busy = useStore(form.store, (state) => state.isSubmitting)
  const changed = useStore(form.store, (state) => !state.isDefaultValue)
  const leaving = useBlocker({
    shouldBlockFn: blockEveryNavigation,
    disabled: !(open && changed),
    withResolver: true,
  })

  function close() {
    form.reset()
    setFailure(null)
    onOpenChange(false)
  }

  function requestClose() {
    if (busy) return
    if (changed) setAskingToDiscard(true)
    else close()
  }

  async function submit() {
    setFailure(null)
    try {
      await form.handleSubmit()
    } catch (error) {
      setFailure(applyServerErrors(form, error))
      return
    }
    if (form.state.isSubmitSuccessful) close()
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-40 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-surface p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="pr-8 text-lg font-semibold text-ink">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-ink-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">Formular: {title}</Dialog.Description>
          )}
          <button
            type="button"
            onClick={requestClose}
            className="absolute top-4 right-4 rounded-lg p-1 text-ink-muted hover:bg-surface-muted"
            aria-label="Schließen"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
          <form
            noValidate
            method="post"
            className="mt-4 space-y-4"
            onSubmit={(event) => {
              event.preventDefault()
              void submit()
            }}
          >
            {failure && <FormAlert>{failure}</FormAlert>}
            {children}
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={requestClose} disabled={busy}>
                Abbrechen
              </Button>
              <SubmitButton form={form}>{submitLabel}</SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
      <ConfirmDialog
        open={askingToDiscard || leaving.status === 'blocked'}
        onOpenChange={(next) => {
          if (next) return
          setAskingToDiscard(false)
          leaving.reset?.()
        }}
        title="Änderungen verwerfen?"
        description="Die Eingaben in diesem Formular sind noch nicht gespeichert und gehen verloren."
        confirmLabel="Verwerfen"
        cancelLabel="Weiter bearbeiten"
        onConfirm={() => {
          leaving.proceed?.()
          close()
        }}
      />
    </Dialog.Root>
  )
}

import { useStore } from '@tanstack/react-form'
import { AlertDialog } from 'radix-ui'
import { type ReactNode, useMemo, useState } from 'react'
import { z } from 'zod'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { Button, type ButtonVariant } from './buttons'

/** The reason a record keeps for the action (e.g. why an order was cancelled). */
export interface ReasonField {
  label: string
  minLength: number
  hint?: string
}

interface ConfirmDialogBase {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The question, e.g. "Bestellung stornieren?" */
  title: string
  /** What happens, in plain words, including what cannot be undone. */
  description: ReactNode
  /** The action's verb, e.g. "Stornieren" (never "OK"). */
  confirmLabel: string
  cancelLabel?: string
  /** `danger` (the default) for destroying actions; `primary` for harmless confirmations. */
  variant?: Extract<ButtonVariant, 'danger' | 'primary'>
}

export type ConfirmDialogProps = ConfirmDialogBase &
  (
    | { reason?: undefined; onConfirm: () => void | Promise<void> }
    | { reason: ReasonField; onConfirm: (reason: string) => void | Promise<void> }
  )

/**
 * Asks before a dangerous action and, where the record needs one, for the reason. `onConfirm`
 * runs while the dialog shows it is busy; the dialog closes when it succeeds and shows the
 * server's objection when it throws.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description, confirmLabel, reason } = props
  const [failure, setFailure] = useState<string | null>(null)
  const schema = useMemo(
    () =>
      z.object({
        reason: reason
          ? z
              .string()
              .trim()
              .min(
                reason.minLength,
                `Bitte einen Grund mit mindestens ${reason.minLength} Zeichen angeben.`,
              )
          : z.string(),
      }),
    [reason],
  )
  const form = useAppForm({
    defaultValues: { reason: '' },
    validators: { onSubmit: schema },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        if (props.reason) await props.onConfirm(value.reason.trim())
        else await props.onConfirm()
        formApi.reset()
        onOpenChange(false)
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
      }
    },
  })
  const busy = useStore(form.store, (state) => state.isSubmitting)

  function changeOpen(next: boolean) {
    if (busy) return
    if (!next) {
      form.reset()
      setFailure(null)
    }
    onOpenChange(next)
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card bg-surface p-6 shadow-xl focus:outline-none">
          <form.AppForm>
            <form.FormFrame className="space-y-4">
              <AlertDialog.Title className="text-lg font-semibold text-ink">
                {title}
              </AlertDialog.Title>
              <AlertDialog.Description asChild>
                <div className="text-ink-muted">{description}</div>
              </AlertDialog.Description>
              {failure && <FormAlert>{failure}</FormAlert>}
              {reason && (
                <form.AppField name="reason">
                  {(field) => <field.TextField label={reason.label} hint={reason.hint} multiline />}
                </form.AppField>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel asChild>
                  <Button variant="secondary" disabled={busy}>
                    {props.cancelLabel ?? 'Abbrechen'}
                  </Button>
                </AlertDialog.Cancel>
                <Button type="submit" variant={props.variant ?? 'danger'} pending={busy}>
                  {confirmLabel}
                </Button>
              </div>
            </form.FormFrame>
          </form.AppForm>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

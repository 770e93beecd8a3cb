import { useState } from 'react'
import { Button, type ButtonVariant } from './buttons'
import { ConfirmDialog } from './ConfirmDialog'
import { toast } from './toast'

/** What the button does, how the dialog asks, and what the toast says when it is done. */
export interface ConfirmedAction {
  label: string
  /** The button's accessible name where a table row repeats the label (e.g. "Deaktivieren: …"). */
  ariaLabel?: string
  title: string
  description: string
  /** `danger` for what takes something away, `primary` for giving it back. */
  variant: 'danger' | 'primary'
  done: string
}

/**
 * A button that asks before it acts (deactivate, reactivate …): the dialog shows the action's
 * consequences, runs `onConfirm` while it shows it is busy, and a toast says it is done.
 */
export function ConfirmedActionButton({
  action,
  buttonVariant = 'secondary',
  onConfirm,
}: {
  action: ConfirmedAction
  buttonVariant?: ButtonVariant
  onConfirm: () => Promise<void>
}) {
  const [asking, setAsking] = useState(false)
  return (
    <>
      <Button variant={buttonVariant} aria-label={action.ariaLabel} onClick={() => setAsking(true)}>
        {action.label}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={action.title}
        description={action.description}
        confirmLabel={action.label}
        variant={action.variant}
        onConfirm={async () => {
          await onConfirm()
          toast.success(action.done)
        }}
      />
    </>
  )
}

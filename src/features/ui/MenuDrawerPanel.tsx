import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { ReactNode, RefObject } from 'react'

export interface MenuDrawerPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The menu button: focus returns there when the drawer closes. */
  trigger: RefObject<HTMLButtonElement | null>
  title: string
  description: string
  closeLabel: string
  contentClassName: string
  closeClassName: string
  children: ReactNode
}

/** The drawer itself; loaded with the first opening, so pages do not carry the dialog code. */
export default function MenuDrawerPanel({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  contentClassName,
  closeClassName,
  children,
}: MenuDrawerPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          className={`fixed inset-y-0 left-0 z-50 w-72 shadow-xl focus:outline-none ${contentClassName}`}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          <Dialog.Close
            className={`absolute top-4 right-4 rounded-lg p-1 ${closeClassName}`}
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
